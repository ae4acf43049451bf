"""A whole room in real browsers: create, join, watch, play turns through the UI, reload,
end the game, results, replay."""

from __future__ import annotations

import pytest
from room_page import GAME, click_canvas, create_room, open_home, play_turn, sit, wait_for_mover

pytestmark = pytest.mark.e2e


def settled_frames(page) -> int:
    """The frame count once the board has stopped drawing (a scoring flash may be fading):
    no frame is scheduled, so none will be drawn until something changes."""
    page.wait_for_function("!window.__game.drawing()")
    return page.evaluate("window.__game.frames()")


def touch(page, *strokes: list[tuple[float, float]]) -> None:
    """Real touch input through the DevTools protocol: each stroke is one finger's path (canvas
    coordinates), all fingers moving together step by step (one finger pans, two pinch)."""
    box = page.locator("#board").bounding_box()
    cdp = page.context.new_cdp_session(page)

    def points(i: int) -> list[dict]:
        return [{"x": box["x"] + s[i][0], "y": box["y"] + s[i][1], "id": n}
                for n, s in enumerate(strokes)]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(0)})
    for i in range(1, len(strokes[0])):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(i)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_two_players_and_a_spectator(live_server, new_page, artifacts):
    host = new_page()
    url = create_room(host, live_server, "Ann")
    guest = new_page(375, 740, touch=True)
    sit(guest, url, "Bo")
    host.wait_for_function("document.querySelectorAll('.seat:not(.free)').length === 2")
    host.screenshot(path=str(artifacts / "lobby.png"))
    guest.screenshot(path=str(artifacts / "lobby-phone.png"))

    host.click("[data-action=start]")
    for page in (host, guest):
        page.wait_for_function("document.body.dataset.mode === 'playing'")
    watcher = new_page(1024, 700)
    watcher.goto(url)
    watcher.wait_for_function("document.body.dataset.mode === 'playing'")
    assert watcher.evaluate("window.__game.state.you.seat") is None

    # nothing is sent before confirm: a take-back leaves the server state alone
    mover = wait_for_mover(host, guest)
    before = mover.evaluate(f"{GAME}.turn")
    first = mover.evaluate("window.__game.legal()[0]")
    sx, sy = mover.evaluate(f"window.__game.screenOf({first['x']}, {first['y']})")
    click_canvas(mover, sx, sy)
    mover.wait_for_function("window.__game.state.turn.pending !== null")
    mover.click("[data-action=take-back]")
    assert mover.evaluate("window.__game.state.turn.pending") is None
    assert mover.evaluate(f"{GAME}.turn") == before

    for i in range(6):
        mover = wait_for_mover(host, guest)
        play_turn(mover, i, artifacts / f"place-{'laptop' if mover is host else 'phone'}.png")
    turn = host.evaluate(f"{GAME}.turn")
    for page in (guest, watcher):
        page.wait_for_function(f"{GAME}.turn === {turn}")
    boards = [p.evaluate(f"{GAME}.board") for p in (host, guest, watcher)]
    assert boards[0] == boards[1] == boards[2]
    assert len(boards[0]) >= 7
    assert host.evaluate(f"{GAME}.figures.length") >= 1
    host.screenshot(path=str(artifacts / "game.png"))
    guest.screenshot(path=str(artifacts / "game-phone.png"))
    watcher.screenshot(path=str(artifacts / "game-spectator.png"))

    # the turn log says every turn in words
    turns = host.evaluate(f"{GAME}.turns.length")
    assert host.locator("#log .log-turn").count() == turns
    assert "placed a tile" in host.locator("#log .log-turn").first.text_content()

    # the inspector traces a whole feature: hovering one of its cells lights up all of them
    feature = host.evaluate(
        "window.__game.features().then("
        "(fs) => fs.slice().sort((a, b) => b.parts.length - a.parts.length)[0])"
    )
    assert len(feature["parts"]) >= 2
    host.keyboard.press("f")
    part = feature["parts"][-1]
    point = f"window.__game.pointOf({part['x']}, {part['y']}, '{part['slots'][0]}')"
    px, py = host.evaluate(point)
    box = host.locator("#board").bounding_box()
    host.mouse.move(box["x"] + px, box["y"] + py)
    host.wait_for_function("!document.getElementById('inspector').hidden")
    traced = host.evaluate("window.__game.scene.trace")
    def cells(parts: list[dict]) -> list[tuple[int, int]]:
        return sorted((p["x"], p["y"]) for p in parts)

    assert cells(traced) == cells(feature["parts"])
    assert feature["kind"] in host.locator("#inspector").text_content().lower()
    host.screenshot(path=str(artifacts / "inspector.png"))
    # moving inside the same feature draws no frame
    frames = settled_frames(host)
    host.mouse.move(box["x"] + px + 1, box["y"] + py + 1)
    assert not host.evaluate("window.__game.drawing()")
    assert host.evaluate("window.__game.frames()") == frames
    host.mouse.move(box["x"] + 2, box["y"] + 2)
    host.wait_for_function("document.getElementById('inspector').hidden")

    # on the phone: a finger pans, two fingers pinch, a tap inspects
    guest.keyboard.press("f")
    cam = guest.evaluate("({...window.__game.camera})")
    touch(guest, [(150, 120), (175, 140), (200, 160)])
    moved = guest.evaluate("({...window.__game.camera})")
    assert moved["x"] < cam["x"] and moved["y"] < cam["y"] and moved["scale"] == cam["scale"]
    touch(guest, [(160, 150), (140, 130), (120, 110)], [(200, 190), (220, 210), (240, 230)])
    assert guest.evaluate("window.__game.camera.scale") > moved["scale"]
    guest.keyboard.press("f")
    px, py = guest.evaluate(point)
    click_canvas(guest, px, py)
    guest.wait_for_function("!document.getElementById('inspector').hidden")
    guest.screenshot(path=str(artifacts / "inspector-phone.png"))

    # a reload mid-game resumes the seat
    seat = guest.evaluate("window.__game.state.you.seat")
    guest.reload()
    guest.wait_for_function("document.body.dataset.mode === 'playing'")
    guest.wait_for_function(f"window.__game.state.you.seat === {seat}")
    mover = wait_for_mover(host, guest)
    play_turn(mover, 7)

    # chat is text, never markup
    host.click("[data-tab=chat]")
    frames = settled_frames(guest)
    host.fill("#chat-form input", "<b>hi</b> & welcome")
    host.press("#chat-form input", "Enter")
    guest.wait_for_function("document.querySelectorAll('.chat-line').length > 0")
    assert guest.locator(".chat-line span").last.text_content() == "<b>hi</b> & welcome"
    assert settled_frames(guest) == frames  # a chat line does not redraw the board
    guest.click("[data-tab=chat]")
    guest.fill("#chat-form input", "on my phone")
    guest.press("#chat-form input", "Enter")
    host.wait_for_function("document.querySelectorAll('.chat-line').length > 1")
    guest.screenshot(path=str(artifacts / "chat-phone.png"))

    # the host ends the game: results for everyone, then the replay
    host.click("[data-action=end-game]")
    for page in (host, guest, watcher):
        page.wait_for_selector(".results .breakdown")
    assert host.locator(".winner-title").text_content()
    columns = [c.lower() for c in host.locator(".breakdown th").all_text_contents()]
    assert "garden" not in columns and "abbot" not in columns  # The Abbot is off
    host.screenshot(path=str(artifacts / "results.png"))
    guest.screenshot(path=str(artifacts / "results-phone.png"))
    turns = host.evaluate(f"{GAME}.turn")
    host.click("[data-action=replay]")
    host.wait_for_url("**/games/**")
    host.wait_for_function(f"document.body.dataset.step === '{turns}'")
    host.keyboard.press("Home")
    host.wait_for_function("document.body.dataset.step === '0'")
    host.keyboard.press("ArrowRight")
    host.wait_for_function("document.body.dataset.step === '1'")
    replay = host.evaluate("fetch(location.pathname.replace('/games/', '/api/games/') + '/replay')"
                           ".then(r => r.json())")
    host.locator("#step").fill("3")
    host.wait_for_function("document.body.dataset.step === '3'")
    shown = [int(t) for t in host.locator("#scores .score").all_text_contents()]
    assert shown == replay["states"][3]["scores"]
    assert host.locator("#replay-log .log-turn").count() == 3
    host.keyboard.press("End")
    host.screenshot(path=str(artifacts / "replay.png"))
    guest.goto(host.url)
    guest.wait_for_function(f"document.body.dataset.step === '{turns}'")
    guest.screenshot(path=str(artifacts / "replay-phone.png"))

    # a rematch with The Abbot: its results show the Garden and Abbot columns
    host.goto(url)
    host.click(".results [data-action=rematch]")
    host.check("[data-option=abbot]")
    host.wait_for_function("window.__game.state.room.options.abbot === true")
    host.click("[data-action=start]")
    host.wait_for_function(f"document.body.dataset.mode === 'playing' && {GAME}.options.abbot")
    host.click("[data-action=end-game]")
    host.wait_for_selector(".results .breakdown")
    columns = [c.lower() for c in host.locator(".breakdown th").all_text_contents()]
    assert "garden" in columns and "abbot" in columns


