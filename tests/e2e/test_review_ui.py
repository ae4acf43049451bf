"""The review on the replay page, in Chromium against a real server: the button, the
progress, each player's summary, the chart, every turn's class in the log, the better move
drawn on the board, and the key to the next mistake."""

from __future__ import annotations

import asyncio
import random
import re
import threading

import httpx
import pytest

from app.server.wire.client import WireClient, random_place, seat_and_start

pytestmark = pytest.mark.e2e


async def _finished_game(base: str, turns: int, seed: int) -> int:
    rng = random.Random(seed)
    ws = base.replace("http", "ws", 1)
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        resp = await http.post("/api/rooms", json={"name": "Ann", "color": "red",
                                                   "options": {"seats": 2}})
        room = resp.json()
    host = await WireClient.connect(ws, room["code"], token=room["token"], name="Ann")
    guest = await WireClient.connect(ws, room["code"], name="Bo")
    await seat_and_start(host, guest)
    for _ in range(turns):
        mover = host if host.my_turn() else guest
        await mover.placements()
        turn = mover.game["turn"]
        await mover.send(**random_place(mover.game, mover.legal, rng))
        await mover.until(lambda c, turn=turn: c.game["turn"] > turn)
        await host.catch_up(mover.seq)
        await guest.catch_up(mover.seq)
    await host.send(type="end_game", turn=host.game["turn"])
    await host.until(lambda c: c.game["finished"])
    game_id = host.game["id"]
    await host.close()
    await guest.close()
    return game_id


def finished_game(base: str, turns: int = 8, seed: int = 4) -> int:
    """A game of `turns` random moves ended by its host (played in a thread of its own: the
    browser's driver holds this one's event loop)."""
    found: list[int] = []
    worker = threading.Thread(target=lambda: found.append(
        asyncio.run(_finished_game(base, turns, seed))))
    worker.start()
    worker.join()
    assert found, "the game was played"
    return found[0]


def test_review_on_the_replay_page(live_server, new_page, artifacts):
    game_id = finished_game(live_server)
    review = httpx.post(f"{live_server}/api/games/{game_id}/review", timeout=10)
    assert review.status_code in (200, 202)
    page = new_page()
    page.goto(f"{live_server}/games/{game_id}")
    page.wait_for_selector("#review [data-action=review]")
    assert page.evaluate("document.body.dataset.review") == "none"
    page.click("#review [data-action=review]")
    page.wait_for_function("document.body.dataset.review === 'done'", timeout=120_000)
    done = httpx.get(f"{live_server}/api/games/{game_id}/review", timeout=10).json()
    turns = done["turns"]

    # Each player's summary, and the chart drawn.
    rows = page.locator("#review .review-players li")
    assert rows.count() == 2
    for i, summary in enumerate(done["players"]):
        text = rows.nth(i).inner_text()
        shown = re.search(r"mean loss (-?[\d.]+) points", text)
        assert shown and abs(float(shown.group(1)) - summary["mean_loss"]) <= 0.051
        mistakes = summary["counts"]["mistake"]
        assert f"{mistakes} mistake{'' if mistakes == 1 else 's'}" in text
    drawn = page.evaluate("""() => {
        const c = document.querySelector('#review canvas.review-chart');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let ink = 0;
        for (let i = 3; i < d.length; i += 4) ink += d[i] > 0;
        return ink;
    }""")
    assert drawn > 100

    # Every line of the log carries its move's class.
    classes = page.eval_on_selector_all("#replay-log li.log-turn",
                                        "els => els.map(e => e.dataset.class)")
    assert classes == [t["class"] for t in turns]

    # At each step the better move is drawn beside the one played, as a hint's would be.
    for step, t in enumerate(turns, start=1):
        page.evaluate(f"document.querySelector('#step').value = '{step}'; "
                      "document.querySelector('#step').dispatchEvent(new Event('input'))")
        page.wait_for_function(f"document.body.dataset.step === '{step}'")
        better = page.evaluate("document.body.dataset.better")
        if t["loss"] > 0:
            b = t["best"]
            assert better == f"{b['x']},{b['y']},{b['rot']}"
            assert t["reason"] in page.inner_text("#banner")
        else:
            assert better == ""

    # N steps to the next mistake or blunder.
    page.evaluate("document.querySelector('#step').value = '0'; "
                  "document.querySelector('#step').dispatchEvent(new Event('input'))")
    page.wait_for_function("document.body.dataset.step === '0'")
    page.locator("#board").focus()
    page.keyboard.press("n")
    bad = [t["turn"] + 1 for t in turns if t["class"] in ("mistake", "blunder")]
    expected = str(bad[0]) if bad else "0"
    page.wait_for_function(f"document.body.dataset.step === '{expected}'")
    page.screenshot(path=str(artifacts / "replay-review.png"))


