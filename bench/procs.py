"""The server benchmark's processes and what they cost: the servers (one or several, with the
balancer's routing), a fresh database, a Redis of its own, and the CPU of each of them (the
app's processes, PostgreSQL's, Redis's, the load generator's own) between two readings."""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import secrets
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.redisproc import RedisProcess
from tests.serverproc import ServerProcess

PG = {"host": "127.0.0.1", "port": 5432, "user": "postgres"}
SERVICES = ("postgres", "redis-server")


def raise_nofile(want: int) -> int:
    """Raise this process's open-file limit (children inherit it); returns the new soft one."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = want if hard == resource.RLIM_INFINITY else min(want, hard)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def room_process(code: str, processes: int) -> int:
    """The process a room's sockets go to when routed (a hash of the room code in the path,
    as the balancer's `balance uri` + `hash-type consistent` does: which process it is
    matters less than that all of a room's sockets reach the same one)."""
    return zlib.crc32(code.encode()) % processes


class Servers:
    """One or several server processes serving the same rooms, seen as one.

    `routed`: each room's sockets all go to one process, picked by the room code (the
    balancer's hash of the websocket path); else to the processes in turn (round robin, as
    behind a balancer without routing). HTTP goes to the first process.
    """

    def __init__(self, processes: list[ServerProcess], routed: bool = False) -> None:
        self.processes = processes
        self.routed = routed and len(processes) > 1
        self.url = processes[0].url
        self._next = 0

    def ws_url(self, code: str) -> str:
        """The websocket base URL the next socket of room `code` goes to."""
        if self.routed:
            return self.processes[room_process(code, len(self.processes))].ws_url
        process = self.processes[self._next % len(self.processes)]
        self._next += 1
        return process.ws_url

    @property
    def pids(self) -> list[int]:
        """The processes' ids."""
        return [p.proc.pid for p in self.processes if p.proc is not None]

    def memory_mb(self) -> tuple[float, float]:
        """Resident memory of all the processes (now, and the sum of their peaks)."""
        sizes = [p.memory_mb() for p in self.processes]
        return sum(s[0] for s in sizes), sum(s[1] for s in sizes)


@dataclass(frozen=True)
class Cpu:
    """CPU seconds used so far: the app's processes (and of that, in the kernel: system calls
    such as a frame's write), PostgreSQL's, Redis's, this process's."""

    app: float
    postgres: float
    redis: float
    client: float
    app_kernel: float = 0.0

    def __sub__(self, other: Cpu) -> Cpu:
        return Cpu(self.app - other.app, self.postgres - other.postgres,
                   self.redis - other.redis, self.client - other.client,
                   self.app_kernel - other.app_kernel)


_TICKS = os.sysconf("SC_CLK_TCK")


def _proc_cpu(stat: Path) -> tuple[str, float, float] | None:
    """A process's name, CPU seconds, and of these the seconds in the kernel."""
    try:
        text = stat.read_text()
    except OSError:
        return None  # the process ended meanwhile
    name = text[text.index("(") + 1 : text.rindex(")")]
    fields = text[text.rindex(")") + 2 :].split()
    return name, (int(fields[11]) + int(fields[12])) / _TICKS, int(fields[12]) / _TICKS


class CpuMeter:
    """Reads the CPU of the servers, of every PostgreSQL and Redis process on this machine
    (by name: a move is priced in database and Redis time too), and of the load generator.

    A PostgreSQL process that ends between two readings counts up to the first of them (a
    slight underestimate); new ones count whole. Other users of this PostgreSQL count too:
    its figures are only as good as the machine is quiet."""

    def __init__(self, servers: Servers) -> None:
        self.servers = servers
        self._services: dict[int, tuple[str, float]] = {}  # by pid, at the last reading
        self._ended = dict.fromkeys(SERVICES, 0.0)  # what processes gone since had used

    def read(self) -> Cpu:
        """The CPU used so far."""
        app = kernel = 0.0
        for pid in self.servers.pids:
            seen = _proc_cpu(Path(f"/proc/{pid}/stat"))
            if seen is not None:
                app += seen[1]
                kernel += seen[2]
        found: dict[int, tuple[str, float]] = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            seen = _proc_cpu(stat)
            if seen is not None and seen[0] in SERVICES:
                found[int(stat.parent.name)] = seen[:2]
        for pid, (name, seconds) in self._services.items():
            if pid not in found:  # ended since: keep what it had used when last seen
                self._ended[name] += seconds
        self._services = found
        totals = dict(self._ended)
        for name, seconds in found.values():
            totals[name] += seconds
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return Cpu(app, totals["postgres"], totals["redis-server"],
                   usage.ru_utime + usage.ru_stime, kernel)


@contextlib.contextmanager
def database(kind: str, workdir: Path) -> Iterator[str]:
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


@contextlib.contextmanager
def redis(wanted: bool, workdir: Path) -> Iterator[str | None]:
    """A Redis server of the benchmark's own (its URL), or None when not wanted."""
    if not wanted:
        yield None
        return
    server = RedisProcess(workdir).start()
    try:
        yield server.url
    finally:
        server.kill()


@contextlib.contextmanager
def servers(
    database_url: str, redis_url: str | None, count: int, routed: bool, workdir: Path,
    keep_log: str = "",
) -> Iterator[Servers]:
    """`count` server processes on `database_url` (sharing rooms through `redis_url`),
    started, then stopped; the tail of a log with an error in it is printed."""
    # Every room and socket comes from this one address: lift the per-address quotas.
    env = {"CARC_MAX_SPECTATORS": "50", "CARC_ROOMS_PER_WINDOW": "1000000",
           "CARC_SOCKETS_PER_ADDRESS": "1000000"}
    if redis_url:
        env["REDIS_URL"] = redis_url
    processes = [ServerProcess(database_url, workdir / f"server{i}.log", **env)
                 for i in range(count)]
    try:
        for process in processes:
            process.start(timeout=120)  # a busy shared machine can take long to start one
        yield Servers(processes, routed)
    finally:
        for i, process in enumerate(processes):
            process.stop()
            log = workdir / f"server{i}.log"
            if keep_log:
                log.replace(f"{keep_log}.{i}")
                continue
            tail = log.read_text(errors="replace")[-2000:]
            if "Traceback" in tail or "ERROR" in tail:
                print(f"  server {i} log tail:\n" + tail)
