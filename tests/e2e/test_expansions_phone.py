"""Both expansions played through on a phone (375x812, touch) against a bot, reading
`window.__game`: the briefing says what the expansions change, the tiles left are grouped by
box, the inspector of a city with goods says who gets them, the builder's double turn is said
in the banner, the tray, the live region and the turn log, the results and the log word the
goods majorities, and My games lists each player's goods. The rules and the Learn mode have a
part for each expansion."""

from __future__ import annotations

import pytest
from room_page import GAME, choose, choose_cell, click_canvas, host_vs_bot, rotate_and_pick, settle

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 812, "touch": True}
BOTH = {"inns_cathedrals": True, "traders_builders": True}
MINE = f"document.body.dataset.myTurn === 'true' || {GAME}.finished"
KINDS = ("wine", "grain", "cloth")


def place_by_finger(page, entry: dict, spot: int) -> None:
    """Place the drawn tile as a finger does: a tap on its square (twice where squares are
    small), R to turn it, the spot's number key, the Confirm button."""
    turn = page.evaluate(f"{GAME}.turn")
    page.keyboard.press("f")  # the whole board in sight: the square may lie off screen
    settle(page)
    choose_cell(page, entry["x"], entry["y"])
    rotate_and_pick(page, entry["rot"], spot)
    # Confirm in sight on the phone: read in the page in one go (the tray is drawn again once
    # the spot is chosen, so a button found a moment before may be gone)
    page.wait_for_function("""(() => {
        const b = document.querySelector('[data-action=confirm]');
        const r = b && b.getBoundingClientRect();
        return !!r && r.height > 0 && r.top >= 0 && r.bottom <= 812;
    })()""")
    page.locator("[data-action=confirm]").tap()
    page.wait_for_function(f"{GAME}.turn > {turn} || {GAME}.finished")


def open_goods_city(page) -> dict | None:
    """An unfinished city with goods on the board, from the page's own features, or None."""
    features = page.evaluate("window.__game.features()")
    for f in features:
        if f["kind"] == "city" and not f["complete"] and any(f.get("goods", {}).values()):
            return f
    return None


def goods_words(goods: dict) -> str:
    """The goods as the page words them (the kinds held, in wine, grain, cloth order)."""
    held = [f"{goods[k]} {k}" for k in KINDS if goods.get(k)]
    return held[0] if len(held) == 1 else ", ".join(held[:-1]) + " and " + held[-1]


