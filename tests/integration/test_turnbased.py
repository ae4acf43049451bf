"""Turn-based games over real sockets: My games, a deadline passed while the server was down,
a room unloaded and loaded again."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

import httpx
import pytest
from wsclient import Client, create_room, play_turn, seated_pair, start

TURN_BASED = {"pace": "turn", "move_hours": 12}


async def my_games(base: str, seats: list[tuple[str, str]]) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        resp = await http.post(
            "/api/my-games", json={"seats": [{"room": r, "token": t} for r, t in seats]}
        )
    assert resp.status_code == 200, resp.text
    return resp.json()


async def eventually(check: Callable[[], Awaitable[bool]], timeout: float = 20.0) -> None:
    """Ask `check` again until it holds: for what the server does with nobody connected,
    which no socket reports."""
    async with asyncio.timeout(timeout):
        while not await check():
            await asyncio.sleep(0.05)


def _seconds(stamp: str) -> float:
    return datetime.fromisoformat(stamp).timestamp()


async def test_my_games_lists_the_rooms_a_browsers_tokens_sit_in(server):
    host, guest, code = await seated_pair(server, **TURN_BASED)
    await start(host, guest)
    await play_turn([host, guest], random.Random(4))
    await host.catch_up(guest.seq)
    lobby = await create_room(server.url, name="Ann", seats=3)
    waiting = host if host.my_turn() else guest
    game = host.game
    assert game is not None and game["deadline"]["move"] is not None

    # One browser's tokens, a wrong one and a stranger's room: two entries, game first.
    ours = [(code, waiting.token), (lobby["code"], lobby["token"])]
    mine = await my_games(server.url, [*ours, (code, "not-a-token"), ("zzzzzzzz", "x")])
    assert [g["room"] for g in mine["games"]] == [code, lobby["code"]]
    entry, other = mine["games"]
    assert mine["your_turn"] == 1 and entry["your_turn"] and not other["your_turn"]
    assert entry["status"] == "playing" and entry["pace"] == "turn"
    assert entry["seat"] == waiting.you["seat"] == entry["to_move"]
    assert entry["turn"] == game["turn"]
    assert _seconds(entry["move_deadline"]) == pytest.approx(game["deadline"]["move"], abs=0.01)
    assert [(p["name"], p["score"]) for p in entry["players"]] == [
        (p["name"], p["score"]) for p in game["players"]
    ]
    placed = game["board"][-1]
    assert {k: entry["last_move"][k] for k in ("tile", "x", "y")} == {
        "tile": placed["tile"], "x": placed["x"], "y": placed["y"],
    }
    assert other["status"] == "lobby" and other["players"][0]["you"]
    assert "token" not in str(mine)

    # Another tab of the same player, the tokens in another order: the same list.
    again = await my_games(server.url, list(reversed(ours)))
    assert again["games"] == mine["games"]
    # A browser without tokens sees no one's games; the other player sees theirs only.
    assert (await my_games(server.url, []))["games"] == []
    theirs = host if waiting is guest else guest
    seen = await my_games(server.url, [(code, theirs.token)])
    assert [(g["room"], g["your_turn"]) for g in seen["games"]] == [(code, False)]

    # A seat given up no longer shows.
    ann = await Client.connect(server.ws_url, lobby["code"], token=lobby["token"], name="Ann")
    await ann.send(type="leave_seat")
    await ann.until(lambda c: not c.state["room"]["seats"][0]["taken"])
    assert [g["room"] for g in (await my_games(server.url, ours))["games"]] == [code]
    for client in (ann, host, guest):
        await client.close()


async def test_my_games_takes_tokens_only_in_a_bounded_body_and_is_rate_limited(
    server_factory, own_database_url
):
    server = server_factory(own_database_url, CARC_MY_GAMES_PER_MINUTE="3")
    room = await create_room(server.url)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        # Never a token in a URL.
        assert (await http.get(f"/api/my-games?room={room['code']}&token={room['token']}")
                ).status_code == 405
        too_many = {"seats": [{"room": room["code"], "token": "x"}] * 101}
        assert (await http.post("/api/my-games", json=too_many)).status_code == 422
        body = {"seats": [{"room": room["code"], "token": room["token"]}]}
        answers = [(await http.post("/api/my-games", json=body)).status_code for _ in range(4)]
        assert answers == [200, 200, 200, 429]
        assert "try again" in (await http.post("/api/my-games", json=body)).json()["detail"]


async def test_a_deadline_passed_while_the_server_was_down_is_played_once(
    server_factory, own_database_url
):
    server = server_factory(own_database_url)
    host, guest, code = await seated_pair(server, **TURN_BASED)
    await start(host, guest)
    await play_turn([host, guest], random.Random(5))
    await host.catch_up(guest.seq)
    late = host.game["current_player"]
    tokens = [(code, host.token), (code, guest.token)]
    await host.close()
    await guest.close()
    server.kill()

    # Back 13 hours later: the late player's 12 hours ran out while nobody was there. Nobody
    # connects: the scheduler finds the room due, loads it and an easy bot plays the turn.
    restarted = server_factory(own_database_url, CARC_TIME_OFFSET_SECONDS=str(13 * 3600))

    async def played() -> bool:
        listed = await my_games(restarted.url, tokens[:1])
        return listed["games"][0]["turn"] >= 2

    await eventually(played)
    watcher = await Client.connect(restarted.ws_url, code, name="Cy")
    game = watcher.game
    assert game is not None and game["turn"] == 2, "the bot played exactly one turn"
    assert [t["player"] for t in game["turns"] if "tile" in t][-1] == late
    listed = await my_games(restarted.url, tokens)
    now = _seconds(listed["now"])
    # The next player has their whole 12 hours from the bot's move (the server's time).
    assert now - 60 < game["deadline"]["move"] - 12 * 3600 <= now
    assert listed["games"][0]["turn"] == 2
    await watcher.close()


async def test_an_unloaded_room_loads_again_as_it_was(server_factory, own_database_url):
    server = server_factory(own_database_url, CARC_ROOM_UNLOAD_SECONDS="0.5",
                            CARC_SCHEDULER_SECONDS="0.1")
    host, guest, code = await seated_pair(server, **TURN_BASED)
    await start(host, guest)
    rng = random.Random(6)
    for _ in range(4):
        await play_turn([host, guest], rng)
    await host.catch_up(guest.seq)
    before = host.state
    await host.close()
    await guest.close()

    async def unloaded() -> bool:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            text = (await http.get("/metrics")).text
        return "carc_rooms_loaded 0.0" in text

    await eventually(unloaded)
    again = await Client.connect(server.ws_url, code, token=host.token, name="Ann")
    assert again.game == before["game"]
    assert [s["name"] for s in again.state["room"]["seats"] if s["taken"]] == ["Ann", "Bo"]
    await again.close()
