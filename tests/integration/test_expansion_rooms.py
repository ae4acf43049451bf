"""Inns & Cathedrals and Traders & Builders over a real server and real sockets: a whole game
with each expansion and with both (six seats, the sixth in pink), people and bots, the builder's
double turn, goods in the state, and the archive's log replayed by the engine to the same
scores."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import httpx
import pytest
from wsclient import Client, create_room, seated_pair, start

from app.engine import LOG_FORMAT, Move, from_log
from app.server.wire.client import JSON, random_place

pytestmark = pytest.mark.asyncio(loop_scope="function")

FAST = {"CARC_BOT_PAUSE_SECONDS": "0", "CARC_BOT_STRONG_SECONDS": "0.05"}
MOVE_GAP = 0.15  # seconds between two moves of one person at the least


def replica(game: JSON) -> Any:
    """The game rebuilt by the engine from the public state's log (no seed)."""
    players = [{"name": p["name"], "color": p["color"]} for p in game["players"]]
    return from_log({"format": LOG_FORMAT, "options": game["options"], "players": players,
                     "turns": game["turns"]})


def steered_place(game: JSON, legal: JSON, rng: random.Random) -> JSON:
    """A legal `place` that seeks the expansions' figures and the builder's double turn: a
    placement that earns a bonus tile when there is one, else a builder, a pig or a large
    follower when one may go, else a random move."""
    if legal["turn"] != game["turn"]:
        raise ValueError("the placements are for another turn")
    tile, player = legal["tile"], game["current_player"]
    base = replica(game)
    for option in legal["placements"]:
        after = base.copy()
        after.play(Move(option["x"], option["y"], option["rot"]), tile=tile)
        if not after.finished and after.current_player == player:
            return {"type": "place", "turn": game["turn"], "x": option["x"], "y": option["y"],
                    "rot": option["rot"], "meeple": None}
    for kind in ("builder", "pig", "large"):
        offered = [(option, spot) for option in legal["placements"] for spot in option["spots"]
                   if spot["kind"] == kind]
        if offered and rng.random() < 0.8:
            option, spot = rng.choice(offered)
            return {"type": "place", "turn": game["turn"], "x": option["x"], "y": option["y"],
                    "rot": option["rot"], "meeple": {"kind": spot["kind"], "at": spot["at"]}}
    return random_place(game, legal, rng)


def double_turns(turns: list[JSON]) -> int:
    """How many placements followed another placement of the same player (discards of that
    player between them are part of the same turn)."""
    count, last = 0, None
    for turn in turns:
        if "tile" in turn:
            count += last == turn["player"]
            last = turn["player"]
    return count


async def play_to_the_end(people: list[Client], watcher: Client, rng: random.Random) -> set[str]:
    """The people play steered moves (bots play their own seats) until the game is over; the
    figure kinds offered to them on the way."""
    offered: set[str] = set()
    sent: dict[int, float] = {}  # when each person last sent a move
    while not watcher.game["finished"]:
        seat = watcher.game["seats"][watcher.game["current_player"]]
        mover = next((c for c in people if c.you.get("seat") == seat), None)
        if mover is None:  # a bot's turn
            turn = watcher.game["turn"]
            await watcher.until(lambda c, t=turn: c.game["turn"] > t or c.game["finished"],
                                timeout=30)
            for client in people:  # read on: each answers the server's heartbeat
                await client.catch_up(watcher.seq, timeout=30)
            continue
        await mover.catch_up(watcher.seq)
        await mover.placements()
        legal = mover.legal
        assert legal is not None
        offered |= {s["kind"] for p in legal["placements"] for s in p["spots"]}
        turn = mover.game["turn"]
        # A person's pace: the server closes a connection that sends over 10 messages a second
        # for long (`rate_per_second`), and these two answer in a millisecond, builder's double
        # turns and all. Pacing, not waiting for anything.
        since = time.monotonic() - sent.get(id(mover), 0.0)
        if since < MOVE_GAP:
            await asyncio.sleep(MOVE_GAP - since)
        sent[id(mover)] = time.monotonic()
        await mover.send(**steered_place(mover.game, legal, rng))
        await mover.until(lambda c, t=turn: c.game["turn"] > t or c.game["finished"])
        await watcher.catch_up(mover.seq)
        game = watcher.game
        if game.get("bonus_turn"):  # the same player places again: the last tile was theirs
            last = next(t for t in reversed(game["turns"]) if "tile" in t)
            assert last["player"] == game["current_player"]
    for client in people:
        await client.catch_up(watcher.seq, timeout=30)
    return offered


async def check_archive(server, game: JSON) -> JSON:
    """The archive's entry, replay and log agree with the finished game; the log, replayed by
    the engine, gives its scores. Returns the replay."""
    async with httpx.AsyncClient(base_url=server.url) as http:
        detail = (await http.get(f"/api/games/{game['id']}")).json()
        replay = (await http.get(f"/api/games/{game['id']}/replay")).json()
        log = (await http.get(f"/api/games/{game['id']}/log")).json()
    scores = game["results"]["scores"]
    assert [p["score"] for p in detail["players"]] == scores
    assert replay["final_scores"] == scores
    assert log["turns"] == game["turns"]
    for key in ("inns_cathedrals", "traders_builders"):
        assert detail["options"][key] == game["options"].get(key, False)
        assert log["options"].get(key, False) == game["options"].get(key, False)
    assert from_log(log).final_scores() == scores
    return replay


