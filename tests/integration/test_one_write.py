"""`web.frames.OneWriteWebSocket`: a list of texts becomes frames in one socket write, on a
real uvicorn server and a real websocket client (compression negotiated, as browsers do)."""

from __future__ import annotations

import asyncio
import socket

import uvicorn
import websockets

from app.server.web.frames import OneWriteWebSocket
from app.server.wire.ws import SEND_TEXTS

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


async def test_a_list_of_texts_is_one_write_and_arrives_as_frames_in_order():
    CountingWebSocket.writes.clear()
    # A socket already listening: the client's connection waits in its backlog until the
    # server takes it, so nothing has to wait for the server to have started.
    listening = socket.create_server(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, ws=CountingWebSocket, ws_ping_interval=None,
                                           log_config=None, lifespan="off"))
    serving = asyncio.create_task(server.serve(sockets=[listening]))
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws") as client:
            assert client.protocol.extensions  # permessage-deflate negotiated
            got = [await client.recv() for _ in range(4)]
        assert got == [*TEXTS, "alone"]
        # Four writes: the handshake's answer, the three texts, "alone", the answer to the
        # client's close (a frame a write would have made six).
        assert len(CountingWebSocket.writes) == 4
    finally:
        server.should_exit = True
        await serving
