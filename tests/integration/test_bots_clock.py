"""The turn clock over a real server: banks shown to everyone, and an easy bot plays the turn
of a person whose bank ran out (through the same room path as any move).

Time is read from the server's own clock (`clock.since` is when a bank started to run), never
from the test's: these tests wait for events, not for seconds to pass. The fine-grained timing
rules are unit tests with a fake clock (tests/unit/test_room.py).
"""

from __future__ import annotations

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
    await host.until(lambda c: c.game["current_player"] == me, timeout=20)
    turn, started = host.game["turn"], host.game["clock"]["since"]
    assert host.game["clock"]["running"] == me
    await host.until(lambda c: c.game["turn"] > turn, timeout=30)
    # The host's turn was played for them when, and not before, their 10 s had run out.
    assert host.game["turns"][turn]["player"] == me
    assert host.game["clock"]["since"] - started >= 10 - 0.001
    await watcher.catch_up(host.seq)
    assert watcher.game["clock"]["banks"][me] == 0
    # With no increment the host's bank stays empty: every turn of theirs is played at once.
    await host.until(lambda c: c.game["turn"] >= turn + 6, timeout=30)
    await watcher.catch_up(host.seq)
    assert not host.errors and not watcher.errors
    assert watcher.state == host.state


async def test_a_restart_keeps_the_time_each_player_used(server_factory, database_url):
    server = server_factory(database_url)
    host, guest, code = await seated_pair(server, clock={"bank": 120, "increment": 0})
    await start(host, guest)
    player = host.game["current_player"]
    started = host.game["clock"]["since"]
    await play_turn([host, guest], random.Random(3))
    await host.catch_up(guest.seq)
    clock = host.game["clock"]
    used = clock["since"] - started  # the server's own measure of the mover's time
    assert clock["banks"][player] == pytest.approx(120 - used, abs=0.051)
    tokens = (host.token, guest.token)
    server.kill()
    await host.ws.close()
    await guest.ws.close()

    # Back an hour later: the hour it was down is charged to nobody.
    restarted = server_factory(database_url, CARC_TIME_OFFSET_SECONDS="3600")
    try:
        host = await Client.connect(restarted.ws_url, code, token=tokens[0], name="Ann")
        again = host.game["clock"]
        assert again["banks"] == clock["banks"], "a restart refills no bank and takes none"
        assert again["running"] == host.game["current_player"] != player
        assert again["since"] >= clock["since"] + 3600
        await host.close()
    finally:
        restarted.kill()
