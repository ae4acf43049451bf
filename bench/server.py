"""Load the real server over real websockets and print what it sustains.

    .venv/bin/python -m bench.server                          # both shapes, SQLite then PostgreSQL
    .venv/bin/python -m bench.server --db sqlite --shape human --rooms 1000 --duration 60
    .venv/bin/python -m bench.server --db postgres --shape full --rates 400,700,1000
    .venv/bin/python -m bench.server --db postgres --shape full --processes 1,2 --routing both
    .venv/bin/python -m bench.server --db sqlite --shape full --profile /tmp/full.txt

It starts `python -m app` (uvicorn) as subprocesses on free loopback ports, on a fresh SQLite
file or a fresh PostgreSQL database at 127.0.0.1:5432 (dropped afterwards), with a Redis of its
own when there are several processes, then drives rooms the way browsers do: `POST
/api/rooms`, `/ws/{code}`, hello, take_seat, start, place (`bench/load.py`).

Shapes:
- `human`: many rooms (1,000 by default) of 2-5 players and 1-2 spectators each (5,000 sockets),
  each room placing a tile every 10 s (moves spread evenly in time).
- `full`: fewer rooms (2 players + 1 spectator), the total move rate raised stage by stage;
  every stage runs and is reported, passed or not (p99 under 100 ms, the rate kept, no error).
  Room k of n ends its first game early at turn 1 + 80k/n, so that games end (and start again)
  spread in time as in a real server, not all in the same second (`--in-step` keeps them so).

Setups (`--processes`, `--routing`): one process (no Redis unless `--redis`), or several
sharing the rooms through Redis, their sockets spread round robin (`off`: half of a room's
intents and diffs relayed to its owner) or routed by the room code in the path (`on`: as the
balancer of docker-compose.yml does, every socket of a room at its owner). With more than one
setup the stages are printed side by side at the end, CPU a move included (the app's, then
the total with PostgreSQL's and Redis's: `bench/procs.py`).

Per stage it reports: accepted moves per second, latency from a player's intent (the `place`
frame sent) to the diff that carries it arriving at every client of the room (p50, p99, max),
CPU a move (app, PostgreSQL, Redis, total) and of a core, peak RSS, bytes per move diff, and
errors (error frames, protocol violations, unexpected closes, stalls; must be 0). The load
generator runs in this process on the same cores, so its own CPU is printed too.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import tempfile
from pathlib import Path
from typing import Any

from bench.load import Bench
from bench.procs import Servers, database, raise_nofile, redis, servers
from bench.profiles import start_profile, summarize_profile
from bench.report import best, fmt, side_by_side


async def human(servers: Servers, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Many rooms at a human pace, one measured stage."""
    bench = Bench(servers)
    shapes = [(2 + i % 4, 1 + i % 2) for i in range(args.rooms)]  # 3.5 players + 1.5 watchers
    took = await bench.setup(shapes, args.parallel)
    print(f"  set-up: {args.rooms} rooms, {bench.sockets} sockets in {took:.0f} s")
    profiler = None
    if args.profile:
        profiler = start_profile(servers.pids[0], args.duration, Path(args.profile), args.idle)
    result = await bench.stage(args.rooms / args.move_every, args.duration,
                               warmup=args.move_every)
    snap = await bench.snapshot_sizes()
    print("  " + fmt(result))
    print(f"  bytes: diff {result['diff_bytes']:.0f} B per move vs snapshot {snap:.0f} B")
    await bench.close()
    if profiler is not None:
        profiler.wait(timeout=args.duration + 60)
        print(summarize_profile(Path(args.profile)))
    return [result]


async def full(servers: Servers, args: argparse.Namespace) -> list[dict[str, Any]]:
    """A few rooms, the total rate raised stage by stage; every stage is run."""
    bench = Bench(servers, spread=not args.in_step)
    took = await bench.setup([(2, 1)] * args.full_rooms, args.parallel)
    print(f"  set-up: {args.full_rooms} rooms, {bench.sockets} sockets in {took:.0f} s")
    rows = []
    for k, rate in enumerate(float(r) for r in args.rates.split(",")):
        profiler = None
        if args.profile and k == args.profile_stage:
            profiler = start_profile(servers.pids[0], args.stage_seconds, Path(args.profile),
                                     args.idle)
        result = await bench.stage(rate, args.stage_seconds, warmup=args.warmup)
        rows.append(result)
        print("  " + fmt(result), flush=True)
        if profiler is not None:
            profiler.wait(timeout=args.stage_seconds + 60)
            print(summarize_profile(Path(args.profile)))
    snap = await bench.snapshot_sizes()
    sizes = bench.stats.diff_bytes
    print(
        f"  bytes: diff median {statistics.median(sizes) if sizes else 0:.0f} B per move "
        f"vs snapshot {snap:.0f} B (mean over the rooms, at whatever turn each is)"
    )
    top = best(rows)
    print(f"  best under 100 ms p99: {top['moves_per_s']:.0f} moves/s "
          f"(p99 {top['p99_ms']:.1f} ms)" if top else "  no stage passed")
    await bench.close()
    return rows


