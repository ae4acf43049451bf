"""What a server process tells: one JSON line per log record (`CARC_LOG_FORMAT=json`, the
default) or plain text, one line per HTTP request and one per websocket session, with a
request id. A token is never logged: it travels only in request bodies and websocket
messages, which are not, and in URL fragments, which never reach the server.
"""

from __future__ import annotations

import logging
import secrets
import sys
import time
from typing import Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.server.observe.metrics import Metrics

log = logging.getLogger("app.access")
# What a record may add to its line (`log.info(..., extra={...})`).
FIELDS = ("event", "request_id", "method", "path", "route", "status", "ms", "client", "room",
          "seat", "close", "frames_in", "frames_out", "process")


class JSONFormatter(logging.Formatter):
    """A record as one JSON object on one line."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for name in FIELDS:
            value = record.__dict__.get(name)
            if value is not None:
                line[name] = value
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        return orjson.dumps(line, default=str).decode()


def configure(level: str, form: str) -> None:
    """Every logger of the process (the app's, uvicorn's) to stderr in `form` (json, text)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        JSONFormatter() if form == "json"
        else logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True


def request_id(scope: Scope) -> str:
    """The request id of an HTTP request or websocket (set by `RequestLog`)."""
    return str(scope.get("carc_request_id", "-"))


class RequestLog:
    """ASGI middleware: a request id for every request and websocket (the client's
    `X-Request-ID` when it is a short plain token, else a new one, sent back in the answer's
    header), and one log line per HTTP request; HTTP requests counted by route and status."""

    def __init__(self, app: ASGIApp, metrics: Metrics, client: Any) -> None:
        self.app = app
        self.metrics = metrics
        self.client = client  # (scope) -> the client's address (trusting only our proxies)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers") or ()).get(b"x-request-id", b"").decode("latin-1")
        rid = given if 0 < len(given) <= 64 and given.replace("-", "").isalnum() else \
            secrets.token_hex(8)
        scope["carc_request_id"] = rid
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-request-id", rid.encode())]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            route = getattr(scope.get("route"), "path", None) or "(none)"
            self.metrics.requests.labels(route, str(status)).inc()
            log.info(
                "%s %s %d", scope["method"], scope["path"], status,
                extra={"event": "http", "request_id": rid, "method": scope["method"],
                       "path": scope["path"], "route": route, "status": status,
                       "ms": round(1000 * (time.perf_counter() - started), 1),
                       "client": self.client(scope)},
            )
