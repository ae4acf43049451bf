"""Several queued websocket messages of one connection in one socket write.

A move sends the next player both the diff and their placements (`legal`): through ASGI that
is two `websocket.send` events, so two system calls, and a write is most of a frame's cost
(the kernel delivers it over loopback or to the network card at once). `OneWriteWebSocket` is
uvicorn's own websocket protocol (websockets' sans-I/O implementation) that also takes
`{"type": "websocket.send", "texts": [...]}`: each text made a frame as usual (compressed
when the client asked for it), all of them written with one call. It says so in the scope's
ASGI extensions under `SEND_TEXTS`, which `wire.ws.Connection` looks for before it sends a
list, so the app still runs on any ASGI server without it.
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
            scope["extensions"][SEND_TEXTS] = {}

    async def send(self, message: Any) -> None:
        texts = message.get("texts") if message["type"] == "websocket.send" else None
        if (texts is None or not self.handshake_complete or self.close_sent
                or self.initial_response is not None):
            await super().send(message)
            return
        await self.writable.wait()
        if self.disconnected:
            raise ClientDisconnected()
        try:
            for text in texts:
                self.conn.send_text(text.encode())
        except InvalidState:
            raise ClientDisconnected() from None
        self.transport.write(b"".join(self.conn.data_to_send()))
