"""Engine speed: legal moves on a late board, play(), random complete games per second, memory.

    python bench/engine.py [--games 200] [--boards 200] [--repeats 5] [--expansions]

- late-game legal moves: `game.legal_moves().spots_by_placement()` (every legal placement of
  the drawn tile with all its figure spots: what the server sends with each tile) on boards
  with ten tiles left in the bag (about 70 tiles placed, winter set); computed afresh on a copy
  of each board (a copy starts without the turn's moves), per-tile tables warm as in a running
  server.
- play(): the time of one `play()` call (placing, figures, scoring, recording the change,
  drawing the next tile), over every turn of random games.
- games per second: 2 players, winter, farmers on, a uniformly random legal placement each
  turn and a random legal figure on 40% of turns.
- `--expansions`: the same three figures with Inns & Cathedrals and Traders & Builders on
  (125 tiles, large followers, builders and their bonus turns, pigs, goods).
- field_lesson() against features(): on the final boards of random games without farmers
  (the introductory game's ending), each call timed on the same boards.

Each figure is the median over its samples; each repeat gives one figure, and the line shows
the median of the repeats with their spread (min-max). Times are CPU times of this process
(`time.process_time`): on a shared machine other work stretches wall time many times over,
CPU time far less. The load average (`os.getloadavg`) is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine import Game, Options, Player
from tests.randomplay import random_move

PLAYERS = [Player("Ann", "red"), Player("Bo", "blue")]
# The chance that a random move places a figure where it may.
FIGURE_ODDS = 0.4
OPTIONS = Options("winter", farmers=True)
EXPANSIONS = Options("winter", farmers=True, inns_cathedrals=True, traders_builders=True)


def random_game(
    seed: int, play_times: list[float] | None = None, options: Options = OPTIONS
) -> Game:
    """Play one complete game with random legal moves (timing each play() if asked)."""
    rng = random.Random(seed)
    game = Game(PLAYERS, options, seed=seed)
    while not game.finished:
        move = random_move(game, rng, FIGURE_ODDS)
        if play_times is None:
            game.play(move)
        else:
            start = time.process_time()
            game.play(move)
            play_times.append(time.process_time() - start)
    return game


def late_game(seed: int, options: Options = OPTIONS) -> Game:
    """A game with ten tiles left in the bag."""
    rng = random.Random(seed)
    game = Game(PLAYERS, options, seed=seed)
    while game.tiles_left > 10 and not game.finished:
        game.play(random_move(game, rng, FIGURE_ODDS))
    return game


def games_per_second(games: int, first_seed: int, options: Options = OPTIONS) -> float:
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        random_game(seed, options=options)
    return games / (time.process_time() - start)


def late_legal_moves_us(boards: list[Game]) -> float:
    """Median microseconds to list every legal placement with all its spots."""
    times = []
    for board in boards:
        game = board.copy()  # a copy has no moves worked out yet: the real work, no cache
        start = time.process_time()
        game.legal_moves().spots_by_placement()
        times.append((time.process_time() - start) * 1e6)
    return statistics.median(times)


def play_us(games: int, first_seed: int, options: Options = OPTIONS) -> float:
    times: list[float] = []
    for seed in range(first_seed, first_seed + games):
        random_game(seed, times, options)
    return statistics.median(times) * 1e6


def lesson_and_features_us(boards: list[Game]) -> tuple[float, float]:
    """Median microseconds of `field_lesson()` and of `features()` on the same boards."""
    lessons, walks = [], []
    for game in boards:
        start = time.process_time()
        game.field_lesson()
        middle = time.process_time()
        game.features()
        lessons.append((middle - start) * 1e6)
        walks.append((time.process_time() - middle) * 1e6)
    return statistics.median(lessons), statistics.median(walks)


def line(name: str, values: list[float], unit: str) -> str:
    return (
        f"{name}: {statistics.median(values):.0f} {unit}"
        f"  (min {min(values):.0f}, max {max(values):.0f}, {len(values)} repeats)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per repeat")
    parser.add_argument("--boards", type=int, default=200, help="late boards")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--expansions", action="store_true", help="with Inns & Cathedrals and Traders & Builders"
    )
    args = parser.parse_args()
    options = EXPANSIONS if args.expansions else OPTIONS

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.expansions:
        print("with Inns & Cathedrals and Traders & Builders")
    boards = [g for g in (late_game(s, options) for s in range(args.boards)) if not g.finished]
    placed = statistics.median(len(g.board.order) for g in boards)
    placements = statistics.median(len(g.legal_placements()) for g in boards)
    # tables of every tile, as in a server
    late_game(10_000, options).legal_moves().spots_by_placement()
    moves = [late_legal_moves_us(boards) for _ in range(args.repeats)]
    plays = [play_us(max(1, args.games // 10), 1000 * r, options) for r in range(args.repeats)]
    rates = [games_per_second(args.games, r * args.games, options) for r in range(args.repeats)]
    print(
        line(
            f"late-game legal moves, placements + all spots ({len(boards)} boards, median "
            f"{placed:.0f} tiles placed, {placements:.0f} placements)",
            moves,
            "us",
        )
    )
    print(line("play() per call, every turn of random games", plays, "us"))
    print(line(f"random games per second ({args.games} games a repeat)", rates, "games/s"))
    no_farmers = Options("winter", farmers=False)
    finals = [random_game(seed, options=no_farmers) for seed in range(args.boards)]
    timed = [lesson_and_features_us(finals) for _ in range(args.repeats)]
    print(line(f"field_lesson() on final boards ({len(finals)})", [t[0] for t in timed], "us"))
    print(line("features() on the same boards", [t[1] for t in timed], "us"))
    tracemalloc.start()
    random_game(12345)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"peak memory of one game (tracemalloc): {peak / 1024:.0f} KiB")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
