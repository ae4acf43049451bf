"""Teaching at the table (issue 14) in real browsers: the briefing before the first turn, the
first-turn coach, hints only where the table agreed on them and only for the player who asked,
the coach's warning before a move is confirmed, the score track, and the introduction's ending
(a game without farmers shows a field of the final map and starts again with farmers). And a
move lost with a server process that went away (1012) can be confirmed again."""

from __future__ import annotations

import json
import urllib.request

import pytest
from room_page import GAME, click_canvas, create_room, host_vs_bot, play_turn, sit, wait_for_mover
from test_access import axe

pytestmark = pytest.mark.e2e

MINE = "document.body.dataset.myTurn === 'true'"
# my turn, with the placements here and the view done moving to them: squares stay where they are
READY = f"{MINE} && window.__game.legal().length > 0 && !window.__game.moving()"
SLOTS = ["NNW", "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW"]
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def room_link(base: str, options: dict) -> str:
    """A room made over HTTP with `options`; the host's personal link."""
    body = json.dumps({"name": "Ann", "options": options}).encode()
    request = urllib.request.Request(base + "/api/rooms", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as resp:
        return base + json.load(resp)["personal_link"]


def catalog(base: str) -> dict:
    with urllib.request.urlopen(base + "/api/tiles") as resp:
        return json.load(resp)


def segment(tiles: dict, tile: str, rot: int, slot: str):
    """The segment of a placed tile that a board-oriented slot names ('C': the centre)."""
    if slot == "C":
        return "C"
    canonical = SLOTS[(SLOTS.index(slot) - rot // 90 * 3) % 12]
    return next(i for i, seg in enumerate(tiles[tile]["segments"]) if canonical in seg["slots"])


def cells(parts: list[dict]) -> list[tuple[int, int]]:
    return sorted({(p["x"], p["y"]) for p in parts})


def record_frames(page) -> list[dict]:
    """Every message the page's websockets receive from now on, decoded."""
    frames: list[dict] = []
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: frames.append(json.loads(payload))))
    return frames


def test_a_game_without_farmers_ends_with_its_field_and_a_game_with_farmers(
        fast_server, new_page, artifacts, axe_script):
    base = fast_server.url
    host = new_page()
    host.goto(room_link(base, {"farmers": False}))
    host.wait_for_selector("[data-action=start]")
    url = host.url.split("#")[0]
    guest = new_page(375, 812, touch=True)
    sit(guest, url, "Bo")
    watcher = new_page()
    watcher.goto(url)
    host.wait_for_function("document.querySelectorAll('.seat:not(.free)').length === 2")
    host.click("[data-action=start]")

    # each player is briefed before the first turn, as the options say; a watcher is not
    for page in (host, guest):
        page.wait_for_selector("#briefing:not([hidden])")
        text = page.locator("#briefing").text_content()
        assert "7 followers" in text and "This game has no farmers" in text, text
        assert "stay there until the end" not in text
    guest.screenshot(path=str(artifacts / "briefing-phone.png"))
    host.screenshot(path=str(artifacts / "briefing.png"))
    assert not axe(guest, axe_script)
    watcher.wait_for_function("document.body.dataset.mode === 'playing'")
    assert watcher.locator("#briefing").is_hidden()
    guest.click("[data-action=dismiss-briefing]")
    assert guest.locator("#briefing").is_hidden()
    # once per game: a reload (a player coming back) does not show it again
    guest.reload()
    guest.wait_for_function("document.body.dataset.mode === 'playing'")
    assert guest.locator("#briefing").is_hidden()

    for i in range(8):
        play_turn(wait_for_mover(host, guest), i)
    # the score track shows every score, markers walking to them
    scores = host.evaluate(f"{GAME}.players.map(p => p.score)")
    watcher.wait_for_function(f"{GAME}.turn === {host.evaluate(f'{GAME}.turn')}")
    for page in (host, watcher):
        shown = json.dumps(scores, separators=(",", ":"))
        page.wait_for_function(f"JSON.stringify(window.__game.track()) === '{shown}'")
        label = page.locator("#score-track").get_attribute("aria-label")
        names = host.evaluate(f"{GAME}.players.map(p => p.name)")
        assert label.startswith("Score track: ")
        assert all(f"{n} {s}" in label for n, s in zip(names, scores, strict=True)), label
    watcher.screenshot(path=str(artifacts / "score-track.png"))

    game_id = host.evaluate(f"{GAME}.id")
    seats = host.evaluate(f"{GAME}.seats")
    host.click("[data-action=end-game]")
    for page in (host, guest, watcher):
        page.wait_for_selector(".results .field-lesson")
    lesson = host.evaluate(f"{GAME}.results.field_lesson")
    for page in (host, guest, watcher):
        text = page.locator(".lesson-text").text_content()
        if lesson is None:
            assert "No field of this map touches a completed city" in text, text
            continue
        assert f"{lesson['per_city']} per completed city: {lesson['points']}" in text, text
        # the field traced on the final map, with the cities it touches
        page.wait_for_function("window.__game.lesson() !== null")
        drawn = page.evaluate("window.__game.lesson()")
        assert cells(drawn["trace"]) == cells(lesson["field"]["parts"])
        assert cells(drawn["trace2"]) == cells([p for c in lesson["cities"] for p in c["parts"]])
    host.locator(".field-lesson").scroll_into_view_if_needed()
    host.screenshot(path=str(artifacts / "field-lesson.png"))
    guest.locator(".field-lesson").scroll_into_view_if_needed()
    guest.screenshot(path=str(artifacts / "field-lesson-phone.png"))
    for page in (host, guest):
        assert not axe(page, axe_script)
    # only the host starts the next game; for the others the results say so
    assert guest.locator("[data-action=play-with-farmers]").count() == 0
    assert "The host can start the next game with farmers" in guest.locator(
        ".field-lesson").text_content()

    host.click("[data-action=play-with-farmers]")
    for page in (host, guest, watcher):
        page.wait_for_function(f"{GAME}.id !== {game_id} && {GAME}.options.farmers === true"
                               " && document.body.dataset.mode === 'playing'")
    assert host.evaluate(f"{GAME}.seats.slice().sort()") == sorted(seats)  # the same seats
    guest.wait_for_selector("#briefing:not([hidden])")  # a new game: a new briefing
    assert "stay there until the end" in guest.locator("#briefing").text_content()


def test_a_hint_only_where_the_table_agreed_and_only_for_its_player(
        fast_server, new_page, artifacts, axe_script):
    base = fast_server.url
    tiles = catalog(base)
    host = new_page()
    frames = {host: record_frames(host)}
    url = create_room(host, base, "Ann")
    guest = new_page(375, 812, touch=True)
    frames[guest] = record_frames(guest)
    sit(guest, url, "Bo")
    watcher = new_page(375, 812, touch=True)
    frames[watcher] = record_frames(watcher)
    watcher.goto(url)
    host.wait_for_function("document.querySelectorAll('.seat:not(.free)').length === 2")
    # the level the host picks in the lobby is there for everyone to read
    host.select_option("#opt-hints", "request")
    watcher.wait_for_function("window.__game?.state.room?.options.hints === 'request'")
    assert watcher.locator("[data-option=hints]").text_content() == "Advice: hints on request"
    host.select_option("#opt-hints", "off")
    watcher.wait_for_function("window.__game.state.room.options.hints === 'off'")

    # no hints (the default): the tray never offers one
    host.click("[data-action=start]")
    for page in (host, guest):
        page.wait_for_function("document.body.dataset.mode === 'playing'")
    mover = wait_for_mover(host, guest)
    mover.wait_for_selector("#tray [data-action=confirm]")
    assert mover.locator("[data-action=hint]").count() == 0
    host.click("[data-action=end-game]")
    host.wait_for_selector(".results .breakdown")
    host.click(".results [data-action=rematch]")

    # the host agrees on hints on request; everyone sees it at the table
    host.select_option("#opt-hints", "request")
    host.wait_for_function("window.__game.state.room.options.hints === 'request'")
    host.click("[data-action=start]")
    for page in (host, guest, watcher):
        page.wait_for_function(f"document.body.dataset.mode === 'playing' && {GAME}.turn === 0")
        page.wait_for_selector("#game-menu .advice")
        assert page.locator("#game-menu .advice").text_content() == "Advice: hints on request"
    mover = wait_for_mover(host, guest)
    other = guest if mover is host else host
    me = mover.evaluate(f"{GAME}.current_player")
    mover.click("[data-action=hint]")
    mover.wait_for_function("window.__game.state.turn.hint !== null")
    hint = mover.evaluate("window.__game.state.turn.hint")
    assert hint["reason"]
    # a legal move: one of the placements the server offers, its figure on one of their spots
    legal = mover.evaluate("window.__game.legal()")
    where = (hint["x"], hint["y"], hint["rot"])
    placement = next(p for p in legal if (p["x"], p["y"], p["rot"]) == where)
    tile = mover.evaluate(f"{GAME}.drawn_tile")
    # (no figure is always one of the choices)
    offered = [None, *(segment(tiles, tile, hint["rot"], s["at"]) for s in placement["spots"])]
    meeple = hint["meeple"]
    assert (meeple and segment(tiles, tile, hint["rot"], meeple["at"])) in offered, (hint, offered)
    shown = mover.evaluate("window.__game.scene.suggestion")
    assert (shown["x"], shown["y"], shown["rot"]) == (hint["x"], hint["y"], hint["rot"])
    mover.screenshot(path=str(artifacts / f"hint{'-phone' if mover is guest else ''}.png"))
    assert not axe(mover, axe_script)
    mover.click("[data-action=use-hint]")
    pending = mover.evaluate("window.__game.state.turn.pending")
    assert (pending["x"], pending["y"], pending["rot"]) == (hint["x"], hint["y"], hint["rot"])
    turn = mover.evaluate(f"{GAME}.turn")
    mover.click("[data-action=confirm]")
    mover.wait_for_function(f"{GAME}.turn > {turn}")
    # everyone sees that this player used a hint
    for page in (host, guest, watcher):
        page.wait_for_function(f"{GAME}.hints[{me}] === 1")
        assert page.locator(f"[data-player='{me}'] .hints-used").text_content() == "1 hint"
    # the hint went to the player who asked, and to nobody else
    assert any(f["type"] == "hint" for f in frames[mover])  # (the recording sees hints)
    assert not any(f["type"] == "hint" for f in frames[other])
    assert not any(f["type"] == "hint" for f in frames[watcher])
    assert watcher.locator(".suggestion").count() == 0
    watcher.screenshot(path=str(artifacts / "hints-used-phone.png"))
    host.click("[data-action=end-game]")
    host.wait_for_selector(".results .breakdown")
    row = host.locator(f".breakdown tr[data-player='{me}'] td.hints")
    assert row.text_content() == "1"


def test_the_coach_speaks_before_a_move_is_confirmed(fast_server, new_page, artifacts,
                                                    axe_script):
    """With the coach, confirming asks the server's coach first; a warning stops the move
    until the player confirms anyway. (Which moves hand points over is the server's to say
    and its own tests'; here the page is given a warning to show, on the wire, as the server
    would send it.)"""
    page = new_page()
    sent: list[dict] = []
    warned = {"done": False}

    def route(ws):
        server = ws.connect_to_server()

        def up(message):
            sent.append(json.loads(message))
            server.send(message)

        def down(message):
            msg = json.loads(message)
            if msg["type"] == "check" and not warned["done"]:
                warned["done"] = True
                msg["warning"] = "This closes Bo's city: Bo scores 4."
                message = json.dumps(msg)
            ws.send(message)

        ws.on_message(up)
        server.on_message(down)

    page.route_web_socket("**/ws/**", route)
    host_vs_bot(page, fast_server.url, options={"hints": "coach"})
    page.wait_for_function(MINE)
    choose(page)
    page.wait_for_selector(".coach-warning")
    assert page.locator(".coach-warning").text_content() == "⚠ This closes Bo's city: Bo scores 4."
    assert page.locator("[data-action=confirm]").text_content() == "Confirm anyway"
    assert not any(m["type"] == "place" for m in sent)
    page.screenshot(path=str(artifacts / "coach-warning.png"))
    assert not axe(page, axe_script)
    turn = page.evaluate(f"{GAME}.turn")
    page.click("[data-action=confirm]")
    page.wait_for_function(f"{GAME}.turn > {turn}")
    # the next move: the coach is asked about it before it goes
    page.wait_for_function(MINE)
    choose(page)
    turn = page.evaluate(f"{GAME}.turn")
    page.click("[data-action=confirm]")
    page.wait_for_function(f"{GAME}.turn > {turn} || !!window.__game.state.turn.check?.warning")
    if page.evaluate(f"{GAME}.turn") == turn:  # the server's own coach warned: confirm anyway
        page.click("[data-action=confirm]")
        page.wait_for_function(f"{GAME}.turn > {turn}")
    place = max(i for i, m in enumerate(sent) if m["type"] == "place" and m["turn"] == turn)
    move = {k: sent[place][k] for k in ("x", "y", "rot", "meeple")}
    assert any(m["type"] == "check" and {k: m[k] for k in move} == move for m in sent[:place])


def choose(page) -> None:
    """Choose a placement on the board (the first legal one), no figure."""
    page.wait_for_function(READY)
    first = page.evaluate("window.__game.legal()[0]")
    page.keyboard.press("f")
    sx, sy = page.evaluate(f"window.__game.screenOf({first['x']}, {first['y']})")
    click_canvas(page, sx, sy)
    page.wait_for_function("window.__game.state.turn.pending !== null")


def test_the_first_turn_coach(fast_server, new_page, artifacts):
    base = fast_server.url
    page = new_page()
    host_vs_bot(page, base)
    page.wait_for_function(READY)
    assert page.locator("#briefing [data-action=coach]").is_checked()  # a first game here
    # hovering a square: the sides that touch a tile are marked (on a legal square they match)
    cell = page.evaluate("window.__game.legal()[0]")
    page.keyboard.press("f")
    box = page.locator("#board").bounding_box()
    sx, sy = page.evaluate(f"window.__game.screenOf({cell['x']}, {cell['y']})")
    page.mouse.move(box["x"] + sx, box["y"] + sy)
    page.wait_for_function("window.__game.scene.ghost !== null")
    board = {(b["x"], b["y"]) for b in page.evaluate(f"{GAME}.board")}
    touching = sorted(d for d, (dx, dy) in STEP.items()
                      if (cell["x"] + dx, cell["y"] + dy) in board)
    marks = page.evaluate("window.__game.scene.matchEdges")
    assert (marks["x"], marks["y"]) == (cell["x"], cell["y"])
    assert sorted(marks["dirs"]) == touching and touching
    # a figure chosen: its whole feature is traced before confirming (the server's trace)
    choice = next(p for p in page.evaluate("window.__game.legal()") if p["spots"])
    sx, sy = page.evaluate(f"window.__game.screenOf({choice['x']}, {choice['y']})")
    click_canvas(page, sx, sy)
    for _ in range(4):
        if page.evaluate("window.__game.state.turn.pending.rot") == choice["rot"]:
            break
        page.keyboard.press("r")
    page.click("[data-spot='0']")
    page.wait_for_function("window.__game.scene.trace.length > 0")
    traced = cells(page.evaluate("window.__game.scene.trace"))
    assert (choice["x"], choice["y"]) in traced
    page.screenshot(path=str(artifacts / "first-turn-coach.png"))
    turn = page.evaluate(f"{GAME}.turn")
    page.click("[data-action=confirm]")
    page.wait_for_function(f"{GAME}.turn > {turn}")
    at = choice["spots"][0]["at"]
    features = page.evaluate("window.__game.features()")
    claimed = next(f for f in features if any(
        p["x"] == choice["x"] and p["y"] == choice["y"] and at in p["slots"] for p in f["parts"]))
    assert cells(claimed["parts"]) == traced
    # the next turn is no first turn: no marks
    page.wait_for_function(READY)
    page.keyboard.press("f")  # the board stands still: the square stays under the pointer
    cell = page.evaluate("window.__game.legal()[0]")
    sx, sy = page.evaluate(f"window.__game.screenOf({cell['x']}, {cell['y']})")
    page.mouse.move(box["x"] + 2, box["y"] + 2)
    page.mouse.move(box["x"] + sx, box["y"] + sy)
    page.wait_for_function("window.__game.scene.ghost !== null")
    assert page.evaluate("window.__game.scene.matchEdges") is None

    # a second game in this browser: the coach is off, unless switched on
    page.click("[data-action=end-game]")
    page.wait_for_selector(".results .breakdown")
    page.click(".results [data-action=rematch]")
    page.click("[data-action=start]")
    page.wait_for_function(f"document.body.dataset.mode === 'playing' && {GAME}.turn <= 1")
    page.wait_for_function(MINE)
    switch = page.locator("#tray [data-action=coach]")
    assert not switch.is_checked()
    choose(page)
    assert page.evaluate("window.__game.scene.matchEdges") is None
    switch.check()
    page.wait_for_function("window.__game.scene.matchEdges !== null")


def test_a_move_lost_with_its_server_is_confirmed_again(fast_server, new_page):
    """The server process that had the room goes away (1012) after the move left the page
    but before it was applied: the page reconnects at once, the snapshot shows the same turn,
    and the player confirms again."""
    page = new_page()
    connections = {"count": 0}

    def route(ws):
        connections["count"] += 1
        server = ws.connect_to_server()
        first = connections["count"] == 1

        def up(message):
            if first and json.loads(message)["type"] == "place":
                ws.close(code=1012, reason="the process is going away")
                return
            server.send(message)

        ws.on_message(up)
        server.on_message(ws.send)

    page.route_web_socket("**/ws/**", route)
    host_vs_bot(page, fast_server.url)
    page.wait_for_function(MINE)
    turn = page.evaluate(f"{GAME}.turn")
    choose(page)
    page.evaluate("""window.__toasts = [];
        new MutationObserver(() => document.querySelectorAll('.toast').forEach(
            (t) => window.__toasts.push(t.textContent)))
          .observe(document.body, {childList: true, subtree: true})""")
    page.click("[data-action=confirm]")
    # back online through a new connection, the move not applied: it may be confirmed again
    page.wait_for_function(
        "window.__game.state.link === 'online' && !window.__game.state.turn.sent")
    assert any("Your move may not have arrived" in t for t in page.evaluate("window.__toasts"))
    assert connections["count"] == 2
    assert page.evaluate(f"{GAME}.turn") == turn
    assert page.evaluate("window.__game.state.turn.pending") is not None
    page.click("[data-action=confirm]")
    page.wait_for_function(f"{GAME}.turn > {turn}")