def test_idle_board_draws_no_frames(live_server, new_page):
    page = new_page()
    create_room(page, live_server, "Cy")
    page.wait_for_function("window.__game.frames() > 0")
    # the first frame is drawn, and no other is scheduled: nothing is drawn while nothing changes
    page.wait_for_function("!window.__game.drawing()")
    frames = page.evaluate("window.__game.frames()")
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.evaluate("window.__game.frames()") == frames


def test_learn_mode(live_server, new_page, artifacts):
    page = new_page(375, 740, touch=True)
    open_home(page, live_server)
    page.screenshot(path=str(artifacts / "home-phone.png"), full_page=True)
    page.click("[data-action=learn]")
    page.wait_for_selector(".learn-panel")
    steps = page.locator(".learn-panel .dot").count()
    titles = [page.locator(".learn-body h2").text_content()]
    for step in range(1, steps):
        page.click("[data-action=learn-next]")
        page.wait_for_function(
            f"document.querySelector('.overlay.learn').dataset.step === '{step}'"
        )
        titles.append(page.locator(".learn-body h2").text_content())
        if step == 2:
            page.screenshot(path=str(artifacts / "learn-city.png"))
        if "River" in titles[-1]:
            page.screenshot(path=str(artifacts / "learn-river-phone.png"))
    assert any("The River" in t for t in titles), titles  # the River's page
    page.click("[data-action=learn-next]")
    assert page.locator(".overlay.learn").count() == 0
