"""`python -m app`: serve the product with uvicorn (HOST, PORT, DATABASE_URL from the env)."""

from __future__ import annotations

import logging

import uvicorn

from app.server.settings import Settings


def main() -> None:
    """Start uvicorn; the app applies the migrations at start."""
    settings = Settings()
    # The app's own loggers (uvicorn configures only its own).
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
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
    )


if __name__ == "__main__":
    main()
