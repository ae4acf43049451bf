"""Keyboard, screen readers, reduced motion, axe-core, the log pointing at the board, and a
screenshot of every page at 1280x800 and 375x812 (tests/artifacts/)."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from room_page import GAME, axe, host_vs_bot, play_turn, settle

pytestmark = pytest.mark.e2e

MINE = "document.body.dataset.myTurn === 'true'"
SIZES = {"laptop": {"width": 1280, "height": 800},
         "phone": {"width": 375, "height": 812, "touch": True}}
SAID = """(() => { window.__said = [];
    const el = document.getElementById('announcer');
    new MutationObserver(() => window.__said.push(el.textContent))
      .observe(el, {childList: true, characterData: true, subtree: true}); })()"""


GLIDES = """(() => { window.__glided = false;
    const tick = () => { if (window.__game.moving()) window.__glided = true;
                         requestAnimationFrame(tick); };
    tick(); })()"""


def press_on(page, selector: str, key: str = "Enter") -> None:
    """Keyboard only: focus a control (as Tab would) and press a key on it."""
    page.locator(selector).focus()
    page.keyboard.press(key)


def test_a_whole_game_with_the_keyboard_alone(fast_server, new_page, artifacts):
    page = new_page()
    request = urllib.request.Request(fast_server.url + "/api/rooms",
                                     data=json.dumps({"name": "Kay"}).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as resp:
        room = json.load(resp)
    page.goto(fast_server.url + room["personal_link"])
    press_on(page, "[data-seat='1'] [data-action=add-bot]")
    page.wait_for_function("window.__game.state.room.seats[1].bot === 'easy'")
    press_on(page, "[data-action=start]")
    page.wait_for_function("document.body.dataset.mode === 'playing'")
    page.evaluate(SAID)
    for i in range(5):
        page.wait_for_function(MINE)
        page.locator("#board").focus()
        said = page.evaluate("document.getElementById('announcer').textContent")
        assert said.startswith("Your turn. You drew tile"), said
        turn = page.evaluate(f"{GAME}.turn")
        page.keyboard.press(["ArrowRight", "ArrowUp", "ArrowLeft", "ArrowDown"][i % 4])
        page.wait_for_function("window.__game.state.turn.pending !== null")
        pending = page.evaluate("window.__game.state.turn.pending")
        rotations = len([e for e in page.evaluate("window.__game.legal()")
                         if (e["x"], e["y"]) == (pending["x"], pending["y"])])
        if rotations > 1:
            rot = page.evaluate("window.__game.state.turn.pending.rot")
            page.keyboard.press("r")
            page.wait_for_function(f"window.__game.state.turn.pending.rot !== {rot}")
        spots = """(p => window.__game.legal()
            .find(l => l.x === p.x && l.y === p.y && l.rot === p.rot)?.spots.length)"""
        if page.evaluate(f"{spots}(window.__game.state.turn.pending)"):
            page.keyboard.press("1")
            page.wait_for_function("window.__game.state.turn.spot === 0")
        page.keyboard.press("Enter")
        page.wait_for_function(f"{GAME}.turn > {turn}")
    page.wait_for_function(MINE)
    page.keyboard.press("l")  # the last move, by key
    page.screenshot(path=str(artifacts / "keyboard-game.png"))
    press_on(page, "[data-action=end-game]")
    page.wait_for_selector(".results .breakdown")
    page.wait_for_function("document.activeElement?.classList.contains('winner-title')")
    said = page.evaluate("window.__said")
    assert any(s.startswith("Bot ") and "'s turn" in s for s in said), said
    assert any(s.startswith("The game is over") for s in said), said
    # every score during the game was said (the final ones are in the results)
    scored = page.evaluate(f"{GAME}.events.filter(e => !e.final).length")
    assert sum(s.count(" point") for s in said) >= scored, (scored, said)
    press_on(page, "[data-action=replay]")
    page.wait_for_url("**/games/**")
    page.wait_for_function("document.body.dataset.step !== undefined")
    page.keyboard.press("Home")
    page.wait_for_function("document.body.dataset.step === '0'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.body.dataset.step === '1'")


def test_reduced_motion_jumps_and_the_log_points_at_the_board(fast_server, new_page):
    host = new_page()
    url = host_vs_bot(host, fast_server.url)
    watcher = new_page(375, 812, touch=True, reduced_motion="reduce")
    watcher.goto(url)
    watcher.wait_for_function("document.body.dataset.mode === 'playing'")
    for _ in range(3):
        watcher.click("#zoom-in")
    watcher.evaluate(GLIDES)  # the camera never glides: every frame of the watcher is checked
    for i in range(4):
        host.wait_for_function(MINE)
        play_turn(host, i)
        turn = host.evaluate(f"{GAME}.turn")
        watcher.wait_for_function(f"{GAME}.turn >= {turn}")
        watcher.wait_for_function(f"(l => window.__game.inView(l.x, l.y))({GAME}.last)")
        assert watcher.evaluate("window.__game.scene.arrivals.length") == 0
        assert watcher.evaluate("window.__game.scene.still")  # a "+N" fades where it is
    assert not watcher.evaluate("window.__glided")
    # hovering a line of the log lights up its tile; its words say where the tile went
    host.wait_for_function(MINE)
    line = host.locator("#log .log-turn").nth(1)
    turn = host.evaluate(f"{GAME}.turns[1]")
    assert "of the start tile" in line.text_content() or "of turn" in line.text_content()
    lit = (f"(h => h?.cell.x === {turn['x']} && h?.cell.y === {turn['y']})"
           "(window.__game.scene.highlight)")
    # On a loaded machine the log's pictures may still be coming in and move the line from
    # under the pointer after the hover (then another line is lit): point at it again.
    for attempt in range(3):
        line.hover()
        try:
            host.wait_for_function(lit, timeout=5000)
            break
        except PlaywrightTimeoutError:
            if attempt == 2:
                raise
    # a tap on a line on the phone lights it up and brings it into view
    watcher.click("[data-tab=log]")
    watcher.locator("#log .log-turn").first.click()
    first = watcher.evaluate(f"{GAME}.turns[0]")
    watcher.wait_for_function(f"(h => h?.cell.x === {first['x']} && h?.cell.y === {first['y']})"
                              "(window.__game.scene.highlight)")
    watcher.wait_for_function(f"window.__game.inView({first['x']}, {first['y']})")
    assert watcher.evaluate("window.__game.paints().length") > 0


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_every_page_is_accessible_and_pictured(size, fast_server, new_page, artifacts, axe_script):
    page = new_page(**SIZES[size])
    problems = {}

    def check(name: str) -> None:
        page.screenshot(path=str(artifacts / f"page-{name}-{size}.png"))
        found = axe(page, axe_script)
        if found:
            problems[name] = found

    page.goto(fast_server.url + "/")
    page.wait_for_selector("#archive li")
    check("home")
    page.click("[data-action=learn]")
    page.wait_for_selector(".learn-panel")
    page.wait_for_function("document.querySelector('.overlay.learn').dataset.step === '0'")
    check("learn")
    page.keyboard.press("Escape")
    url = host_vs_bot(page, fast_server.url)
    for i in range(3):
        page.wait_for_function(MINE)
        play_turn(page, i)
    page.wait_for_function(MINE)
    settle(page)
    check("game")
    page.click("#help-btn")
    page.wait_for_selector("#rules .rule-board")
    check("rules")
    page.keyboard.press("Escape")
    page.click("[data-action=end-game]")
    page.wait_for_selector(".results .breakdown")
    check("results")
    page.click("[data-action=rematch]")
    page.wait_for_selector("#lobby:not([hidden]) [data-action=start]")
    check("lobby")
    page.goto(url.replace("/r/", "/r/x") [:-1])
    page.wait_for_selector("#gone:not([hidden])")
    check("missing-room")
    game = page.evaluate("fetch('/api/games').then(r => r.json()).then(p => p.items[0].id)")
    page.goto(f"{fast_server.url}/games/{game}")
    page.wait_for_function("document.body.dataset.step !== undefined")
    check("replay")
    assert not problems, problems
