"""`python -m app`: serve the product with uvicorn (HOST, PORT, DATABASE_URL from the env)."""

from __future__ import annotations

import uvicorn

from app.server.observe import logs
from app.server.settings import Settings
from app.server.web.arrival import bounded_http
from app.server.web.frames import OneWriteWebSocket


def main() -> None:
    """Start uvicorn; the app applies the migrations at start."""
    settings = Settings()
    logs.configure(settings.log_level, settings.log_format)
    uvicorn.run(
        "app.server.main:create_app",
        factory=True,
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level,
        # uvicorn's websocket protocol, with a move's messages to one client in one write.
        ws=OneWriteWebSocket,
        # Frames up to a mebibyte reach the app, which closes a connection over its own limit
        # (`max_frame_bytes`) with 1009 after a proper closing handshake; larger ones are cut
        # off by the websocket library itself.
        ws_max_size=max(settings.max_frame_bytes, 1 << 20),
        # uvicorn's httptools protocol, with a bound on the time a request may take to arrive
        # and on its head's size while it does (408 and 431); a head that arrives at once is
        # refused by the app (`web/headers.HeaderLimit`, 431).
        http=bounded_http(settings.request_arrival_seconds, settings.max_header_bytes),
        # No protocol pings of uvicorn's own: the app pings every `heartbeat_seconds` and drops
        # a connection silent for `dead_after_seconds` (wire/ws.py); two keep-alives would
        # double the frames of every idle socket.
        ws_ping_interval=None,
        # Without a reverse proxy in front, client IPs are what the socket says.
        proxy_headers=False,
        timeout_graceful_shutdown=5,
        # The app logs each request and websocket session itself (app.server.observe.logs).
        log_config=None,
        access_log=False,
    )


if __name__ == "__main__":
    main()
