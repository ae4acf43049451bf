"""How long a request may take to arrive, and how big its head may grow while it does.

uvicorn bounds the idle time between two requests of a kept-alive connection, but not the time
a request's line and headers take to come in: a client that sends a byte every few seconds
(slowloris) holds a connection, and the memory of everything it sent, for as long as it likes,
and a few hundred such clients take every socket the process may open. HAProxy bounds this in
front of a cluster (`timeout http-request`); this protocol bounds it in the server itself, for
the embedded default that has no proxy in front.

`bounded_http(seconds, max_head_bytes)` is uvicorn's own HTTP protocol (httptools) with two
bounds more:
- the request line and headers must be whole within `seconds` of the connection opening, or of
  the previous response ending: else 408 (JSON, `request_timeout`) and the connection is closed
  (closed without a word if nothing at all came, as a browser's unused preconnect);
- they may not grow past `max_head_bytes` while they arrive: else 431 (`headers_too_large`, as
  `web.headers.HeaderLimit` answers the same head when it comes at once) and closed.
A websocket's handshake is such a request; once it is upgraded, the websocket's own heartbeat
(`wire/ws.py`) bounds the connection instead.
"""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from app.server.wire.errors import HttpErrorCode

_REASONS = {408: b"Request Timeout", 431: b"Request Header Fields Too Large"}


def bounded_http(seconds: float, max_head_bytes: int) -> type[HttpToolsProtocol]:
    """uvicorn's HTTP protocol class with these bounds (pass it as `uvicorn.run(http=...)`)."""
    return type("BoundedHttp", (BoundedHttp,), {"arrival_seconds": seconds,
                                                "max_head_bytes": max_head_bytes})


class BoundedHttp(HttpToolsProtocol):
    """See the module's docstring; `bounded_http` sets the two bounds."""

    arrival_seconds: float = 10.0
    max_head_bytes: int = 16 * 1024

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._head_bytes = 0  # of the request now arriving, before its headers are whole
        self._begun = False  # a request has begun to arrive and its head is not whole yet
        self._refused = False  # answered 408 or 431: the connection is closing

    # -- the deadline -------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._await_request()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._await_request()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        super().connection_lost(exc)

    def _await_request(self) -> None:
        self._stop_waiting()
        self._head_bytes = 0
        self._deadline = self.loop.call_later(self.arrival_seconds, self._too_slow)

    def _stop_waiting(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if not self._begun:
            self.transport.close()  # an idle connection: nothing to answer
            return
        self._refuse(408, HttpErrorCode.REQUEST_TIMEOUT,
                     f"The request did not arrive whole within {self.arrival_seconds:g} "
                     "seconds.", {"seconds": self.arrival_seconds})

    # -- the head as it arrives (the parser's callbacks) --------------------------------------

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return  # answered and closing: what still comes goes nowhere
        super().data_received(data)
        if self._deadline is not None and not self._refused:
            # Still no whole head: all of this was head. (A head that came whole is measured
            # by `HeaderLimit`, so a body that comes with it in one read is never counted.)
            self._head_bytes += len(data)
            if self._head_bytes > self.max_head_bytes:
                self._stop_waiting()
                self._refuse(431, HttpErrorCode.HEADERS_TOO_LARGE,
                             f"The request's headers are over {self.max_head_bytes} bytes.",
                             {"max": self.max_head_bytes})

    def on_message_begin(self) -> None:
        self._begun = True
        super().on_message_begin()

    def on_headers_complete(self) -> None:
        self._stop_waiting()  # whole in time: what follows is the app's (or the websocket's)
        self._begun = False
        super().on_headers_complete()

    def _refuse(self, status: int, code: HttpErrorCode, detail: str, args: dict[str, Any]) -> None:
        """Answer `status` with the API's error shape, then close (nothing reached the app)."""
        self._refused = True
        body = orjson.dumps({"detail": detail, "code": code, "args": args})
        self.transport.write(b"".join([
            b"HTTP/1.1 %d %s\r\n" % (status, _REASONS[status]),
            b"content-type: application/json\r\n",
            b"content-length: %d\r\n" % len(body),
            b"connection: close\r\n\r\n",
            body,
        ]))
        self.transport.close()
