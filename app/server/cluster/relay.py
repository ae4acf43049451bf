"""Connections to a room owned by another process, from both ends.

On the owner, a `RemotePeer` stands for a connection held by another process: what the room
sends it is posted to that process, and its intents come in by post and are handled in order.
On the other process, a `RoomProxy` stands for the room: its connections' hello, intents and
goodbye are posted to the owner, and what comes back is delivered to them. A connection
whose room changes hands is joined again at the new owner (it gets a fresh snapshot).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from typing import Any

from app.server.ports import Cluster, Message, Moved
from app.server.rooms.room import Room
from app.server.settings import Settings
from app.server.wire import intents as i
from app.server.wire import messages as m
from app.server.wire.errors import ErrorCode, GameError
from app.server.wire.rates import ChatRate
from app.server.wire.ws import Connection

log = logging.getLogger(__name__)
peer_ids = itertools.count(1)  # distinct from the connections' ids: only an order of arrival

SNAPSHOT = m.prefix(m.Snapshot)


class RemotePeer:
    """On the owner: a connection that another process holds (implements `Peer`)."""

    def __init__(
        self, cluster: Cluster, process: str, conn_id: int, code: str, settings: Settings,
        address: str = "?",
    ) -> None:
        self.cluster = cluster
        self.address = address
        self.process: str | None = process
        self.conn_id = conn_id
        self.code = code
        self.id = next(peer_ids)
        self.name = "Guest"
        self.seat: int | None = None
        self.host = False
        self.token_hash: str | None = None
        self.chat = ChatRate(settings.chat_per_window, settings.chat_window_seconds)
        self.inbox: asyncio.Queue[i.Intent] = asyncio.Queue()
        self.worker: asyncio.Task[None] | None = None

    def __hash__(self) -> int:
        return self.id

    def send(self, text: str) -> None:
        """Post a message for the connection to its process."""
        self.cluster.post(self.process or "", {
            "t": "send", "room": self.code, "from": self.cluster.process, "conn": self.conn_id,
            "text": text,
        })

    def close(self, code: int, reason: str = "") -> None:
        """Ask its process to close the connection."""
        self.cluster.post(self.process or "", {
            "t": "close", "room": self.code, "conn": self.conn_id, "code": code, "reason": reason,
        })

    def allow_chat(self, now: float) -> bool:
        """Count one chat line at `now`; False when over the chat rate."""
        return self.chat.allow(now)

    def start(self, room: Room) -> None:
        """Handle its intents in the order they were sent, one at a time."""

        async def work() -> None:
            while True:
                intent = await self.inbox.get()
                try:
                    await room.handle(self, intent)
                except GameError as exc:
                    self.send(m.encode(m.refusal(exc, intent.ref)))
                except Exception:
                    log.exception("room %s: relayed intent failed", self.code)
                    self.send(m.encode(m.error(
                        ErrorCode.SERVER_ERROR, "Something went wrong on the server.",
                        intent.ref,
                    )))

        self.worker = asyncio.create_task(work())

    def stop(self) -> None:
        """No more intents (the connection left)."""
        if self.worker is not None:
            self.worker.cancel()


class RoomProxy:
    """On a process that does not own room `code`: its connections, relayed to `owner`."""

    def __init__(self, code: str, owner: str, cluster: Cluster) -> None:
        self.code = code
        self.owner = owner
        self.cluster = cluster
        self.conns: dict[int, Connection] = {}
        self.joined: dict[int, float] = {}  # when each connection's hello was last posted
        self.closed = False  # this process took the room over: the proxy is done

    def _post(self, kind: str, conn: Connection, **fields: Any) -> None:
        self.cluster.post(self.owner, {
            "t": kind, "room": self.code, "from": self.cluster.process, "conn": conn.id, **fields,
        })

    async def join(self, peer: Connection, hello: i.Hello) -> None:
        """Say hello to the owner for the connection; what it sends comes back to `deliver`."""
        if self.closed:
            raise Moved(self.code)
        self._require_connected()
        self.conns[peer.id] = peer
        self._join(peer)

    def _join(self, conn: Connection) -> None:
        conn.synced = ""
        self.joined[conn.id] = time.monotonic()
        assert conn.hello is not None
        self._post("join", conn, hello=conn.hello.model_dump(mode="json"),
                   address=conn.address)

    async def handle(self, peer: Connection, intent: i.Intent) -> None:
        """Relay an intent; refusals come back from the owner. Refused here while the owner
        cannot be reached (its connections get a snapshot once it can)."""
        self._require_connected()
        self._post("intent", peer, intent=intent.model_dump(mode="json"))

    def _require_connected(self) -> None:
        if not self.cluster.connected:
            raise GameError(ErrorCode.UNAVAILABLE, "The server that holds this room cannot be "
                            "reached just now; nothing was sent. Try again in a moment.")

    async def drop(self, peer: Connection) -> None:
        """The connection went away."""
        self.joined.pop(peer.id, None)
        if self.conns.pop(peer.id, None) is not None:
            self._post("drop", peer)

    def retarget(self, owner: str) -> None:
        """The room changed hands: say hello again to the new owner for every connection."""
        self.owner = owner
        self.rejoin()

    def rejoin(self) -> None:
        """Say hello to the owner again for every connection: each gets a fresh snapshot, and
        no diff until then."""
        for conn in self.conns.values():
            self._join(conn)

    def rejoin_unanswered(self, patience: float) -> None:
        """Say hello again for connections that got no snapshot from the owner in `patience`
        seconds (the hello went to an owner that was going away)."""
        now = time.monotonic()
        for conn in self.conns.values():
            if conn.synced != self.owner and now - self.joined.get(conn.id, now) > patience:
                self._join(conn)

    def deliver(self, message: Message) -> None:
        """What an owner sent: to one connection (`send`, `close`; `undelivered`: what it sent
        was lost on the way) or to all (`fanout`: the
        diffs and chat lines every connection of the room gets, but only the connections whose
        snapshot came from that owner, so that none applies a diff its snapshot holds already
        or one from another owner's numbering)."""
        kind = message["t"]
        if kind == "fanout":
            skip, sender = message.get("skip"), message["from"]
            for each in self.conns.values():
                if each.synced == sender and each.id != skip:
                    each.send(message["text"])
            return
        target = self.conns.get(message["conn"])
        if target is None:
            return
        if kind == "undelivered":  # posted here by the cluster: it never reached the owner
            target.send(m.encode(m.error(
                ErrorCode.UNAVAILABLE, "The server that holds this room cannot be reached just "
                "now; that did not arrive. Try again in a moment.", message.get("ref"))))
        elif kind == "send":
            text: str = message["text"]
            if text.startswith(SNAPSHOT):
                target.synced = message["from"]
            target.send(text)
        elif kind == "close":
            target.close(message["code"], message.get("reason", ""))
