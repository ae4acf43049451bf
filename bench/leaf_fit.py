"""Fit the expert's leaf (`app/bots/leaf.py`) to the margins games actually ended with, and
judge it against the other leaves on games it was not fitted on.

    nice -n 10 .venv/bin/python bench/leaf_fit.py --games 300

Plays `--games` seeded two-player winter games (bag seeds `--seed`..), both seats the easy bot
(its rng seeded per game: a cheap policy whose positions look like the ones the expert's leaf
is asked about, a position after an easy reply). At every turn of each game, on the public
replica (the drawn tile still in the bag, as the expert's search sees a position), it records
for the player to move `leaf.features()` and what the two other leaves say (the easy
heuristic's margin, `expected_margin()`), and at the end that player's final margin.

The weights are fitted by least squares (normal equations, a tiny ridge) on the games whose
seed is not a multiple of `--hold` and judged on those that are: mean squared error and R^2
of the final margin, overall and by phase. It prints the weights as `leaf.py` holds them.
Not a test; about a second of CPU a game.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.bots import easy, expected_margin, leaf
from app.bots.public import public_replica, sync_replica
from app.engine import Game, Options, Player

Row = tuple[int, int, list[float], float, float, float]  # seed, tiles left, x, easy, em, y


def play(seed: int) -> list[Row]:
    """One easy-against-easy game of bag `seed`: a row per turn for the player to move."""
    game = Game([Player("A", "red"), Player("B", "blue")], Options(tileset="winter"), seed=seed)
    rng = random.Random(10_000 + seed)
    replica = public_replica(game)
    seen: list[tuple[int, int, list[float], float, float]] = []
    while not game.finished:
        replica = sync_replica(replica, game)
        p = game.current_player
        final = replica.final_scores()
        seen.append((p, replica.tiles_left, leaf.features(replica, p, final),
                     easy.evaluate(replica, p, final), expected_margin(replica, p, final)))
        game.play(easy.easy_move(game, rng, replica=replica))
    end = game.final_scores()
    return [(seed, left, x, e, m, float(end[p] - end[1 - p])) for p, left, x, e, m in seen]


def design(tiles_left: int, x: list[float]) -> list[float]:
    """The regression's columns: each feature times each knot's share of the phase."""
    return [s * f for s in leaf.phase(tiles_left) for f in x]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """`a` w = `b` by Gaussian elimination with partial pivoting (`a` symmetric positive)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [u - f * v for u, v in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows: list[Row], ridge: float) -> list[float]:
    """Least-squares weights (the design's columns) of the final margin."""
    cols = len(design(0, rows[0][2]))
    ata = [[0.0] * cols for _ in range(cols)]
    atb = [0.0] * cols
    for _, left, x, _, _, y in rows:
        d = design(left, x)
        for i, di in enumerate(d):
            if di:
                atb[i] += di * y
                row = ata[i]
                for j, dj in enumerate(d):
                    row[j] += di * dj
    for i in range(cols):
        ata[i][i] += ridge
    return solve(ata, atb)


def judge(name: str, pairs: list[tuple[float, float]]) -> str:
    """Mean squared error and R^2 of predictions against outcomes (`pairs`: guess, margin)."""
    n = len(pairs)
    mean = sum(y for _, y in pairs) / n
    sse = sum((g - y) ** 2 for g, y in pairs)
    sst = sum((y - mean) ** 2 for _, y in pairs)
    return f"{name:16} MSE {sse / n:8.1f}  R^2 {1 - sse / sst:6.3f}  (n={n})"


def main() -> None:
    """Play, fit, judge, print."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hold", type=int, default=4, help="hold out seeds that are multiples")
    ap.add_argument("--ridge", type=float, default=1.0)
    args = ap.parse_args()
    t0 = time.process_time()
    rows: list[Row] = []
    for seed in range(args.seed, args.seed + args.games):
        rows.extend(play(seed))
    print(f"{args.games} games (seeds {args.seed}..{args.seed + args.games - 1}), "
          f"{len(rows)} positions, {time.process_time() - t0:.0f} s CPU")
    train = [r for r in rows if r[0] % args.hold]
    test = [r for r in rows if not r[0] % args.hold]
    w = fit(train, args.ridge)
    k = len(leaf.NAMES)
    weights = [w[i * k:(i + 1) * k] for i in range(len(leaf.KNOTS))]

    def fitted(left: int, x: list[float]) -> float:
        return sum(c * d for c, d in zip(w, design(left, x), strict=True))

    bands = [(0, 10), (10, 25), (25, 45), (45, 100)]
    for label, band in [("all", (0, 100)), *((f"{lo}-{hi - 1} left", (lo, hi))
                                              for lo, hi in bands)]:
        part = [r for r in test if band[0] <= r[1] < band[1]]
        print(f"held out ({len(test)} positions of seeds multiple of {args.hold}), {label}:")
        print("  " + judge("easy.evaluate", [(r[3], r[5]) for r in part]))
        print("  " + judge("expected_margin", [(r[4], r[5]) for r in part]))
        print("  " + judge("fitted leaf", [(fitted(r[1], r[2]), r[5]) for r in part]))
    print(f"# {', '.join(leaf.NAMES)} at KNOTS = {leaf.KNOTS} tiles left")
    print("WEIGHTS = (")
    for row in weights:
        print("    (" + ", ".join(f"{v:.4f}" for v in row) + "),")
    print(")")


if __name__ == "__main__":
    main()
