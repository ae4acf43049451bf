"""Load the real server over real websockets and print what it sustains.

    .venv/bin/python bench/server.py                          # both shapes, SQLite then PostgreSQL
    .venv/bin/python bench/server.py --db sqlite --shape human --rooms 1000 --duration 60
    .venv/bin/python bench/server.py --db postgres --shape full --rates 200,400,800,1200
    .venv/bin/python bench/server.py --db sqlite --shape full --profile /tmp/full.txt

It starts `python -m app` (uvicorn) as a subprocess on a free loopback port, on a fresh SQLite
file or a fresh PostgreSQL database at 127.0.0.1:5432 (dropped afterwards), then drives rooms
the way browsers do: `POST /api/rooms`, `/ws/{code}`, hello, take_seat, start, place.

Shapes:
- `human`: many rooms (1,000 by default) of 2-5 players and 1-2 spectators each (5,000 sockets),
  each room placing a tile every 10 s (moves spread evenly in time).
- `full`: fewer rooms (2 players + 1 spectator), the total move rate raised stage by stage
  until the p99 latency crosses 100 ms (or the server falls behind the target rate).

Per stage it reports: accepted moves per second, latency from a player's intent (the `place`
frame sent) to the diff that carries it arriving at every client of the room (p50, p99, max),
server CPU (of one core) and peak RSS, bytes per move diff against bytes per full snapshot, and
errors (error frames, unexpected closes, stalls; must be 0). Finished games are restarted by
their host (a rematch), so rooms play on. Every loop is bounded in time; everything stays on
127.0.0.1. The load generator runs in this process on the same 2 cores, so its own CPU is
printed too: at full speed the two compete.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import gc
import json
import os
import random
import resource
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from app.engine import COLORS
from app.server.patch import apply
from app.server.protocol import PROTOCOL_VERSION as PROTOCOL

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from serverproc import ServerProcess  # noqa: E402  (the tests' server harness)

PG = {"host": "127.0.0.1", "port": 5432, "user": "postgres"}


# -- the server process ---------------------------------------------------------------------------


def raise_nofile(want: int) -> int:
    """Raise this process's open-file limit (children inherit it); returns the new soft one."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = want if hard == resource.RLIM_INFINITY else min(want, hard)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class Servers:
    """One or several server processes serving the same rooms, seen as one: connections go
    to them in turn (round robin, as behind a load balancer without sticky sessions), CPU
    and memory are summed."""

    def __init__(self, processes: list[ServerProcess]) -> None:
        self.processes = processes
        self.url = processes[0].url
        self.proc = processes[0].proc
        self._next = 0

    def next_ws_url(self) -> str:
        """The websocket base URL of the next process in turn."""
        process = self.processes[self._next % len(self.processes)]
        self._next += 1
        return process.ws_url

    def cpu_seconds(self) -> float:
        """User + system CPU of all the processes."""
        return sum(p.cpu_seconds() for p in self.processes)

    def memory_mb(self) -> tuple[float, float]:
        """Resident memory of all the processes (now, and the sum of their peaks)."""
        sizes = [p.memory_mb() for p in self.processes]
        return sum(s[0] for s in sizes), sum(s[1] for s in sizes)


