"""Several queued websocket messages of one connection in one socket write.

A move sends the next player both the diff and their placements (`legal`): through ASGI that
is two `websocket.send` events, so two system calls, and a write is most of a frame's cost
(the kernel delivers it over loopback or to the network card at once). `OneWriteWebSocket` is
uvicorn's own websocket protocol (websockets' sans-I/O implementation) that also takes
`{"type": "websocket.send", "texts": [...]}`: each text made a frame as usual (compressed
when the client asked for it), all of them written with one call. It says so in the scope's
ASGI extensions under `SEND_TEXTS`, which `wire.ws.Connection` looks for before it sends a
list, so the app still runs on any ASGI server without it.

The extension's value also holds `write_now(texts) -> bool`: the same frames written at once,
from plain code, when the socket can take them without waiting (open, not closing, its
transport not paused); False, having written nothing, otherwise. A connection whose writer
task is idle writes a loop turn's messages with it, instead of waking that task to go through
ASGI's `send` (a task step and five coroutine frames for every socket a move reaches).
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.http11 import Request

from app.server.wire.ws import SEND_TEXTS


class OneWriteWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol, plus the `SEND_TEXTS` extension (pass it as
    `uvicorn.run(ws=...)`)."""

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)  # none when the handshake was refused
        if scope is not None:
            scope["extensions"][SEND_TEXTS] = {"write_now": self.write_now}

    async def send(self, message: Any) -> None:
        texts = message.get("texts") if message["type"] == "websocket.send" else None
        if texts is None or not self._open():
            await super().send(message)
            return
        await self.writable.wait()
        if self.disconnected:
            raise ClientDisconnected()
        if not self._write(texts):
            raise ClientDisconnected()

    def write_now(self, texts: list[str]) -> bool:
        """Frame `texts` and write them in one call, without waiting: True once written;
        False, having written nothing, when the socket cannot take them at once (not open
        yet, closing or gone, or its transport paused by a full buffer)."""
        if not self._open() or self.disconnected or not self.writable.is_set():
            return False
        return self._write(texts)

    def _open(self) -> bool:
        return (self.handshake_complete and not self.close_sent
                and self.initial_response is None)

    def _write(self, texts: list[str]) -> bool:
        try:
            for text in texts:
                self.conn.send_text(text.encode())
        except InvalidState:  # the connection is closing (nothing framed: one state for all)
            return False
        self.transport.write(b"".join(self.conn.data_to_send()))
        return True
