"""The review of a finished game over HTTP, against a real server: the contract of
`POST/GET /api/games/{id}/review`, the review stored and served again after a restart without
being computed again."""

from __future__ import annotations

import asyncio
import random
import re
import time
from typing import Any

import httpx
import pytest
from wsclient import play_turn, seated_pair, start

CLASSES = {"good", "inaccuracy", "mistake", "blunder"}


@pytest.fixture
def own_server(own_database_url, server_factory):
    """`own_server(**env)`: a server of this test's own on the current backend's database."""
    return lambda **env: server_factory(own_database_url, **env)


async def finished_game(server, turns: int, seed: int) -> tuple[int, list[dict[str, Any]]]:
    """A game of `turns` random moves that the host then ends: its id and its turns."""
    rng = random.Random(seed)
    host, guest, _code = await seated_pair(server)
    await start(host, guest)
    for _ in range(turns):
        await play_turn([host, guest], rng)
    game_id = host.game["id"]
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        early = await http.post(f"/api/games/{game_id}/review")
        assert early.status_code == 404 and early.json()["code"] == "game_not_finished"
    await host.send(type="end_game", turn=host.game["turn"])
    await host.until(lambda c: c.game["finished"])
    played = host.game["turns"]
    await host.close()
    await guest.close()
    return game_id, played


async def until_done(http: httpx.AsyncClient, game_id: int) -> list[dict[str, Any]]:
    """Every answer of GET .../review until it is done (the HTTP API has nothing to await:
    it is asked again every 50 ms, for at most 120 s)."""
    answers = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        resp = await http.get(f"/api/games/{game_id}/review")
        assert resp.status_code == 200, resp.text
        answers.append(resp.json())
        if answers[-1]["status"] == "done":
            return answers
        await asyncio.sleep(0.05)
    raise AssertionError(f"review of game {game_id} not done: {answers[-1]}")


def judged_turns(metrics: str) -> float:
    match = re.search(r"^carc_review_turns_total (\S+)$", metrics, re.M)
    assert match, "the review counter is exported"
    return float(match.group(1))


def check_review(review: dict[str, Any], played: list[dict[str, Any]]) -> None:
    assert review["status"] == "done" and review["progress"] == 1.0
    turns = review["turns"]
    assert [t["turn"] for t in turns] == list(range(len(played)))
    assert [t["played"] for t in turns] == played
    for t in turns:
        assert t["player"] == t["played"]["player"]
        assert t["loss"] >= 0 and t["class"] in CLASSES
        if "discarded" in t["played"] or t["loss"] == 0:
            assert t["best"] == t["played"]
        else:
            assert t["best"] != t["played"] and t["best"]["tile"] == t["played"]["tile"]
            assert t["reason"].endswith(".") and t["why"]["code"]
        assert len(t["expected"]) == 2
    players = review["players"]
    assert [p["player"] for p in players] == [0, 1]
    for p in players:
        mine = [t for t in turns if t["player"] == p["player"] and "discarded" not in t["played"]]
        assert p["moves"] == len(mine) == sum(p["counts"].values())
        assert set(p["counts"]) == CLASSES


async def test_review_contract(server):
    game_id, played = await finished_game(server, turns=6, seed=5)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        missing = await http.post("/api/games/987654321/review")
        assert missing.status_code == 404 and missing.json()["code"] == "game_not_found"
        nobody = await http.get(f"/api/games/{game_id}/review")
        assert nobody.status_code == 404 and nobody.json()["code"] == "review_not_found"

        asked = await http.post(f"/api/games/{game_id}/review")
        assert asked.status_code == 202, asked.text
        first = asked.json()
        assert first["status"] == "running" and 0.0 <= first["progress"] < 1.0
        assert first["players"] == [] and first["place"] >= 0
        # Asking again while it runs starts nothing new: still 202, the same review.
        again = await http.post(f"/api/games/{game_id}/review")
        assert again.status_code in (200, 202)

        answers = await until_done(http, game_id)
        progress = [a["progress"] for a in answers]
        assert progress == sorted(progress), "progress never goes back"
        for a in answers[:-1]:
            assert a["status"] == "running" and len(a["turns"]) <= len(played)
        done = answers[-1]
        check_review(done, played)

        counted = judged_turns((await http.get("/metrics")).text)
        stored = await http.post(f"/api/games/{game_id}/review")
        assert stored.status_code == 200 and stored.json() == done
        assert (await http.get(f"/api/games/{game_id}/review")).json() == done
        assert judged_turns((await http.get("/metrics")).text) == counted, "not judged again"


