"""How long a bare PostgreSQL commit takes on this machine: the floor under the server's p99.

    .venv/bin/python -m bench.pgcommit                 # 20 s of one-row inserts, each committed
    .venv/bin/python -m bench.pgcommit --seconds 60

One connection (asyncpg) inserts one row at a time into a table of its own in a fresh
database and waits for each commit (`synchronous_commit` as the server has it: on, so each
commit waits for the write-ahead log's flush to the disk). Prints the latency percentiles and
how many commits took over 50 and 100 ms: a stall of the disk's flush holds up every move of
the server's group commit for as long, whatever the app does.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

import asyncpg

from bench.procs import PG, database


async def measure(url: str, seconds: float) -> list[float]:
    """Seconds each one-row insert and commit took, for `seconds`."""
    conn = await asyncpg.connect(url.replace("postgresql+asyncpg", "postgresql"))
    try:
        await conn.execute("CREATE TABLE commits (n integer)")
        latencies = []
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            started = time.perf_counter()
            await conn.execute("INSERT INTO commits VALUES (1)")
            latencies.append(time.perf_counter() - started)
        return latencies
    finally:
        await conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir, database("postgres", Path(workdir)) as url:
        latencies = sorted(asyncio.run(measure(url, args.seconds)))
    n = len(latencies)

    def at(q: float) -> float:
        return 1000 * latencies[min(n - 1, int(q * n))]

    print(f"{n} commits to {PG['host']}:{PG['port']} in {args.seconds:.0f} s: p50 {at(0.5):.2f} ms,"
          f" p99 {at(0.99):.2f} ms, p99.9 {at(0.999):.1f} ms, max {1000 * latencies[-1]:.1f} ms;"
          f" over 50 ms: {sum(x > 0.05 for x in latencies)}, over 100 ms:"
          f" {sum(x > 0.1 for x in latencies)}")


if __name__ == "__main__":
    main()