def service_cpu_seconds() -> dict[int, tuple[str, float]]:
    """User + system CPU so far of every PostgreSQL and Redis process on this machine, by pid
    (named by process name), to price a move in database and Redis time as well as in server
    time. Compare two samples with `service_cpu_between`."""
    ticks = os.sysconf("SC_CLK_TCK")
    found: dict[int, tuple[str, float]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # the process ended meanwhile
        name = text[text.index("(") + 1 : text.rindex(")")]
        if name in ("postgres", "redis-server"):
            fields = text[text.rindex(")") + 2 :].split()
            found[int(stat.parent.name)] = (name, (int(fields[11]) + int(fields[12])) / ticks)
    return found


def service_cpu_between(
    before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]
) -> dict[str, float]:
    """CPU seconds each service used between two samples (processes that ended between them
    are not counted: a slight underestimate; new ones count whole)."""
    totals = {"postgres": 0.0, "redis-server": 0.0}
    for pid, (name, seconds) in after.items():
        previous = before.get(pid)
        totals[name] += seconds - (previous[1] if previous and previous[0] == name else 0.0)
    return totals


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@contextlib.contextmanager
def database(kind: str, workdir: Path):
    """Yield a fresh database URL of `kind` (sqlite or postgres); drop it afterwards."""
    if kind == "sqlite":
        yield f"sqlite+aiosqlite:///{workdir / 'bench.db'}"
        return
    import asyncpg

    name = f"bench_{secrets.token_hex(4)}"

    async def admin(sql: str) -> None:
        conn = await asyncpg.connect(database="postgres", **PG)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(admin(f'CREATE DATABASE "{name}"'))
    if os.environ.get("BENCH_PG_ASYNC_COMMIT"):
        # Diagnostic only: commits no longer wait for the WAL flush (shows the fsync share).
        asyncio.run(admin(f'ALTER DATABASE "{name}" SET synchronous_commit = off'))
    try:
        yield f"postgresql+asyncpg://{PG['user']}@{PG['host']}:{PG['port']}/{name}"
    finally:
        asyncio.run(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


# -- measurements ---------------------------------------------------------------------------------


@dataclass
class Stats:
    """What one stage measured."""

    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    diff_bytes: list[int] = field(default_factory=list)
    # (arrival time, latency) of every delivery slower than 250 ms, to see when they happen.
    slow: list[tuple[float, float]] = field(default_factory=list)
    started: float = field(default_factory=time.perf_counter)

    def error(self, kind: str) -> None:
        self.errors[kind] += 1


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def _slow_histogram(slow: list[tuple[float, float]], bucket: float = 5.0) -> str:
    """When the slow deliveries (> 250 ms) arrived: count and worst per `bucket` seconds."""
    if not slow:
        return "none"
    groups: dict[int, list[float]] = {}
    for at, latency in slow:
        groups.setdefault(int(at // bucket), []).append(latency)
    return ", ".join(
        f"{int(k * bucket)}-{int((k + 1) * bucket)} s: {len(v)} (worst {max(v):.1f} s)"
        for k, v in sorted(groups.items())
    )


# -- the clients ----------------------------------------------------------------------------------


class Conn:
    """One websocket client. Every client parses every frame (to answer pings and time diffs);
    only the room's tracker (the host) applies the diffs to keep the room's state."""

    def __init__(self, room: RoomDriver, ws: Any, seat: int | None) -> None:
        self.room = room
        self.ws = ws
        self.seat = seat
        self.seq: int | None = None
        self.tracker = False
        self.reader: asyncio.Task[None] | None = None
        self.snapshot_bytes: list[int] = []

    async def send(self, **message: Any) -> None:
        await self.ws.send(json.dumps(message, separators=(",", ":")))

    async def read_until(self, kind: str, timeout: float = 30.0) -> dict[str, Any]:
        """During set-up: read frames until one of `kind` (errors raise)."""
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), timeout)
            msg = self.handle(raw, time.perf_counter())
            if msg["type"] == kind:
                return msg
            if msg["type"] == "error":
                raise RuntimeError(f"set-up error: {msg}")

    def handle(self, raw: str, now: float) -> dict[str, Any]:
        msg = json.loads(raw)
        kind = msg["type"]
        room = self.room
        if kind == "diff":
            if self.seq is not None and msg["seq"] != self.seq + 1:
                room.bench.stats.error("seq_gap")
            self.seq = msg["seq"]
            room.on_diff(self, msg, len(raw), now)
        elif kind == "snapshot":
            self.seq = msg["seq"]
            self.snapshot_bytes.append(len(raw))
            if self.tracker:
                room.state = msg["state"]
                room.on_state()
        elif kind == "legal":
            room.legal = msg  # only the player to move gets it
            room.on_state()
        elif kind == "ping":
            room.bench.spawn(self.send(type="pong"))
        elif kind == "error":
            room.bench.stats.error(f"error:{msg.get('code')}")
            if room.sent and room.state is not None:
                # Resync and carry on (the stage has failed anyway: errors must be 0).
                room.sent.pop()
                room.bench.spawn(room.by_seat[0].send(type="sync"))
        return msg

    async def read_forever(self) -> None:
        try:
            async for raw in self.ws:
                self.handle(raw, time.perf_counter())
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
        self.state: dict[str, Any] | None = None
        self.legal: dict[str, Any] | None = None  # the latest `legal` message of the mover
        self.rng = random.Random(index)
        # (turn the intent was made for, perf_counter when sent), in order.
        self.sent: list[tuple[int, float]] = []
        self.ready = asyncio.Event()
        self.last_progress = time.perf_counter()
        self.restarting = False

    async def setup(self, http: httpx.AsyncClient) -> None:
        resp = await http.post(
            "/api/rooms", json={"name": "P0", "color": COLORS[0], "options": {"seats": 5}}
        )
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

    async def connect(
        self, seat: int | None, token: str | None = None, tracker: bool = False
    ) -> Conn:
        ws = await websockets.connect(
            f"{self.bench.server.next_ws_url()}/ws/{self.code}",
            max_size=2**24,
            open_timeout=60,
            ping_interval=None,  # the app-level ping/pong is what the server watches
            compression=None,
        )
        conn = Conn(self, ws, seat)
        conn.tracker = tracker
        name = f"P{seat}" if seat is not None else f"W{len(self.conns)}"
        await conn.send(type="hello", protocol=PROTOCOL, token=token, name=name)
        await conn.read_until("snapshot")
        self.conns.append(conn)
        if seat is not None:
            self.by_seat[seat] = conn
        return conn

    @property
    def game(self) -> dict[str, Any] | None:
        return self.state["game"] if self.state else None

    def on_diff(self, conn: Conn, msg: dict[str, Any], size: int, now: float) -> None:
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
                latency = now - self.sent[i][1]
                stats.latencies.append(latency)
                if latency > 0.25:
                    stats.slow.append((now - stats.started, latency))
                if conn.tracker:
                    stats.moves += 1
                    stats.diff_bytes.append(size)
        if conn.tracker:
            assert self.state is not None
            self.state = apply(self.state, msg["ops"], in_place=True)
            self.on_state()

    def on_state(self) -> None:
        game = self.game
        if game is None:
            return
        if game["finished"]:
            if not self.restarting:
                self.restarting = True
                self.bench.spawn(self.by_seat[0].send(type="start"))
            return
        self.restarting = False
        if self.sent and game["turn"] < self.sent[-1][0]:
            self.sent.clear()  # a rematch: turns count from 0 again
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
            game = self.game
            legal = self.legal
            if game is None or game["finished"] or legal is None or legal["turn"] != game["turn"]:
                continue
            seat = game["seats"][game["current_player"]]
            option = self.rng.choice(legal["placements"])
            meeple = None
            if option["spots"] and self.rng.random() < 0.5:
                spot = self.rng.choice(option["spots"])
                meeple = {"kind": spot["kind"], "at": spot["at"]}
            turn = game["turn"]
            self.sent.append((turn, time.perf_counter()))
            del self.sent[:-8]
            await self.by_seat[seat].send(
                type="place",
                turn=turn,
                x=option["x"],
                y=option["y"],
                rot=option["rot"],
                meeple=meeple,
            )


class Bench:
    """The rooms and their clients for one server."""

    def __init__(self, server: Servers) -> None:
        self.server = server
        self.rooms: list[RoomDriver] = []
        self.stats = Stats()
        self.closing = False
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Any) -> None:
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
        gate = asyncio.Semaphore(parallel)
        limits = httpx.Limits(max_connections=parallel)
        async with httpx.AsyncClient(base_url=self.server.url, timeout=60, limits=limits) as http:

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
        cpu0, own0, t0 = self.server.cpu_seconds(), own_cpu_seconds(), time.perf_counter()
        services0 = service_cpu_seconds()
        await asyncio.gather(*tasks)
        # Let the last diffs of the stage arrive (they count if they arrive within 1 s).
        await asyncio.sleep(min(1.0, interval))
        elapsed = time.perf_counter() - t0
        cpu = self.server.cpu_seconds() - cpu0
        own = own_cpu_seconds() - own0
        services = service_cpu_between(services0, service_cpu_seconds())
        stalled = sum(1 for room in self.rooms if time.perf_counter() - room.last_progress > 30)
        if stalled:
            self.stats.errors["stalled_rooms"] += stalled
        lat = sorted(self.stats.latencies)
        rss, peak = self.server.memory_mb()
        return {
            "target": rate,
            "moves_per_s": self.stats.moves / seconds,
            "deliveries": len(lat),
            "p50_ms": 1000 * percentile(lat, 0.50),
            "p99_ms": 1000 * percentile(lat, 0.99),
            "max_ms": 1000 * (lat[-1] if lat else float("nan")),
            "server_cpu": cpu / elapsed,
            "cpu_ms_per_move": 1000 * cpu / self.stats.moves if self.stats.moves else 0.0,
            "client_cpu": own / elapsed,
            "db_ms_per_move": 1000 * services["postgres"] / max(self.stats.moves, 1),
            "redis_ms_per_move": 1000 * services["redis-server"] / max(self.stats.moves, 1),
            "rss_mb": rss,
            "peak_rss_mb": peak,
            # The same diff goes to every player and watcher (the placements travel apart).
            "diff_bytes": statistics.median(self.stats.diff_bytes) if self.stats.diff_bytes else 0,
            "errors": dict(self.stats.errors),
            "slow": _slow_histogram(self.stats.slow),
        }

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
        sizes = [r.by_seat[0].snapshot_bytes[-1] for r in rooms]
        return statistics.mean(sizes)

    async def close(self) -> None:
        self.closing = True
        for room in self.rooms:
            for conn in room.conns:
                with contextlib.suppress(Exception):
                    await conn.ws.close()
                if conn.reader is not None:
                    conn.reader.cancel()


