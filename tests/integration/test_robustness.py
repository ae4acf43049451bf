"""Bad input of every kind gets a clear error or a proper close, and changes nothing."""

from __future__ import annotations

import json
import random

import httpx
import websockets
from wsclient import PROTOCOL, Client, choose_move, seated_pair, start


async def _error(client: Client) -> dict:
    return await client.expect("error")


async def test_bad_messages_get_errors_and_change_nothing(server):
    host, guest, _code = await seated_pair(server)
    await start(host, guest)
    seq, state = host.seq, host.state
    mover = host if host.my_turn() else guest
    other = guest if mover is host else host
    game = mover.game
    await mover.placements()
    move = choose_move(mover, random.Random(1))

    cases = [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        (json.dumps({"type": "teleport"}), "unknown_type"),
        (json.dumps({"no": "type"}), "unknown_type"),
        (json.dumps({**move, "x": "1"}), "bad_message"),
        (json.dumps({**move, "x": True}), "bad_message"),
        (json.dumps({**move, "x": 1.0}), "bad_message"),
        (json.dumps({**move, "rot": 45}), "bad_message"),
        (json.dumps({**move, "turn": None}), "bad_message"),
        (json.dumps({**move, "meeple": {"kind": "dragon", "at": "N"}}), "bad_message"),
        (json.dumps({**move, "meeple": "N"}), "bad_message"),
        (json.dumps({**move, "turn": game["turn"] - 1}), "stale_turn"),
        (json.dumps({**move, "turn": game["turn"] + 1}), "stale_turn"),
        (json.dumps({**move, "x": 1000, "y": 1000}), "illegal_move"),
        (json.dumps({**move, "meeple": {"kind": "follower", "at": "XYZ"}}), "illegal_move"),
        (json.dumps({**move, "return_abbot": True}), "illegal_move"),
        (json.dumps({"type": "hello", "protocol": 1}), "bad_message"),
        (json.dumps({"type": "take_seat", "seat": 1, "name": "X", "color": "green"}),
         "game_running"),
        (json.dumps({"type": "chat", "text": 5}), "bad_message"),
        (json.dumps({"type": "chat", "text": "   "}), "bad_message"),
    ]
    for frame, code in cases:  # fewer than the 40 messages a client may send at once
        await mover.send_raw(frame)
        err = await _error(mover)
        assert err["code"] == code, (frame, err)
        assert err["message"]
    # An illegal move says why as data too: the engine's reason code and its arguments.
    await mover.send(**{**move, "x": 1000, "y": 1000})
    err = await _error(mover)
    assert (err["reason"], err["args"]) == ("not_adjacent", {"x": 1000, "y": 1000}), err
    await mover.send(**{**move, "meeple": {"kind": "follower", "at": "XYZ"}})
    err = await _error(mover)
    assert (err["reason"], err["args"]) == ("unknown_slot", {"slot": "XYZ"}), err
    await mover.send(**{**move, "turn": -5})
    assert "reason" not in await _error(mover), "only an illegal move carries a reason"
    await mover.send_raw(b"\x00\x01binary")
    assert (await _error(mover))["code"] == "bad_message"
    # Refs come back with errors so a client can match them.
    await mover.send(**{**move, "turn": -5, "ref": "m1"})
    assert (await _error(mover))["ref"] == "m1"
    # Out of turn.
    await other.send(**{**move})
    assert (await _error(other))["code"] == "not_your_turn"
    # Nothing changed, for anyone; errors went only to their sender.
    assert await mover.resync() == state and mover.seq == seq
    assert await other.resync() == state
    assert all(e["code"] == "not_your_turn" for e in other.errors)

    # The same intent twice: applied once, then stale.
    await mover.send(**move)
    await mover.send(**move)
    err = await _error(mover)
    assert err["code"] == "stale_turn", err
    assert mover.game["turn"] >= game["turn"] + 1
    assert mover.game["turns"][game["turn"]]["x"] == move["x"]
    await other.catch_up(mover.seq)
    assert other.state == mover.state
    turn_after = mover.game["turn"]
    assert await other.resync() == other.state and other.game["turn"] == turn_after
    for client in (host, guest):
        await client.close()


async def test_huge_frame_closes_1009(server):
    host, guest, _code = await seated_pair(server)
    seq = host.seq
    await guest.send_raw(json.dumps({"type": "chat", "text": "x" * 200_000}))
    assert await guest.closed() == 1009
    await host.until(lambda c: c.state["room"]["seats"][1]["presence"] == "away")
    assert host.seq == seq + 1, host.frames[-3:]  # only the presence change
    await host.close()


async def test_flood_closes_1008(server):
    host, guest, _code = await seated_pair(server)
    for _ in range(200):
        try:
            await guest.send(type="ping")
        except websockets.ConnectionClosed:
            break
    assert await guest.closed() == 1008
    await host.close()


async def test_old_protocol_is_told_to_reload(server):
    host, _guest, code = await seated_pair(server)
    old = await Client.connect(server.ws_url, code, hello=False)
    await old.send(type="hello", protocol=0)
    assert (await old.recv())["type"] == "reload"
    assert (await old.recv())["code"] == "protocol_version"
    assert await old.closed() == 4001
    await host.close()


async def test_first_message_must_be_hello_and_room_must_exist(server):
    host, _guest, code = await seated_pair(server)
    rude = await Client.connect(server.ws_url, code, hello=False)
    await rude.send(type="chat", text="hi")
    assert (await rude.recv())["code"] == "hello_required"
    assert await rude.closed() == 1008
    lost = await Client.connect(server.ws_url, "zzzzzzzz", hello=False)
    await lost.send(type="hello", protocol=PROTOCOL)
    assert (await lost.recv())["code"] == "room_not_found"
    assert await lost.closed() == 4004
    await host.close()


async def test_spectators_cannot_act(server):
    host, guest, code = await seated_pair(server)
    await start(host, guest)
    watcher = await Client.connect(server.ws_url, code, name="Cy")
    mover = host if host.my_turn() else guest
    await mover.placements()
    move = choose_move(mover, random.Random(2))  # a legal move, but not the watcher's to make
    await watcher.send(**move)
    assert (await _error(watcher))["code"] == "not_your_turn"
    for kind in ("start", "leave_seat"):
        await watcher.send(type=kind)
        assert (await _error(watcher))["code"] in ("not_host", "game_running", "not_seated")
    await watcher.send(type="end_game", turn=watcher.game["turn"])
    assert (await _error(watcher))["code"] == "not_host"
    await watcher.send(type="set_options", seats=3)
    assert (await _error(watcher))["code"] == "not_host"
    await host.send(type="sync")
    await host.expect("snapshot")
    await watcher.catch_up(host.seq)
    assert watcher.state == host.state and watcher.game["board"] == host.game["board"]
    assert host.game["turn"] == sum("discarded" in t for t in host.game["turns"])
    for client in (host, guest, watcher):
        await client.close()


async def test_room_creation_is_rate_limited(own_database_url, server_factory):
    server = server_factory(own_database_url, CARC_ROOMS_PER_WINDOW="2")
    async with httpx.AsyncClient(base_url=server.url) as http:
        answers = [await http.post("/api/rooms") for _ in range(3)]
    assert [a.status_code for a in answers] == [201, 201, 429]
    # The refusal says when to come back: within the window (600 s), in the header and body.
    refused = answers[2]
    wait = int(refused.headers["retry-after"])
    assert 0 < wait <= 600
    assert refused.json()["code"] == "rate_limited"
    assert refused.json()["args"] == {"retry_after": wait}