def _placement(move: dict) -> tuple[int, int, int]:
    return move["x"], move["y"], move["rot"]


def _choose(page, move: dict) -> None:
    """Choose `move` (log turn form) in the open puzzle: tap its square until the tile is
    turned its way, then pick its figure (or none)."""
    for _ in range(5):
        chosen = page.evaluate("window.__replay.puzzle().chosen")
        if chosen and _placement(chosen) == _placement(move):
            break
        sx, sy = page.evaluate(f"window.__replay.screenOf({move['x']}, {move['y']})")
        box = page.locator("#board").bounding_box()
        page.mouse.click(box["x"] + sx, box["y"] + sy)
        page.wait_for_function("window.__replay.puzzle().chosen !== null")
    else:
        raise AssertionError(f"the tile never turned to {move}")
    meeple = move["meeple"]
    spots = [(s["kind"], s["at"]) for s in chosen["spots"]]
    spot = -1 if meeple is None else spots.index((meeple["kind"], meeple["at"]))
    page.click(f"#review button.spot[data-spot='{spot}']")
    page.wait_for_selector(f"#review button.spot[data-spot='{spot}'][aria-checked=true]")


def test_learn_from_your_mistakes_on_the_replay_page(live_server, new_page, artifacts):
    # Random moves make mistakes; a game without one for either player is played again.
    for seed in (4, 5, 6, 7):
        game_id = finished_game(live_server, turns=12, seed=seed)
        page = new_page()
        page.goto(f"{live_server}/games/{game_id}")
        page.click("#review [data-action=review]")
        page.wait_for_function("document.body.dataset.review === 'done'", timeout=120_000)
        review = httpx.get(f"{live_server}/api/games/{game_id}/review", timeout=10).json()
        # each player's puzzles: their three worst moves (never a good one), in the order played
        mistakes = {p: sorted(sorted((t for t in review["turns"] if t["player"] == p
                                      and t["class"] != "good"),
                                     key=lambda t: (-t["loss"], t["turn"]))[:3],
                              key=lambda t: t["turn"]) for p in (0, 1)}
        if mistakes[0] or mistakes[1]:
            break
        page.close()
    else:
        raise AssertionError("four games of random moves without a mistake")
    player = 0 if mistakes[0] else 1
    if not mistakes[1 - player]:
        other = page.locator(f"#review [data-action=learn][data-player='{1 - player}']")
        assert other.is_disabled()
    first = mistakes[player][0]
    page.click(f"#review [data-action=learn][data-player='{player}']")
    page.wait_for_function(f"document.body.dataset.puzzle === '{first['turn']}'")
    page.wait_for_function("window.__replay.puzzle().moves !== null")
    # The board as it was before the move: the step before it, the tile's squares marked.
    assert page.evaluate("document.body.dataset.step") == str(first["turn"])
    cells = page.evaluate("window.__replay.scene.legalCells")
    assert {"x": first["played"]["x"], "y": first["played"]["y"]} in cells
    assert f"1 of {len(mistakes[player])}" in page.inner_text("#review h3")
    page.click("#fit")

    # The move played again: the server says it falls short, and draws the best found.
    _choose(page, first["played"])
    page.click("#review [data-action=check-puzzle]")
    page.wait_for_function("document.body.dataset.puzzleResult !== ''")
    assert page.evaluate("document.body.dataset.puzzleResult") == "unsolved"
    result = page.inner_text("#review .puzzle-result")
    assert f"{first['loss']:.1f} points" in result and "short of the best move found" in result
    best = first["best"]
    suggestion = page.evaluate("window.__replay.scene.suggestion")
    assert _placement(suggestion) == _placement(best)
    page.screenshot(path=str(artifacts / "replay-puzzle.png"))

    # The best move found: as good as the best.
    page.click("#review [data-action=again-puzzle]")
    page.wait_for_function("document.body.dataset.puzzleResult === ''")
    _choose(page, best)
    page.click("#review [data-action=check-puzzle]")
    page.wait_for_function("document.body.dataset.puzzleResult === 'solved'")
    assert "As good as the best move found" in page.inner_text("#review .puzzle-result")

    # Back to the review, which is as it was.
    page.click("#review [data-action=end-puzzle]")
    page.wait_for_function("document.body.dataset.review === 'done'")
    assert page.evaluate("document.body.dataset.puzzle") == ""
    assert page.evaluate("window.__replay.puzzle()") is None
