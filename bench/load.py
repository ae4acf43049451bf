"""The server benchmark's load: rooms of players and watchers on real websockets, each client
the shared wire client (`app.server.wire.client`), and a stage of moves at a total rate.

Every client checks every frame against the protocol and its `seq`; only a room's host (its
tracker) applies the diffs to keep the room's state. Finished games are restarted by their
host (a rematch), so rooms play on. Every wait is bounded in time.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import gc
import random
import statistics
import time
from collections.abc import Coroutine
from typing import Any

import httpx
import websockets

from app.engine import COLORS
from app.server.wire.client import JSON, ProtocolViolation, WireClient, random_place
from bench.procs import CpuMeter, Servers
from bench.report import Stats, row

SNAPSHOT = '{"type":"snapshot"'


class Conn(WireClient):
    """One websocket client of a room driver."""

    room: RoomDriver
    reader: asyncio.Task[None] | None = None
    resyncing = False  # after a protocol error: frames are skipped until a snapshot
    snapshot_bytes: list[int]

    async def read_until(self, kind: str, timeout: float = 30.0) -> JSON:
        """During set-up: read until a message of `kind` (an error raises)."""
        return await self.expect(kind, timeout)

    def on_frame(self, raw: str, now: float) -> None:
        """A frame while the load runs: checked, timed, acted upon."""
        room, stats = self.room, self.room.bench.stats
        if self.resyncing:
            if not raw.startswith(SNAPSHOT):
                return
            self.resyncing = False
        try:
            msg = self.take(raw)
        except ProtocolViolation as exc:
            stats.error(f"protocol: {str(exc).split(':')[-1].strip()[:40]}")
            self.resyncing = True
            room.bench.spawn(self.send(type="sync"))
            return
        kind = msg["type"]
        if kind == "diff":
            room.on_diff(self, msg, len(raw), now)
        elif kind == "snapshot":
            self.snapshot_bytes.append(len(raw))
            if self.keep_state:
                room.on_state()
        elif kind == "legal":
            room.legal = msg  # only the player to move gets it
            room.on_state()
        elif kind == "ping":
            room.bench.spawn(self.send(type="pong"))
        elif kind == "error":
            stats.error(f"error:{msg.get('code')}")
            if room.sent and room.state is not None:
                # Resync and carry on (the stage has failed anyway: errors must be 0).
                room.sent.pop()
                room.bench.spawn(room.by_seat[0].send(type="sync"))

    async def read_forever(self) -> None:
        try:
            async for raw in self.ws:
                self.on_frame(raw if isinstance(raw, str) else raw.decode(), time.perf_counter())
        except websockets.ConnectionClosed:
            pass
        if not self.room.bench.closing:
            self.room.bench.stats.error("closed")


class RoomDriver:
    """One room: its players (seat order), spectators, and the pace of its moves."""

    def __init__(self, bench: Bench, index: int, players: int, spectators: int) -> None:
        self.bench = bench
        self.index = index
        self.n_players = players
        self.n_spectators = spectators
        self.code = ""
        self.conns: list[Conn] = []
        self.by_seat: dict[int, Conn] = {}
        self.legal: JSON | None = None  # the latest `legal` message of the mover
        self.rng = random.Random(index)
        # (turn the intent was made for, perf_counter when sent), in order.
        self.sent: list[tuple[int, float]] = []
        self.ready = asyncio.Event()
        self.last_progress = time.perf_counter()
        self.restarting = False
        # The turn at which the host ends the first game early (`Bench.spread`), or None.
        self.first_end: int | None = None

    async def setup(self, http: httpx.AsyncClient) -> None:
        for attempt in range(3):
            try:
                resp = await http.post(
                    "/api/rooms", json={"name": "P0", "color": COLORS[0], "options": {"seats": 5}}
                )
                break
            except (httpx.ReadError, httpx.RemoteProtocolError):
                # A pooled connection the server closed meanwhile (its keep-alive ran out
                # while a busy machine held this process up): a new one will do.
                if attempt == 2:
                    raise
        resp.raise_for_status()
        body = resp.json()
        self.code = body["code"]
        host = await self.connect(0, token=body["token"], tracker=True)
        for seat in range(1, self.n_players):
            conn = await self.connect(seat)
            await conn.send(type="take_seat", seat=seat, name=f"P{seat}", color=COLORS[seat])
            await conn.read_until("seated")
        for _ in range(self.n_spectators):
            await self.connect(None)
        for conn in self.conns:
            conn.reader = asyncio.create_task(conn.read_forever())
        await host.send(type="start")

    async def connect(self, seat: int | None, token: str | None = None,
                      tracker: bool = False) -> Conn:
        name = f"P{seat}" if seat is not None else f"W{len(self.conns)}"
        conn = await Conn.connect(
            self.bench.servers.ws_url(self.code), self.code, token=token, name=name,
            keep_state=tracker, in_place=True, record=False, open_timeout=60,
        )
        conn.room, conn.snapshot_bytes = self, []
        self.conns.append(conn)
        if seat is not None:
            self.by_seat[seat] = conn
        return conn

    @property
    def state(self) -> JSON | None:
        return self.by_seat[0].state if self.by_seat else None

    @property
    def game(self) -> JSON | None:
        state = self.state
        return state["game"] if state else None

    def on_diff(self, conn: Conn, msg: JSON, size: int, now: float) -> None:
        new_turn = None
        for op in msg["ops"]:
            if op["path"] == "/game/turn":
                new_turn = op["value"]
                break
        if new_turn is not None and self.sent:
            # The intent this diff answers: the latest one made for an earlier turn.
            i = bisect.bisect_left(self.sent, (new_turn, -1.0)) - 1
            if i >= 0 and self.sent[i][0] < new_turn:
                stats = self.bench.stats
                stats.delivered(now - self.sent[i][1], now)
                if conn.keep_state:
                    stats.moves += 1
                    stats.diff_bytes.append(size)
        if conn.keep_state:
            self.on_state()

    def on_state(self) -> None:
        game = self.game
        if game is None:
            return
        if game["finished"]:
            # Nothing is pending any more, and the rematch's turns count from 0 again.
            self.sent.clear()
            if not self.restarting:
                self.restarting = True
                self.bench.spawn(self.by_seat[0].send(type="start"))
            return
        self.restarting = False
        legal = self.legal
        if legal is None or legal["turn"] != game["turn"]:
            return  # the mover's placements for this turn are on their way
        if not self.sent or game["turn"] > self.sent[-1][0]:
            self.last_progress = time.perf_counter()
            self.ready.set()

    async def play(self, interval: float, phase: float, stop_at: float) -> None:
        """Place a tile every `interval` seconds (first after `phase`) until `stop_at`."""
        loop = asyncio.get_running_loop()
        next_at = loop.time() + phase
        while True:
            now = loop.time()
            if next_at > now:
                await asyncio.sleep(next_at - now)
            if loop.time() >= stop_at:
                return
            try:
                await asyncio.wait_for(self.ready.wait(), max(0.01, stop_at - loop.time()))
            except TimeoutError:
                return
            # When behind, do not burst to catch up: the next move is one interval from now.
            next_at = max(next_at + interval, loop.time())
            self.ready.clear()
            game, legal = self.game, self.legal
            if game is None or game["finished"] or legal is None or legal["turn"] != game["turn"]:
                continue
            if self.first_end is not None and game["turn"] >= self.first_end:
                # Not a move: the game's end (and the rematch) at this room's own turn.
                self.first_end = None
                await self.by_seat[0].send(type="end_game", turn=game["turn"])
                continue
            seat = game["seats"][game["current_player"]]
            move = random_place(game, legal, self.rng, figure_chance=0.5)
            self.sent.append((game["turn"], time.perf_counter()))
            del self.sent[:-8]
            await self.by_seat[seat].send(**move)


class Bench:
    """The rooms and their clients for one set of servers."""

    def __init__(self, servers: Servers, spread: bool = False) -> None:
        self.servers = servers
        # Rooms set up together play in step: at a common rate every game would end, and
        # the next start, in the same second, a burst no real server sees (a start costs
        # a few moves). With `spread`, room k of n ends its first game early at turn
        # 1 + k * 80 // n, so from then on the rooms' games end evenly spread in time.
        self.spread = spread
        self.cpu = CpuMeter(servers)
        self.rooms: list[RoomDriver] = []
        self.stats = Stats()
        self.closing = False
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Run `coro` in the background, keeping a reference until it is done."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if task.cancelled():
            return
        error = task.exception()
        # a pong or sync racing the bench's own closing of the socket is not a fault
        if error is not None and not isinstance(error, websockets.exceptions.ConnectionClosedOK):
            print(f"  background send failed: {error!r}", flush=True)

    async def setup(self, shapes: list[tuple[int, int]], parallel: int = 40) -> float:
        """Create one room per (players, spectators); returns the seconds it took."""
        start = time.perf_counter()
        self.rooms = [RoomDriver(self, i, p, s) for i, (p, s) in enumerate(shapes)]
        if self.spread:
            for k, room in enumerate(self.rooms):
                room.first_end = 1 + k * 80 // len(self.rooms)
        gate = asyncio.Semaphore(parallel)
        limits = httpx.Limits(max_connections=parallel)
        async with httpx.AsyncClient(base_url=self.servers.url, timeout=60,
                                     limits=limits) as http:

            async def one(room: RoomDriver) -> None:
                async with gate:
                    await room.setup(http)

            await asyncio.gather(*(one(room) for room in self.rooms))
        # The load generator must not pause to collect its own garbage while it timestamps
        # arrivals (a full collection over 5,000 sockets took 0.9 s): freeze what set-up made
        # and make collections rare.
        gc.collect()
        gc.freeze()
        gc.set_threshold(100_000, 50, 1000)
        # Wait until every game has started (the tracker saw it).
        deadline = time.perf_counter() + 60
        while any(room.game is None for room in self.rooms):
            if time.perf_counter() > deadline:
                raise RuntimeError("games did not start")
            await asyncio.sleep(0.05)
        return time.perf_counter() - start

    @property
    def sockets(self) -> int:
        return sum(len(room.conns) for room in self.rooms)

    async def stage(self, rate: float, seconds: float, warmup: float) -> dict[str, Any]:
        """Play at `rate` moves/s in total for `warmup + seconds`; measure the last `seconds`."""
        loop = asyncio.get_running_loop()
        interval = len(self.rooms) / rate
        stop_at = loop.time() + warmup + seconds
        tasks = [
            asyncio.create_task(room.play(interval, i * interval / len(self.rooms), stop_at))
            for i, room in enumerate(self.rooms)
        ]
        await asyncio.sleep(warmup)
        self.stats = Stats()
        cpu0, t0 = self.cpu.read(), time.perf_counter()
        await asyncio.gather(*tasks)
        # Let the last diffs of the stage arrive (they count if they arrive within 1 s).
        await asyncio.sleep(min(1.0, interval))
        elapsed = time.perf_counter() - t0
        cpu = self.cpu.read() - cpu0
        stalled = sum(1 for room in self.rooms if time.perf_counter() - room.last_progress > 30)
        return row(rate, seconds, elapsed, self.stats, cpu, self.servers.memory_mb(), stalled)

    async def snapshot_sizes(self, sample: int = 50) -> float:
        """Mean size of a full snapshot now (the trackers of `sample` rooms ask for one)."""
        rooms = self.rooms[:sample]
        before = [len(room.by_seat[0].snapshot_bytes) for room in rooms]
        for room in rooms:
            await room.by_seat[0].send(type="sync")
        deadline = time.perf_counter() + 10
        while time.perf_counter() < deadline:
            if all(
                len(r.by_seat[0].snapshot_bytes) > b for r, b in zip(rooms, before, strict=True)
            ):
                break
            await asyncio.sleep(0.05)
        return statistics.mean(r.by_seat[0].snapshot_bytes[-1] for r in rooms)

    async def close(self) -> None:
        self.closing = True
        for room in self.rooms:
            for conn in room.conns:
                with contextlib.suppress(Exception):
                    await conn.ws.close()
                if conn.reader is not None:
                    conn.reader.cancel()
