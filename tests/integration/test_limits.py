"""Limits a greedy client meets, against a real server: how many hints it may have thought
over at once (per room, per address, in all), how deep a frame may nest."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from wsclient import Client, seated_pair, start

from tests.redisproc import RedisProcess

pytestmark = pytest.mark.asyncio(loop_scope="function")


async def game_with_hints(server) -> tuple[Client, str]:
    """A started game with hints on request: the player to move, and the room's code."""
    host, guest, code = await seated_pair(server, hints="request")
    await start(host, guest)
    return (host if host.my_turn() else guest), code


async def test_hints_are_bounded_per_room_and_per_address(server_factory, own_database_url):
    server = server_factory(own_database_url, CARC_HINT_SECONDS="2")
    mover, code = await game_with_hints(server)
    other_room, _ = await game_with_hints(server)
    # The same seat on a second connection: the room has a hint being thought over.
    again = await Client.connect(server.ws_url, code, token=mover.token, name=mover.name)
    turn = mover.game["turn"]
    await mover.send(type="hint", turn=turn, ref="h1")
    await again.send(type="hint", turn=turn, ref="h2")
    busy = await again.expect("error")
    assert (busy["code"], busy["ref"], busy["args"]) == ("busy", "h2", {"limit": "room"})
    # Another room, from the same address (every client of this test is 127.0.0.1).
    await other_room.send(type="hint", turn=other_room.game["turn"], ref="h3")
    busy = await other_room.expect("error")
    assert (busy["code"], busy["args"]) == ("busy", {"limit": "address"})
    hint = await mover.expect("hint", timeout=30)
    assert hint["turn"] == turn
    # Once it is answered, the others may ask: the hint of that turn comes from the cache
    # at once, and the other room's is thought over.
    await again.send(type="hint", turn=turn)
    assert await again.expect("hint") == hint
    await other_room.send(type="hint", turn=other_room.game["turn"])
    await other_room.expect("hint", timeout=30)
    assert [e["code"] for e in mover.errors] == []


async def test_hints_are_bounded_in_all(server_factory, own_database_url):
    # One job at once in the whole process, and one hint per address at most.
    server = server_factory(own_database_url, CARC_HINT_SECONDS="2",
                            CARC_THINKING_PER_WORKER="1", CARC_HINTS_PER_ADDRESS="5")
    first, _ = await game_with_hints(server)
    second, _ = await game_with_hints(server)
    await first.send(type="hint", turn=first.game["turn"])
    await second.send(type="hint", turn=second.game["turn"])
    busy = await second.expect("error")
    assert (busy["code"], busy["args"]) == ("busy", {"limit": "server"})
    await first.expect("hint", timeout=30)


async def test_hints_per_address_are_bounded_over_time(server_factory, own_database_url):
    # One hint a minute per address, after a burst of two.
    server = server_factory(own_database_url, CARC_HINT_SECONDS="0.2",
                            CARC_HINTS_PER_ADDRESS_MINUTE="1")
    rooms = [(await game_with_hints(server))[0] for _ in range(3)]
    for player in rooms[:2]:
        await player.send(type="hint", turn=player.game["turn"])
        await player.expect("hint", timeout=30)
    last = rooms[2]
    await last.send(type="hint", turn=last.game["turn"])
    busy = await last.expect("error")
    assert (busy["code"], busy["args"]) == ("busy", {"limit": "address"})


async def test_an_address_hints_are_counted_in_every_process(server_factory, fresh_postgres_url,
                                                              tmp_path):
    # Two processes on one Redis; a minute's share of one hint (and the burst's one more).
    redis_server = RedisProcess(tmp_path).start()
    try:
        servers = [server_factory(fresh_postgres_url, REDIS_URL=redis_server.url,
                                  CARC_HINT_SECONDS="0.2", CARC_HINTS_PER_ADDRESS_MINUTE="1")
                   for _ in range(2)]
        on_first = [(await game_with_hints(servers[0]))[0] for _ in range(2)]
        on_second, _ = await game_with_hints(servers[1])
        for player in on_first:
            await player.send(type="hint", turn=player.game["turn"])
            await player.expect("hint", timeout=30)
        # The second process has asked for no hint of this address, and still says no.
        await on_second.send(type="hint", turn=on_second.game["turn"])
        busy = await on_second.expect("error")
        assert (busy["code"], busy["args"]) == ("busy", {"limit": "address"})
    finally:
        redis_server.kill()


