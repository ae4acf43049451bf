"""Bots in rooms, over a real server and real sockets: seats filled by bots, a whole game of
bots, a seat handed to a bot and taken back, and a strong or expert bot thinking in a worker
process."""

from __future__ import annotations

import os
import random
import select
import time
from pathlib import Path

import httpx
import pytest
from wsclient import Client, create_room, play_turn, seated_pair, start

pytestmark = pytest.mark.asyncio(loop_scope="function")

FAST = {"CARC_BOT_PAUSE_SECONDS": "0", "CARC_BOT_STRONG_SECONDS": "0.1"}


def seat_of_turn(client: Client) -> int:
    game = client.game
    assert game is not None
    return game["seats"][game["current_player"]]


async def host_against_bot(server, level: str) -> Client:
    """A started two-seat game: the host in seat 0, a bot of `level` in seat 1."""
    room = await create_room(server.url, seats=2)
    host = await Client.connect(server.ws_url, room["code"], token=room["token"], name="Ann")
    await host.send(type="add_bot", seat=1, level=level)
    await host.until(lambda c: c.state["room"]["seats"][1]["bot"] == level)
    await start(host)
    return host


async def play_until_the_bot_moved(host: Client, times: int, rng: random.Random) -> None:
    """The host plays random moves until the bot (seat 1) has moved `times` times."""
    bot_turns = 0
    while bot_turns < times:
        if seat_of_turn(host) == 1:
            turn = host.game["turn"]
            # The first strong move also starts the worker process.
            await host.until(lambda c, t=turn: c.game["turn"] > t, timeout=30)
            bot_turns += 1
        else:
            await play_turn([host], rng)


async def test_a_game_of_bots_plays_to_the_end_and_is_archived(server_factory, own_database_url):
    server = server_factory(own_database_url, **FAST)
    room = await create_room(server.url, seats=3)
    host = await Client.connect(server.ws_url, room["code"], token=room["token"], name="Ann")
    watcher = await Client.connect(server.ws_url, room["code"], name="Cy")
    for seat in (1, 2):
        await host.send(type="add_bot", seat=seat, level="easy")
    await host.until(lambda c: sum(s["bot"] == "easy" for s in c.state["room"]["seats"]) == 2)
    seats = host.state["room"]["seats"]
    assert [s["presence"] for s in seats[1:3]] == ["bot", "bot"]
    assert seats[1]["name"] and seats[1]["color"] not in (None, "red")
    await start(host, watcher)
    # The host hands their own seat to a bot: nobody at the table is a person now.
    await host.send(type="hand_to_bot", seat=0, level="easy")
    await watcher.until(lambda c: c.game["finished"], timeout=120)
    await host.catch_up(watcher.seq, timeout=30)
    final = watcher.game
    assert final["turn"] >= 70
    assert watcher.state == host.state
    assert await watcher.resync() == host.state
    assert not watcher.errors and not host.errors
    async with httpx.AsyncClient(base_url=server.url) as http:
        detail = (await http.get(f"/api/games/{final['id']}")).json()
    assert [p["score"] for p in detail["players"]] == final["results"]["scores"]


async def test_a_person_plays_against_an_easy_bot(server_factory, own_database_url):
    server = server_factory(own_database_url, **FAST)
    host = await host_against_bot(server, "easy")
    await play_until_the_bot_moved(host, 6, random.Random(5))
    assert not host.errors
    bot_player = host.game["seats"].index(1)  # players are listed in turn order
    assert host.game["players"][bot_player]["name"].startswith("Bot")


