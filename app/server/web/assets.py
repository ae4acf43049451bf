"""The client's files as browsers should load them: kept, and found at once.

No build step: the files of `static/` are served as they are, under a URL with the hash of the
whole folder in it (`/static/v/{version}/js/state.js`). A browser may keep those for a year
without asking again (`immutable`): any change to any file is a new version, so new URLs. The
ES modules import each other by relative paths, so one versioned entry script pulls in the rest
under the same version. The pages themselves are asked for every time (`no-cache`); each names
its files under the current version, and a page whose first screen its script draws (its entry
script marked `data-preload="modules"`) lists every module that script imports, however deep,
as a `modulepreload` link, so the browser fetches them side by side instead of discovering them
one import at a time. A page whose first view is its HTML and whose script is marked
`data-preload="after-paint"` (the room page) gets `js/boot.js` in its place, which preloads the
same list, and the script's first fetches, only once that view is painted. The plain
`/static/...` URLs still work, revalidated on every use. Each page is worded in the viewer's
language (web/language.py).

The version and the pages (per language) are computed once, when first asked for (a changed
file needs a restart, as a new release does).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from app.engine import MAX_PLAYERS
from app.server.web.language import DEFAULT, Catalogue, catalogues, word_page

YEAR = 365 * 24 * 3600
KEPT = f"public, max-age={YEAR}, immutable"
ASK_AGAIN = "no-cache"
PREFIX = "/static/"
# static imports and re-exports with a relative specifier ("./x.js", "../y/z.js"); comments
# and JSDoc `import('...')` types do not match (no `from` or bare quote after `import `)
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"`;]*?(?:\bfrom\s*)?['"](\.{1,2}/[^'"]+)['"]""",
                    re.MULTILINE)
# a page's entry script whose modules it preloads: pages whose first screen the script draws
# (a replay). The home page's first screen is its HTML: preloads started before the first
# paint share the line with its styles and delay it (measured: 1.4 -> 1.7-3.0 s).
ENTRY = re.compile(r"""<script type="module" src="/static/([^"]+)" data-preload="modules">""")
# a page whose first view is its HTML, drawn by the server (the room page): its script is
# started by js/boot.js once that view is painted, with its whole module graph preloaded then,
# and what it fetches first (`data-fetch`, and the page's language catalogue)
AFTER_PAINT = re.compile(r"""<script type="module" src="/static/v/\w+/([^"]+)" """
                         r"""data-preload="after-paint"(?: data-fetch="([^"]*)")?>""")


def folder_version(root: Path) -> str:
    """A hash of every file under `root`, names and contents: a new one for any change."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def module_graph(root: Path, entry: str) -> list[str]:
    """Every module `entry` (a path under `root`) imports, directly or not, in the order first
    met, the entry left out; specifiers outside `root` or naming no file are left out too."""
    seen: dict[str, None] = {}
    todo = [entry]
    while todo:
        name = todo.pop(0)
        path = root / name
        if not path.is_file():
            continue
        for spec in IMPORT.findall(path.read_text(encoding="utf-8")):
            target = (path.parent / spec).resolve()
            if not target.is_relative_to(root.resolve()):
                continue
            rel = target.relative_to(root.resolve()).as_posix()
            if rel != entry and rel not in seen and (root / rel).is_file():
                seen[rel] = None
                todo.append(rel)
    return list(seen)


@dataclass
class Assets:
    """The client folder's version and its pages, ready to send."""

    root: Path
    version: str = ""
    words: dict[str, Catalogue] = field(default_factory=dict)
    pages: dict[tuple[str, str], str] = field(default_factory=dict)

    @classmethod
    def of(cls, root: Path) -> Assets:
        """Read the folder (missing: no version, pages answered as missing)."""
        assets = cls(root)
        if root.is_dir():
            assets.version = folder_version(root)
            assets.words = catalogues(root)
        return assets

    @property
    def base(self) -> str:
        """Where this version's files are: `/static/v/{version}/`."""
        return f"{PREFIX}v/{self.version}/"

    def catalogue(self, lang: str) -> Catalogue:
        """The words of `lang` (English for a language the folder lacks)."""
        return self.words.get(lang) or self.words.get(DEFAULT, {})

    def page(self, name: str, lang: str = DEFAULT) -> str | None:
        """The page `name` of the folder as sent: worded in `lang`, its files under this
        version, every module its scripts import preloaded (or started after the first paint).
        None when there is no such page."""
        if (name, lang) in self.pages:
            return self.pages[(name, lang)]
        path = self.root / name
        if not path.is_file():
            return None
        html = path.read_text(encoding="utf-8")
        preload = "".join(
            f'  <link rel="modulepreload" href="{PREFIX}{module}">\n'
            for entry in ENTRY.findall(html)
            for module in module_graph(self.root, entry)
        )
        if preload:
            html = html.replace("</head>", preload + "</head>", 1)
        html = word_page(html, self.catalogue(lang), {"count": str(MAX_PLAYERS)})
        html = html.replace('<html lang="en">', f'<html lang="{lang}">', 1)
        html = html.replace(f'"{PREFIX}', f'"{self.base}')
        html = AFTER_PAINT.sub(lambda m: self._boot(m.group(1), m.group(2), lang), html)
        self.pages[(name, lang)] = html
        return html

    def _boot(self, entry: str, fetch: str | None, lang: str) -> str:
        """The script tag that starts `entry` after the first paint (js/boot.js)."""
        graph = [*module_graph(self.root, entry), entry]
        modules = " ".join(self.base + module for module in graph)
        fetches = " ".join([*(fetch or "").split(), f"{self.base}i18n/{lang}.json"])
        return (f'<script type="module" src="{self.base}js/boot.js" data-entry="{self.base}{entry}"'
                f' data-modules="{modules}" data-fetch="{fetches}">')


class ClientFiles(StaticFiles):
    """`static/` as `/static/{path}` (asked again on every use) and as
    `/static/v/{version}/{path}` (kept for a year: the URL changes with any file). A version
    that is not the current one is served the current files, asked again on every use."""

    def __init__(self, assets: Assets) -> None:
        super().__init__(directory=assets.root, check_dir=False)
        self.assets = assets

    async def get_response(self, path: str, scope: Scope) -> Response:
        """The file, with how long a browser may keep it."""
        parts = path.split("/", 2)
        versioned = len(parts) == 3 and parts[0] == "v"
        response = await super().get_response(parts[2] if versioned else path, scope)
        current = versioned and parts[1] == self.assets.version
        if response.status_code in (200, 304):
            response.headers["cache-control"] = KEPT if current else ASK_AGAIN
        return response
