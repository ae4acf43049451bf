"""What the server benchmark measured, and how it prints it: a stage's figures (`Stats` while
it runs, a row when it ends), one line per stage, and the setups side by side."""

from __future__ import annotations

import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bench.procs import Cpu

P99_LIMIT_MS = 100.0  # a stage passes with p99 under this, the target rate kept and no error


@dataclass
class Stats:
    """What one stage measured while it ran."""

    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    diff_bytes: list[int] = field(default_factory=list)
    # (arrival time, latency) of every delivery slower than 250 ms, to see when they happen.
    slow: list[tuple[float, float]] = field(default_factory=list)
    started: float = field(default_factory=time.perf_counter)

    def error(self, kind: str) -> None:
        self.errors[kind] += 1

    def delivered(self, latency: float, now: float) -> None:
        """A diff reached a client `latency` seconds after its intent was sent."""
        self.latencies.append(latency)
        if latency > 0.25:
            self.slow.append((now - self.started, latency))


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def slow_histogram(slow: list[tuple[float, float]], bucket: float = 5.0) -> str:
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


def row(
    rate: float, seconds: float, elapsed: float, stats: Stats, cpu: Cpu,
    memory: tuple[float, float], stalled: int,
) -> dict[str, Any]:
    """A stage's figures: `seconds` measured at `rate` moves/s, `cpu` used over `elapsed`."""
    lat = sorted(stats.latencies)
    moves = max(stats.moves, 1)
    errors = dict(stats.errors)
    if stalled:
        errors["stalled_rooms"] = stalled
    result = {
        "target": rate,
        "moves_per_s": stats.moves / seconds,
        "deliveries": len(lat),
        "p50_ms": 1000 * percentile(lat, 0.50),
        "p99_ms": 1000 * percentile(lat, 0.99),
        "max_ms": 1000 * (lat[-1] if lat else float("nan")),
        "server_cpu": cpu.app / elapsed,
        "cpu_ms_per_move": 1000 * cpu.app / moves,
        "kernel_ms_per_move": 1000 * cpu.app_kernel / moves,
        "client_cpu": cpu.client / elapsed,
        "db_ms_per_move": 1000 * cpu.postgres / moves,
        "redis_ms_per_move": 1000 * cpu.redis / moves,
        "total_ms_per_move": 1000 * (cpu.app + cpu.postgres + cpu.redis) / moves,
        "rss_mb": memory[0],
        "peak_rss_mb": memory[1],
        # The same diff goes to every player and watcher (the placements travel apart).
        "diff_bytes": statistics.median(stats.diff_bytes) if stats.diff_bytes else 0,
        "errors": errors,
        "slow": slow_histogram(stats.slow),
    }
    result["passed"] = passed(result)
    return result


def passed(result: dict[str, Any]) -> bool:
    """p99 under the limit, the target rate kept (within 10 %), no error."""
    return (result["p99_ms"] < P99_LIMIT_MS and result["moves_per_s"] >= 0.9 * result["target"]
            and not result["errors"])


def why_failed(result: dict[str, Any]) -> str:
    if result["errors"]:
        return "errors"
    if result["p99_ms"] >= P99_LIMIT_MS:
        return f"p99 >= {P99_LIMIT_MS:.0f} ms"
    return "behind the target rate"


def fmt(result: dict[str, Any]) -> str:
    """One stage, on two lines."""
    verdict = "passed" if result["passed"] else f"FAILED ({why_failed(result)})"
    return (
        f"target {result['target']:7.1f}/s  accepted {result['moves_per_s']:7.1f}/s  "
        f"latency p50 {result['p50_ms']:6.1f} ms  p99 {result['p99_ms']:6.1f} ms  "
        f"max {result['max_ms']:6.1f} ms  ({result['deliveries']} deliveries)  {verdict}\n"
        f"    cpu a move: app {result['cpu_ms_per_move']:.3f} ms (kernel "
        f"{result['kernel_ms_per_move']:.3f})  postgres "
        f"{result['db_ms_per_move']:.3f} ms  redis {result['redis_ms_per_move']:.3f} ms  "
        f"total {result['total_ms_per_move']:.3f} ms;  "
        f"app {100 * result['server_cpu']:.0f}% of a core, load generator "
        f"{100 * result['client_cpu']:.0f}%;  rss {result['rss_mb']:.0f} MiB "
        f"(peak {result['peak_rss_mb']:.0f});  diff median {result['diff_bytes']:.0f} B;  "
        f"errors {sum(result['errors'].values())} {result['errors'] or ''}\n"
        f"    slow deliveries (> 250 ms) by arrival time in the stage: {result['slow']}"
    )


def best(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The stage with the highest accepted rate among those that passed."""
    good = [r for r in rows if r["passed"]]
    return max(good, key=lambda r: r["moves_per_s"]) if good else None


def side_by_side(setups: dict[str, list[dict[str, Any]]]) -> str:
    """Every setup's stages by target rate: p99, CPU a move (app, then the total with
    PostgreSQL and Redis), and each total against the first setup's at the same rate."""
    names = list(setups)
    rates = sorted({r["target"] for rows in setups.values() for r in rows})
    first = {r["target"]: r for r in setups[names[0]]}
    lines = ["| rate | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    for rate in rates:
        cells = []
        for name in names:
            found = next((r for r in setups[name] if r["target"] == rate), None)
            if found is None:
                cells.append("-")
                continue
            ratio = ""
            base = first.get(rate)
            if name != names[0] and base is not None and base["total_ms_per_move"]:
                ratio = f" (x{found['total_ms_per_move'] / base['total_ms_per_move']:.2f})"
            mark = "" if found["passed"] else " FAIL"
            cells.append(
                f"{found['moves_per_s']:.0f}/s p99 {found['p99_ms']:.0f} ms{mark}; app "
                f"{found['cpu_ms_per_move']:.2f} + pg {found['db_ms_per_move']:.2f} + redis "
                f"{found['redis_ms_per_move']:.2f} = {found['total_ms_per_move']:.2f} ms{ratio}"
            )
        lines.append(f"| {rate:.0f} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