async def test_a_review_beyond_the_waiting_bound_is_refused_and_nothing_starts(own_server):
    server = own_server(CARC_REVIEWS_WAITING_MAX="0")
    game_id, _played = await finished_game(server, turns=2, seed=3)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        refused = await http.post(f"/api/games/{game_id}/review")
        assert refused.status_code == 503 and refused.json()["code"] == "reviews_busy"
        nothing = await http.get(f"/api/games/{game_id}/review")
        assert nothing.status_code == 404 and nothing.json()["code"] == "review_not_found"
        assert judged_turns((await http.get("/metrics")).text) == 0


async def test_stored_review_is_served_after_a_restart_without_recomputing(own_server):
    server = own_server()
    game_id, played = await finished_game(server, turns=4, seed=9)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        assert (await http.post(f"/api/games/{game_id}/review")).status_code == 202
        done = (await until_done(http, game_id))[-1]
    check_review(done, played)
    server.stop()

    restarted = own_server()
    async with httpx.AsyncClient(base_url=restarted.url, timeout=10) as http:
        served = await http.get(f"/api/games/{game_id}/review")
        assert served.status_code == 200 and served.json() == done
        again = await http.post(f"/api/games/{game_id}/review")
        assert again.status_code == 200 and again.json() == done
        assert judged_turns((await http.get("/metrics")).text) == 0


def _tried(turn: dict[str, Any]) -> dict[str, Any]:
    return {"x": turn["x"], "y": turn["y"], "rot": turn["rot"], "meeple": turn["meeple"]}


async def test_puzzle_contract(server):
    """Learn from your mistakes: a reviewed turn as a puzzle, and moves tried there judged by
    the review's own measure."""
    game_id, played = await finished_game(server, turns=6, seed=5)
    placement = next(i for i, t in enumerate(played) if "tile" in t)
    url = f"/api/games/{game_id}/review/puzzles/{placement}"
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        early = await http.get(url)
        assert early.status_code == 404 and early.json()["code"] == "review_not_found"
        assert (await http.post(url, json=_tried(played[placement]))).status_code == 404
        assert (await http.post(f"/api/games/{game_id}/review")).status_code == 202
        review = (await until_done(http, game_id))[-1]

        puzzle = (await http.get(url)).json()
        turn = played[placement]
        assert (puzzle["turn"], puzzle["player"], puzzle["tile"]) == (
            placement, turn["player"], turn["tile"])
        assert puzzle["tolerance"] == 2.0
        mine = [m for m in puzzle["moves"]
                if (m["x"], m["y"], m["rot"]) == (turn["x"], turn["y"], turn["rot"])]
        assert len(mine) == 1, "the move played is one of the legal moves"
        if turn["meeple"] is not None:
            assert {"kind": turn["meeple"]["kind"], "at": turn["meeple"]["at"]} in [
                {"kind": s["kind"], "at": s["at"]} for s in mine[0]["spots"]]

        judged = review["turns"][placement]
        again = (await http.post(url, json=_tried(turn))).json()
        assert again["loss"] == judged["loss"] and again["best"] == judged["best"]
        assert again["solved"] == (judged["loss"] < 2.0)
        assert again["tried"] == turn
        best = (await http.post(url, json=_tried(judged["best"]))).json()
        assert best["loss"] == 0 and best["solved"] and best["tried"] == judged["best"]

        far = await http.post(url, json={"x": 40, "y": 40, "rot": 0, "meeple": None})
        assert far.status_code == 422 and far.json()["code"] == "illegal_move"
        assert far.json()["args"]["reason"]
        for bad in ({"x": 0, "y": 1, "rot": 45}, {"x": 0, "y": 1, "rot": 0, "extra": 1},
                    {"x": "a", "y": 1, "rot": 0}):
            refused = await http.post(url, json=bad)
            assert refused.status_code == 422, bad
        beyond = await http.get(f"/api/games/{game_id}/review/puzzles/999")
        assert beyond.status_code == 422 and beyond.json()["code"] == "bad_request"
        unknown = await http.get("/api/games/987654321/review/puzzles/0")
        assert unknown.status_code == 404 and unknown.json()["code"] == "game_not_found"
    # Nothing tried changed the review.
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        assert (await http.get(f"/api/games/{game_id}/review")).json() == review
