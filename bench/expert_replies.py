"""How far the expert's search gets in a CPU budget a move: replies weighed per CPU second
and the share of the tile kinds covered (bench/bots-findings.md, "fourth attempt").

    python bench/expert_replies.py [--budget 0.3 | --playouts N] [--runs 3] [--root DIR]

The positions are those of the profile of issue 24: every 10th turn (from turn 5) of two
seeded easy-against-easy games (winter, two players, seeds 1 and 2): 16 positions. Each
position is searched by `expert_move` with the budget in CPU time (`time.process_time`), as
`bench/bots.py` does. Per run: the replies weighed (calls of `reply_margin`) over the CPU
time the moves took, and the median share of the tile kinds every candidate still alive was
weighed on (a kind cut short by the budget is dropped by the search, so it does not count).
The line shows the median of the runs and their spread (min-max), with the load average
before and after. With `--playouts N` there is no budget: every move weighs N replies
(or every kind), the same work before and after a change. `--root` imports `app` from
another checkout (e.g. `git archive` of an older commit unpacked in /tmp) to measure the
code before a change on the same positions.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any


def positions() -> list[Any]:
    from app.bots import Bot
    from app.engine import Game, Options, Player

    out = []
    for seed in (1, 2):
        game = Game([Player("A", "red"), Player("B", "blue")], Options(tileset="winter"), seed)
        bots = [Bot("easy", seed=1), Bot("easy", seed=2)]
        while not game.finished:
            if game.turn % 10 == 5:
                out.append(game.copy())
            game.play(bots[game.current_player].move(game))
    return out


def covered(calls: list[str], candidates: int, first_halving: int) -> int:
    """How many tile kinds every alive candidate was weighed on, from the tiles the replies
    were asked for in order (the search's sequential halving replayed)."""
    alive, halve_at, kinds, i = candidates, first_halving, 0, 0
    while i + alive <= len(calls):
        kinds += 1
        i += alive
        if kinds == halve_at and alive > 2:
            alive = max(2, (alive + 1) // 2)
            halve_at *= 2
    return kinds


def run(budget: float | None, playouts: int | None) -> tuple[float, float]:
    """One pass over the positions: (replies per CPU second, median share of kinds)."""
    from app.bots import expert
    from app.bots.strong import Search

    calls: list[str] = []
    weigh = expert.reply_margin

    def counted(after: Any, tile: str, player: int) -> float:
        calls.append(tile)
        return weigh(after, tile, player)

    expert.reply_margin = counted  # expert_move looks it up when it is called
    replies, cpu, shares = 0, 0.0, []
    try:
        for game in positions():
            calls.clear()
            start = time.process_time()
            expert.expert_move(game, random.Random(1), budget_s=budget, playouts=playouts,
                               timer=time.process_time)
            cpu += time.process_time() - start
            replies += len(calls)
            search = Search.start(game, None, None, 1, None, time.process_time,
                                  expert.CANDIDATES)
            if isinstance(search, Search) and not search.afters[0].finished:
                kinds = len(search.afters[0].next_tile_counts())
                done = covered(calls, len(search.afters), expert.FIRST_HALVING)
                shares.append(done / kinds)
    finally:
        expert.reply_margin = weigh
    return replies / cpu, statistics.median(shares)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=0.3)
    parser.add_argument("--playouts", type=int, default=None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    sys.path.insert(0, str(args.root.resolve()))
    import app.bots.expert

    print(f"code: {Path(app.bots.expert.__file__).parent.parent.parent}; "
          f"load average before: {os.getloadavg()[0]:.2f}")
    budget = None if args.playouts else args.budget
    results = [run(budget, args.playouts) for _ in range(args.runs)]
    rates = sorted(r for r, _ in results)
    shares = sorted(s for _, s in results)
    what = f"{args.playouts} replies a move" if args.playouts else f"budget {args.budget} s"
    print(f"{what}, {args.runs} runs: replies per CPU second "
          f"{statistics.median(rates):.0f} ({rates[0]:.0f}-{rates[-1]:.0f}); median share of "
          f"tile kinds covered {statistics.median(shares):.0%} ({shares[0]:.0%}-{shares[-1]:.0%}); "
          f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
