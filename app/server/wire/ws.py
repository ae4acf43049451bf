"""The websocket endpoint: decode, validate, hand to the room, send back.

Each connection has an outbound queue drained by its own writer task, so a room broadcasts
without ever waiting on a slow socket, and a heartbeat task that pings and drops the silent.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections import deque
from dataclasses import dataclass
from typing import Protocol

import orjson
from fastapi import WebSocket
from starlette.websockets import WebSocketState

from app.server.observe.logs import request_id
from app.server.observe.metrics import Metrics
from app.server.settings import Settings
from app.server.wire import intents as i
from app.server.wire import messages as m
from app.server.wire.errors import ErrorCode, GameError
from app.server.wire.facts import PROTOCOL_VERSION, Close
from app.server.wire.rates import ChatRate, FrameRate

log = logging.getLogger(__name__)
sessions = logging.getLogger("app.access")  # one line per websocket session
_ids = itertools.count(1)
SEATED = m.prefix(m.Seated)
# The ASGI extension of a server that writes a list of texts, one frame each, in one socket
# write (`web.frames.OneWriteWebSocket`): `{"type": "websocket.send", "texts": [...]}`.
SEND_TEXTS = "carcassonne.websocket.send_texts"
# At most this many queued messages go in one write (a slow client's backlog in slices).
TEXTS_A_WRITE = 16


class RoomEntry(Protocol):
    """A room as a connection talks to it: the room itself (`rooms.room.Room`), or a proxy
    to its owner in another process (`cluster.relay.RoomProxy`)."""

    async def join(self, peer: Connection, hello: i.Hello) -> None:
        """The connection said hello (raises `ports.Moved` if the room left this entry)."""

    async def handle(self, peer: Connection, intent: i.Intent) -> None:
        """One decoded intent (raises `GameError` for a refusal)."""

    async def drop(self, peer: Connection) -> None:
        """The connection went away."""


class Doors(Protocol):
    """Where a connection finds its room (`cluster.registry.Rooms`)."""

    async def enter(self, code: str, conn: Connection) -> bool:
        """Join `conn`, which said hello, to room `code`; False when there is no such room.
        Raises `GameError` when the room cannot be restored."""
        ...

    async def leave(self, conn: Connection) -> None:
        """`conn` went away."""


@dataclass(frozen=True)
class _Closing:
    code: int
    reason: str


class Disconnected(Exception):
    """The client went away."""


class Connection:
    """One websocket as a room sees it (implements `ports.Peer`)."""

    def __init__(self, ws: WebSocket, settings: Settings, metrics: Metrics,
                 address: str = "?") -> None:
        self.ws = ws
        self.address = address
        self.settings = settings
        self.metrics = metrics
        self.frames_in = 0
        self.frames_out = 0
        self.close_code: int | None = None
        self.id = next(_ids)
        self.process: str | None = None  # a connection to this process (see `ports.Peer`)
        self.room: RoomEntry | None = None  # where its frames go; changes if the room moves
        self.hello: i.Hello | None = None  # kept, to join again where the room moves to
        # The process whose snapshot it has, when relayed: only that owner's diffs go to it.
        self.synced = ""
        self.name = "Guest"
        self.seat: int | None = None
        self.host = False
        self.token_hash: str | None = None
        self.chat = ChatRate(settings.chat_per_window, settings.chat_window_seconds)
        self.last_seen = time.monotonic()
        self.closing = False
        # The messages waiting for the writer, and what it awaits while there are none (a
        # deque and one future: an `asyncio.Queue` cost more than the frame's own work).
        self._out: deque[str | _Closing] = deque()
        self._wake: asyncio.Future[None] | None = None
        self.frames = FrameRate(settings.rate_burst, settings.rate_per_second)

    def __hash__(self) -> int:
        return self.id

    @property
    def conn_id(self) -> int:
        """Its id in this process."""
        return self.id

    def send(self, text: str) -> None:
        """Queue a message; a client too slow to keep up is dropped rather than buffered."""
        if self.closing:
            return
        if text.startswith(SEATED):
            self._remember_token(text)
        if len(self._out) >= self.settings.send_queue_limit:
            self.close(Close.POLICY, "too slow")
            return
        self._put(text)

    def _put(self, item: str | _Closing) -> None:
        self._out.append(item)
        wake = self._wake
        if wake is not None and not wake.done():
            wake.set_result(None)

    def _remember_token(self, seated: str) -> None:
        """A seat taken with a new token: the connection holds it from now on, so that it
        is this token that says hello again wherever the room moves to."""
        token = orjson.loads(seated).get("token")
        if token and self.hello is not None:
            self.hello = self.hello.model_copy(update={"token": token})

    def close(self, code: int, reason: str = "") -> None:
        """Close after the messages already queued (an error is delivered before the close)."""
        if not self.closing:
            self.closing = True
            self.close_code = code
            self._put(_Closing(code, reason))

    def allow_chat(self, now: float) -> bool:
        """Count one chat line at `now`; False when over the chat rate."""
        return self.chat.allow(now)

    async def write(self) -> None:
        """Drain the queue onto the socket until a close or a dead socket."""
        try:
            out = self._out
            several = SEND_TEXTS in self.ws.scope.get("extensions", {})
            while True:
                while not out:
                    self._wake = asyncio.get_running_loop().create_future()
                    await self._wake
                self._wake = None
                item = out.popleft()
                if isinstance(item, _Closing):
                    await self.ws.close(item.code, item.reason)
                    return
                if not several or not out:
                    await self.ws.send_text(item)
                    self.frames_out += 1
                    continue
                # What queued meanwhile (a move's diff and the next player's placements)
                # goes in the same socket write.
                texts = [item]
                while out and len(texts) < TEXTS_A_WRITE:
                    following = out[0]
                    if not isinstance(following, str):
                        break
                    out.popleft()
                    texts.append(following)
                await self.ws.send({"type": "websocket.send", "texts": texts})
                self.frames_out += len(texts)
        except Exception as exc:
            log.debug("socket write failed: %r", exc)
            self.closing = True  # the socket is gone; the reader will notice too

    async def heartbeat(self) -> None:
        """Ping every `heartbeat_seconds`; close a connection silent for `dead_after_seconds`
        (browsers do not notice a dead peer on their own)."""
        period = self.settings.heartbeat_seconds
        while not self.closing:
            await asyncio.sleep(period)
            if time.monotonic() - self.last_seen > self.settings.dead_after_seconds:
                self.close(Close.GOING_AWAY, "heartbeat lost")
                return
            self.send(m.encode(m.Ping()))

    async def receive(self) -> str | bytes:
        """The next frame (text or binary); raises `Disconnected` when the socket closes."""
        message = await self.ws.receive()
        if message["type"] == "websocket.disconnect":
            raise Disconnected
        self.last_seen = time.monotonic()
        self.frames_in += 1
        text = message.get("text")
        return text if text is not None else message.get("bytes") or b""


async def serve(
    ws: WebSocket, code: str, rooms: Doors, settings: Settings, metrics: Metrics,
    client: str = "?",
) -> None:
    """Run one websocket connection from accept to close; log one line when it ends (with
    `client`, the address it came from)."""
    await ws.accept()
    conn = Connection(ws, settings, metrics, client)
    metrics.sockets.inc()
    started = time.monotonic()
    writer = asyncio.create_task(conn.write())
    heart = asyncio.create_task(conn.heartbeat())
    try:
        hello = await _hello(conn)
        if hello is None:
            return
        conn.hello = hello
        try:
            entered = await rooms.enter(code, conn)
        except GameError as exc:
            _refuse(conn, exc, Close.SERVER_ERROR)
            return
        if not entered:
            _refuse(conn, GameError(ErrorCode.ROOM_NOT_FOUND, f"There is no room {code[:16]!r}."),
                    Close.NOT_FOUND)
            return
        while not conn.closing:
            text = await conn.receive()
            if not _within_limits(conn, text):
                return
            try:
                intent = i.decode(_text(text))
                match intent:
                    case i.Ping():
                        conn.send(m.encode(m.Pong(ref=intent.ref)))
                    case i.Pong():
                        pass
                    case _ if conn.room is not None:
                        await conn.room.handle(conn, intent)
            except GameError as exc:
                metrics.refused.labels(str(exc.code)).inc()
                conn.send(m.encode(m.refusal(exc, _ref(text))))
            except Exception:
                log.exception("room %s: intent failed", code)
                metrics.errors.labels("intent").inc()
                conn.send(m.encode(m.error(
                    ErrorCode.SERVER_ERROR, "Something went wrong on the server.", _ref(text)
                )))
    except Disconnected:
        pass
    finally:
        heart.cancel()
        await rooms.leave(conn)
        conn.close(Close.GOING_AWAY)  # no-op when already closing
        with contextlib.suppress(TimeoutError):  # a stuck client must not hold us up
            await asyncio.wait_for(writer, timeout=5)
        writer.cancel()
        if ws.client_state != WebSocketState.DISCONNECTED:
            try:
                await ws.close(Close.GOING_AWAY)
            except Exception as exc:  # the peer vanished between the check and the close
                log.debug("room %s: close after disconnect: %r", code, exc)
        metrics.sockets.dec()
        sessions.info(
            "websocket %s closed", code[:16],
            extra={"event": "websocket", "request_id": request_id(ws.scope), "room": code[:16],
                   "seat": conn.seat, "close": conn.close_code, "frames_in": conn.frames_in,
                   "frames_out": conn.frames_out,
                   "ms": round(1000 * (time.monotonic() - started), 1), "client": client},
        )


async def _hello(conn: Connection) -> i.Hello | None:
    """Wait for the hello; refuse and return None for anything else."""
    try:
        text = await asyncio.wait_for(conn.receive(), conn.settings.hello_timeout_seconds)
    except TimeoutError:
        _refuse(conn, GameError(ErrorCode.HELLO_REQUIRED, "Say hello first."), Close.POLICY)
        return None
    if not _within_limits(conn, text):
        return None
    try:
        hello = i.decode(_text(text))
    except GameError as exc:
        _refuse(conn, exc, Close.POLICY)
        return None
    if not isinstance(hello, i.Hello):
        _refuse(conn, GameError(ErrorCode.HELLO_REQUIRED, "The first message must be a hello."),
                Close.POLICY)
        return None
    if hello.protocol != PROTOCOL_VERSION:
        conn.send(m.encode(m.Reload()))
        _refuse(
            conn,
            GameError(ErrorCode.PROTOCOL_VERSION,
                      f"This server speaks protocol {PROTOCOL_VERSION}; reload the page.",
                      protocol=PROTOCOL_VERSION),
            Close.RELOAD,
        )
        return None
    return hello


def _text(frame: str | bytes) -> str:
    if isinstance(frame, bytes):
        raise GameError(ErrorCode.BAD_MESSAGE, "Send text frames with JSON, not binary.")
    return frame


def _ref(frame: str | bytes) -> object:
    return i.ref_of(frame) if isinstance(frame, str) else None


def _within_limits(conn: Connection, frame: str | bytes) -> bool:
    """Size and rate limits; a client breaking them is closed (1009 / 1008)."""
    size = len(frame) if isinstance(frame, bytes) else len(frame.encode("utf-8", "surrogatepass"))
    if size > conn.settings.max_frame_bytes:
        conn.close(Close.TOO_BIG, "frame too big")
        return False
    if not conn.frames.allow():
        conn.close(Close.POLICY, "too many messages")
        return False
    return True


def _refuse(conn: Connection, exc: GameError, close: int) -> None:
    conn.metrics.refused.labels(str(exc.code)).inc()
    conn.send(m.encode(m.refusal(exc)))
    conn.close(close, str(exc.code))
