"""`web.frames.OneWriteWebSocket`: a list of texts becomes frames in one socket write, on a
real uvicorn server and a real websocket client (compression negotiated, as browsers do);
`wire.ws.Connection` writes what it queued in one loop turn with the extension's
`write_now`, in one write."""

from __future__ import annotations

import asyncio
import socket

import uvicorn
import websockets
from starlette.websockets import WebSocket

from app.server.observe.metrics import Metrics
from app.server.settings import Settings
from app.server.web.frames import OneWriteWebSocket
from app.server.wire.ws import SEND_TEXTS, Connection

TEXTS = ["first: a diff", "second: the placements" * 40, "third"]


class CountingWebSocket(OneWriteWebSocket):
    """Counts the protocol's socket writes from the handshake's answer on."""

    writes: list[int] = []

    def connection_made(self, transport) -> None:  # type: ignore[no-untyped-def]
        write = transport.write

        def counted(data: bytes) -> None:
            if self.handshake_complete:
                CountingWebSocket.writes.append(len(data))
            write(data)

        transport.write = counted
        super().connection_made(transport)


async def app(scope, receive, send) -> None:  # type: ignore[no-untyped-def]
    """Accept, then send TEXTS as one event when the server offers the extension."""
    assert scope["type"] == "websocket"
    assert await receive() == {"type": "websocket.connect"}
    await send({"type": "websocket.accept"})
    assert SEND_TEXTS in scope["extensions"]
    await send({"type": "websocket.send", "texts": TEXTS})
    await send({"type": "websocket.send", "text": "alone"})
    assert (await receive())["type"] == "websocket.disconnect"


async def app_writing_now(scope, receive, send) -> None:  # type: ignore[no-untyped-def]
    """`write_now` refuses before the handshake; after it, writes TEXTS at once."""
    write_now = scope["extensions"][SEND_TEXTS]["write_now"]
    assert await receive() == {"type": "websocket.connect"}
    assert write_now(["too early"]) is False
    await send({"type": "websocket.accept"})
    assert write_now(TEXTS) is True
    assert (await receive())["type"] == "websocket.disconnect"
    assert write_now(["too late"]) is False


async def app_of_a_connection(scope, receive, send) -> None:  # type: ignore[no-untyped-def]
    """A `Connection` whose writer is idle queues three messages in one loop turn, later a
    fourth, then closes."""
    extension = scope["extensions"][SEND_TEXTS]
    write_now = extension["write_now"]
    calls: list[list[str]] = []

    def counted(texts: list[str]) -> bool:
        calls.append(list(texts))
        return write_now(texts)

    extension["write_now"] = counted
    ws = WebSocket(scope, receive, send)
    await ws.accept()
    conn = Connection(ws, Settings(), Metrics())
    writer = asyncio.create_task(conn.write())
    await asyncio.sleep(0)  # the writer starts and waits for messages
    for text in TEXTS:
        conn.send(text)
    assert await ws.receive_text() == "more"  # the client had all three
    # Written by the connection itself, in one call, while its writer task slept.
    assert calls == [TEXTS]
    conn.send("alone")
    conn.close(4000, "done")  # in the same turn: the writer sends both, the ASGI way
    await writer
    assert calls == [TEXTS]
    assert conn.frames_out == 4


async def serve_and_talk(asgi, talk) -> list[int]:  # type: ignore[no-untyped-def]
    """Run `asgi` on a real uvicorn with `CountingWebSocket`, let `talk(client)` talk to it;
    return the sizes of the socket writes after the handshake's answer."""
    CountingWebSocket.writes.clear()
    # A socket already listening: the client's connection waits in its backlog until the
    # server takes it, so nothing has to wait for the server to have started.
    listening = socket.create_server(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(asgi, ws=CountingWebSocket, ws_ping_interval=None,
                                           log_config=None, lifespan="off"))
    serving = asyncio.create_task(server.serve(sockets=[listening]))
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws") as client:
            assert client.protocol.extensions  # permessage-deflate negotiated
            await talk(client)
    finally:
        server.should_exit = True
        await serving
    return list(CountingWebSocket.writes)


async def test_a_list_of_texts_is_one_write_and_arrives_as_frames_in_order():
    got: list[str] = []

    async def talk(client) -> None:  # type: ignore[no-untyped-def]
        got.extend([await client.recv() for _ in range(4)])

    writes = await serve_and_talk(app, talk)
    assert got == [*TEXTS, "alone"]
    # Four writes: the handshake's answer, the three texts, "alone", the answer to the
    # client's close (a frame a write would have made six).
    assert len(writes) == 4


async def test_write_now_writes_at_once_only_while_the_socket_is_open():
    got: list[str] = []

    async def talk(client) -> None:  # type: ignore[no-untyped-def]
        got.extend([await client.recv() for _ in range(3)])

    writes = await serve_and_talk(app_writing_now, talk)
    assert got == TEXTS
    assert len(writes) == 3  # the handshake's answer, the three texts, the close's answer


async def test_a_connection_writes_a_loop_turns_messages_in_one_write():
    got: list[str] = []
    closed: list[int | None] = []

    async def talk(client) -> None:  # type: ignore[no-untyped-def]
        got.extend([await client.recv() for _ in range(3)])
        await client.send("more")
        got.append(await client.recv())
        await client.wait_closed()
        closed.append(client.close_code)

    writes = await serve_and_talk(app_of_a_connection, talk)
    assert got == [*TEXTS, "alone"]
    assert closed == [4000]
    # The handshake's answer, the three texts, "alone", the close: four writes where a
    # frame a write would have made six.
    assert len(writes) == 4
