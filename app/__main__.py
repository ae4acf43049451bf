"""`python -m app`: serve the product with uvicorn (HOST, PORT, DATABASE_URL from the env)."""

from __future__ import annotations

import uvicorn

from app.server import logs
from app.server.settings import Settings


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
        # Frames up to a mebibyte reach the app, which closes a connection over its own limit
        # (`max_frame_bytes`) with 1009 after a proper closing handshake; larger ones are cut
        # off by the websocket library itself.
        ws_max_size=max(settings.max_frame_bytes, 1 << 20),
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        # Without a reverse proxy in front, client IPs are what the socket says.
        proxy_headers=False,
        timeout_graceful_shutdown=5,
        # The app logs each request and websocket session itself (app.server.logs).
        log_config=None,
        access_log=False,
    )


if __name__ == "__main__":
    main()
