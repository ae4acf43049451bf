"""Turn-based games in the browser: a room made turn-based on the create form and in the
lobby, played between a laptop and a phone; the phone's player is told of their move by a
notification while their page is hidden (the title and the favicon too); My games on the
home page lists the game, waiting-for-you first, and follows its moves; two tabs of the same
player show the same list; a browser without seat tokens sees no one's games; no token is
ever in a URL."""

from __future__ import annotations

import re

import pytest
from room_page import GAME, open_home, play_turn, wait_for_mover
from test_access import axe

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 812, "touch": True}

# Installed before any page script: notifications shown are recorded in window.__notes (and
# still shown), and the page can be hidden by the test (headless Chromium shows every page;
# the test flips document.hidden and sends visibilitychange, as a browser does when its tab
# goes to the background).
SPY = """
(() => {
  window.__notes = [];
  const Real = window.Notification;
  if (Real) {
    class Spy extends Real {
      constructor(title, options) {
        super(title, options);
        window.__notes.push({ title, body: options?.body ?? '', tag: options?.tag ?? '' });
      }
    }
    Object.defineProperty(Spy, 'permission', { get: () => Real.permission });
    Spy.requestPermission = (...args) => Real.requestPermission(...args);
    window.Notification = Spy;
  }
  let hidden = false;
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true,
    get: () => (hidden ? 'hidden' : 'visible') });
  window.__setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  };
})();
"""
ICON = "document.querySelector('link[rel=icon]').getAttribute('href')"
LEFT = re.compile(r"^(2[0-4]|1?[0-9]) h( [0-9]+ min)? left$")


def record_urls(page, urls: list[str]) -> None:
    """Every URL the page asks for, websockets included."""
    page.on("request", lambda request: urls.append(request.url))
    page.on("websocket", lambda socket: urls.append(socket.url))


