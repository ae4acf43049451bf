"""Restarts: a SIGKILL loses no accepted move; a clean stop closes sockets with 1012;
heartbeats drop silent connections."""

from __future__ import annotations

import random

import pytest
from wsclient import Client, choose_move, create_room, play_turn, seated_pair, start


@pytest.fixture
def own_server(own_database_url, server_factory):
    """`own_server(**env)`: a server of this test's own on the current backend's database."""
    return lambda **env: server_factory(own_database_url, **env)


async def test_sigkill_loses_no_accepted_move(own_server):
    server = own_server()
    rng = random.Random(21)
    tables = []
    for _ in range(2):
        host, guest, code = await seated_pair(server)
        await start(host, guest)
        tables.append((code, host, guest))
    for i in range(6):
        for _code, host, guest in tables:
            if i < 3 + len(_code) % 2:
                await play_turn([host, guest], rng)
    # One more move that nobody waits for, killed in flight: it is either stored (and then
    # it may have been broadcast) or lost before anyone heard of it; never half.
    code0, host0, guest0 = tables[0]
    mover = host0 if host0.my_turn() else guest0
    await mover.placements()
    await mover.send(**choose_move(mover, rng))
    server.kill()
    # Everything that reached the clients before the kill counts as seen.
    for _code, host, guest in tables:
        await host.drain()
        await guest.drain()
    seen = {code: host.state for code, host, _guest in tables}
    tokens = {code: (host.token, guest.token) for code, host, guest in tables}

    restarted = own_server()
    try:
        for code, (host_token, guest_token) in tokens.items():
            host = await Client.connect(restarted.ws_url, code, token=host_token, name="Ann")
            guest = await Client.connect(restarted.ws_url, code, token=guest_token, name="Bo")
            await host.catch_up(guest.seq)
            game, before = host.game, seen[code]["game"]
            assert game["id"] == before["id"]
            # Every move a client saw is stored: the restarted game holds it, in its place.
            assert game["turn"] >= before["turn"]
            assert game["turns"][: before["turn"]] == before["turns"]
            if code == code0:  # the move killed in flight is stored whole, or not at all
                assert game["turn"] - before["turn"] in (0, 1)
            else:
                assert game == before, "a restart changes nothing of a quiet game"
            # Play goes on where it stopped.
            turn = game["turn"]
            await play_turn([host, guest], rng)
            assert host.game["turn"] > turn
            await host.close()
            await guest.close()
    finally:
        restarted.kill()


async def test_clean_stop_closes_with_1012(own_server):
    server = own_server()
    room = await create_room(server.url)
    client = await Client.connect(server.ws_url, room["code"], token=room["token"])
    server.stop()
    assert await client.closed() == 1012


async def test_heartbeat_pings_and_drops_silent_clients(own_server):
    server = own_server(CARC_HEARTBEAT_SECONDS="0.3", CARC_DEAD_AFTER_SECONDS="1.2")
    room = await create_room(server.url)
    lively = await Client.connect(server.ws_url, room["code"], token=room["token"])
    silent = await Client.connect(server.ws_url, room["code"], name="Zed")
    # `lively` answers every ping (Client.recv does); it sees them come, and the silent one go.
    pings = 0
    while pings < 4 or lively.state["room"]["spectators"]["count"] != 0:
        msg = await lively.recv(10, pings=True)
        pings += msg["type"] == "ping"
    # The silent client never read or answered: the server closed it as dead.
    try:
        code = await silent.closed(timeout=2)
    except TimeoutError:
        code = None
    assert code == 1001
    await lively.close()


async def test_game_restored_after_restart_is_identical(own_server):
    server = own_server()
    rng = random.Random(8)
    host, guest, code = await seated_pair(server, abbot=True)
    await start(host, guest)
    for _ in range(10):
        await play_turn([host, guest], rng)
    state = host.state["game"]
    server.stop()
    restarted = own_server()
    try:
        again = await Client.connect(restarted.ws_url, code, name="Cy")
        assert again.game == state
        assert again.state["room"]["seats"][0]["presence"] == "away"
        await again.close()
    finally:
        restarted.kill()
