"""The CPU one review of a whole game costs: N two-player games of 84 tiles (winter, farmers)
played by easy bots, each reviewed turn by turn as the server's review worker does.

    .venv/bin/python -m bench.review [--games 3]

Prints the CPU seconds (this process's, so other work on the machine does not count) of each
review, their median and max, and the mean per turn.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.bots import Bot, review_turns
from app.engine import Game, Player, to_log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    costs, turns = [], 0
    for i in range(args.games):
        game = Game([Player("A", "red"), Player("B", "blue")], seed=args.seed + i)
        bots = [Bot("easy", seed=10 + i), Bot("easy", seed=20 + i)]
        while not game.finished:
            game.play(bots[game.current_player].move(game))
        log = to_log(game, include_seed=False)
        t0 = time.process_time()
        judged = review_turns(log, 0, len(log["turns"]))
        costs.append(time.process_time() - t0)
        turns += len(judged)
        print(f"  game {i + 1}: {len(judged)} turns, {costs[-1]:.1f} s CPU", flush=True)
    print(f"review CPU per game: median {statistics.median(costs):.1f} s, max {max(costs):.1f} s "
          f"({args.games} games, {sum(costs) / turns * 1000:.0f} ms a turn); load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
