"""A test client for the live protocol: keeps the state by applying diffs, checks `seq`,
answers pings, and remembers every frame it got (to look for leaked secrets)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
import websockets
from protocol_doc import error_codes, server_types

from app.server.patch import apply
from app.server.protocol import PROTOCOL_VERSION as PROTOCOL

SERVER_TYPES = server_types()
ERROR_CODES = error_codes()


class Client:
    """One websocket client."""

    def __init__(self, ws, name: str) -> None:
        self.ws = ws
        self.name = name
        self.state: dict[str, Any] | None = None
        self.seq: int | None = None
        self.you: dict[str, Any] = {}
        self.token: str | None = None
        self.frames: list[str] = []
        self.errors: list[dict[str, Any]] = []
        self.chat: list[dict[str, Any]] = []
        self.legal: dict[str, Any] | None = None  # the latest `legal` message (player to move)
        self.features: dict[str, Any] | None = None  # the latest `features` message
        self.snapshots_checked = 0

    @classmethod
    async def connect(
        cls, ws_base: str, code: str, *, token: str | None = None, name: str = "Guest",
        hello: bool = True,
    ) -> Client:
        """Open `/ws/{code}`, say hello, read welcome and snapshot."""
        ws = await websockets.connect(f"{ws_base}/ws/{code}", max_size=2**24, open_timeout=10)
        client = cls(ws, name)
        client.token = token
        if hello:
            await client.send(type="hello", protocol=PROTOCOL, token=token, name=name)
            welcome = await client.expect("welcome")
            client.you = welcome["you"]
            await client.expect("snapshot")
        return client

    async def send(self, **message: Any) -> None:
        """Send one JSON message."""
        await self.ws.send(json.dumps(message))

    async def send_raw(self, data: str | bytes) -> None:
        """Send a frame as is."""
        await self.ws.send(data)

    async def recv(self, timeout: float = 10.0, *, pings: bool = False) -> dict[str, Any]:
        """The next message (pings answered and skipped unless `pings`, diffs applied, `seq`
        checked)."""
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), timeout)
            self.frames.append(raw)
            msg = json.loads(raw)
            kind = msg["type"]
            assert kind in SERVER_TYPES, f"undocumented message type {kind!r}"
            if kind == "error":
                assert msg["code"] in ERROR_CODES, f"undocumented error code {msg['code']!r}"
            if kind == "ping":
                await self.send(type="pong")
                if not pings:
                    continue
            if kind == "snapshot":
                if self.state is not None and self.seq == msg["seq"]:
                    # The diffs applied so far must give exactly the server's state.
                    assert self.state == msg["state"], f"{self.name}: diffs drifted from state"
                    self.snapshots_checked += 1
                self.state, self.seq = msg["state"], msg["seq"]
                self.chat = list(msg["chat"])
            elif kind == "diff":
                assert self.seq is not None and msg["seq"] == self.seq + 1, (
                    f"{self.name}: seq gap {self.seq} -> {msg['seq']}"
                )
                self.state = apply(self.state, msg["ops"])
                self.seq = msg["seq"]
            elif kind in ("you", "seated"):
                self.you = msg["you"]
                if kind == "seated" and msg.get("token"):
                    self.token = msg["token"]
            elif kind == "legal":
                assert self.game is not None and msg["turn"] == self.game["turn"], msg
                assert self.my_turn(), f"{self.name} got placements but is not to move"
                self.legal = msg
            elif kind == "features":
                self.features = msg
            elif kind == "error":
                self.errors.append(msg)
            elif kind == "chat":
                self.chat.append(msg)
            return msg

    async def expect(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        """Read until a message of `kind` comes (others are processed on the way)."""
        while True:
            msg = await self.recv(timeout)
            if msg["type"] == kind:
                return msg
            if msg["type"] == "error" and kind != "error":
                raise AssertionError(f"{self.name}: unexpected error {msg}")

    async def until(self, predicate, timeout: float = 10.0, *, errors_ok: bool = False) -> None:
        """Read until `predicate(self)` holds; an error message fails unless `errors_ok`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate(self):
            msg = await self.recv(max(0.05, deadline - loop.time()))
            if msg["type"] == "error" and not errors_ok:
                raise AssertionError(f"{self.name}: unexpected error {msg}")

    async def catch_up(self, seq: int, timeout: float = 10.0) -> None:
        """Read until this client has applied every broadcast up to `seq`."""
        await self.until(lambda c: c.seq is not None and c.seq >= seq, timeout)

    async def resync(self) -> dict[str, Any]:
        """Ask for a snapshot; returns its state (the diffs before it are applied first)."""
        await self.send(type="sync")
        msg = await self.expect("snapshot")
        return msg["state"]

    async def closed(self, timeout: float = 10.0) -> int | None:
        """Wait for the server to close; returns the close code."""
        try:
            while True:
                await self.recv(timeout)
        except websockets.ConnectionClosed as exc:
            return exc.rcvd.code if exc.rcvd else None

    async def drain(self, timeout: float = 10.0) -> None:
        """Read (and apply) every frame that reached this client until its socket closes."""
        try:
            while True:
                await self.recv(timeout)
        except websockets.ConnectionClosed:
            return

    async def close(self) -> None:
        """Close from the client side."""
        await self.ws.close()

    @property
    def game(self) -> dict[str, Any] | None:
        """The game part of the state."""
        return self.state["game"] if self.state else None

    async def placements(self) -> list[dict[str, Any]]:
        """The legal placements of the turn the game is at (this client is to move)."""
        await self.until(lambda c: c.legal is not None and c.legal["turn"] == c.game["turn"])
        assert self.legal is not None
        return self.legal["placements"]

    def my_turn(self) -> bool:
        """True when the game runs and this client's seat is to play."""
        game = self.game
        return (
            game is not None
            and not game["finished"]
            and self.you.get("seat") is not None
            and game["seats"][game["current_player"]] == self.you["seat"]
        )


