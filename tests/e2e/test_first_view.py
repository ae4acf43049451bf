"""The room page's first view comes with the page (web/firstview.py): its largest paint is on
screen before the page's socket is even opened, in the viewer's language, and needs no script;
the switcher's choice reaches the server, which words the next page in it (issue 20, item 10)."""

from __future__ import annotations

import re

import httpx
import pytest
from room_page import open_home

pytestmark = pytest.mark.e2e

# the page's largest paints as they came
WATCH = """
window.__firstView = { largest: [] };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__firstView.largest.push({
      at: e.startTime, tag: e.element?.tagName ?? null, text: e.element?.textContent ?? null });
  }
}).observe({ type: 'largest-contentful-paint', buffered: true });
"""


def new_room(base: str) -> dict:
    return httpx.post(base + "/api/rooms", json={"name": "Ann"}).json()


def test_the_room_is_painted_before_its_socket_opens(live_server, new_page):
    room = new_room(live_server)
    title = f"Raum {room['code'].upper()}"
    page = new_page(375, 812, touch=True, locale="de-DE")
    page.add_init_script(WATCH)
    # The page's socket reaches nobody: whatever it paints, it painted without the server's
    # answer (no race with the socket, however slow the machine).
    held = []

    def hold(socket) -> None:
        held.append(socket)  # never connected to the server, never answered

    page.route_web_socket(re.compile(r"/ws/"), hold)
    page.goto(live_server + room["link"])
    # the largest paint is the lobby's title, in German, drawn by the server
    page.wait_for_function("(title) => window.__firstView.largest.some((e) => e.tag === 'H2'"
                           " && e.text === title)", arg=title)
    assert page.evaluate("performance.getEntriesByName('first-contentful-paint').length") == 1
    # nothing came from the server's socket meanwhile: no room state on the page
    assert page.evaluate("window.__game?.state?.room ?? null") is None
    # With the socket answering, the client's lobby takes its place with the same title.
    page = new_page(375, 812, touch=True, locale="de-DE")
    page.goto(live_server + room["link"])
    page.wait_for_selector("[data-action=sit]")
    assert page.locator("#lobby-panel h2").inner_text() == title
    assert page.evaluate("window.__game.state.room.code") == room["code"]


# where the parts the client keeps are: their top left corners
CORNERS = """() => Object.fromEntries(['#lobby-panel', '#lobby-chat', '#chat-form',
  '#language-slot', '#notify', '#sound', '#help-btn', '#board-wrap', '#room-code'].map((sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return [sel, [Math.round(r.x), Math.round(r.y)]];
  }))"""
SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
}).observe({ type: 'layout-shift', buffered: true });
"""


@pytest.mark.parametrize("phone", [True, False])
def test_the_client_takes_over_the_first_view_in_place_and_makes_an_early_tap(
        live_server, new_page, phone):
    """Before the page's script is there, the lobby is where the client will draw it and a tap
    on a button is held; once the script runs nothing has moved (Lighthouse's layout shift
    was 0.35) and the tap is made."""
    room = new_room(live_server)
    page = new_page(*((375, 812) if phone else (1280, 800)), touch=phone)
    page.add_init_script(SHIFTS)
    # the page's script held back until the test lets it come
    held = []

    def hold(route) -> None:
        held.append(route)

    page.route(re.compile(r"/js/pages/room\.js$"), hold)
    with page.expect_request(re.compile(r"/js/pages/room\.js$")):
        page.goto(live_server + room["link"])
    before = page.evaluate(CORNERS)
    if phone:
        page.tap("#help-btn")
    else:
        page.click("#help-btn")
    assert held
    assert page.locator("#help").is_hidden()
    for route in held:
        route.continue_()
    page.wait_for_selector("[data-action=sit]")
    page.wait_for_selector("#help", state="visible")
    # the line's state says "online" in fewer words: the only thing that moved, a little
    page.wait_for_selector("#link-state[data-link=online]")
    assert page.evaluate(CORNERS) == before
    assert sum(page.evaluate("window.__shifts")) < 0.01


def test_the_first_view_needs_no_script(live_server, new_page):
    room = new_room(live_server)
    page = new_page(375, 812, touch=True, locale="fr-FR", java_script_enabled=False)
    page.goto(live_server + room["link"])
    code = room["code"].upper()
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.title() == f"Salle {code} · Carcassonne Hiver"
    assert page.locator("#room-code").inner_text() == code
    assert page.locator("#lobby-panel h2").is_visible()
    assert page.locator("#lobby-panel h2").inner_text() == f"Salle {code}"
    assert page.locator("#zoom-in").get_attribute("aria-label") == "Zoomer"
    assert not page.locator("#gone").is_visible()
    # no such room: the notice, open
    page.goto(live_server + "/r/zzzzzzzz")
    assert page.locator("#gone").is_visible()
    assert not page.locator("#lobby").is_visible()
    assert page.locator("#gone-title").inner_text() == "Cette salle n\u2019existe pas"


def test_the_switchers_choice_words_the_next_page_the_server_sends(live_server, new_page):
    page = new_page(locale="en-GB")
    open_home(page, live_server)
    assert "<html lang=\"en\">" in page.request.get(live_server + "/r/zzzzzzzz").text()
    page.select_option("#language", "nl")
    page.wait_for_load_state()
    page.wait_for_function("document.documentElement.lang === 'nl'")
    # the next page comes worded in Dutch from the server, before any script
    sent = page.request.get(live_server + "/r/zzzzzzzz").text()
    assert "<html lang=\"nl\">" in sent
    assert '<h2 id="gone-title" data-i18n="gone.title">Deze kamer bestaat niet</h2>' in sent
