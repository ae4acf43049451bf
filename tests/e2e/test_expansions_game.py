"""Whole games with the expansions in Chromium, to their end: two people (Ann on a laptop, Bo on
a touch phone) and an easy bot play a game with Inns & Cathedrals, one with Traders & Builders
(at least one builder's double turn) and one with both, while Cy watches. The results on every
screen, the replay's last step and the downloaded log replayed by the engine's command line all
give the same scores."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import httpx
import pytest
from room_page import GAME, choose, open_home, sit
from test_expansions_phone import place_by_finger
from test_expansions_ui import place

pytestmark = pytest.mark.e2e

BOXES = {
    "inns": ("inns_cathedrals",),
    "traders": ("traders_builders",),
    "both": ("inns_cathedrals", "traders_builders"),
}


def totals(page) -> list[int]:
    """The results table's totals, in player order."""
    page.wait_for_selector(".results .breakdown")
    rows = page.evaluate("""[...document.querySelectorAll('.results .breakdown tbody tr')]
        .map((r) => [Number(r.dataset.player), Number(r.querySelector('td.total').textContent)])""")
    return [score for _, score in sorted(rows)]


@pytest.mark.parametrize("box", list(BOXES))
def test_a_whole_game_with_the_expansion(fast_server, new_page, artifacts, tmp_path, box):
    host = new_page()
    open_home(host, fast_server.url)
    for key in BOXES[box]:
        host.check(f"input[name={key}]")
    host.fill("#name", "Ann")
    host.click("text=Create a room")
    host.wait_for_url("**/r/**")
    host.wait_for_selector("[data-action=start]")
    url = host.url
    guest = new_page(375, 812, touch=True)
    sit(guest, url, "Bo")
    host.click("[data-seat='2'] [data-action=add-bot]")
    host.wait_for_function("window.__game.state.room.seats[2].bot === 'easy'")
    host.click("[data-action=start]")
    watcher = new_page(1024, 700)
    watcher.goto(url)
    for page in (host, guest, watcher):
        page.wait_for_function("document.body.dataset.mode === 'playing'")
    for page in (host, guest):
        if page.locator("#briefing").is_visible():
            page.click("[data-action=dismiss-briefing]")

    people = {0: (host, place), 1: (guest, place_by_finger)}
    placed = 0
    while not host.evaluate(f"{GAME}.finished"):
        game = host.evaluate(GAME)
        seat = game["seats"][game["current_player"]]
        if seat not in people:  # the bot's turn: the host sees it played
            host.wait_for_function(f"{GAME}.turn > {game['turn']} || {GAME}.finished")
            continue
        page, play = people[seat]
        page.wait_for_function(f"(document.body.dataset.myTurn === 'true' && {GAME}.turn === "
                               f"{game['turn']}) || {GAME}.finished", timeout=30000)
        if page.evaluate(f"{GAME}.finished"):
            break
        entry, spot = choose(page)
        play(page, entry, spot)
        placed += 1
        # the host's page decides who moves next: it must have this move first (on a loaded
        # machine its diff may come after the mover's page has gone on)
        host.wait_for_function(f"{GAME}.turn > {game['turn']} || {GAME}.finished")
    assert placed > 20, "the people played their share of the game"

    game = host.evaluate(GAME)
    scores = totals(host)
    assert scores == game["results"]["scores"]
    for page in (guest, watcher):  # Bo and the spectator see the same end
        page.wait_for_function(f"{GAME}.finished")
        assert totals(page) == scores
    turns = game["turns"]
    if "traders_builders" in BOXES[box]:
        # a double turn: the same player places twice in a row (the log has no other mark of
        # it; a discarded tile, after which the same player draws again, is no placement)
        placements = [t for t in turns if "x" in t]
        assert any(a["player"] == b["player"] for a, b in itertools.pairwise(placements))
        host.wait_for_selector("table.breakdown th[title=goods]")
    host.screenshot(path=str(artifacts / f"whole-game-{box}-results.png"))
    guest.screenshot(path=str(artifacts / f"whole-game-{box}-results-phone.png"))

    # The replay's last step shows the final scores.
    host.click("[data-action=replay]")
    host.wait_for_url("**/games/**")
    host.wait_for_function(f"document.body.dataset.step === '{len(turns)}'")
    shown = [int(s) for s in host.locator("#scores .score").all_text_contents()]
    assert shown == scores
    # The log the replay page offers for download, replayed by the engine's command line.
    href = host.get_attribute("#log-link", "href")
    assert href is not None
    log = httpx.get(fast_server.url + href, timeout=30).json()
    (tmp_path / "game.json").write_text(json.dumps(log))
    for key in BOXES[box]:
        assert log["options"][key] is True
    command = [sys.executable, "-m", "app.engine.replay", str(tmp_path / "game.json")]
    replayed = subprocess.run(command, capture_output=True, text=True, check=True)
    outcome = json.loads(replayed.stdout)
    assert outcome["finished"] is True
    assert outcome["final_scores"] == scores
