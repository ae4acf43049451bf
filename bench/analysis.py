"""What the table knows, per turn: the cost of `table_analysis(game)` (app/engine/analysis.py).

    python bench/analysis.py [--games 20] [--repeats 3] [--players 4]

Random games (winter, farmers, The Abbot, 40% of turns with a figure) are played to the end;
before every move the analysis is computed afresh, as the server does once a turn when
someone asks. A turn's cost is the CPU time of the call (`time.process_time`), the least of
three calls: on a shared machine the wall time of one call mostly measures the other
processes. Per repeat: the median and p90 over every turn, the same over the late turns
(20 tiles or fewer left), the worst turn, and the size of a late turn's answer as JSON. The
line shows the median of the repeats with their spread (min-max). The tile tables are warm
(one game is played first), as in a running server. The load average is printed before and
after.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine import Game, Options, Player, table_analysis
from tests.randomplay import random_move

# The chance that a random move places a figure where it may.
FIGURE_ODDS = 0.4
OPTIONS = Options("winter", farmers=True, abbot=True)
NAMES = [("Ann", "red"), ("Bo", "blue"), ("Cy", "green"), ("Di", "yellow"), ("Ed", "black")]


def one_game(seed: int, players: int) -> tuple[list[float], list[float], list[int]]:
    """Every turn's time, the late turns' times, and the late answers' sizes in bytes."""
    rng = random.Random(seed)
    game = Game([Player(*NAMES[i]) for i in range(players)], OPTIONS, seed=seed)
    every, late, sizes = [], [], []
    while not game.finished:
        spent = float("inf")
        for _ in range(3):
            start = time.process_time()
            analysis = table_analysis(game)
            spent = min(spent, time.process_time() - start)
        every.append(spent)
        if game.tiles_left <= 20:
            late.append(spent)
            sizes.append(len(json.dumps(analysis.to_dict(), separators=(",", ":"))))
        game.play(random_move(game, rng, FIGURE_ODDS))
    return every, late, sizes


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


def spread(values: list[float], unit: float, fmt: str = "{:.2f}") -> str:
    scaled = [v * unit for v in values]
    return (f"{fmt.format(statistics.median(scaled))} "
            f"({fmt.format(min(scaled))}-{fmt.format(max(scaled))})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}")
    one_game(0, args.players)  # warm the tile tables
    rows: dict[str, list[float]] = {k: [] for k in
                                    ("median", "p90", "late median", "late p90", "worst", "size")}
    for repeat in range(args.repeats):
        every: list[float] = []
        late: list[float] = []
        sizes: list[int] = []
        for seed in range(1 + repeat * args.games, 1 + (repeat + 1) * args.games):
            e, la, s = one_game(seed, args.players)
            every += e
            late += la
            sizes += s
        rows["median"].append(statistics.median(every))
        rows["p90"].append(p90(every))
        rows["late median"].append(statistics.median(late))
        rows["late p90"].append(p90(late))
        rows["worst"].append(max(every))
        rows["size"].append(statistics.median(sizes))
        print(f"repeat {repeat + 1}: {len(every)} turns, median "
              f"{statistics.median(every) * 1e3:.2f} ms, late median "
              f"{statistics.median(late) * 1e3:.2f} ms")
    print(f"table_analysis per turn (CPU, least of 3), {args.players} players, "
          f"{args.games} games a repeat, medians of {args.repeats} repeats (min-max):")
    for name in ("median", "p90", "late median", "late p90", "worst"):
        print(f"  {name:12} {spread(rows[name], 1e3)} ms")
    print(f"  late answer  {spread(rows['size'], 1 / 1024, '{:.1f}')} KiB of JSON")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
