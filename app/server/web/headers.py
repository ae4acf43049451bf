"""Security headers on every HTTP answer, and a bound on the headers of every request.

The pages load no inline script and nothing from elsewhere, so the Content-Security-Policy
can be strict: scripts only from this server, never inline. It allows `eval` all the same:
the client never evaluates text, but the tools that drive and check pages in a browser do
(accessibility checkers, Playwright's `wait_for_function`), and the policy must not lock them
out; what it is for, keeping injected markup from running, holds without that. The
`Referrer-Policy: no-referrer` keeps a room link (and, after the `#`, its seat token) from
ever leaving in a Referer header. The interactive API docs (`/docs`, `/redoc`) load their
viewer from a CDN and get no CSP.
"""

from __future__ import annotations

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.server.wire.errors import HttpErrorCode

CSP = "; ".join((
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self' ws: wss:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))
ALWAYS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
DOCS = ("/docs", "/redoc", "/openapi.json")


class SecurityHeaders:
    """ASGI middleware adding the headers above to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = list(ALWAYS)
        if not scope["path"].startswith(DOCS):
            headers.append((b"content-security-policy", CSP.encode()))

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *headers]
            await send(message)

        await self.app(scope, receive, sending)


class HeaderLimit:
    """ASGI middleware: a request (or websocket handshake) whose path and headers add up to
    more than `limit` bytes is answered 431 (JSON, `headers_too_large`) and goes no further,
    however fast they came (`web.arrival` cuts off those that arrive slowly)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            size = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
            size += sum(len(name) + len(value) + 4 for name, value in scope["headers"])
            if size > self.limit:
                await _too_large(scope, send, self.limit)
                return
        await self.app(scope, receive, send)


async def _too_large(scope: Scope, send: Send, limit: int) -> None:
    if scope["type"] == "websocket":  # refused before the handshake (the server says 403)
        await send({"type": "websocket.close", "code": 1008})
        return
    body = orjson.dumps({"detail": f"The request's headers are over {limit} bytes.",
                         "code": HttpErrorCode.HEADERS_TOO_LARGE, "args": {"max": limit}})
    await send({"type": "http.response.start", "status": 431,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
