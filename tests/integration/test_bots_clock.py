"""The turn clock over a real server: banks shown to everyone, and an easy bot plays the turn
of a person whose bank ran out (through the same room path as any move)."""

from __future__ import annotations

import asyncio
import random

import pytest
from wsclient import Client, create_room, play_turn, seated_pair, start

pytestmark = pytest.mark.asyncio(loop_scope="function")


async def test_an_easy_bot_plays_when_a_bank_runs_out(server_factory, database_url):
    server = server_factory(database_url, CARC_BOT_PAUSE_SECONDS="0")
    room = await create_room(server.url, seats=2)
    host = await Client.connect(server.ws_url, room["code"], token=room["token"], name="Ann")
    watcher = await Client.connect(server.ws_url, room["code"], name="Cy")
    await host.send(type="set_options", clock={"bank": 10, "increment": 0})
    await host.until(lambda c: c.state["room"]["options"].get("clock") is not None)
    await host.send(type="add_bot", seat=1, level="easy")
    await host.until(lambda c: c.state["room"]["seats"][1]["bot"] == "easy")
    await start(host, watcher)
    clock = host.game["clock"]
    assert clock["bank"] == 10 and clock["increment"] == 0
    assert clock["banks"] == [10, 10]
    me = host.game["seats"].index(0)
    # The bot moves at once when it starts; then it is the host's turn, and the host waits.
    await host.until(lambda c: c.game["current_player"] == me, timeout=10)
    turn = host.game["turn"]
    assert host.game["clock"]["running"] == me
    await asyncio.sleep(8)
    assert host.game["turn"] == turn  # still within the bank
    await host.until(lambda c: c.game["turn"] > turn, timeout=10)
    await watcher.catch_up(host.seq)
    assert watcher.game["clock"]["banks"][me] == 0
    # With no increment the host's bank stays empty: every turn of theirs is played at once.
    await host.until(lambda c: c.game["turn"] >= turn + 6, timeout=20)
    await watcher.catch_up(host.seq)
    assert not host.errors and not watcher.errors
    assert watcher.state == host.state


async def test_a_restart_keeps_the_time_each_player_used(server_factory, database_url):
    server = server_factory(database_url)
    host, guest, code = await seated_pair(server, clock={"bank": 120, "increment": 0})
    await start(host, guest)
    mover = host if host.my_turn() else guest
    player = mover.game["current_player"]
    await asyncio.sleep(1.5)  # the mover thinks a while before placing
    await play_turn([host, guest], random.Random(3))
    await host.catch_up(guest.seq)
    used_bank = host.game["clock"]["banks"][player]
    assert used_bank <= 118.6
    tokens = (host.token, guest.token)
    server.kill()
    await host.ws.close()
    await guest.ws.close()

    restarted = server_factory(database_url)
    try:
        host = await Client.connect(restarted.ws_url, code, token=tokens[0], name="Ann")
        clock = host.game["clock"]
        assert abs(clock["banks"][player] - used_bank) < 0.5, "a restart refills no bank"
        assert clock["running"] == host.game["current_player"] != player
        await host.close()
    finally:
        restarted.kill()
