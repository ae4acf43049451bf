"""The River in real browsers: two players (a laptop and a phone) play a whole River game. At
every River turn the placements the page offers are checked against the rules of RIVER.md,
applied here in the test (the client applies none): only at the river's open end, edges
matching, and never a U-turn; at a turn where a curve could make one, the UI never offers it."""

from __future__ import annotations

import json
import urllib.request

import pytest
from room_page import GAME, choose_cell, click_canvas, open_home, settle, sit, wait_for_mover
from test_access import axe

pytestmark = pytest.mark.e2e

SIDES = "NESW"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
FACING = {"N": "S", "E": "W", "S": "N", "W": "E"}


# -- RIVER.md, rules 3 and 4, written out here so the client is checked, not trusted -------


def edge(tile: dict, rot: int, side: str) -> str:
    """The edge a tile turned clockwise by `rot` shows on `side` (TILES.md)."""
    return tile["edges"][(SIDES.index(side) - rot // 90) % 4]


def bend(entry: str, exit_: str | None) -> int:
    """Which way the river turns on a tile it enters at side `entry` and leaves at `exit_`,
    seen in the direction it flows: 1 right, -1 left, 0 straight (or no way out: the lake)."""
    if exit_ is None:
        return 0
    ex, ey = STEP[entry]
    ox, oy = STEP[exit_]
    return (-ex) * oy - (-ey) * ox  # the flow comes in against `entry`'s outward step


def river_rotations(catalog: dict, board: list[dict], cell: tuple[int, int], tile: str):
    """The rotations of River tile `tile` at the open cell that RIVER.md allows, and those that
    would fit but make a U-turn."""
    placed = {(b["x"], b["y"]): b for b in board}
    x, y = cell
    near = {s: placed.get((x + STEP[s][0], y + STEP[s][1])) for s in SIDES}
    # the tile before it on the river: the neighbour whose river edge faces this cell
    back = next(s for s, b in near.items()
                if b and edge(catalog[b["tile"]], b["rot"], FACING[s]) == "V")
    before = near[back]
    before_def = catalog[before["tile"]]
    before_in = [s for s in SIDES if s != FACING[back]
                 and edge(before_def, before["rot"], s) == "V"]
    before_turn = bend(before_in[0], FACING[back]) if before_in else 0
    allowed, uturns = [], []
    for rot in (0, 90, 180, 270):
        if edge(catalog[tile], rot, back) != "V":
            continue  # a river edge must touch the open end
        if any(b and edge(catalog[tile], rot, s) != edge(catalog[b["tile"]], b["rot"], FACING[s])
               for s, b in near.items()):
            continue  # every touching edge matches
        out = [s for s in SIDES if s != back and edge(catalog[tile], rot, s) == "V"]
        turn = bend(back, out[0] if out else None)
        (uturns if turn and turn == before_turn else allowed).append(rot)
    return allowed, uturns


def test_river_rules_as_written_here():
    """The test's own reading of RIVER.md, on its worked example 5 (a U-turn)."""
    catalog = json.loads(json.dumps({
        "R01": {"edges": "FVFF"}, "R10": {"edges": "FFVV"}, "R11": {"edges": "FFVV"}}))
    board = [{"x": 0, "y": 0, "tile": "R01", "rot": 0}, {"x": 1, "y": 0, "tile": "R10", "rot": 0}]
    allowed, uturns = river_rotations(catalog, board, (1, 1), "R11")
    assert uturns == [90] and allowed == [180]  # "rot 90 ... illegal; rot 180 turns left: legal"
    assert river_rotations(catalog, board[:1], (1, 0), "R10") == ([0, 90], [])


# -- the browser side -------------------------------------------------------------------------


def offered_rotations(page, x: int, y: int) -> list[int]:
    """Every rotation the page lets the player choose at (x, y): the square is chosen, then
    turned (a tap in its middle on a phone, R on a laptop) until a rotation comes round again."""
    touch = page.evaluate("navigator.maxTouchPoints > 0")
    page.keyboard.press("f")
    choose_cell(page, x, y)  # (on a phone, a first tap on small squares only zooms in)
    seen = [page.evaluate("window.__game.state.turn.pending.rot")]
    for _ in range(4):
        if touch:
            settle(page)  # the view may pan to show the tile's figure targets: read again
            sx, sy = page.evaluate(f"window.__game.screenOf({x}, {y})")
            click_canvas(page, sx, sy)
        else:
            page.keyboard.press("r")
        # (the tap or key is handled before it returns: a tile that fits one way only stays)
        rot = page.evaluate("window.__game.state.turn.pending.rot")
        if rot == seen[0]:
            break
        seen.append(rot)
    return sorted(seen)


def play_river_turn(page, catalog: dict, uturns_seen: list, artifacts) -> None:
    """Check what the page offers against RIVER.md, then place the tile (with a figure when
    one can go on it)."""
    g = page.evaluate(f"({{board: {GAME}.board, open: {GAME}.river.open, tile: {GAME}.drawn_tile,"
                      f" turn: {GAME}.turn}})")
    cell = (g["open"]["x"], g["open"]["y"])
    allowed, uturns = river_rotations(catalog, g["board"], cell, g["tile"])
    legal = page.evaluate("window.__game.legal()")
    assert {(p["x"], p["y"]) for p in legal} == {cell}, "a River tile goes to the open end only"
    assert sorted(p["rot"] for p in legal) == allowed, (g["tile"], legal, allowed, uturns)
    offered = offered_rotations(page, *cell)
    assert offered == allowed, f"the UI offers {offered}, RIVER.md allows {allowed}"
    if uturns:
        assert not set(offered) & set(uturns)
        uturns_seen.append((g["tile"], cell, uturns))
        page.screenshot(path=str(artifacts / "river-no-u-turn.png"))
    rot = allowed[0]
    for _ in range(4):
        if page.evaluate("window.__game.state.turn.pending.rot") == rot:
            break
        page.click("[data-action=rotate]")
    spots = next(p["spots"] for p in legal if p["rot"] == rot)
    if spots:
        page.click("[data-spot='0']")
        page.wait_for_function("window.__game.state.turn.spot === 0")
    page.click("[data-action=confirm]")
    page.wait_for_function(f"{GAME}.turn > {g['turn']}")


def play_land_turn(page) -> None:
    """A land turn with the keyboard alone: an arrow picks a square, Enter confirms."""
    turn = page.evaluate(f"{GAME}.turn")
    page.locator("#board").focus()  # (Enter on a focused button would press that button)
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
        page.keyboard.press(key)
        if page.evaluate("window.__game.state.turn.pending !== null"):
            break
    page.keyboard.press("Enter")
    page.wait_for_function(f"{GAME}.turn > {turn}")


def river_left(page, catalog: dict) -> bool:
    """A River tile is to be placed now (the River's phase of the game)."""
    tile = page.evaluate(f"{GAME}.drawn_tile")
    return bool(tile) and catalog[tile]["count"].get("river", 0) > 0


def test_a_whole_river_game_between_a_laptop_and_a_phone(fast_server, new_page, artifacts,
                                                          axe_script):
    base = fast_server.url
    host = new_page()
    open_home(host, base)
    host.fill("#name", "Ann")
    host.check("input[name=river]")  # the create form turns The River on
    host.click("text=Create a room")
    host.wait_for_url("**/r/**")
    host.wait_for_selector("[data-action=start]")
    assert host.evaluate("window.__game.state.room.options.river") is True
    assert host.locator("[data-option=river]").is_checked()
    url = host.url
    guest = new_page(375, 812, touch=True)
    sit(guest, url, "Bo")
    assert "with The River" in guest.locator(".options-summary").text_content()
    host.wait_for_function("document.querySelectorAll('.seat:not(.free)').length === 2")
    with urllib.request.urlopen(base + "/api/tiles") as resp:
        catalog = json.load(resp)

    uturns_seen: list = []
    for game in range(6):
        host.click("[data-action=start]")
        for page in (host, guest):
            page.wait_for_function(f"document.body.dataset.mode === 'playing' && {GAME}.turn === 0")
        assert host.evaluate(f"{GAME}.board[0].tile") == "R01"  # the spring is the start tile
        bag = host.evaluate(f"Object.keys({GAME}.bag)")
        assert all(t.startswith("R") for t in bag[:bag.index("A")])
        host.click("[data-tab=bag]")  # the tiles left: the River's first
        groups = host.locator("#bag .bag-group").all_text_contents()
        assert groups[0].startswith("The River"), groups
        first = host.locator("#bag .bag-item").first.get_attribute("data-tile")
        assert first.startswith("R"), first
        host.click("[data-tab=log]")
        while river_left(host, catalog):
            mover = wait_for_mover(host, guest)
            if not river_left(mover, catalog):
                break
            # everyone sees where the river goes on
            open_ = mover.evaluate(f"{GAME}.river.open")
            for page in (host, guest):
                page.wait_for_function(f"(o => o?.x === {open_['x']} && o?.y === {open_['y']})"
                                       "(window.__game.scene.riverOpen)")
            if game == 0 and mover.evaluate(f"{GAME}.turn") == 2:
                check_the_inspector_on_the_river(host, guest, artifacts)
                host.click("[data-tab=bag]")
                host.screenshot(path=str(artifacts / "river-game.png"))
                guest.screenshot(path=str(artifacts / "river-game-phone.png"))
                assert not axe(host, axe_script), axe(host, axe_script)
                host.click("[data-tab=log]")
            play_river_turn(mover, catalog, uturns_seen, artifacts)
        # the lake closed the river (or it was discarded and no River tile is left): no mark
        for page in (host, guest):
            page.wait_for_function("window.__game.scene.riverOpen === null")
        if uturns_seen:
            break
        # no curve could turn back this time: another River game, until one can
        host.click("[data-action=end-game]")
        host.wait_for_selector(".results .breakdown")
        host.click(".results [data-action=rematch]")
        host.wait_for_selector("#lobby:not([hidden]) [data-action=start]")
    assert uturns_seen, "six River games without a curve that could turn back"

    # the land tiles, to the end of the game, with the keyboard
    while not host.evaluate(f"{GAME}.finished"):
        mover = wait_for_mover(host, guest)
        play_land_turn(mover)
    for page in (host, guest):
        page.wait_for_selector(".results .breakdown")
    game_id = host.evaluate(f"{GAME}.id")
    host.goto(f"{base}/games/{game_id}")
    host.wait_for_function("document.body.dataset.step !== undefined")
    assert "with The River" in host.locator("[data-options]").text_content()
    host.keyboard.press("Home")
    host.wait_for_function("document.body.dataset.step === '0'")
    assert "spring" in host.locator("#banner").text_content()
    host.screenshot(path=str(artifacts / "river-replay.png"))
    host.goto(base + "/")
    entry = host.locator(f"#archive [data-game='{game_id}']")
    entry.wait_for()
    assert "The River" in entry.text_content()


def check_the_inspector_on_the_river(host, guest, artifacts) -> None:
    """The river is no feature: pointed at on the spring, it shows the one field that goes
    round the spring (both banks), as the server's features have it."""
    features = host.evaluate("window.__game.features()")
    assert all(f["kind"] != "river" for f in features)
    round_spring = next(f for f in features if f["kind"] == "field"
                        and any(p["x"] == 0 and p["y"] == 0 for p in f["parts"]))
    host.keyboard.press("f")
    box = host.locator("#board").bounding_box()
    sx, sy = host.evaluate("window.__game.screenOf(0, 0, 0.92, 0.5)")  # the river leaving it
    host.mouse.move(box["x"] + sx, box["y"] + sy)
    host.wait_for_function("!document.getElementById('inspector').hidden")
    text = host.locator("#inspector").text_content()
    assert "River" in text and "not a feature" in text, text
    assert host.locator("#inspector .insp-bank").count() == 1
    traced = host.evaluate("window.__game.scene.trace")
    assert sorted((p["x"], p["y"]) for p in traced) == sorted(
        (p["x"], p["y"]) for p in round_spring["parts"])
    assert host.evaluate("window.__game.scene.trace2") == []
    host.screenshot(path=str(artifacts / "river-inspector.png"))
    host.mouse.move(box["x"] + 2, box["y"] + 2)
    host.wait_for_function("document.getElementById('inspector').hidden")
    # on the phone, a tap on the river shows the same
    guest.keyboard.press("f")
    sx, sy = guest.evaluate("window.__game.screenOf(0, 0, 0.92, 0.5)")
    click_canvas(guest, sx, sy)
    guest.wait_for_function("!document.getElementById('inspector').hidden")
    assert "not a feature" in guest.locator("#inspector").text_content()
    guest.screenshot(path=str(artifacts / "river-inspector-phone.png"))
    guest.click("#inspector-close")