async def test_a_seat_is_handed_to_a_bot_and_taken_back(server_factory, own_database_url):
    server = server_factory(own_database_url, **FAST)
    rng = random.Random(9)
    host, guest, code = await seated_pair(server)
    await start(host, guest)
    token = guest.token
    await guest.close()
    await host.until(lambda c: c.state["room"]["seats"][1]["presence"] == "away")
    # Only the host may hand a seat over.
    await host.send(type="hand_to_bot", seat=1, level="easy")
    await host.until(lambda c: c.state["room"]["seats"][1]["bot"] == "easy")
    assert host.state["room"]["seats"][1]["presence"] == "bot"
    for _ in range(6):
        if seat_of_turn(host) == 1:
            turn = host.game["turn"]
            await host.until(lambda c, t=turn: c.game["turn"] > t, timeout=10)
        else:
            await play_turn([host], rng)
    # The guest comes back: the bot keeps the seat until it is taken back ...
    guest = await Client.connect(server.ws_url, code, token=token, name="Bo")
    assert guest.you["seat"] == 1
    await guest.send(type="take_back", seat=1)
    await guest.until(lambda c: c.state["room"]["seats"][1]["bot"] is None)
    await host.catch_up(guest.seq)
    assert host.state["room"]["seats"][1]["presence"] == "online"
    # ... and from then on the guest plays their own turns; nobody else does.
    for _ in range(4):
        mover = guest if seat_of_turn(host) == 1 else host
        turn = host.game["turn"]
        await play_turn([host, guest], rng)
        assert host.game["turn"] > turn
        assert mover in (host, guest)
    assert not host.errors and not guest.errors


async def test_take_back_and_hand_over_are_refused_to_others(server_factory, own_database_url):
    server = server_factory(own_database_url, **FAST)
    host, guest, code = await seated_pair(server)
    watcher = await Client.connect(server.ws_url, code, name="Cy")
    await start(host, guest, watcher)
    await guest.send(type="hand_to_bot", seat=0, level="easy", ref=1)
    error = await guest.expect("error")
    assert error["code"] == "not_host"
    await watcher.send(type="take_back", seat=1, ref=2)
    assert (await watcher.expect("error"))["code"] in ("not_host", "not_a_bot")


@pytest.mark.parametrize("level", ["strong", "expert"])
async def test_a_strong_bot_thinks_in_a_worker_and_plays(server_factory, own_database_url,
                                                        level):
    server = server_factory(own_database_url, **FAST)
    host = await host_against_bot(server, level)
    await play_until_the_bot_moved(host, 3, random.Random(2))
    assert not host.errors


def workers_of(pid: int) -> list[int]:
    """The worker processes (multiprocessing's spawned children) of process `pid`."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            cmdline = (stat.parent / "cmdline").read_bytes()
        except (FileNotFoundError, ProcessLookupError):
            continue  # a process that ended while we looked
        if parent == pid and b"spawn_main" in cmdline:
            found.append(int(stat.parent.name))
    return found


async def test_a_killed_server_takes_its_worker_processes_with_it(server_factory,
                                                                  own_database_url):
    server = server_factory(own_database_url, **FAST)
    host = await host_against_bot(server, "strong")
    await play_until_the_bot_moved(host, 1, random.Random(3))
    workers = workers_of(server.proc.pid)
    assert workers, "the strong bot thinks in a worker process"
    # a process's pidfd becomes readable when the process ends: await that, for every worker
    waiting = {os.pidfd_open(pid): pid for pid in workers}
    server.kill()
    deadline = time.monotonic() + 30
    while waiting and time.monotonic() < deadline:
        ready, _, _ = select.select(list(waiting), [], [], deadline - time.monotonic())
        for fd in ready:
            del waiting[fd]
            os.close(fd)
    assert not waiting, f"worker processes {sorted(waiting.values())} outlived their server"


async def test_bots_resume_after_a_restart(server_factory, own_database_url):
    server = server_factory(own_database_url, **{**FAST, "CARC_BOT_PAUSE_SECONDS": "0.3"})
    host = await host_against_bot(server, "easy")
    code = host.state["room"]["code"]
    await host.send(type="hand_to_bot", seat=0, level="easy")
    await host.until(lambda c: c.game["turn"] >= 6, timeout=30)
    server.kill()
    server.start()
    watcher = await Client.connect(server.ws_url, code, name="Cy")
    turn = watcher.game["turn"]
    await watcher.until(lambda c: c.game["turn"] >= turn + 4, timeout=30)
    assert not watcher.errors