def setups(args: argparse.Namespace) -> list[tuple[int, bool]]:
    """(processes, routed) of every setup the arguments ask for."""
    found: list[tuple[int, bool]] = []
    for count in (int(p) for p in args.processes.split(",")):
        routings = [False] if count == 1 else {
            "off": [False], "on": [True], "both": [False, True]}[args.routing]
        found += [(count, routed) for routed in routings]
    return found


def label(count: int, routed: bool, redis_url: str | None) -> str:
    if count == 1:
        return "1 process" + (" + Redis" if redis_url else "")
    return f"{count} processes, " + ("routed by room" if routed else "round robin")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--shape", choices=["human", "full", "both"], default="both")
    parser.add_argument("--rooms", type=int, default=1000, help="human: rooms")
    parser.add_argument("--move-every", type=float, default=10.0, help="human: s between moves")
    parser.add_argument("--duration", type=float, default=60.0, help="human: measured seconds")
    parser.add_argument("--full-rooms", type=int, default=100, help="full: rooms")
    parser.add_argument("--rates", default="200,400,700,1000,1300",
                        help="full: total moves/s per stage")
    parser.add_argument("--stage-seconds", type=float, default=20.0)
    parser.add_argument("--in-step", action="store_true",
                        help="full: every room's games end in the same second (no spread)")
    parser.add_argument("--warmup", type=float, default=3.0, help="full: s before each stage")
    parser.add_argument("--parallel", type=int, default=40, help="rooms set up at once")
    parser.add_argument("--processes", default="1",
                        help="server processes per setup, comma-separated (1,2: both setups)")
    parser.add_argument("--routing", choices=["off", "on", "both"], default="both",
                        help="several processes: sockets round robin (off) or by room (on)")
    parser.add_argument("--redis", action="store_true",
                        help="use Redis even for one process (what it costs)")
    parser.add_argument("--profile", default="", help="py-spy raw output file (first process)")
    parser.add_argument("--idle", action="store_true", help="profile waiting threads too")
    parser.add_argument("--profile-stage", type=int, default=1, help="full: stage to profile")
    parser.add_argument("--max-seconds", type=float, default=3600, help="hard stop for a run")
    args = parser.parse_args()
    runs = setups(args)
    if any(count > 1 for count, _ in runs) and args.db != "postgres":
        parser.error("several processes share a PostgreSQL database: add --db postgres")

    print(f"open files limit: {raise_nofile(65536)}; {os.cpu_count()} cores; "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    dbs = ["sqlite", "postgres"] if args.db == "both" else [args.db]
    shapes = ["human", "full"] if args.shape == "both" else [args.shape]
    try:
        import uvloop

        loop_factory: Any = uvloop.new_event_loop
    except ImportError:
        loop_factory = None
    for db in dbs:
        for shape in shapes:
            results: dict[str, list[dict[str, Any]]] = {}
            for count, routed in runs:
                with contextlib.ExitStack() as stack:
                    workdir = Path(stack.enter_context(
                        tempfile.TemporaryDirectory(prefix="bench-server-")))
                    url = stack.enter_context(database(db, workdir))
                    redis_url = stack.enter_context(redis(args.redis or count > 1, workdir))
                    name = label(count, routed, redis_url)
                    print(f"== {shape} on {db}, {name} (load average "
                          f"{os.getloadavg()[0]:.2f}) ==", flush=True)
                    group = stack.enter_context(servers(
                        url, redis_url, count, routed, workdir, os.environ.get("BENCH_KEEP_LOG", "")
                    ))
                    run = human if shape == "human" else full
                    with asyncio.Runner(loop_factory=loop_factory) as runner:
                        results[name] = runner.run(
                            asyncio.wait_for(run(group, args), args.max_seconds))
            if len(results) > 1:
                print(f"\n== {shape} on {db}: the setups side by side (CPU a move in ms; "
                      "x: the total against the first setup's at the same rate) ==")
                print(side_by_side(results), flush=True)


if __name__ == "__main__":
    main()
