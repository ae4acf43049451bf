"""Hostile input at the edge, sent exactly as a hostile client would, to a real server:
every such request gets a clear 4xx (never a 500), every such frame a proper close, and the
server's log gets at most a short line."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
import websockets
from wsclient import PROTOCOL, Client, create_room

pytestmark = pytest.mark.asyncio(loop_scope="function")

BAD_BODIES = [
    b'{"name": NaN}',
    b'{"name": Infinity}',
    b'{"name": -Infinity}',
    b'{"options": {"seats": 1e999}}',
    b'{"options": {"clock": {"bank": NaN, "increment": 0}}}',
    b'{"name": "\\ud800"}',
    b'{"name": "ok\\udfff"}',
    b'\xff\xfe{"name": "x"}',
    b'{"name": "\xc3\x28"}',
    b'{"name": "Ann"',
    b"[1, 2]",
    b'{"options": {"seats": 3.0}}',
    b'{"options": {"river": 1}}',
]


@pytest.mark.parametrize("body", BAD_BODIES)
async def test_a_room_with_a_body_it_cannot_be_made_of_is_a_clear_4xx(server, body):
    async with httpx.AsyncClient(base_url=server.url) as http:
        answer = await http.post(
            "/api/rooms", content=body, headers={"content-type": "application/json"}
        )
    assert 400 <= answer.status_code < 500, answer.text
    detail = answer.json()["detail"]
    assert detail and all(item["msg"] for item in detail)
    assert "NaN" not in answer.text and "Infinity" not in answer.text, "no input is echoed"


@pytest.mark.parametrize(
    "path",
    ["/api/games/%ff%fe", "/api/games/1e999", "/api/games?page=NaN", "/api/games?per_page=1e999",
     "/api/rooms/%00%ff", "/api/games/99999999999999999999999999"],
)
async def test_odd_paths_and_queries_are_4xx(server, path):
    async with httpx.AsyncClient(base_url=server.url) as http:
        answer = await http.get(path)
    assert 400 <= answer.status_code < 500, answer.text


async def test_a_text_frame_that_is_not_utf8_closes_1007_and_logs_one_short_line(
    own_database_url, server_factory
):
    server = server_factory(own_database_url, CARC_LOG_LEVEL="info")
    room = await create_room(server.url)
    hello = json.dumps({"type": "hello", "protocol": PROTOCOL}).encode()
    for _ in range(3):
        raw = await Client.connect(server.ws_url, room["code"], hello=False)
        await raw.send_raw(hello, text=True)
        await raw.send_raw(b'{"type": "chat", "text": "\xff\xfe"}', text=True)
        assert await raw.closed() == 1007
    log = server.log_tail()
    assert "Traceback" not in log
    assert log.count("not UTF-8") == 1, "a flood of bad frames costs one line"


async def test_oversized_frames_back_to_back_close_1009(server):
    room = await create_room(server.url)
    raw = await Client.connect(server.ws_url, room["code"], hello=False)
    await raw.send(type="hello", protocol=PROTOCOL)
    big = '{"type": "chat", "text": "' + "x" * 40_000 + '"}'
    for _ in range(5):
        try:
            await raw.send_raw(big)
        except websockets.ConnectionClosed:
            break  # the server closed already: what matters is how
    assert await raw.closed() == 1009


async def test_a_ref_a_browser_cannot_read_back_is_refused_and_not_echoed(server):
    room = await create_room(server.url)
    client = await Client.connect(server.ws_url, room["code"], token=room["token"])
    await client.send(type="sync", ref=2**53)
    error = await client.expect("error")
    assert error["code"] == "bad_message" and "ref" not in error
    await client.send(type="remove_seat", seat=9, ref=2**53 - 1)
    await client.send(type="start", ref="x" * 64)
    first, second = await client.expect("error"), await client.expect("error")
    assert first["ref"] == 2**53 - 1 and second["ref"] == "x" * 64
    await client.close()


async def test_forwarded_addresses_count_only_from_trusted_proxies(server_factory, tmp_path):
    # The HTTP edge is the same on every database: two servers on files of their own.
    plain = server_factory(f"sqlite+aiosqlite:///{tmp_path / 'plain.db'}",
                           CARC_ROOMS_PER_WINDOW="2")
    behind = server_factory(f"sqlite+aiosqlite:///{tmp_path / 'behind.db'}",
                            CARC_ROOMS_PER_WINDOW="2", CARC_TRUSTED_PROXIES="127.0.0.1/32")

    async def statuses(url: str, forwarded: list[str]) -> list[int]:
        async with httpx.AsyncClient(base_url=url) as http:
            return [(await http.post("/api/rooms", headers={"x-forwarded-for": f})).status_code
                    for f in forwarded]

    # Not behind a trusted proxy: a forged header changes nothing, the socket counts.
    assert await statuses(plain.url, ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) == [201, 201, 429]
    # Behind the proxy (127.0.0.1): each forwarded client has a quota of its own...
    assert await statuses(behind.url, ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) == [201] * 3
    # ...and it is the address the proxy saw that counts, not what the client told it.
    told = ["10.9.9.9, 10.0.0.7", "10.8.8.8, 10.0.0.7", "10.7.7.7, 10.0.0.7"]
    assert await statuses(behind.url, told) == [201, 201, 429]


async def test_a_server_you_can_watch(own_database_url, server_factory):
    server = server_factory(own_database_url, CARC_LOG_LEVEL="info")
    room = await create_room(server.url)
    host = await Client.connect(server.ws_url, room["code"], token=room["token"], name="Ann")
    await host.send(type="start")  # refused: one seat taken
    assert (await host.expect("error"))["code"] == "not_enough_players"
    async with httpx.AsyncClient(base_url=server.url) as http:
        answer = await http.get("/api/tiles", headers={"x-request-id": "trace-me-42"})
        assert answer.headers["x-request-id"] == "trace-me-42"
        page = await http.get("/")
        metrics = (await http.get("/metrics")).text
    await host.close()
    # Pages carry the security headers; the policy allows no inline script.
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["referrer-policy"] == "no-referrer"
    assert "script-src 'self' 'unsafe-eval'" in page.headers["content-security-policy"]
    assert "unsafe-inline" not in page.headers["content-security-policy"]
    assert 'carc_intents_refused_total{code="not_enough_players"} 1.0' in metrics
    assert "carc_sockets 1.0" in metrics and "carc_rooms_loaded 1.0" in metrics
    assert 'carc_http_requests_total{route="/api/tiles",status="200"} 1.0' in metrics
    # One JSON line per request and per websocket session, with the request id; no token.
    def logged() -> list[dict]:
        text = server.log_path.read_text(errors="replace")
        return [json.loads(line) for line in text.splitlines() if line.startswith("{")]

    assert any(line.get("request_id") == "trace-me-42" and line.get("route") == "/api/tiles"
               for line in logged())
    # The server writes the session's line once it has seen the socket close: wait for it.
    for _ in range(600):  # up to 30 s on a busy machine
        sessions = [line for line in logged() if line.get("event") == "websocket"]
        if sessions:
            break
        await asyncio.sleep(0.05)
    assert sessions and sessions[0]["room"] == room["code"] and sessions[0]["request_id"]
    assert sessions[0]["frames_in"] >= 2 and sessions[0]["seat"] == 0
    assert room["token"] not in server.log_path.read_text(errors="replace")