async def test_a_frame_nested_a_thousand_deep_is_refused_as_such(server_factory, own_database_url):
    server = server_factory(own_database_url)
    player, _ = await game_with_hints(server)
    for depth in (9, 900, 1000, 1020):
        frame = '{"type": ' + "[" * depth + "]" * depth + ', "ref": "r1"}'
        await player.send_raw(frame)
        error = await player.expect("error")
        assert (error["code"], error["ref"]) == ("bad_message", "r1"), depth
        assert "nested" in error["message"]
    # As deep as a message may be, the shape decides.
    await player.send_raw(json.dumps({"type": "chat", "text": [[[[[[["x"]]]]]]]}))
    assert (await player.expect("error"))["code"] == "bad_message"
    await player.send(type="chat", text="still here")
    await player.until(lambda c: any(line["text"] == "still here" for line in c.chat))
    assert "Traceback" not in server.log_path.read_text()


async def test_combining_marks_are_bounded_in_chat_lines_and_names(server_factory,
                                                                   own_database_url):
    server = server_factory(own_database_url)
    player, code = await game_with_hints(server)
    await player.send(type="chat", text="Z" + "\u0301" * 40 + " \u0300Tiếng Việt")
    await player.until(lambda c: bool(c.chat))
    assert player.chat[-1]["text"] == "Z" + "\u0301" * 3 + " Tiếng Việt"
    watcher = await Client.connect(server.ws_url, code, name="Cy" + "\u0489" * 20)
    assert watcher.you["name"] == "Cy" + "\u0489" * 3


async def test_http_limits_on_headers_and_sockets_per_address(server_factory, own_database_url):
    server = server_factory(own_database_url, CARC_SOCKETS_PER_ADDRESS="3")
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        big = await http.get("/api/tiles", headers={f"x-pad-{n}": "x" * 1000 for n in range(20)})
        assert big.status_code == 431
        assert big.json()["code"] == "headers_too_large"
        assert big.json()["args"] == {"max": 16384}
        assert (await http.get("/api/health")).status_code == 200
        code = (await http.post("/api/rooms", json={"name": "Ann"})).json()["code"]
    sockets = [await Client.connect(server.ws_url, code, name=f"W{n}") for n in range(3)]
    extra = await Client.connect(server.ws_url, code, name="W3", hello=False)
    assert await extra.closed() == 1008
    await sockets[0].close()
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        while "carc_sockets 2.0" not in (await http.get("/metrics")).text:
            await asyncio.sleep(0.05)  # polling the gauge: the server saw the close
    # One closed: another may come in (the count follows the sockets open now).
    again = await Client.connect(server.ws_url, code, name="W4")
    assert again.state is not None


async def _answer(server, *parts: bytes) -> bytes:
    """What the server says on a raw connection that sends `parts` and then nothing more:
    everything until it closes the connection."""
    url = httpx.URL(server.url)
    reader, writer = await asyncio.open_connection(url.host, url.port)
    try:
        for part in parts:
            writer.write(part)
        await writer.drain()
        return await asyncio.wait_for(reader.read(), timeout=30)
    finally:
        writer.close()


async def test_a_request_that_arrives_too_slowly_is_cut_off(server_factory, own_database_url):
    server = server_factory(own_database_url, CARC_REQUEST_ARRIVAL_SECONDS="1")
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        code = (await http.post("/api/rooms", json={"name": "Ann"})).json()["code"]
    watcher = await Client.connect(server.ws_url, code, name="Cy")
    # Headers begun and never ended: 408 once the second is up, and the connection closed.
    slow = await _answer(server, b"GET /api/health HTTP/1.1\r\nHost: a\r\nX-Slow: ")
    head, _, body = slow.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 ")
    assert json.loads(body) == {
        "detail": "The request did not arrive whole within 1 seconds.",
        "code": "request_timeout", "args": {"seconds": 1.0}}
    # On a kept-alive connection the bound starts again after each answer.
    kept = await _answer(server, b"GET /api/health HTTP/1.1\r\nHost: a\r\n\r\n", b"GET /api/he")
    first, second = kept.split(b"HTTP/1.1 ")[1:]
    assert first.startswith(b"200 ") and second.startswith(b"408 ")
    # A connection that never said anything is closed without a word.
    assert await _answer(server) == b""
    # A head that grows past the bound while it arrives is refused at once, and no app saw it.
    big = await _answer(server, b"GET /api/health HTTP/1.1\r\n" + b"X-Pad: " + b"x" * 17000)
    assert big.startswith(b"HTTP/1.1 431 ")
    assert json.loads(big.partition(b"\r\n\r\n")[2])["code"] == "headers_too_large"
    # The websocket opened before all this outlived its handshake's bound: it is still served.
    state = await watcher.resync()
    assert state["room"]["code"] == code
