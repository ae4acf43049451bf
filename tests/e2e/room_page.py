"""What the browser tests do in a room page: create a room, sit, play a turn through the UI."""

from __future__ import annotations

import json
import time
import urllib.request

from app.engine import LOG_FORMAT, Move, from_log

GAME = "window.__game.state.game"
# the expansions' figures a test of them plays first, where it can
PREFERRED = ("builder", "large", "pig", "follower")


def open_home(page, base: str) -> None:
    """The home page, once its script has taken over the forms: a field set before that may
    be set again by the script, and a click would send the form natively (a reload)."""
    page.goto(base + "/")
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60000)


def create_room(page, base: str, name: str) -> str:
    open_home(page, base)
    page.fill("#name", name)
    page.click("text=Create a room")
    # a bound for a loaded machine: the page's script, the room's creation and the room page's
    # first load all come between the click and the lobby
    page.wait_for_url("**/r/**", timeout=60000)
    page.wait_for_selector("[data-action=start]", timeout=60000)
    return page.url


def sit(page, url: str, name: str) -> None:
    page.goto(url)
    page.fill("#seat-name", name)
    page.click("[data-action=sit] >> nth=0")
    page.wait_for_function("window.__game.state.you.seat !== null")


def my_turn(page) -> bool:
    return page.evaluate("document.body.dataset.myTurn === 'true'")


