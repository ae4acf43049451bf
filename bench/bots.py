"""One bot level against another: play N two-player games (both seat orders), print the
tested level's win rate.

    .venv/bin/python bench/bots.py                      # strong vs easy, 100 games, 1 s a move
    .venv/bin/python bench/bots.py -n 100 --budget 0.3 --jobs 2
    nice -n 10 .venv/bin/python bench/bots.py -n 200 --budget 0.3 --strong expert --easy strong

Both levels get the same budget a move, counted in CPU seconds of the game's process by
default (`--clock cpu`: other work on the machine does not shrink it; `--clock wall` for
wall time). Half the games seat the tested bot first, half second; game i of a seat order
uses bag seed `seed + i // 2`, so each bag is played from both seats. A draw counts half a
win. The interval is Wilson's 95 % score interval. Not a test: a long run (about N x 80 x
budget seconds).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.bots import Bot
from app.engine import Game, Options, Player


def play_one(args: tuple[int, int, str, str, float, int | None, str, str, str]) -> dict:
    """Play game `index`; return the tested bot's seat, scores and both bots' think times
    (on the budget's clock)."""
    index, seed, first, second, budget, playouts, tileset, tested, clock = args
    timer = time.process_time if clock == "cpu" else time.perf_counter
    strong_seat = 0 if first == tested else 1
    game = Game([Player("A", "red"), Player("B", "blue")], Options(tileset=tileset), seed=seed)
    bots = [
        Bot(first, seed=1000 + index, budget_s=budget, playouts=playouts, timer=timer),
        Bot(second, seed=2000 + index, budget_s=budget, playouts=playouts, timer=timer),
    ]
    think: list[float] = []
    other: list[float] = []
    while not game.finished:
        seat = game.current_player
        t0 = timer()
        move = bots[seat].move(game)
        (think if seat == strong_seat else other).append(timer() - t0)
        game.play(move)
    scores = game.final_scores()
    return {"index": index, "strong_seat": strong_seat, "scores": scores, "think": think,
            "other": other}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--games", type=int, default=100)
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per move, both bots")
    parser.add_argument("--playouts", type=int, default=None, help="cap per strong move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    parser.add_argument("--tileset", default="winter")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="a line per game (a run cut short can still be read)")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="what the budget counts")
    parser.add_argument("--strong", default="strong", help="level of the tested bot")
    parser.add_argument("--easy", default="easy", help="level of the reference bot")
    args = parser.parse_args()

    tasks = []
    for i in range(args.games):
        seed = args.seed + i // 2
        order = (args.strong, args.easy) if i % 2 == 0 else (args.easy, args.strong)
        tasks.append(
            (i, seed, *order, args.budget, args.playouts, args.tileset, args.strong, args.clock)
        )

    start = time.perf_counter()
    wins = 0.0
    margins = []
    think: list[float] = []
    other: list[float] = []
    results = []
    with multiprocessing.Pool(args.jobs) as pool:
        for n, result in enumerate(pool.imap_unordered(play_one, tasks), start=1):
            results.append(result)
            s = result["strong_seat"]
            mine, theirs = result["scores"][s], result["scores"][1 - s]
            wins += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            margins.append(mine - theirs)
            think.extend(result["think"])
            other.extend(result["other"])
            if args.verbose:
                print(f"    game {result['index']}: {args.strong} in seat {s}, "
                      f"{mine}-{theirs}; {wins:g} of {n}", flush=True)
            if n % 10 == 0 or n == args.games:
                wall = time.perf_counter() - start
                lo, hi = wilson(wins, n)
                print(f"  {n} games: {args.strong} won {wins:g} ({wins / n:.1%}, 95% CI "
                      f"{lo:.1%} - {hi:.1%}; {wall:.0f} s)", flush=True)
    n = len(results)
    lo, hi = wilson(wins, n)
    by_seat = {seat: [r for r in results if r["strong_seat"] == seat] for seat in (0, 1)}
    print(
        f"{args.strong} vs {args.easy}: {n} games, budget {args.budget} s/move of "
        + ("CPU time of the game's own process (the machine's load does not shrink it)"
           if args.clock == "cpu" else "wall time")
        + (f", at most {args.playouts} playouts" if args.playouts else "")
        + f", {args.jobs} job(s), tileset {args.tileset}"
    )
    print(f"win rate {wins / n:.1%} (95% CI {lo:.1%} - {hi:.1%}), {wins:g} of {n}")
    for seat, rs in by_seat.items():
        w = sum(
            1.0
            if r["scores"][seat] > r["scores"][1 - seat]
            else 0.5
            if r["scores"][seat] == r["scores"][1 - seat]
            else 0.0
            for r in rs
        )
        print(f"  {args.strong} in seat {seat}: {w:g} of {len(rs)}")
    print(
        f"score margin mean {statistics.mean(margins):+.1f}, "
        f"median {statistics.median(margins):+.1f}"
    )
    print(
        f"{args.strong} think time per move: median {statistics.median(think):.3f} s, "
        f"max {max(think):.3f} s; {args.easy}: median {statistics.median(other):.3f} s, "
        f"max {max(other):.3f} s; wall {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
