"""What the table knows (issue 25) in real browsers, on a laptop and on a phone: the board
overlay (a button and the A key) crosses out dead squares and counts the tiles left that fit
each open square, as the server's analysis says; the inspector of an unfinished feature says
its open squares, the tiles that would close it and each player's chance; the results say who
looked. With no hints, none of it is offered."""

from __future__ import annotations

import pytest
from room_page import GAME, click_canvas, host_vs_bot, play_turn, settle

pytestmark = pytest.mark.e2e

MINE = "document.body.dataset.myTurn === 'true'"
READY = f"{MINE} && window.__game.legal().length > 0"
SIZES = {"laptop": {"width": 1280, "height": 800},
         "phone": {"width": 375, "height": 812, "touch": True}}


def marks_of(analysis: dict) -> dict:
    """The marks the overlay must draw for an analysis (PROTOCOL.md)."""
    return {"dead": [{"x": x, "y": y} for x, y in analysis["dead"]],
            "fits": [{"x": q["x"], "y": q["y"], "count": q["count"]}
                     for q in analysis["squares"] if q["count"] > 0]}


@pytest.mark.parametrize("size", SIZES)
def test_the_overlay_and_the_inspector_say_what_the_table_knows(fast_server, new_page, artifacts,
                                                               size):
    page = new_page(**SIZES[size])
    host_vs_bot(page, fast_server.url, options={"hints": "request"})
    for i in range(3):
        page.wait_for_function(READY)
        play_turn(page, i)
    page.wait_for_function(READY)
    button = page.locator("#table-view")
    assert button.is_visible()
    assert button.get_attribute("aria-pressed") == "false"
    assert page.evaluate("window.__game.table().marks") is None
    if size == "phone":
        button.tap()
    else:
        page.keyboard.press("a")
    page.wait_for_function("window.__game.table().marks !== null")
    assert button.get_attribute("aria-pressed") == "true"
    table = page.evaluate("window.__game.table()")
    analysis = table["analysis"]
    assert analysis["turn"] == page.evaluate(f"{GAME}.turn")
    assert table["marks"] == marks_of(analysis)
    assert table["marks"]["fits"], "a board after three turns has open squares that fit tiles"
    page.keyboard.press("f")
    settle(page)
    page.screenshot(path=str(artifacts / f"table-view-{size}.png"))

    # the inspector of an unfinished feature that the analysis has: its outlook in words
    features = page.evaluate("window.__game.features()")
    ids = {f["id"] for f in analysis["features"]}
    feature = next(f for f in features if f["id"] in ids and f["kind"] in ("road", "city"))
    outlook = next(f for f in analysis["features"] if f["id"] == feature["id"])
    part = feature["parts"][0]
    px, py = page.evaluate(f"window.__game.pointOf({part['x']}, {part['y']}, '{part['slots'][0]}')")
    if size == "phone":
        click_canvas(page, px, py)
    else:
        box = page.locator("#board").bounding_box()
        page.mouse.move(box["x"] + px, box["y"] + py)
    page.wait_for_function("document.querySelector('#inspector .insp-outlook') !== null")
    said = page.locator("#inspector .insp-outlook").text_content()
    squares = len(outlook["squares"])
    assert f"{squares} open square{'s' if squares != 1 else ''}" in said, said
    if outlook["closable"]:
        assert "Chance to complete it" in said and "Ann" in said, said
    else:
        assert "can no longer be completed" in said, said
    page.screenshot(path=str(artifacts / f"table-inspector-{size}.png"))

    # the next turn's analysis comes by itself while the overlay is on
    turn = page.evaluate(f"{GAME}.turn")
    if size == "laptop":
        page.mouse.move(2, 2)
    page.evaluate("document.getElementById('inspector-close').click()")
    play_turn(page, 3)
    page.wait_for_function(f"{READY} && {GAME}.turn > {turn}")
    page.wait_for_function(f"window.__game.table().analysis?.turn === {GAME}.turn")
    table = page.evaluate("window.__game.table()")
    assert table["marks"] == marks_of(table["analysis"])
    # and it goes away with the key
    page.keyboard.press("a")
    page.wait_for_function("window.__game.table().marks === null")

    # counted like hints: the results say who looked
    page.click("[data-action=end-game]")
    page.wait_for_selector(".results .table-use")
    said = page.locator(".results .table-use").text_content()
    assert "Ann looked at what the table knows" in said, said
    assert page.locator("#table-view").is_hidden()


def test_no_hints_no_overlay(fast_server, new_page):
    page = new_page()
    host_vs_bot(page, fast_server.url)
    page.wait_for_function(READY)
    assert page.locator("#table-view").is_hidden()
    page.keyboard.press("a")
    play_turn(page, 0)
    page.wait_for_function(READY)
    table = page.evaluate("window.__game.table()")
    assert table == {"shown": False, "marks": None, "analysis": None}
