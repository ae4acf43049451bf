"""In-process stand-ins for what a `Room` talks to: a clock tests move by hand, a store in
memory whose writes a test can hold and fail, and connections that keep what they were
sent."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from app.engine import Move
from app.server.cluster.ownership import LocalCluster
from app.server.observe.metrics import Metrics
from app.server.rooms.admission import Admission
from app.server.rooms.botpool import Bots
from app.server.rooms.room import Room
from app.server.rooms.services import Services
from app.server.settings import Settings
from app.server.wire import messages
from app.server.wire.patch import apply
from app.store import Conflict, Finish, GameRecord, RoomRecord, SeatRecord


class FakeTimer:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """Time that moves when a test says so (`advance`); timers fire as it passes them. With a
    `tick`, every reading also moves it on by that much, as a real clock moves between two
    readings."""

    def __init__(self, start: float = 1_800_000_000.0, tick: float = 0.0) -> None:
        self.time = start
        self.tick = tick
        self._timers: list[tuple[float, int, FakeTimer, Callable[[], object]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        now = self.time
        self.time += self.tick
        return now

    def call_at(self, when: float, callback: Callable[[], object]) -> FakeTimer:
        timer = FakeTimer()
        heapq.heappush(self._timers, (when, next(self._order), timer, callback))
        return timer

    def pending(self) -> list[float]:
        """When the timers still to fire are due."""
        return sorted(when for when, _, timer, _ in self._timers if not timer.cancelled)

    async def advance(self, seconds: float) -> None:
        """Move time on by `seconds`, firing every timer due on the way (in order) and
        letting the tasks they start run until they wait again."""
        target = self.time + seconds
        await settle()
        while self._timers and self._timers[0][0] <= target:
            when, _, timer, callback = heapq.heappop(self._timers)
            if timer.cancelled:
                continue
            self.time = max(self.time, when)
            callback()
            await settle()
        self.time = target
        await settle()


async def settle() -> None:
    """Let every ready task run until all of them wait on something (nothing here does I/O,
    so a few passes of the loop are enough)."""
    for _ in range(50):
        await asyncio.sleep(0)


@dataclass
class _Game:
    record: GameRecord
    moves: list[tuple[dict[str, Any], datetime]] = field(default_factory=list)


class FakeStore:
    """The room's store in memory. `fail_next_write` makes the next move write (or seat
    handed to a bot) fail; `hold_next_write` makes the next move write wait for the test."""

    def __init__(self) -> None:
        self.rooms: dict[str, RoomRecord] = {}
        self.games: dict[int, _Game] = {}
        self.fail_next_write = False
        self.held: asyncio.Future[None] | None = None
        self._ids = itertools.count(1)

    def hold_next_write(self) -> asyncio.Future[None]:
        """The next move write waits until the returned future is done, and fails with the
        exception set on it, if one is."""
        self.held = asyncio.get_running_loop().create_future()
        return self.held

    def add_room(self, code: str, host_hash: str, options: dict[str, Any],
                 seats: list[SeatRecord]) -> RoomRecord:
        record = RoomRecord(next(self._ids), code, host_hash, options, None, 0, seats, None)
        self.rooms[code] = record
        return record

    def load(self, code: str) -> RoomRecord:
        """The room as `Store.load_room` would give it back (latest game with its moves)."""
        record = self.rooms[code]
        games = [g for g in self.games.values() if g.record.room_id == record.id]
        if not games:
            return record
        latest = max(games, key=lambda g: g.record.number)
        game = replace(latest.record, moves=[t for t, _ in latest.moves],
                       move_times=[at for _, at in latest.moves])
        return replace(record, game=game, games_played=game.number)

    def _room(self, room_id: int) -> RoomRecord:
        return next(r for r in self.rooms.values() if r.id == room_id)

    def _put(self, room: RoomRecord) -> None:
        self.rooms[room.code] = room

    def writer(self, room_id: int, epoch: int) -> FakeWriter:
        return FakeWriter(self, room_id)


class FakeWriter:
    """One room's writes to a `FakeStore` (no other process: never fenced)."""

    def __init__(self, store: FakeStore, room_id: int) -> None:
        self.store = store
        self.room_id = room_id
        self.wakes: list[datetime | None] = []
        self.writes: list[str] = []  # the name of each write, in order

    def _room(self) -> RoomRecord:
        return self.store._room(self.room_id)

    async def take_seat(self, seat: SeatRecord) -> None:
        self.writes.append("take_seat")
        room = self._room()
        if any(s.position == seat.position for s in room.seats):
            raise Conflict(seat.position)
        self.store._put(replace(room, seats=[*room.seats, seat]))

    async def free_seat(self, position: int) -> None:
        self.writes.append("free_seat")
        room = self._room()
        self.store._put(replace(room, seats=[s for s in room.seats if s.position != position]))

    async def set_seat_bot(self, position: int, bot: str | None) -> None:
        self.writes.append("set_seat_bot")
        if self.store.fail_next_write:
            self.store.fail_next_write = False
            raise OSError("the disk is full")
        room = self._room()
        seats = [replace(s, bot=bot) if s.position == position else s for s in room.seats]
        self.store._put(replace(room, seats=seats))

    async def set_options(self, options: dict[str, Any]) -> None:
        self.writes.append("set_options")
        self.store._put(replace(self._room(), options=options))

    async def set_hints(self, game_id: int, hints: list[int]) -> None:
        self.writes.append("set_hints")
        game = self.store.games[game_id]
        game.record = replace(game.record, hints=list(hints))

    async def set_analysis(self, game_id: int, analysis: list[bool]) -> None:
        self.writes.append("set_analysis")
        game = self.store.games[game_id]
        game.record = replace(game.record, analysis=list(analysis))

    async def set_wake(self, wake_at: datetime | None) -> None:
        self.writes.append("set_wake")
        self.wakes.append(wake_at)
        self.store._put(replace(self._room(), wake_at=wake_at))

    async def create_game(self, number: int, options: dict[str, Any],
                          players: list[dict[str, Any]], seed: int, starter: int,
                          turns: list[dict[str, Any]], at: datetime) -> int:
        self.writes.append("create_game")
        store = self.store
        game_id = next(store._ids)
        room = self._room()
        store._put(replace(room, last_starter=starter))
        record = GameRecord(game_id, self.room_id, room.code, number, options, players, seed,
                            "running", False, len(turns), at, None, None, None, None)
        store.games[game_id] = _Game(record, [(dict(t), at) for t in turns])
        return game_id

    async def record_turns(self, game_id: int, first_number: int, turns: list[dict[str, Any]],
                           finish: Finish | None, at: datetime,
                           wake_at: datetime | None = None) -> None:
        self.writes.append("record_turns")
        store = self.store
        if store.held is not None:
            held, store.held = store.held, None
            await held
        if store.fail_next_write:
            store.fail_next_write = False
            raise OSError("the disk is full")
        game = store.games[game_id]
        if first_number != len(game.moves) + 1:
            raise Conflict(game_id)
        game.moves.extend((dict(t), at) for t in turns)
        self.wakes.append(wake_at)
        store._put(replace(self._room(), wake_at=wake_at))
        if finish is not None:
            game.record = replace(game.record, status="finished", finished_at=at,
                                  final_scores=finish.final_scores, winners=finish.winners,
                                  results=finish.results, ended_early=finish.ended_early)


