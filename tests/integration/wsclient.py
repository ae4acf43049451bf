"""The tests' client of the live protocol: `app.server.wire.client.WireClient` (checks every
message against the server's message union, keeps the state by applying diffs, checks `seq`,
answers pings, remembers every frame to look for leaked secrets), which also checks every
message type and error code against PROTOCOL.md; and the steps the tests share."""

from __future__ import annotations

import random
from typing import Any

import httpx
from protocol_doc import error_codes, server_types

from app.server.wire.client import JSON, WireClient, random_place
from app.server.wire.facts import PROTOCOL_VERSION as PROTOCOL

__all__ = ["PROTOCOL", "Client", "choose_move", "create_room", "play_turn", "seated_pair",
           "start"]

SERVER_TYPES = server_types()
ERROR_CODES = error_codes()


class Client(WireClient):
    """One websocket client; every message it gets is documented in PROTOCOL.md."""

    def take(self, raw: str | bytes) -> JSON:
        """A frame, checked against the protocol and PROTOCOL.md's tables."""
        msg = super().take(raw)
        kind = msg["type"]
        assert kind in SERVER_TYPES, f"undocumented message type {kind!r}"
        if kind == "error":
            assert msg["code"] in ERROR_CODES, f"undocumented error code {msg['code']!r}"
        return msg


def choose_move(mover: WireClient, rng: random.Random) -> dict[str, Any]:
    """A random legal `place` message from the placements the server sent the mover."""
    game, legal = mover.game, mover.legal
    assert game is not None and legal is not None and legal["turn"] == game["turn"]
    return random_place(game, legal, rng)


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