# -- profiles -------------------------------------------------------------------------------------


def start_profile(
    pid: int, seconds: float, out: Path, idle: bool = False
) -> subprocess.Popen[bytes] | None:
    """py-spy (raw collapsed stacks) on the server for `seconds`, or None when not installed.
    With `idle`, waiting threads are sampled too (where time goes, not only CPU)."""
    pyspy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(pyspy).exists():
        print("  (py-spy not installed: pip install py-spy)")
        return None
    return subprocess.Popen(
        [
            pyspy,
            "record",
            "-p",
            str(pid),
            "-d",
            str(int(seconds)),
            "-r",
            "97",
            "-f",
            "raw",
            "-o",
            str(out),
            "--nonblocking",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _frame_name(frame: str) -> str:
    """`func (path/to/file.py:12)` -> `func (to/file.py)`."""
    func, _, where = frame.partition(" (")
    if not where:
        return frame
    path = where.rstrip(")").rsplit(":", 1)[0]
    return f"{func} ({'/'.join(path.split('/')[-2:])})"


def summarize_profile(path: Path, top: int = 25) -> str:
    """Self and inclusive sample shares per function from py-spy's collapsed stacks."""
    own: Counter[str] = Counter()
    incl: Counter[str] = Counter()
    total = 0
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack:
            continue
        n = int(count)
        total += n
        frames = [_frame_name(f) for f in stack.split(";")]
        own[frames[-1]] += n
        for f in set(frames):
            incl[f] += n
    lines = [f"{total} samples", "", "self %  function"]
    lines += [f"{100 * n / total:5.1f}  {f}" for f, n in own.most_common(top)]
    lines += ["", "incl %  function"]
    lines += [f"{100 * n / total:5.1f}  {f}" for f, n in incl.most_common(top)]
    return "\n".join(lines)


# -- the two shapes -------------------------------------------------------------------------------


def fmt(row: dict[str, Any]) -> str:
    return (
        f"target {row['target']:7.1f}/s  accepted {row['moves_per_s']:7.1f}/s  "
        f"latency p50 {row['p50_ms']:6.1f} ms  p99 {row['p99_ms']:6.1f} ms  "
        f"max {row['max_ms']:6.1f} ms  ({row['deliveries']} deliveries)  "
        f"server cpu {100 * row['server_cpu']:4.0f}% ({row['cpu_ms_per_move']:.2f} ms a move)  "
        f"client cpu {100 * row['client_cpu']:4.0f}%  "
        f"postgres {row['db_ms_per_move']:.2f} ms a move  redis {row['redis_ms_per_move']:.2f} ms  "
        f"rss {row['rss_mb']:.0f} MiB (peak {row['peak_rss_mb']:.0f})  "
        f"diff median {row['diff_bytes']:.0f} B  "
        f"errors {sum(row['errors'].values())} {row['errors'] or ''}\n"
        f"    slow deliveries (> 250 ms) by arrival time in the stage: {row['slow']}"
    )


async def human(server: Servers, args: argparse.Namespace) -> None:
    bench = Bench(server)
    shapes = [(2 + i % 4, 1 + i % 2) for i in range(args.rooms)]  # 3.5 players + 1.5 watchers
    took = await bench.setup(shapes, args.parallel)
    print(f"  set-up: {args.rooms} rooms, {bench.sockets} sockets in {took:.0f} s")
    rate = args.rooms / args.move_every
    profiler = None
    if args.profile:
        profiler = start_profile(server.proc.pid, args.duration, Path(args.profile), args.idle)  # type: ignore[union-attr]
    row = await bench.stage(rate, args.duration, warmup=args.move_every)
    snap = await bench.snapshot_sizes()
    print("  " + fmt(row))
    print(f"  bytes: diff {row['diff_bytes']:.0f} B per move vs snapshot {snap:.0f} B")
    await bench.close()
    if profiler is not None:
        profiler.wait(timeout=args.duration + 60)
        print(summarize_profile(Path(args.profile)))


async def full(server: Servers, args: argparse.Namespace) -> None:
    bench = Bench(server)
    shapes = [(2, 1)] * args.full_rooms
    took = await bench.setup(shapes, args.parallel)
    print(f"  set-up: {args.full_rooms} rooms, {bench.sockets} sockets in {took:.0f} s")
    rates = [float(r) for r in args.rates.split(",")]
    best = None
    for k, rate in enumerate(rates):
        profiler = None
        if args.profile and k == args.profile_stage:
            profiler = start_profile(
                server.proc.pid, args.stage_seconds, Path(args.profile), args.idle
            )  # type: ignore[union-attr]
        row = await bench.stage(rate, args.stage_seconds, warmup=2.0)
        print("  " + fmt(row), flush=True)
        if profiler is not None:
            profiler.wait(timeout=args.stage_seconds + 60)
            print(summarize_profile(Path(args.profile)))
        behind = row["moves_per_s"] < 0.9 * rate
        if row["p99_ms"] > 100 or behind or row["errors"]:
            why = "p99 > 100 ms" if row["p99_ms"] > 100 else "behind the target rate"
            if row["errors"]:
                why = "errors"
            print(f"  stopped: {why}")
            break
        best = row
    snap = await bench.snapshot_sizes()
    sizes = bench.stats.diff_bytes
    print(
        f"  bytes: diff median {statistics.median(sizes) if sizes else 0:.0f} B per move "
        f"vs snapshot {snap:.0f} B (mean over the rooms, at whatever turn each is)"
    )
    if best is not None:
        print(
            f"  best under 100 ms p99: {best['moves_per_s']:.0f} moves/s "
            f"(p99 {best['p99_ms']:.1f} ms)"
        )
    await bench.close()


@contextlib.contextmanager
def redis(wanted: bool, workdir: Path):
    """A Redis server of the benchmark's own (its URL), or None when not wanted."""
    if not wanted:
        yield None
        return
    from redisproc import RedisProcess

    server = RedisProcess(workdir).start()
    try:
        yield server.url
    finally:
        server.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--shape", choices=["human", "full", "both"], default="both")
    parser.add_argument("--rooms", type=int, default=1000, help="human: rooms")
    parser.add_argument("--move-every", type=float, default=10.0, help="human: s between moves")
    parser.add_argument("--duration", type=float, default=60.0, help="human: measured seconds")
    parser.add_argument("--full-rooms", type=int, default=100, help="full: rooms")
    parser.add_argument(
        "--rates",
        default="100,200,400,600,800,1000,1300,1600,2000",
        help="full: total moves/s per stage",
    )
    parser.add_argument("--stage-seconds", type=float, default=10.0)
    parser.add_argument("--parallel", type=int, default=40, help="rooms set up at once")
    parser.add_argument("--profile", default="", help="py-spy raw output file")
    parser.add_argument("--idle", action="store_true", help="profile waiting threads too")
    parser.add_argument("--profile-stage", type=int, default=3, help="full: stage to profile")
    parser.add_argument("--max-seconds", type=float, default=1800, help="hard stop for a run")
    parser.add_argument(
        "--processes", type=int, default=1,
        help="server processes sharing the rooms through Redis (more than 1: PostgreSQL only)",
    )
    parser.add_argument(
        "--redis", action="store_true", help="use Redis even for one process (what it costs)"
    )
    args = parser.parse_args()
    if args.processes > 1:
        args.redis = True
        if args.db != "postgres":
            parser.error("several processes share a PostgreSQL database: add --db postgres")

    print(
        f"open files limit: {raise_nofile(65536)}; {os.cpu_count()} cores; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    dbs = ["sqlite", "postgres"] if args.db == "both" else [args.db]
    shapes = ["human", "full"] if args.shape == "both" else [args.shape]
    try:
        import uvloop

        loop_factory: Any = uvloop.new_event_loop
    except ImportError:
        loop_factory = None
    for db in dbs:
        for shape in shapes:
            with tempfile.TemporaryDirectory(prefix="bench-server-") as tmp:
                workdir = Path(tmp)
                with database(db, workdir) as url, redis(args.redis, workdir) as redis_url:
                    # Every room comes from this one address: lift the per-address room quota.
                    env = {"CARC_MAX_SPECTATORS": "50", "CARC_ROOMS_PER_WINDOW": "1000000"}
                    if redis_url:
                        env["REDIS_URL"] = redis_url
                    processes = [
                        ServerProcess(url, workdir / f"server{i}.log", **env)
                        for i in range(args.processes)
                    ]
                    mode = f", {args.processes} process(es) with Redis" if redis_url else ""
                    print(f"== {shape} on {db}{mode} ==", flush=True)
                    for process in processes:
                        process.start()
                    try:
                        run = human if shape == "human" else full
                        with asyncio.Runner(loop_factory=loop_factory) as runner:
                            runner.run(asyncio.wait_for(run(Servers(processes), args),
                                                        args.max_seconds))
                    finally:
                        for i, process in enumerate(processes):
                            process.stop()
                            log = workdir / f"server{i}.log"
                            if os.environ.get("BENCH_KEEP_LOG"):
                                shutil.copy(log, f"{os.environ['BENCH_KEEP_LOG']}.{i}")
                            tail = log.read_text(errors="replace")[-2000:]
                            if "Traceback" in tail or "ERROR" in tail:
                                print(f"  server {i} log tail:\n" + tail)


if __name__ == "__main__":
    main()
