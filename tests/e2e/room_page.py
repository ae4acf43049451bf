"""What the browser tests do in a room page: create a room, sit, play a turn through the UI."""

from __future__ import annotations

import json
import time
import urllib.request

GAME = "window.__game.state.game"


def create_room(page, base: str, name: str) -> str:
    page.goto(base + "/")
    page.fill("#name", name)
    page.click("text=Create a room")
    page.wait_for_url("**/r/**")
    page.wait_for_selector("[data-action=start]")
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


def play_turn(page, turn_index: int, shot=None) -> dict:
    """Place the drawn tile through the UI: a cell on the canvas, rotate (button or R) to the
    wanted rotation, a figure target on the canvas when there is one, confirm."""
    legal = page.evaluate("window.__game.legal()")
    turn = page.evaluate(f"{GAME}.turn")
    # prefer a placement with figure spots, so figures get placed too
    choice = next((entry for entry in legal if entry["spots"]), legal[0])
    page.keyboard.press("f")  # fit, so every legal cell is on screen
    sx, sy = page.evaluate(f"window.__game.screenOf({choice['x']}, {choice['y']})")
    click_canvas(page, sx, sy)
    page.wait_for_function("window.__game.state.turn.pending !== null")
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
        px, py = page.evaluate("window.__game.spotScreen(0)")
        click_canvas(page, px, py)
        page.wait_for_function("window.__game.state.turn.spot === 0")
    if shot:
        page.screenshot(path=str(shot))
    page.click("[data-action=confirm]")
    page.wait_for_function(f"{GAME}.turn > {turn}")
    return choice


def host_vs_bot(page, base: str, name: str = "Ann", options: dict | None = None) -> str:
    """A room made over HTTP, opened by its host on `page` (through the personal link), with an
    easy bot in seat 1, started. Returns the room's link."""
    body = json.dumps({"name": name, "options": options or {}}).encode()
    request = urllib.request.Request(base + "/api/rooms", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as resp:
        room = json.load(resp)
    page.goto(base + room["personal_link"])
    page.click("[data-seat='1'] [data-action=add-bot]")
    page.wait_for_function("window.__game.state.room.seats[1].bot === 'easy'")
    page.click("[data-action=start]")
    page.wait_for_function("document.body.dataset.mode === 'playing'")
    return base + room["link"]


def settle(page) -> None:
    """Wait until the camera has stopped gliding."""
    page.wait_for_function("!window.__game.moving()")
