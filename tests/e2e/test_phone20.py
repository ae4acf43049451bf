"""Issue 20 on a phone (375x812, touch) unless said otherwise: the turn's buttons never hidden,
a camera that keeps the player's zoom, figure buttons told apart and numbered like the board's
circles, a turn log that keeps up."""

from __future__ import annotations

import pytest
from room_page import GAME, choose_cell, click_canvas, host_vs_bot, play_turn, settle

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 812, "touch": True}
MINE = "document.body.dataset.myTurn === 'true'"
ACTIONS = ("rotate", "take-back", "confirm")


def buttons_in_sight(page) -> dict:
    """For Rotate, Take back and Confirm: whether each lies wholly inside the viewport and is
    what a finger on its middle touches (nothing over it)."""
    return page.evaluate("""(names) => Object.fromEntries(names.map((name) => {
        const b = document.querySelector(`.actions [data-action=${name}]`);
        const r = b.getBoundingClientRect();
        const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth
            && r.height >= 40;
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return [name, inside && !!top && b.contains(top)];
    }))""", list(ACTIONS))


def spot_buttons(page) -> list:
    """The figure buttons' words and the number each shows, in order ("No figure" first)."""
    return page.evaluate("""[...document.querySelectorAll('.spots .spot')].map(b => ({
        n: b.querySelector('.spot-n')?.textContent ?? null, text: b.textContent,
        spot: Number(b.dataset.spot)}))""")


def test_a_whole_game_keeps_the_buttons_in_sight_and_the_players_zoom(fast_server, new_page,
                                                                      artifacts):
    """Items 1, 3 and 5: every turn of a whole game, the placement with the most figure spots:
    Confirm, Rotate and Take back inside the viewport and uncovered; the figure buttons' words
    all differ and each shows its circle's number; choosing, picking a figure, confirming and
    the bot's move leave the zoom where the player put it."""
    page = new_page(**PHONE)
    host_vs_bot(page, fast_server.url)
    most = 0
    turns = 0
    while True:
        page.wait_for_function(f"{MINE} || {GAME}.finished")
        if page.evaluate(f"{GAME}.finished"):
            break
        legal = page.evaluate("window.__game.legal()")
        choice = max(legal, key=lambda e: len(e["spots"]))
        page.keyboard.press("f")
        choose_cell(page, choice["x"], choice["y"])
        scale = page.evaluate("window.__game.camera.scale")
        for _ in range(4):
            if page.evaluate("window.__game.state.turn.pending.rot") == choice["rot"]:
                break
            page.click("[data-action=rotate]")
        n = len(choice["spots"])
        page.wait_for_function(f"document.querySelectorAll('.spots .spot').length === {n + 1}")
        settle(page)
        seen = buttons_in_sight(page)
        assert all(seen.values()), (turns, n, seen)
        shown = spot_buttons(page)
        texts = [b["text"] for b in shown]
        assert len(set(texts)) == len(texts), texts
        assert [b["n"] for b in shown] == [None] + [str(i + 1) for i in range(n)], shown
        if n >= most and n >= 4:
            page.screenshot(path=str(artifacts / f"tray-{n}-options-phone.png"))
        most = max(most, n)
        if n:
            # the last circle on the board, tapped at the zoom the player chose
            page.wait_for_function(f"""(() => {{
                const [x, y] = window.__game.spotScreen({n - 1});
                const c = document.getElementById('board');
                return x > 0 && y > 0 && x < c.clientWidth && y < c.clientHeight; }})()""")
            settle(page)
            click_canvas(page, *page.evaluate(f"window.__game.spotScreen({n - 1})"))
            page.wait_for_function(f"window.__game.state.turn.spot === {n - 1}")
        assert page.evaluate("window.__game.camera.scale") == scale, "the camera zoomed by itself"
        turn = page.evaluate(f"{GAME}.turn")
        page.click("[data-action=confirm]")
        page.wait_for_function(f"{GAME}.turn > {turn} + 1 || {GAME}.finished")
        settle(page)
        assert page.evaluate("window.__game.camera.scale") == scale, "the camera zoomed by itself"
        turns += 1
    assert turns >= 30 and most >= 4, (turns, most)


def test_a_desktop_player_keeps_the_zoom_through_a_figure_and_other_turns(fast_server,
                                                                          new_page):
    """Item 3 on a 1280x800 desktop: a square where a figure can go is not zoomed in on."""
    page = new_page()
    host_vs_bot(page, fast_server.url)
    for i in range(6):
        page.wait_for_function(MINE)
        scale = page.evaluate("window.__game.camera.scale")
        legal = page.evaluate("window.__game.legal()")
        choice = max(legal, key=lambda e: len(e["spots"]))
        choose_cell(page, choice["x"], choice["y"])
        assert page.evaluate("window.__game.camera.scale") == scale
        page.click("[data-action=take-back]")
        play_turn(page, i)  # fits the board first: the player's own zoom
        scale = page.evaluate("window.__game.camera.scale")
        page.wait_for_function(f"{MINE}")
        settle(page)
        assert page.evaluate("window.__game.camera.scale") == scale