def test_both_expansions_on_a_phone(fast_server, new_page, artifacts):
    page = new_page(**PHONE)
    host_vs_bot(page, fast_server.url, options=BOTH)
    page.wait_for_function("document.body.dataset.mode === 'playing'")
    briefing = page.locator("#briefing")
    briefing.wait_for(state="visible")
    text = briefing.inner_text()
    assert "large follower, which counts as two" in text, text
    assert "whoever completes a city takes its goods" in text and "your pig" in text, text
    page.screenshot(path=str(artifacts / "expansions-phone-briefing.png"))
    page.click("[data-action=dismiss-briefing]")

    page.click("[data-tab=bag]")
    groups = page.locator("#bag .bag-group").all_text_contents()
    assert groups == ["The land tiles", "Inns & Cathedrals", "Traders & Builders"], groups
    first_t = page.locator("#bag .bag-group[data-group=traders_builders] ~ .bag-item").first
    assert first_t.get_attribute("data-tile").startswith("T")
    page.locator("#bag").screenshot(path=str(artifacts / "expansions-phone-bag.png"))
    page.click("[data-tab=log]")

    bonus_seen = inspected = False
    while not page.evaluate(f"{GAME}.finished"):
        page.wait_for_function(MINE, timeout=30000)
        if page.evaluate(f"{GAME}.finished"):
            break
        game = page.evaluate(GAME)
        held = any(any(p["goods"].values()) for p in game["players"])
        if bonus_seen and inspected and held:
            break
        if game.get("bonus_turn"):
            bonus_seen = True
            assert "Builder: place another tile" in page.locator("#banner").inner_text()
            cut = page.evaluate("[...document.querySelectorAll('#banner .banner-who, #banner "
                                ".bonus-turn')].map((e) => e.scrollWidth > e.clientWidth + 1)")
            assert cut == [False, False], cut  # neither whose turn nor the builder's line is cut
            line = page.locator("p.bonus-turn")
            assert line.inner_text() == "Builder: place another tile"
            assert line.locator("img").count() == 1  # the builder in the player's colour
            said = page.locator("#announcer").text_content()
            assert said.startswith("Builder: place another tile. Your turn."), said
            page.screenshot(path=str(artifacts / "expansions-phone-bonus.png"))
        city = None if inspected else open_goods_city(page)
        if city:
            page.keyboard.press("f")
            settle(page)
            part = city["parts"][0]
            at = f"{part['x']}, {part['y']}, '{part['slots'][0]}'"
            sx, sy = page.evaluate(f"window.__game.pointOf({at})")
            click_canvas(page, sx, sy)
            page.locator("#inspector").wait_for(state="visible")
            words = page.locator("#inspector-body").inner_text()
            goods = goods_words(city["goods"])
            assert f"Goods: {goods}, for whoever places the tile that completes the city, " \
                   "knight there or not" in words, words
            page.screenshot(path=str(artifacts / "expansions-phone-inspector.png"))
            page.locator("#inspector-close").tap()
            page.locator("#inspector").wait_for(state="hidden")
            inspected = True
        entry, spot = choose(page)
        place_by_finger(page, entry, spot)
    assert bonus_seen, "the builder earned no double turn"
    assert inspected, "no unfinished city with goods was ever on the board"

    # the log marks the bonus tile: its player placed the tile before it too
    turns = page.evaluate(f"{GAME}.turns")
    placed = [(i, t["player"]) for i, t in enumerate(turns) if not t.get("discarded")]
    bonus = [i for (i, p), (_, q) in zip(placed[1:], placed[:-1], strict=True) if p == q]
    marked = page.locator("#log li[data-bonus-turn=true]").evaluate_all(
        "els => els.map((el) => Number(el.dataset.turn) - 1)")
    assert bonus and marked == bonus, (marked, bonus)
    first = page.locator("#log li[data-bonus-turn=true]").first.text_content()
    assert "(the builder's bonus tile)" in first, first

    page.wait_for_function("document.body.dataset.myTurn === 'true'", timeout=30000)
    page.click("[data-action=end-game]")
    page.wait_for_function(f"{GAME}.finished")
    page.wait_for_selector("table.breakdown th[title=goods]")
    page.screenshot(path=str(artifacts / "expansions-phone-results.png"))
    game = page.evaluate(GAME)
    majorities = [e for e in game["events"] if e["feature"] == "goods" and e.get("final")]
    assert majorities, game["events"][-5:]
    log = page.locator("#log").inner_text()
    for e in majorities:
        assert f"Most {e['good']} ({e['tokens']}):" in log, log[-600:]
    goods = {p["name"]: p["goods"] for p in game["players"]}

    page.goto(fast_server.url + "/")
    row = page.locator("li.my-game").first
    row.wait_for()
    said = row.locator(".mg-goods").all_text_contents()
    expected = [f" · {goods_words(g)}" for g in goods.values() if any(g.values())]
    assert said == expected, (said, goods)
    page.locator("#my-games").screenshot(path=str(artifacts / "expansions-phone-mygames.png"))


def test_the_rules_and_learn_mode_teach_both_expansions(live_server, new_page, artifacts):
    page = new_page(**PHONE)
    page.goto(live_server + "/")
    # the Learn button works once the page has the tiles (its handler is set then)
    page.wait_for_load_state("networkidle")
    page.click("[data-action=learn]")
    page.wait_for_selector(".learn-panel")
    titles = [page.locator(".learn-body h2").text_content()]
    for step in range(1, page.locator(".learn-panel .dot").count()):
        page.click("[data-action=learn-next]")
        page.wait_for_function(
            f"document.querySelector('.overlay.learn').dataset.step === '{step}'")
        titles.append(page.locator(".learn-body h2").text_content())
        if "(an option)" in titles[-1] and "River" not in titles[-1]:
            page.screenshot(path=str(artifacts / f"learn-expansion-{step}-phone.png"))
    assert any("Inns & Cathedrals" in t for t in titles), titles
    assert any("Traders & Builders" in t for t in titles), titles
    assert titles[-1].endswith("Ready"), titles

    host_vs_bot(page, live_server)
    page.click("#help-btn")
    page.wait_for_selector("#help:not([hidden]) .rule")
    heads = page.locator("#rules .rule h3").all_text_contents()
    for head in ("Inns & Cathedrals (an option)", "Traders & Builders (an option)"):
        assert head in heads, heads
    for example in ("cathedral", "inn", "goods", "builder"):
        canvas = page.locator(f"#rules canvas[data-example={example}]")
        canvas.scroll_into_view_if_needed()
        # drawn by the board's own tile code: the picture is not blank
        colours = canvas.evaluate("""c => {
          const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
          const seen = new Set();
          for (let i = 0; i < d.length; i += 4 * 97) {
            seen.add(`${d[i] >> 4},${d[i + 1] >> 4},${d[i + 2] >> 4}`);
          }
          return seen.size;
        }""")
        assert colours > 20, (example, colours)
    page.locator("#rules canvas[data-example=cathedral]").screenshot(
        path=str(artifacts / "rules-cathedral-phone.png"))