@pytest.mark.parametrize("expansion", ["inns_cathedrals", "traders_builders"])
async def test_two_people_play_a_whole_game_with_an_expansion(server, expansion):
    rng = random.Random(22 if expansion == "inns_cathedrals" else 23)
    host, guest, code = await seated_pair(server, tileset="classic", **{expansion: True})
    watcher = await Client.connect(server.ws_url, code, name="Cy")
    assert host.state["room"]["options"][expansion] is True
    await start(host, guest, watcher)
    game = watcher.game
    assert game["options"][expansion] is True
    # The expansion's tiles are in the bag: 71 + 18 (or + 24) to draw, one drawn already.
    assert game["tiles_left"] == (88 if expansion == "inns_cathedrals" else 94)
    offered = await play_to_the_end([host, guest], watcher, rng)
    game = watcher.game
    assert host.state == guest.state == watcher.state
    assert await watcher.resync() == watcher.state
    assert not host.errors and not guest.errors and not watcher.errors
    placed = {t["meeple"]["kind"] for t in game["turns"] if t.get("meeple")}
    if expansion == "inns_cathedrals":
        assert "large" in offered and "large" in placed
        assert {"builder", "pig"}.isdisjoint(offered)
        assert all("large" in p and "goods" not in p for p in game["players"])
        assert "bonus_turn" not in game
    else:
        assert {"builder", "pig"} <= offered and "builder" in placed
        assert "large" not in offered
        assert double_turns(game["turns"]) >= 1
        assert all("builder" in p and "pig" in p and "large" not in p for p in game["players"])
        assert game["bonus_turn"] is False  # the game is over
        goods = [p["goods"] for p in game["players"]]
        assert all(set(g) == {"wine", "grain", "cloth"} for g in goods)
        assert sum(sum(g.values()) for g in goods) >= 1
    replay = await check_archive(server, game)
    assert replay["options"][expansion] is True
    for client in (host, guest, watcher):
        await client.close()


async def test_six_seats_with_both_expansions_people_and_bots(server_factory, own_database_url):
    server = server_factory(own_database_url, **FAST)
    rng = random.Random(2223)
    room = await create_room(server.url, seats=2, inns_cathedrals=True, traders_builders=True)
    host = await Client.connect(server.ws_url, room["code"], token=room["token"], name="Ann")
    await host.send(type="set_options", seats=6)
    await host.until(lambda c: c.state["room"]["options"]["seats"] == 6)
    assert host.state["room"]["max_seats"] == 6 and "pink" in host.state["room"]["colors"]
    guest = await Client.connect(server.ws_url, room["code"], name="Bo")
    await guest.send(type="take_seat", seat=1, name="Bo", color="pink")
    await guest.expect("seated")
    for seat in range(2, 6):
        await host.send(type="add_bot", seat=seat, level="easy" if seat % 2 else "strong")
    await host.until(lambda c: all(s["taken"] for s in c.state["room"]["seats"]))
    assert sorted(s["color"] for s in host.state["room"]["seats"]) == sorted(
        ["red", "blue", "green", "yellow", "black", "pink"])
    watcher = await Client.connect(server.ws_url, room["code"], name="Cy")
    await start(host, guest, watcher)
    assert len(watcher.game["players"]) == 6
    offered = await play_to_the_end([host, guest], watcher, rng)
    game = watcher.game
    assert host.state == guest.state == watcher.state
    assert not host.errors and not guest.errors and not watcher.errors
    assert {"large", "builder", "pig"} <= offered
    placed_by_bots = {t["meeple"]["kind"] for t in game["turns"]
                      if t.get("meeple") and game["seats"][t["player"]] >= 2}
    assert placed_by_bots & {"large", "builder", "pig"}
    await check_archive(server, game)
    for client in (host, guest, watcher):
        await client.close()


async def test_pink_and_a_sixth_seat_are_refused_without_inns_and_cathedrals(server):
    async with httpx.AsyncClient(base_url=server.url) as http:
        pink = await http.post("/api/rooms", json={"name": "Ann", "color": "pink"})
        six = await http.post("/api/rooms", json={"name": "Ann", "options": {"seats": 6}})
    assert pink.status_code == 422 and pink.json()["code"] == "color_invalid"
    assert six.status_code == 422
    host, guest, _code = await seated_pair(server)
    await host.send(type="set_options", inns_cathedrals=True, seats=6)
    await host.until(lambda c: c.state["room"]["max_seats"] == 6)
    await guest.catch_up(host.seq)
    await host.send(type="set_options", inns_cathedrals=False)
    await host.until(lambda c: c.state["room"]["max_seats"] == 5)
    assert host.state["room"]["options"]["seats"] == 5
    for client in (host, guest):
        await client.close()
