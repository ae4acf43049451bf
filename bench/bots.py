"""Strong against easy: play N two-player games (both seat orders), print the win rate.

    .venv/bin/python bench/bots.py                      # 100 games, 1 s per strong move
    .venv/bin/python bench/bots.py -n 100 --budget 0.3 --jobs 2

Half the games seat the strong bot first, half second; game i of a seat order uses bag seed
`seed + i // 2`, so each bag is played from both seats. A draw counts half a win. The interval
is Wilson's 95 % score interval. Not a test: a long run (about N x 40 x budget seconds).
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


def play_one(args: tuple[int, int, str, str, float, int | None, str]) -> dict:
    """Play game `index`; return the seat of the first bot, scores and strong-move timing."""
    index, seed, first, second, budget, playouts, tileset = args
    strong_seat = 0 if first == "strong" else 1
    game = Game([Player("A", "red"), Player("B", "blue")], Options(tileset=tileset), seed=seed)
    bots = [
        Bot(first, seed=1000 + index, budget_s=budget, playouts=playouts),
        Bot(second, seed=2000 + index, budget_s=budget, playouts=playouts),
    ]
    think = []
    while not game.finished:
        seat = game.current_player
        t0 = time.perf_counter()
        move = bots[seat].move(game)
        if seat == strong_seat:
            think.append(time.perf_counter() - t0)
        game.play(move)
    scores = game.final_scores()
    return {"strong_seat": strong_seat, "scores": scores, "think": think}


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
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per strong move")
    parser.add_argument("--playouts", type=int, default=None, help="cap per strong move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    parser.add_argument("--tileset", default="winter")
    parser.add_argument("--strong", default="strong", help="level of the tested bot")
    parser.add_argument("--easy", default="easy", help="level of the reference bot")
    args = parser.parse_args()

    tasks = []
    for i in range(args.games):
        seed = args.seed + i // 2
        order = (args.strong, args.easy) if i % 2 == 0 else (args.easy, args.strong)
        tasks.append((i, seed, *order, args.budget, args.playouts, args.tileset))

    start = time.perf_counter()
    wins = 0.0
    margins = []
    think: list[float] = []
    results = []
    with multiprocessing.Pool(args.jobs) as pool:
        for n, result in enumerate(pool.imap_unordered(play_one, tasks), start=1):
            results.append(result)
            s = result["strong_seat"]
            mine, theirs = result["scores"][s], result["scores"][1 - s]
            wins += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            margins.append(mine - theirs)
            think.extend(result["think"])
            if n % 10 == 0 or n == args.games:
                print(f"  {n} games: strong won {wins:g} ({time.perf_counter() - start:.0f} s)")
    n = len(results)
    lo, hi = wilson(wins, n)
    by_seat = {seat: [r for r in results if r["strong_seat"] == seat] for seat in (0, 1)}
    print(
        f"strong vs easy: {n} games, budget {args.budget} s/move"
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
        print(f"  strong in seat {seat}: {w:g} of {len(rs)}")
    print(
        f"score margin mean {statistics.mean(margins):+.1f}, "
        f"median {statistics.median(margins):+.1f}"
    )
    print(
        f"strong think time per move: median {statistics.median(think):.3f} s, "
        f"max {max(think):.3f} s; wall {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