def no_overflow(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def same_list(one, other) -> bool:
    """Two home pages list the same games, saying the same."""
    return one.locator("#my-games").text_content() == other.locator("#my-games").text_content()


def state_of(page, room: str) -> str:
    return page.locator(f"#my-games [data-room='{room}'] .mg-state").text_content()


def test_a_turn_based_game_between_a_laptop_and_a_phone(live_server, new_page, artifacts,
                                                        axe_script):
    urls: list[str] = []
    problems: dict[str, list] = {}

    def check(page, name: str) -> None:
        page.screenshot(path=str(artifacts / f"turnbased-{name}.png"))
        found = axe(page, axe_script)
        if found:
            problems[name] = found

    ann = new_page()
    record_urls(ann, urls)
    bo = new_page(**PHONE)
    bo.context.grant_permissions(["notifications"], origin=live_server)
    bo.context.add_init_script(SPY)
    record_urls(bo, urls)

    # the host makes the room turn-based on the create form, then sets the rest in the lobby
    open_home(ann, live_server)
    ann.fill("#name", "Ann")
    ann.select_option("#pace", "24")
    ann.click("text=Create a room")
    ann.wait_for_url("**/r/**")
    ann.wait_for_function("window.__game?.state.room?.options.pace === 'turn'")
    room = ann.evaluate("window.__game.state.code")
    assert ann.locator("#opt-move-hours").input_value() == "24"
    assert ann.locator("#opt-clock").count() == 0, "a turn-based room has no live clock"
    # live with a clock, then turn-based again: the clock goes off in the same message
    ann.select_option("#opt-pace", "live")
    ann.wait_for_function("window.__game.state.room.options.pace === 'live'")
    ann.select_option("#opt-clock", "300+10")
    ann.wait_for_function("window.__game.state.room.options.clock?.bank === 300")
    ann.select_option("#opt-pace", "turn")
    ann.wait_for_function("(o => o.pace === 'turn' && o.clock === null)"
                          "(window.__game.state.room.options)")
    ann.select_option("#opt-game-days", "7")
    ann.wait_for_function("window.__game.state.room.options.game_days === 7")
    ann.select_option("#opt-on-timeout", "bot_seat")
    ann.wait_for_function("window.__game.state.room.options.on_timeout === 'bot_seat'")
    assert "a bot takes their seat" in ann.locator("#pace-explain").text_content()
    check(ann, "lobby-host")

    # the guest sees the pace in the lobby's summary, in plain words
    bo.goto(ann.url)
    bo.wait_for_selector("[data-option=pace]")
    assert bo.locator("[data-option=pace]").text_content() == (
        "turn-based: 24 h a move, the whole game within 7 days; out of time: a bot takes the seat")
    assert "The game ends after 7 days" in bo.locator(".options-summary").text_content()
    bo.fill("#seat-name", "Bo")
    bo.click("[data-action=sit] >> nth=0")
    bo.wait_for_function("window.__game.state.you.seat !== null")
    check(bo, "lobby-guest-phone")
    no_overflow(bo)
    ann.click("[data-action=start]")
    for page in (ann, bo):
        page.wait_for_function("document.body.dataset.mode === 'playing'")
        page.wait_for_selector("#pace-note:not([hidden])")
        left = page.locator("#move-left").text_content()
        assert LEFT.match(left), left
        note = page.locator("#pace-note").text_content()
        # the game began a moment ago (by the server's time, as this page knows it)
        assert "for this move." in note, note
        assert re.search(r"The game ends in (6 days 23 h|7 days),", note), note
        assert "a bot takes their seat" in note, note

    # nothing was asked on load: the laptop never granted anything and its button asks; the
    # phone's browser allows notifications, so its switch is on, and it switches
    assert ann.locator("#notify").get_attribute("data-notify") == "ask"
    assert ann.evaluate("Notification.permission") == "default"
    assert bo.locator("#notify").get_attribute("data-notify") == "on"
    bo.click("#notify")
    bo.wait_for_selector("#notify[data-notify=off]")
    bo.click("#notify")
    bo.wait_for_selector("#notify[data-notify=on]")
    assert bo.locator("#notify").get_attribute("aria-pressed") == "true"

    if wait_for_mover(ann, bo) is bo:
        play_turn(bo, 0)
    ann.wait_for_function("document.body.dataset.myTurn === 'true'")
    bo.wait_for_function(f"{GAME}.current_player === {GAME}.seats.indexOf(0)")
    title = bo.title()
    assert not title.startswith("●"), title
    assert bo.evaluate(ICON).endswith("/favicon.svg")  # the page's own icon, unmarked

    # Bo looks elsewhere; Ann moves: Bo is told, once
    bo.evaluate("window.__setHidden(true)")
    play_turn(ann, 1)
    bo.wait_for_function("window.__notes.length > 0")
    bo.wait_for_function("document.title.startsWith('● Your move')")
    notes = bo.evaluate("window.__notes")
    assert len(notes) == 1, notes
    assert notes[0]["tag"] == room
    assert room.upper() in notes[0]["title"]
    assert "Ann played." in notes[0]["body"], notes[0]
    assert bo.evaluate(ICON).startswith("data:image/png")
    check(bo, "game-told-phone")
    no_overflow(bo)

    # My games on Bo's phone, in two tabs: the game waits for Bo, the same list in both
    homes = [bo.context.new_page() for _ in range(2)]
    for home in homes:
        record_urls(home, urls)
        home.goto(live_server + "/")
        home.wait_for_selector(f"#my-games .my-game.your-move[data-room='{room}']")
        assert state_of(home, room) == "Your move"
        assert home.locator("#my-games-waiting").text_content() == "Your move in 1 game"
        assert home.title().startswith("● Your move in 1 game")
        assert home.evaluate(ICON).startswith("data:image/png")
    row = homes[0].locator(f"#my-games [data-room='{room}']").text_content()
    assert "Ann" in row and "Bo (you)" in row, row
    left = homes[0].locator(f"#my-games [data-room='{room}'] .mg-left").text_content()
    assert LEFT.match(left), left
    assert re.search(r"Ann placed a tile .* of the start tile · (just now|1 min ago)", row), row
    assert same_list(*homes)
    check(homes[0], "home-my-games-phone")
    no_overflow(homes[0])

    # Bo comes back: the title and the favicon are themselves again, and Bo moves
    bo.evaluate("window.__setHidden(false)")
    bo.wait_for_function("document.title.startsWith('● Your turn')")
    assert bo.evaluate(ICON).endswith("/favicon.svg")  # the page's own icon, unmarked
    play_turn(bo, 2)
    bo.wait_for_function("!document.title.startsWith('●')")
    # both tabs follow: the game now waits for Ann
    for home in homes:
        home.wait_for_function(f"""document.querySelector(
            "#my-games [data-room='{room}'] .mg-state")?.textContent === 'Ann to move'""")
        home.wait_for_selector("#my-games-waiting[hidden]", state="attached")
        assert not home.title().startswith("●")
    assert same_list(*homes)
    assert bo.evaluate("window.__notes.length") == 1, "told once, for the one move that became Bo's"
    assert all(home.evaluate("window.__notes.length") == 0 for home in homes), "in view: no note"

    # the host's own home page has the game waiting for her
    ann.goto(live_server + "/")
    ann.wait_for_selector(f"#my-games .my-game.your-move[data-room='{room}']")
    assert "Bo" in ann.locator(f"#my-games [data-room='{room}']").text_content()
    check(ann, "home-my-games")

    # a browser without seat tokens sees no one's games
    stranger = new_page()
    record_urls(stranger, urls)
    stranger.goto(live_server + "/")
    stranger.wait_for_selector("#my-games li.empty")
    assert stranger.locator("#my-games .my-game").count() == 0
    assert stranger.locator("#my-games-waiting").is_hidden()

    # seat tokens travel in bodies and the socket, never in a URL
    tokens = [page.evaluate("code => localStorage.getItem('carc:token:' + code)", room)
              for page in (ann, bo)]
    assert all(tokens) and tokens[0] != tokens[1]
    assert any("/api/my-games" in url for url in urls)
    leaked = [url for url in urls for token in tokens if token in url]
    assert not leaked, leaked
    assert not problems, problems