def choose_move(mover: Client, rng: random.Random) -> dict[str, Any]:
    """A random legal `place` message from the placements the server sent the mover."""
    game, legal = mover.game, mover.legal
    assert game is not None and legal is not None and legal["turn"] == game["turn"]
    option = rng.choice(legal["placements"])
    spots = option["spots"]
    meeple = None
    if spots and rng.random() < 0.6:
        spot = rng.choice(spots)
        meeple = {"kind": spot["kind"], "at": spot["at"]}
    return {
        "type": "place",
        "turn": game["turn"],
        "x": option["x"],
        "y": option["y"],
        "rot": option["rot"],
        "meeple": meeple,
    }


async def create_room(base: str, name: str = "Ann", color: str = "red", **options: Any):
    """POST /api/rooms; returns the JSON answer."""
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        body: dict[str, Any] = {"name": name, "color": color}
        if options:
            body["options"] = options
        resp = await http.post("/api/rooms", json=body)
        assert resp.status_code == 201, resp.text
        return resp.json()


async def seated_pair(server, **options: Any) -> tuple[Client, Client, str]:
    """A room with the host (seat 0, red) and a second player (seat 1, blue) connected."""
    room = await create_room(server.url, seats=2, **options)
    host = await Client.connect(server.ws_url, room["code"], token=room["token"], name="Ann")
    guest = await Client.connect(server.ws_url, room["code"], name="Bo")
    await guest.send(type="take_seat", seat=1, name="Bo", color="blue")
    await guest.expect("seated")
    await host.catch_up(guest.seq)
    return host, guest, room["code"]


async def start(host: Client, *others: Client) -> None:
    """Host starts the game; everyone catches up."""
    await host.send(type="start")
    await host.until(lambda c: c.game is not None and not c.game["finished"])
    for other in others:
        await other.catch_up(host.seq)


async def play_turn(clients: list[Client], rng: random.Random) -> dict[str, Any]:
    """The client whose turn it is plays a random legal move; everyone catches up."""
    mover = next(c for c in clients if c.my_turn())
    await mover.placements()
    move = choose_move(mover, rng)
    turn = mover.game["turn"]
    await mover.send(**move)
    await mover.until(lambda c: c.game["turn"] > turn or c.game["finished"])
    for other in clients:
        await other.catch_up(mover.seq)
    return move
