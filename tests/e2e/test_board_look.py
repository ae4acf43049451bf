"""Issue 20 item 9: a late board reads on a phone (375x812, touch, one device pixel per CSS
pixel: the hardest case). Measured on the board's canvas (tests/e2e/look.js): roads, city
walls, monasteries and gardens stand out from the snow at 30 px a tile, and every figure
carries its colour's emblem; the panels' colour chips carry it too. Screenshots of the late
board at "fit", at 30 px a tile and around a figure at 96 px go to tests/artifacts/
(look-*-phone.png), the measures to look-phone.json."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest
from room_page import GAME, play_turn, settle

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 812, "touch": True, "device_scale_factor": 1}
MINE = "document.body.dataset.myTurn === 'true'"
LOOK = (Path(__file__).parent / "look.js").read_text()
# WCAG's least contrast for the parts of a picture one must see (non-text contrast, 1.4.11)
NON_TEXT = 3.0
# the monastery and garden tiles on the board without a figure on them, as [x, y] by kind
FREE_CENTRES = """() => {
  const g = window.__game;
  const occupied = new Set(g.state.game.figures.map((f) => `${f.x},${f.y}`));
  const out = { monastery: [], garden: [] };
  for (const p of g.state.game.board) {
    const def = g.scene.catalog[p.tile];
    if (def && def.centre && !occupied.has(`${p.x},${p.y}`)) out[def.centre].push([p.x, p.y]);
  }
  return out;
}"""


def drawn(page) -> None:
    """Wait until the camera stands still and no frame is pending: the canvas shows it all."""
    settle(page)
    page.wait_for_function("!window.__game.drawing()")


def zoom_to(page, scale: float, x: float, y: float) -> None:
    """Put the camera on board point (x, y) at `scale` CSS px a tile, through the page's own
    zoom button (it zooms by 1.25 about the middle of the canvas)."""
    page.evaluate(f"Object.assign(window.__game.camera, {{x: {x}, y: {y}, scale: {scale / 1.25}}})")
    page.click("#zoom-in")
    drawn(page)
    assert abs(page.evaluate("window.__game.camera.scale") - scale) < 1e-6


def test_a_late_board_reads_on_a_phone(fast_server, new_page, artifacts):
    page = new_page(**PHONE)
    body = json.dumps({"name": "Ann", "options": {}}).encode()
    request = urllib.request.Request(fast_server.url + "/api/rooms", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as resp:
        room = json.load(resp)
    page.goto(fast_server.url + room["personal_link"])
    for seat in (1, 2, 3, 4):
        page.click(f"[data-seat='{seat}'] [data-action=add-bot]")
        page.wait_for_function(f"window.__game.state.room.seats[{seat}].bot === 'easy'")
    # the lobby's seats carry each colour's emblem
    chips = page.evaluate("""[...document.querySelectorAll('.seat .chip:not(.empty)')].map((c) =>
        getComputedStyle(c, '::after').clipPath)""")
    page.locator("#lobby-panel").screenshot(path=str(artifacts / "look-lobby-phone.png"))
    page.click("[data-action=start]")
    page.wait_for_function("document.body.dataset.mode === 'playing'")
    for i in range(13):  # five players: turn 60 or so
        page.wait_for_function(MINE)
        play_turn(page, i)
    # the measure needs a monastery and a garden with no figure on them: play on until the
    # board has both (a few turns at most; the game has 84 tiles)
    for i in range(13, 16):
        free = page.evaluate(FREE_CENTRES)
        if free["monastery"] and free["garden"]:
            break
        page.wait_for_function(MINE)
        play_turn(page, i)
    page.wait_for_function(MINE)
    drawn(page)
    page.click("#fit")
    drawn(page)
    page.screenshot(path=str(artifacts / "look-late-fit-phone.png"))
    fit_scale = page.evaluate("window.__game.camera.scale")

    board = page.evaluate(f"{GAME}.board")
    xs = [p["x"] for p in board]
    ys = [p["y"] for p in board]
    zoom_to(page, 30, (min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2)
    page.screenshot(path=str(artifacts / "look-late-30px-phone.png"))
    look = page.evaluate(LOOK, {"kind": "board"})
    # a late board is wider than a phone at 30 px a tile: bring every free monastery and
    # garden the first view missed into view in turn, at the same zoom
    measured = {m["cell"] for m in look["monasteries"] + look["gardens"]}
    for x, y in [c for cells in page.evaluate(FREE_CENTRES).values() for c in cells]:
        if f"{x},{y}" in measured:
            continue
        zoom_to(page, 30, x + 0.5, y + 0.5)
        seen = page.evaluate(LOOK, {"kind": "board"})
        for kind in ("monasteries", "gardens"):
            look[kind] += [m for m in seen[kind] if m["cell"] == f"{x},{y}"]
    report = {"turn": page.evaluate(f"{GAME}.turn"), "fit_scale": fit_scale, **look,
              "lobby_chips": chips}
    (artifacts / "look-phone.json").write_text(json.dumps(report, indent=1))

    figures = []
    for index, fig in enumerate(page.evaluate(f"{GAME}.figures")):
        zoom_to(page, 96, fig["x"] + 0.5, fig["y"] + 0.5)
        figures.append({**fig, **page.evaluate(LOOK, {"kind": "figure", "index": index})})
    page.screenshot(path=str(artifacts / "look-figure-96px-phone.png"))
    emblems = {f["color"]: f["emblem"] for f in figures}
    players = page.evaluate("""[...document.querySelectorAll('[data-player] .chip')].map((c) =>
        getComputedStyle(c, '::after').clipPath)""")
    for panel in ("players", "track-panel"):
        page.locator(f"#{panel}").scroll_into_view_if_needed()
        page.locator(f"#{panel}").screenshot(path=str(artifacts / f"look-{panel}-phone.png"))

    report.update(figures=figures, player_chips=players)
    (artifacts / "look-phone.json").write_text(json.dumps(report, indent=1))

    assert len(look["roads"]) >= 10 and len(look["walls"]) >= 3, look
    assert all(m["ratio"] >= NON_TEXT for m in look["roads"]), look["roads"]
    assert all(m["ratio"] >= NON_TEXT for m in look["walls"]), look["walls"]
    # a monastery, a garden: at least a third of it stands out from the snow
    assert look["monasteries"] and all(m["share"] >= 1 / 3 for m in look["monasteries"]), look
    assert look["gardens"] and all(m["share"] >= 1 / 3 for m in look["gardens"]), look
    # every figure carries its colour's emblem (figures of at least three colours are left
    # on a late board: the farmers stay), each colour its own
    assert len(figures) >= 8 and len(set(emblems)) >= 3, emblems
    assert len(set(emblems.values())) == len(emblems), emblems
    for f in figures:
        assert f["inside"] >= 8 and f["share"] >= 0.9, f
    # so do the colour chips of the lobby and of the players panel
    assert len(chips) == 5 and len(set(chips)) == 5 and "none" not in chips, chips
    assert len(players) == 5 and set(players) == set(chips), players