def wait_for_mover(*pages, timeout: float = 30.0):
    """The page whose player is to move, once all `pages` show the same turn (right after a
    move, the other pages may not have its diff yet)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if len({page.evaluate(f"{GAME}.turn") for page in pages}) == 1:
            movers = [page for page in pages if my_turn(page)]
            if len(movers) == 1:
                return movers[0]
        time.sleep(0.05)
    raise AssertionError("no page became the one to move")


def click_canvas(page, x: float, y: float) -> None:
    """A click on a laptop, a finger tap on a touch screen."""
    box = page.locator("#board").bounding_box()
    if page.evaluate("navigator.maxTouchPoints > 0"):
        page.touchscreen.tap(box["x"] + x, box["y"] + y)
    else:
        page.mouse.click(box["x"] + x, box["y"] + y)


def choose_cell(page, x: int, y: int, u: float = 0.5, v: float = 0.5) -> None:
    """Choose the square (x, y) by a tap at (u, v) in it. A finger on squares narrower than a
    fingertip only brings them close (issue 20): then it taps again. Returns once the camera
    stands still (it may pan to show the chosen tile's figure targets)."""
    small = page.evaluate("navigator.maxTouchPoints > 0 && window.__game.camera.scale < 44")
    sx, sy = page.evaluate(f"window.__game.screenOf({x}, {y}, {u}, {v})")
    click_canvas(page, sx, sy)
    if small:
        page.wait_for_function("window.__game.camera.scale >= 44")
        assert page.evaluate("window.__game.state.turn.pending") is None
        sx, sy = page.evaluate(f"window.__game.screenOf({x}, {y}, {u}, {v})")
        click_canvas(page, sx, sy)
    page.wait_for_function(f"(p => p?.x === {x} && p?.y === {y})(window.__game.state.turn.pending)")
    settle(page)


def rotate_and_pick(page, rot: int, spot: int) -> None:
    """Turn the chosen tile with R to the rotation `rot`, then pick the figure spot `spot` by
    its number key (-1: no figure)."""
    for _ in range(4):
        if page.evaluate("window.__game.state.turn.pending.rot") == rot:
            break
        page.keyboard.press("r")
    assert page.evaluate("window.__game.state.turn.pending.rot") == rot
    if spot >= 0:
        page.keyboard.press(str(spot + 1))
        page.wait_for_function(f"window.__game.state.turn.spot === {spot}")


def play_turn(page, turn_index: int, shot=None) -> dict:
    """Place the drawn tile through the UI: a cell on the canvas, rotate (button or R) to the
    wanted rotation, a figure target on the canvas when there is one, confirm."""
    legal = page.evaluate("window.__game.legal()")
    turn = page.evaluate(f"{GAME}.turn")
    # prefer a placement with figure spots, so figures get placed too
    choice = next((entry for entry in legal if entry["spots"]), legal[0])
    page.keyboard.press("f")  # fit, so every legal cell is on screen
    choose_cell(page, choice["x"], choice["y"])
    for _ in range(4):
        if page.evaluate("window.__game.state.turn.pending.rot") == choice["rot"]:
            break
        if turn_index % 2:
            page.keyboard.press("r")
        else:
            page.click("[data-action=rotate]")
    assert page.evaluate("window.__game.state.turn.pending.rot") == choice["rot"]
    if choice["spots"]:
        # the chosen tile is brought into view once the tray has grown
        page.wait_for_function("""(() => {
            const [x, y] = window.__game.spotScreen(0);
            const c = document.getElementById('board');
            return x > 0 && y > 0 && x < c.clientWidth && y < c.clientHeight;
        })()""")
        settle(page)
        px, py = page.evaluate("window.__game.spotScreen(0)")
        click_canvas(page, px, py)
        page.wait_for_function("window.__game.state.turn.spot === 0")
    if shot:
        page.screenshot(path=str(shot))
    page.click("[data-action=confirm]")
    page.wait_for_function(f"{GAME}.turn > {turn}")
    return choice


def host_vs_bot(page, base: str, name: str = "Ann", options: dict | None = None,
                bots: int = 1) -> str:
    """A room made over HTTP, opened by its host on `page` (through the personal link), with
    `bots` easy bots in seats 1, 2 ..., started. Returns the room's link."""
    body = json.dumps({"name": name, "options": options or {}}).encode()
    request = urllib.request.Request(base + "/api/rooms", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as resp:
        room = json.load(resp)
    page.goto(base + room["personal_link"])
    for seat in range(1, bots + 1):
        page.click(f"[data-seat='{seat}'] [data-action=add-bot]")
        page.wait_for_function(f"window.__game.state.room.seats[{seat}].bot === 'easy'")
    page.click("[data-action=start]")
    page.wait_for_function("document.body.dataset.mode === 'playing'")
    return base + room["link"]


def settle(page) -> None:
    """Wait until the camera has stopped gliding."""
    page.wait_for_function("!window.__game.moving()")


def axe(page, axe_script) -> list:
    """Serious and critical axe-core violations on the page as it is now."""
    # Evaluated through the browser's debugging protocol, not added as an inline <script>:
    # the pages' Content-Security-Policy refuses inline scripts, as it should.
    page.evaluate(axe_script.read_text() + "\n;0")
    found = page.evaluate("""axe.run(document, {resultTypes: ['violations']}).then(r => r.violations
        .filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => ({id: v.id, impact: v.impact,
                    nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})))""")
    return found


def choose(page) -> tuple[dict, int]:
    """The placement to play and the index of its figure spot (-1: none): one that earns the
    builder's bonus tile if there is one (the engine, from the page's public state, says
    which), else one with a spot of the expansions' figures, a builder first."""
    game = page.evaluate(GAME)
    legal = page.evaluate("window.__game.legal()")
    players = [{"name": p["name"], "color": p["color"]} for p in game["players"]]
    base = from_log({"format": LOG_FORMAT, "options": game["options"], "players": players,
                     "turns": game["turns"]})
    if not game.get("bonus_turn"):
        for entry in legal:
            after = base.copy()
            after.play(Move(entry["x"], entry["y"], entry["rot"]), tile=game["drawn_tile"])
            if not after.finished and after.current_player == game["current_player"]:
                return entry, -1
    for kind in PREFERRED:
        for entry in legal:
            for i, spot in enumerate(entry["spots"]):
                # the keys 1-9 pick the first nine spots
                if i < 9 and spot["kind"] == kind and spot["feature"] in ("road", "city"):
                    return entry, i
    return legal[0], -1