class FakePeer:
    """A connection that applies the diffs it is sent, like a client."""

    _ids = itertools.count(1)

    def __init__(self, name: str = "Guest") -> None:
        self.id = self.conn_id = next(self._ids)
        self.process: str | None = None  # a connection to this process
        self.address = "127.0.0.1"
        self.name = name
        self.seat: int | None = None
        self.host = False
        self.token_hash: str | None = None
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.seq = -1
        self.legal: dict[str, Any] | None = None
        self.closed: tuple[int, str] | None = None
        self.chat_lines = 0

    def __hash__(self) -> int:
        return self.id

    def send(self, text: str) -> None:
        messages.decode(text)  # a message of the protocol, with exactly its fields
        msg = json.loads(text)
        self.messages.append(msg)
        if msg["type"] == "snapshot":
            self.state, self.seq = msg["state"], msg["seq"]
        elif msg["type"] == "diff":
            assert msg["seq"] == self.seq + 1, "a gap in seq"
            self.state, self.seq = apply(self.state, msg["ops"]), msg["seq"]
        elif msg["type"] == "legal":
            self.legal = msg
        elif msg["type"] in ("seated", "you"):
            self.seat = msg["you"]["seat"]

    def close(self, code: int, reason: str = "") -> None:
        self.closed = (code, reason)

    def allow_chat(self, now: float) -> bool:
        self.chat_lines += 1
        return self.chat_lines <= 5

    def errors(self) -> list[str]:
        return [m["code"] for m in self.messages if m["type"] == "error"]

    @property
    def game(self) -> dict[str, Any]:
        assert self.state is not None and self.state["game"] is not None
        return self.state["game"]


def services(store: FakeStore, clock: FakeClock, seed: int = 1, **settings: Any) -> Services:
    """What rooms share, with easy and strong bots computed in this process. Everything left
    to chance (the game's bag, who begins, the bots' choices) follows from `seed`, and the
    bots count playouts, not wall time: a test sees the same games on every run."""
    config = Settings(bot_workers=0, **settings)
    bots = Bots(config.bot_strong_seconds, config.bot_workers, config.hint_seconds,
                playouts=8, seed=seed)
    cluster, metrics = LocalCluster(), Metrics()
    return Services(store, config, clock, bots, cluster, Admission(config, cluster,
                    metrics.outages), metrics, chance=random.Random(seed))


def first_legal(peer: FakePeer) -> Move:
    """The first placement the server offered `peer` for this turn, without a figure."""
    assert peer.legal is not None and peer.legal["turn"] == peer.game["turn"], "not to move"
    option = peer.legal["placements"][0]
    return Move(option["x"], option["y"], option["rot"])


__all__ = ["FakeClock", "FakePeer", "FakeStore", "FakeWriter", "Room", "first_legal", "services",
           "settle"]
