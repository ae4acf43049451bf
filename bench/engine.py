"""Engine speed: random complete games per second, move generation time, peak memory.

    python bench/engine.py [--games 300] [--repeats 5]

Games: 2 players, winter tileset, farmers on, a uniformly random legal placement each turn
and a random legal figure on 40% of turns. Prints medians over the repeats (the machine is
shared, so single runs are noisy).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine import Game, Meeple, Move, Options, Player

PLAYERS = [Player("Ann", "red"), Player("Bo", "blue")]


def random_game(seed: int) -> Game:
    """Play one complete game with random legal moves."""
    rng = random.Random(seed)
    game = Game(PLAYERS, Options("winter", farmers=True), seed=seed)
    while not game.finished:
        placement = rng.choice(game.legal_placements())
        meeple = None
        if rng.random() < 0.4:
            spots = game.figure_spots(placement)
            if spots:
                spot = rng.choice(spots)
                meeple = Meeple(spot.kind, spot.at)
        game.play(Move(placement.x, placement.y, placement.rot, meeple))
    return game


def late_game(seed: int) -> Game:
    """A game with ten tiles left in the bag."""
    rng = random.Random(seed)
    game = Game(PLAYERS, Options("winter", farmers=True), seed=seed)
    while game.tiles_left > 10 and not game.finished:
        placement = rng.choice(game.legal_placements())
        game.play(Move(placement.x, placement.y, placement.rot))
    return game


def games_per_second(games: int, first_seed: int) -> float:
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        random_game(seed)
    return games / (time.perf_counter() - start)


def move_generation_us(samples: int) -> float:
    """Median microseconds to list legal placements and every placement's figure spots."""
    times = []
    for seed in range(samples):
        game = late_game(seed)
        if game.finished:
            continue
        game._placements_cache = None  # measure the real work, not the per-turn cache
        start = time.perf_counter()
        for placement in game.legal_placements():
            game.figure_spots(placement)
        times.append((time.perf_counter() - start) * 1e6)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    rates = [games_per_second(args.games, r * args.games) for r in range(args.repeats)]
    print(f"random games per second (median of {args.repeats} x {args.games}): "
          f"{statistics.median(rates):.0f}  (min {min(rates):.0f}, max {max(rates):.0f})")
    print(f"late-game legal placements + all figure spots (median of 200 boards): "
          f"{move_generation_us(200):.0f} us")
    tracemalloc.start()
    random_game(12345)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"peak memory of one game (tracemalloc): {peak / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
