"""Both expansions in a real browser: the lobby's boxes, a game against an easy bot with the
large follower, the builder and its double turn ("Builder: place another tile"), each player's
goods in the player panel."""

from __future__ import annotations

import pytest
from room_page import GAME, choose, click_canvas, open_home, rotate_and_pick, settle

pytestmark = pytest.mark.e2e


def place(page, entry: dict, spot: int) -> None:
    """Place the drawn tile through the UI: its cell on the canvas, the rotation, the figure
    spot on the canvas (or none), confirm."""
    turn = page.evaluate(f"{GAME}.turn")
    page.keyboard.press("f")
    settle(page)
    sx, sy = page.evaluate(f"window.__game.screenOf({entry['x']}, {entry['y']})")
    click_canvas(page, sx, sy)
    page.wait_for_function("window.__game.state.turn.pending !== null")
    rotate_and_pick(page, entry["rot"], spot)
    page.click("[data-action=confirm]")
    page.wait_for_function(f"{GAME}.turn > {turn} || {GAME}.finished")


def test_a_game_with_both_expansions_against_a_bot(fast_server, new_page, artifacts):
    host = new_page()
    open_home(host, fast_server.url)
    host.check("input[name=inns_cathedrals]")
    host.check("input[name=traders_builders]")
    host.fill("#name", "Ann")
    host.click("text=Create a room")
    host.wait_for_url("**/r/**")
    host.wait_for_selector("[data-action=start]")
    for key in ("inns_cathedrals", "traders_builders"):
        assert host.is_checked(f"[data-option={key}]")
    assert host.locator("#opt-seats option").count() == 5  # 2 to 6 seats
    host.screenshot(path=str(artifacts / "lobby-expansions.png"))
    host.click("[data-seat='1'] [data-action=add-bot]")
    host.wait_for_function("window.__game.state.room.seats[1].bot === 'easy'")
    host.click("[data-action=start]")
    host.wait_for_function("document.body.dataset.mode === 'playing'")
    me = host.evaluate(f"{GAME}.seats.indexOf(0)")
    panel = host.locator(f"[data-player='{me}']")
    for kind in ("large", "builder", "pig"):
        assert panel.locator(f"[data-figure={kind}]").get_attribute("data-in-hand") == "1"
    assert panel.locator(".goods").get_attribute("aria-label") == (
        "Goods: 0 wine, 0 grain, 0 cloth")

    bonus_seen = False
    while not bonus_seen and not host.evaluate(f"{GAME}.finished"):
        host.wait_for_function(f"document.body.dataset.myTurn === 'true' || {GAME}.finished",
                               timeout=30000)
        if host.evaluate(f"{GAME}.finished"):
            break
        if host.evaluate(f"{GAME}.bonus_turn === true"):
            bonus_seen = True
            assert "Builder: place another tile" in host.locator("#banner").inner_text()
            assert host.locator("p.bonus-turn").inner_text() == "Builder: place another tile"
            host.screenshot(path=str(artifacts / "game-bonus-turn.png"))
        entry, spot = choose(host)
        place(host, entry, spot)
    assert bonus_seen, "the builder earned no double turn in the whole game"
    game = host.evaluate(GAME)
    mine = [t for t in game["turns"] if t.get("meeple") and t["player"] == me]
    assert {"builder"} <= {t["meeple"]["kind"] for t in mine}
    goods = game["players"][me]["goods"]
    words = ", ".join(f"{goods[k]} {k}" for k in ("wine", "grain", "cloth"))
    assert panel.locator(".goods").get_attribute("aria-label") == f"Goods: {words}"
    # Ended on the host's own turn, so no bot move makes the end's `turn` stale.
    host.wait_for_function("document.body.dataset.myTurn === 'true'", timeout=30000)
    host.click("[data-action=end-game]")
    host.wait_for_function(f"{GAME}.finished")
    host.wait_for_selector("table.breakdown th[title=goods]")  # the results count the goods
    host.screenshot(path=str(artifacts / "game-expansions-end.png"))
