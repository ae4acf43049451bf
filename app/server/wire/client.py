"""A client of the live protocol, as a browser speaks it: for the tests and the benchmarks.

`WireClient` opens `/ws/{code}`, says hello, and reads the server's frames. Each frame is
checked against the server's message union (`messages.decode`: a message of the protocol,
with exactly its fields), then kept track of: the state (a snapshot, then its diffs, `seq`
checked), who the client is (`you`, a seat's token), the latest `legal` and `features`, the
errors and chat lines. Pings are answered. The product never imports this module.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any, Self

import orjson
import websockets
from websockets.asyncio.client import ClientConnection

from app.server.wire import messages
from app.server.wire.facts import PROTOCOL_VERSION
from app.server.wire.patch import apply

JSON = dict[str, Any]
_DIFF = messages.prefix(messages.Diff)  # how every diff's text begins


class ProtocolViolation(AssertionError):
    """The server sent what the protocol does not allow (a gap in `seq`, placements to a
    client that is not to move, a frame that is no server message)."""


class WireClient:
    """One websocket client of a room.

    `keep_state`: apply the diffs to keep the room's state (else only their `seq` is checked,
    not their fields: a benchmark's spectators need not rebuild nor check again what their
    room's host holds already, the same text);
    `in_place`: apply them to the state in place (cheaper; the state is then made of the
    frames' own objects, so nothing else may hold a part of it); `record`: remember every frame
    as it came (to look for what must never be sent).
    """

    def __init__(
        self, ws: ClientConnection, name: str, *, keep_state: bool = True,
        in_place: bool = False, record: bool = True,
    ) -> None:
        self.ws = ws
        self.name = name
        self.keep_state = keep_state
        self.in_place = in_place
        self.record = record
        self.state: JSON | None = None
        self.seq: int | None = None
        self.you: JSON = {}
        self.token: str | None = None
        self.frames: list[str] = []
        self.errors: list[JSON] = []
        self.chat: list[JSON] = []
        self.legal: JSON | None = None  # the latest `legal` message (this client is to move)
        self.features: JSON | None = None  # the latest `features` message
        self.snapshots_checked = 0  # snapshots found equal to the state the diffs built

    @classmethod
    async def connect(
        cls, ws_base: str, code: str, *, token: str | None = None, name: str = "Guest",
        hello: bool = True, keep_state: bool = True, in_place: bool = False,
        record: bool = True, open_timeout: float = 10.0,
    ) -> Self:
        """Open `ws_base/ws/{code}`; with `hello`, say it and read the welcome and snapshot
        (each awaited as long as the opening may take)."""
        # No keepalive of its own: the server pings (app-level) and closes silent clients.
        ws = await websockets.connect(
            f"{ws_base}/ws/{code}", max_size=2**24, open_timeout=open_timeout,
            ping_interval=None, compression=None,
        )
        client = cls(ws, name, keep_state=keep_state, in_place=in_place, record=record)
        client.token = token
        if hello:
            await client.send(type="hello", protocol=PROTOCOL_VERSION, token=token, name=name)
            welcome = await client.expect("welcome", max(10.0, open_timeout))
            client.you = welcome["you"]
            await client.expect("snapshot", max(10.0, open_timeout))
        return client

    # -- sending ---------------------------------------------------------------------------

    async def send(self, **message: Any) -> None:
        """Send one JSON message."""
        await self.ws.send(json.dumps(message, separators=(",", ":")))

    async def send_raw(self, data: str | bytes, *, text: bool | None = None) -> None:
        """Send a frame as is; `text=True` sends bytes as a text frame unchecked (say, bytes
        that are not UTF-8)."""
        await self.ws.send(data, text=text)

    # -- receiving -------------------------------------------------------------------------

    def take(self, raw: str | bytes) -> JSON:
        """One frame from the server: checked, kept track of, returned as JSON. Does no I/O
        (a ping is the caller's to answer: `recv` does)."""
        if self.record:
            self.frames.append(raw if isinstance(raw, str) else raw.decode())
        if self.keep_state or not (isinstance(raw, str) and raw.startswith(_DIFF)):
            messages.decode(raw)  # a message of the protocol, with exactly its fields
        msg: JSON = orjson.loads(raw)
        kind = msg["type"]
        if kind == "snapshot":
            if self.keep_state and self.state is not None and self.seq == msg["seq"]:
                # The diffs applied so far must give exactly the server's state.
                if self.state != msg["state"]:
                    raise ProtocolViolation(f"{self.name}: diffs drifted from the state")
                self.snapshots_checked += 1
            self.state, self.seq = msg["state"], msg["seq"]
            self.chat = list(msg["chat"])
        elif kind == "diff":
            if self.seq is None or msg["seq"] != self.seq + 1:
                raise ProtocolViolation(f"{self.name}: seq gap {self.seq} -> {msg['seq']}")
            if self.keep_state:
                self.state = apply(self.state, msg["ops"], in_place=self.in_place)
            self.seq = msg["seq"]
        elif kind in ("you", "seated"):
            self.you = msg["you"]
            if kind == "seated" and msg.get("token"):
                self.token = msg["token"]
        elif kind == "legal":
            if self.keep_state and (self.game is None or msg["turn"] != self.game["turn"]):
                raise ProtocolViolation(f"{self.name}: placements for another turn: {msg}")
            if self.keep_state and not self.my_turn():
                raise ProtocolViolation(f"{self.name} got placements but is not to move")
            self.legal = msg
        elif kind == "features":
            self.features = msg
        elif kind == "error":
            self.errors.append(msg)
        elif kind == "chat":
            self.chat.append(msg)
        return msg

    async def recv(self, timeout: float = 10.0, *, pings: bool = False) -> JSON:
        """The next message (pings answered, and skipped unless `pings`)."""
        while True:
            msg = self.take(await asyncio.wait_for(self.ws.recv(), timeout))
            if msg["type"] == "ping":
                await self.send(type="pong")
                if not pings:
                    continue
            return msg

    async def expect(self, kind: str, timeout: float = 10.0) -> JSON:
        """Read until a message of `kind` comes (others are kept track of on the way); an
        error on the way raises."""
        while True:
            msg = await self.recv(timeout)
            if msg["type"] == kind:
                return msg
            if msg["type"] == "error":
                raise ProtocolViolation(f"{self.name}: unexpected error {msg}")

    async def until(
        self, predicate: Callable[[WireClient], bool], timeout: float = 10.0, *,
        errors_ok: bool = False,
    ) -> None:
        """Read until `predicate(self)` holds; an error message raises unless `errors_ok`,
        and `TimeoutError` once `timeout` seconds have passed (however many frames came)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate(self):
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"{self.name}: not so within {timeout} s")
            msg = await self.recv(left)
            if msg["type"] == "error" and not errors_ok:
                raise ProtocolViolation(f"{self.name}: unexpected error {msg}")

    async def catch_up(self, seq: int | None, timeout: float = 10.0) -> None:
        """Read until this client has taken every broadcast up to `seq`."""
        target = seq if seq is not None else 0
        await self.until(lambda c: c.seq is not None and c.seq >= target, timeout)

    async def resync(self) -> JSON:
        """Ask for a snapshot; returns its state (the diffs before it are applied first)."""
        await self.send(type="sync")
        msg = await self.expect("snapshot")
        state: JSON = msg["state"]
        return state

    async def closed(self, timeout: float = 10.0) -> int | None:
        """Read until the server closes; returns the close code it sent (None: none)."""
        try:
            while True:
                await self.recv(timeout)
        except websockets.ConnectionClosed as exc:
            return exc.rcvd.code if exc.rcvd else None

    async def drain(self, timeout: float = 10.0) -> None:
        """Read (and keep track of) every frame that reaches this client until it closes."""
        try:
            while True:
                await self.recv(timeout)
        except websockets.ConnectionClosed:
            return

    async def close(self) -> None:
        """Close from the client side."""
        await self.ws.close()

    # -- the game as this client sees it -----------------------------------------------------

    @property
    def game(self) -> JSON | None:
        """The game part of the state."""
        return self.state["game"] if self.state else None

    def my_turn(self) -> bool:
        """True when the game runs and this client's seat is to play."""
        game = self.game
        return (
            game is not None
            and not game["finished"]
            and self.you.get("seat") is not None
            and game["seats"][game["current_player"]] == self.you["seat"]
        )

    async def placements(self) -> list[JSON]:
        """The legal placements of the turn the game is at (this client is to move)."""
        def dealt(c: WireClient) -> bool:
            return c.legal is not None and c.game is not None and c.legal["turn"] == c.game["turn"]

        await self.until(dealt)
        assert self.legal is not None
        placements: list[JSON] = self.legal["placements"]
        return placements


async def seat_and_start(host: WireClient, guest: WireClient) -> None:
    """`guest` takes seat 1 (Bo, blue) in `host`'s room, `host` starts the game, and both
    have its state."""
    await guest.send(type="take_seat", seat=1, name="Bo", color="blue")
    await guest.expect("seated")
    await host.send(type="start")
    await host.until(lambda c: c.game is not None)
    await guest.until(lambda c: c.game is not None)


def random_place(
    game: JSON, legal: JSON, rng: random.Random, figure_chance: float = 0.6
) -> JSON:
    """A random legal `place` message for `game`'s turn from the mover's `legal` message (a
    figure on one of the placement's spots with `figure_chance`)."""
    if legal["turn"] != game["turn"]:
        raise ValueError("the placements are for another turn")
    option = rng.choice(legal["placements"])
    spots = option["spots"]
    meeple = None
    if spots and rng.random() < figure_chance:
        spot = rng.choice(spots)
        meeple = {"kind": spot["kind"], "at": spot["at"]}
    return {"type": "place", "turn": game["turn"], "x": option["x"], "y": option["y"],
            "rot": option["rot"], "meeple": meeple}
