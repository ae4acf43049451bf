"""Every page in every language, at 375 and 1280 px: no English is left (the English
catalogue's words, where the language's own differ), nothing overflows sideways or is cut,
axe-core is clean; two players in one room each read their own language; the switcher is
remembered and `<html lang>` follows."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from room_page import (
    GAME,
    axe,
    create_room,
    host_vs_bot,
    open_home,
    play_turn,
    settle,
    sit,
    wait_for_mover,
)

pytestmark = pytest.mark.e2e

CATALOGUES = Path(__file__).resolve().parents[2] / "static" / "i18n"
LANGUAGES = sorted(path.stem for path in CATALOGUES.glob("*.json"))  # English too: it must fit
SIZES = {"laptop": {"width": 1280, "height": 800},
         "phone": {"width": 375, "height": 812, "touch": True}}


def texts(catalogue: dict) -> list[str]:
    """Every text of a catalogue, plural forms each."""
    return [form for text in catalogue.values()
            for form in ([text] if isinstance(text, str) else text.values())]


def pattern(text: str) -> str:
    """A catalogue text as a regular expression of a whole text, a placeholder matching anything."""
    return "^" + "(.+?)".join(re.escape(part) for part in re.split(r"\{\w+\}", text)) + "$"


def english_patterns(lang: str) -> dict[str, list[str]]:
    """What a page in `lang` must not show: each English text (as a pattern) that the language
    words differently and that has a word of its own to give it away; and the language's own
    texts, which may read like English ("Ann : 3 points" is French too)."""
    en = json.loads((CATALOGUES / "en.json").read_text())
    own = set(texts(json.loads((CATALOGUES / f"{lang}.json").read_text())))
    return {"english": [pattern(text) for text in set(texts(en)) - own if worded(text)],
            "own": [pattern(text) for text in own if worded(text)]}


def worded(text: str) -> bool:
    """A text with a word of its own beside its placeholders (so a pattern of it says something)."""
    return bool(re.search(r"[^\W\d_]{3,}", re.sub(r"\{\w+\}", " ", text)))


# What the page shows: every visible text node and the words of its attributes (the language
# switcher, which names each language in itself, left out), the title; and what overflows.
LOOK = """(patterns) => {
  const res = patterns.english.map((p) => new RegExp(p));
  const own = patterns.own.map((p) => new RegExp(p));
  const seen = [];
  const visible = (el) => el && el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== 'hidden';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('#language, script, style') || !visible(el)) continue;
    const text = n.textContent.trim();
    if (text) seen.push(text);
  }
  const named = ['aria-label', 'title', 'placeholder', 'alt'];
  for (const el of document.body.querySelectorAll(named.map((a) => `[${a}]`).join(','))) {
    if (el.closest('#language') || !visible(el)) continue;
    for (const a of named) if (el.getAttribute(a)) seen.push(el.getAttribute(a));
  }
  for (const select of document.querySelectorAll('select:not(#language)')) {
    if (visible(select)) for (const option of select.options) seen.push(option.textContent.trim());
  }
  seen.push(document.title);
  const english = [...new Set(seen)].filter((text) => res.some((re) => re.test(text))
    && !own.some((re) => re.test(text)));
  const width = document.documentElement.clientWidth;
  const over = [];
  const scrolled = 'canvas, .visually-hidden, [role=tablist], .breakdown-wrap, .log, .chat-list'
    + ', .bag';
  for (const el of document.body.querySelectorAll('*')) {
    if (!visible(el) || el.closest(scrolled)) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1) continue;  // words for screen readers only
    // sticking out of the page, or its words cut inside its own box
    const x = getComputedStyle(el).overflowX;
    const clipped = (x === 'hidden' || x === 'clip') && el.scrollWidth > el.clientWidth + 1
      && el.textContent.trim();
    const name = `${el.tagName.toLowerCase()}#${el.id}.${el.className}`;
    if (r.right > width + 1 || clipped) over.push(`${name}: ${el.textContent.trim().slice(0, 40)}`);
  }
  return { english, over, scroll: document.documentElement.scrollWidth - width };
}"""


def look(page, lang: str, where: str, problems: list, axe_script) -> None:
    """Note what page `where` shows in English, what does not fit, and what axe-core finds."""
    found = page.evaluate(LOOK, english_patterns(lang))
    if found["english"]:
        problems.append(f"{lang} {where}: English {found['english']}")
    if found["over"] or found["scroll"] > 0:
        problems.append(f"{lang} {where}: overflows by {found['scroll']} px {found['over'][:5]}")
    violations = axe(page, axe_script)
    if violations:
        problems.append(f"{lang} {where}: axe {violations}")


@pytest.mark.parametrize("size", ["phone", "laptop"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_in_every_language(fast_server, new_page, artifacts, axe_script, lang, size):
    page = new_page(**SIZES[size], locale=lang)
    problems: list[str] = []
    url = host_vs_bot(page, fast_server.url, "Ann", {"abbot": True})
    assert page.evaluate("document.documentElement.lang") == lang
    for i in range(3):
        page.wait_for_function("document.body.dataset.myTurn === 'true'")
        if i == 2:
            settle(page)
            look(page, lang, "game, my turn", problems, axe_script)
        play_turn(page, i)
    page.click("[data-tab=log]")
    look(page, lang, "game", problems, axe_script)
    page.screenshot(path=str(artifacts / f"lang-{lang}-game-{size}.png"))
    page.click("#help-btn")
    page.wait_for_selector("#rules .rule-board")
    look(page, lang, "rules", problems, axe_script)
    page.keyboard.press("Escape")
    page.click("[data-action=end-game]")
    page.wait_for_selector(".results .breakdown")
    look(page, lang, "results", problems, axe_script)
    page.screenshot(path=str(artifacts / f"lang-{lang}-results-{size}.png"))
    page.click("[data-action=rematch]")
    page.wait_for_selector("#lobby:not([hidden]) [data-action=start]")
    look(page, lang, "lobby", problems, axe_script)
    game = page.evaluate("fetch('/api/games').then(r => r.json()).then(p => p.items[0].id)")
    page.goto(f"{fast_server.url}/games/{game}")
    page.wait_for_function("document.body.dataset.step !== undefined")
    look(page, lang, "replay", problems, axe_script)
    page.goto(fast_server.url + "/")
    page.wait_for_selector("#my-games li[data-room]")
    page.wait_for_selector("#archive li[data-game]")
    look(page, lang, "home", problems, axe_script)
    page.click("[data-action=learn]")
    page.wait_for_selector(".learn .learn-text")
    look(page, lang, "learn", problems, axe_script)
    page.keyboard.press("Escape")
    page.goto(url.replace("/r/", "/r/x")[:-1])
    page.wait_for_selector("#gone:not([hidden])")
    page.wait_for_function("window.__game !== undefined")  # as the page's script shows it
    look(page, lang, "missing room", problems, axe_script)
    assert not problems, problems


def test_two_players_each_read_their_own_language(fast_server, new_page):
    ann = new_page(locale="en-GB")
    bo = new_page(locale="de-DE")
    url = create_room(ann, fast_server.url, "Ann")
    sit(bo, url, "Bo")
    assert bo.locator("[data-action=start]").count() == 0  # only the host starts
    ann.click("[data-action=start]")
    for page in (ann, bo):
        page.wait_for_function("document.body.dataset.mode === 'playing'")
    for i in range(2):
        play_turn(wait_for_mover(ann, bo), i)
    for page in (ann, bo):
        page.wait_for_function(f"{GAME}.turn === 2")
    # the log words its lines once their turn is drawn: wait for them, not only the turn
    for page, words in ((ann, "placed a tile"), (bo, "legte ein Plättchen")):
        page.wait_for_function(
            "words => document.getElementById('log').textContent.includes(words)", arg=words)
    ann_log = ann.locator("#log").text_content()
    bo_log = bo.locator("#log").text_content()
    assert "placed a tile" in ann_log and "legte ein Plättchen" not in ann_log, ann_log
    assert "legte ein Plättchen" in bo_log and "placed a tile" not in bo_log, bo_log
    assert ann.evaluate("document.documentElement.lang") == "en"
    assert bo.evaluate("document.documentElement.lang") == "de"
    # the names are never translated
    assert "Ann" in bo_log and "Bo" in bo_log
    assert bo.locator("[data-tab=log]").inner_text() == "Verlauf"


def test_the_switcher_is_remembered_in_this_browser(fast_server, new_page):
    page = new_page(locale="en-GB")
    open_home(page, fast_server.url)
    assert page.locator("h2#my-games-title").inner_text() == "My games"
    page.select_option("#language", "pl")
    page.wait_for_function("document.documentElement.lang === 'pl'")
    assert page.locator("h2#my-games-title").inner_text() == "Moje gry"
    page.goto(fast_server.url + "/r/zzzzzzzz")
    page.wait_for_selector("#gone:not([hidden])")
    assert page.locator("#gone-title").inner_text() == "Ten pokój nie istnieje"
    assert page.evaluate("document.title").startswith("Nie ma takiego pokoju")
