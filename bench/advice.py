"""Advice at the table: what `warn()` and `explain()` cost per move, and how long `suggest()`
takes against its budget.

    .venv/bin/python bench/advice.py [--games 6] [--suggestions 12] [--budget 1.0]

- warn() and explain(): every legal move of the drawn tile, every 5th turn of `--games`
  random games (2 players, winter, farmers; a random legal figure on 40% of turns, as in
  bench/engine.py). Each call is timed 3 times and the fastest kept (the machine is shared:
  a single timing mostly measures the neighbours), with the boards frozen out of the garbage
  collector (`gc.freeze()`: a hundred games held at once make each collection scan them);
  the figures are the median, the 99th percentile and the maximum over the moves.
- suggest(): `--suggestions` positions spread evenly from turn 0 to turn 70 (game i of them
  from seed i), each timed once with `--budget` seconds; the figures are the median and
  maximum wall time and the most any call went past its budget, in wall time and in this
  process's CPU time (on a loaded machine the wall clock runs on while the process waits).

The machine is shared: the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.bots import explain, suggest, warn
from app.engine import Game
from bench.engine import OPTIONS, PLAYERS, random_move


def positions(games: int, every: int) -> list[Game]:
    """Copies of random games at every `every`-th turn (the drawn tile still to play)."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        game = Game(PLAYERS, OPTIONS, seed=seed)
        while not game.finished:
            if game.turn % every == 0:
                out.append(game.copy())
            game.play(random_move(game, rng))
    return out


def at_turn(seed: int, turn: int) -> Game:
    """Random game `seed` after `turn` turns."""
    rng = random.Random(seed)
    game = Game(PLAYERS, OPTIONS, seed=seed)
    while game.turn < turn and not game.finished:
        game.play(random_move(game, rng))
    return game


def per_move_us(boards: list[Game]) -> dict[str, list[float]]:
    """Microseconds per call of warn() and explain() (the best of 3), each legal move."""
    times: dict[str, list[float]] = {"warn": [], "explain": []}
    for game in boards:
        for move in game.legal_moves():
            for name, call in (("warn", warn), ("explain", explain)):
                best = float("inf")
                for _ in range(3):
                    start = time.perf_counter()
                    call(game, move)
                    best = min(best, time.perf_counter() - start)
                times[name].append(best * 1e6)
    return times


def percentile(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="random games for warn/explain")
    parser.add_argument("--suggestions", type=int, default=12, help="suggest() calls")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per suggestion")
    args = parser.parse_args()

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    boards = positions(args.games, 5)
    gc.collect()
    gc.freeze()
    times = per_move_us(boards)
    for name, values in times.items():
        print(
            f"{name}() per move: median {statistics.median(values):.0f} us, "
            f"p99 {percentile(values, 0.99):.0f} us, max {max(values):.0f} us "
            f"({len(values)} moves on {len(boards)} boards)"
        )

    last = max(1, args.suggestions - 1)
    chosen = [at_turn(i, round(i * 70 / last)) for i in range(args.suggestions)]
    walls, cpus = [], []
    for i, game in enumerate(chosen):
        start, cpu = time.perf_counter(), time.process_time()
        suggest(game, random.Random(i), budget_s=args.budget)
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    print(
        f"suggest(budget {args.budget} s) on {len(chosen)} positions (turns "
        f"{min(g.turn for g in chosen)}-{max(g.turn for g in chosen)}): wall median "
        f"{statistics.median(walls):.3f} s, max {max(walls):.3f} s; most over budget: wall "
        f"{max(0.0, max(walls) - args.budget) * 1e3:.0f} ms, CPU "
        f"{max(0.0, max(cpus) - args.budget) * 1e3:.0f} ms; "
        f"{sum(w >= args.budget for w in walls)} of {len(walls)} used the whole budget"
    )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