LAST_LINE_SHOWN = """(() => {
    const log = document.getElementById('log');
    const last = log.lastElementChild;
    if (!last || log.clientHeight === 0) return false;
    const box = log.getBoundingClientRect();
    const line = last.getBoundingClientRect();
    return line.bottom <= box.bottom + 1 && line.top >= box.top - 1
        && log.children.length >= %d;
})()"""


def test_the_turn_log_follows_to_the_end_unless_scrolled_up(fast_server, new_page):
    """Item 4: on the phone player's page and a desktop spectator's, the log's newest line is
    in sight after every turn; scrolled up by hand it stays put, and back at the end it
    follows again."""
    phone = new_page(**PHONE)
    url = host_vs_bot(phone, fast_server.url)
    watcher = new_page()
    watcher.goto(url)
    watcher.wait_for_function("document.body.dataset.mode === 'playing'")
    for i in range(12):
        phone.wait_for_function(MINE)
        play_turn(phone, i)
        lines = phone.evaluate("document.getElementById('log').children.length")
        for page in (phone, watcher):
            page.wait_for_function(LAST_LINE_SHOWN % lines)
    # scrolled up by hand: left there
    watcher.evaluate("document.getElementById('log').scrollTop = 0")
    watcher.wait_for_function("document.getElementById('log').scrollTop === 0")
    lines = watcher.evaluate("document.getElementById('log').children.length")
    phone.wait_for_function(MINE)
    play_turn(phone, 0)
    watcher.wait_for_function(f"document.getElementById('log').children.length > {lines}")
    watcher.wait_for_function("new Promise(r => requestAnimationFrame(() => r(true)))")
    assert watcher.evaluate("document.getElementById('log').scrollTop") == 0
    # back at the end: it follows again
    watcher.evaluate("(l => { l.scrollTop = l.scrollHeight; })(document.getElementById('log'))")
    phone.wait_for_function(MINE)
    play_turn(phone, 1)
    lines = phone.evaluate("document.getElementById('log').children.length")
    watcher.wait_for_function(LAST_LINE_SHOWN % lines)


def test_results_with_the_abbot_and_four_players_fit_a_phone(fast_server, new_page, artifacts):
    """Item 7: with The Abbot (two more columns) and hints, the results table fits a phone,
    the Field column included; the phone's strip of four players shows every one of them."""
    page = new_page(**PHONE)
    create = {"abbot": True, "hints": "request"}
    host_vs_bot(page, fast_server.url, options=create, bots=3)
    page.wait_for_function(MINE)
    page.locator("#player-list").scroll_into_view_if_needed()
    strip = page.evaluate("""(() => {
        const list = document.getElementById('player-list');
        const box = list.getBoundingClientRect();
        return [...list.querySelectorAll('.player')].map(p => {
            const r = p.getBoundingClientRect();
            return [r.left >= box.left - 1 && r.right <= box.right + 1 && r.left >= 0
                && r.right <= innerWidth && r.bottom <= innerHeight, Math.round(r.left),
                Math.round(r.right), Math.round(r.bottom)];
        }); })()""")
    assert all(shown for shown, *_ in strip), strip
    page.screenshot(path=str(artifacts / "four-players-phone.png"))
    play_turn(page, 0)
    page.wait_for_function(MINE)
    page.click("[data-action=end-game]")
    page.wait_for_selector(".results .breakdown")
    fits = page.evaluate("""(() => {
        const wrap = document.querySelector('.breakdown-wrap');
        const box = wrap.getBoundingClientRect();
        const heads = [...document.querySelectorAll('.breakdown thead th')];
        return {scroll: wrap.scrollWidth, width: wrap.clientWidth,
                heads: heads.map(h => h.title || h.textContent),
                inside: heads.every(h => h.getBoundingClientRect().right <= box.right + 0.5)};
    })()""")
    page.screenshot(path=str(artifacts / "results-abbot-phone.png"))
    assert fits["scroll"] <= fits["width"] and fits["inside"], fits
    assert {"field", "garden"} <= set(fits["heads"]), fits


SELECT_FITS = """(() => {
    const s = document.getElementById('tileset');
    const probe = document.createElement('span');
    probe.style.font = getComputedStyle(s).font;
    probe.style.position = 'absolute';
    probe.textContent = s.options[s.selectedIndex].text;
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    const cs = getComputedStyle(s);
    return text <= s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) + 1;
})()"""


@pytest.mark.parametrize("width", [375, 768, 1280])
def test_the_home_pages_tile_set_is_not_cut(live_server, new_page, width):
    """Item 8: the tile-set box read "Winter …" on a wide screen."""
    page = new_page(width=width)
    page.goto(live_server + "/")
    page.wait_for_function("document.getElementById('tileset').options.length > 0")
    assert page.evaluate(SELECT_FITS)


def test_desktop_names_are_not_cut_by_their_badges(fast_server, new_page):
    """Item 8: on a desktop, "Ann (you)" beside a hints badge was cut to "Ann (…"."""
    page = new_page()
    host_vs_bot(page, fast_server.url, options={"hints": "request", "abbot": True})
    page.wait_for_function(MINE)
    page.click("[data-action=hint]")
    page.wait_for_function("document.querySelector('.player .hints-used') !== null")
    cut = page.evaluate("""[...document.querySelectorAll('.pname-text')]
        .filter(t => t.scrollWidth > t.clientWidth + 0.5).map(t => t.textContent)""")
    assert cut == [], cut
