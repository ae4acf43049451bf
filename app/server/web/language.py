"""The pages' words, put in by the server: a page's first paint is in the viewer's language.

The client words its pages itself (static/js/ui/language.js), but only once its modules and
its catalogue are in; a page sent in English would show English until then. So the server
chooses the language as the client does (the choice made with the switcher, which the client
keeps in the `carc_lang` cookie as well as in its own storage; else the browser's languages,
`Accept-Language`; else English) and writes the words of every `data-i18n` key of the page
(the element's text) and `data-i18n-<attribute>` key (that attribute) from the same
catalogue, `static/i18n/<lang>.json`. The client words the page again when it starts, with
the same words.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

COOKIE = "carc_lang"
DEFAULT = "en"
# a start tag and its attributes (the pages' own markup: double-quoted values)
START_TAG = re.compile(r"<([a-zA-Z][\w-]*)((?:\s+[\w:-]+(?:=\"[^\"]*\")?)*)\s*>")
ATTRIBUTE = re.compile(r"\s+([\w:-]+)(?:=\"([^\"]*)\")?")
PLACEHOLDER = re.compile(r"\{(\w+)\}")

Catalogue = dict[str, str | dict[str, str]]


def catalogues(root: Path) -> dict[str, Catalogue]:
    """Every language's catalogue under `root` (`i18n/<lang>.json`), by language."""
    return {path.stem: json.loads(path.read_text(encoding="utf-8"))
            for path in sorted((root / "i18n").glob("*.json"))}


def choose(languages: set[str], cookie: str | None, accept: str | None) -> str:
    """The language to word a page in: the cookie's when it is one of `languages`, else the
    first of `Accept-Language`'s (by weight; "de-AT" is "de") that is, else English."""
    if cookie in languages:
        return cookie
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        ranked.append((-weight, i, tag.strip().lower().split("-")[0]))
    for weight, _, base in sorted(ranked):
        if weight < 0 and base in languages:
            return base
    return DEFAULT


def words(catalogue: Catalogue, key: str, args: dict[str, str]) -> str:
    """The text of `key` with `args` put in, as the client's `t()` writes it (a plural text in
    its `other` form; a placeholder without an argument left as it is; a missing key reads as
    itself)."""
    text = catalogue.get(key, key)
    if isinstance(text, dict):
        text = text.get("other", "")
    return PLACEHOLDER.sub(lambda m: args.get(m.group(1), m.group(0)), text)


def word_page(page: str, catalogue: Catalogue, args: dict[str, str]) -> str:
    """`page` with the words of its `data-i18n` keys put in from `catalogue`: the text of an
    element with `data-i18n` (plain text, up to its first tag, as the client replaces it) and
    each attribute named by a `data-i18n-<attribute>`."""
    out: list[str] = []
    at = 0
    for tag in START_TAG.finditer(page):
        if tag.start() < at:  # inside a text just replaced (never: texts hold no tags)
            continue
        attrs = {m.group(1): m.group(2) for m in ATTRIBUTE.finditer(tag.group(2))}
        keys = {name[len("data-i18n-"):]: value for name, value in attrs.items()
                if name.startswith("data-i18n-") and value}
        text_key = attrs.get("data-i18n")
        if not keys and not text_key:
            continue
        out.append(page[at:tag.start()])
        for name, key in keys.items():
            attrs[name] = html.escape(words(catalogue, key, args))
        out.append(f"<{tag.group(1)}" + "".join(
            f" {name}" if value is None else f' {name}="{value}"' for name, value in attrs.items())
            + ">")
        at = tag.end()
        if text_key:
            end = page.index("<", at)
            out.append(html.escape(words(catalogue, text_key, args), quote=False))
            at = end
    out.append(page[at:])
    return "".join(out)
