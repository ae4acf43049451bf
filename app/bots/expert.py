"""The `expert` level and the expected final margin that judges moves in the review.

`expected_scores()` / `expected_margin()`: each player's expected final score from the board
and the tiles left as a multiset, from public information only:
   the end-of-game count (`final_scores()`) plus, for every unfinished road, city, monastery
   and garden, what closing it would add for the players who hold it, weighted by the chance
   that it is closed; plus the followers in hand and those a closing feature would bring back.
   The chance comes from the tiles left as a multiset (`table_analysis()`: every order of the
   bag equally likely, the exact counting a player could do; never the real order): a
   feature closes when any player's own draws can close it, and never when no tile left fits
   one of its open squares (a dead square).
The review of a finished game (`review.py`) judges every move by `expected_margin()` after it.

`expert_move()`, the move of the `expert` level (seats, hints): the `strong` bot's search
(`strong.py`: expectimax over the next tile kind with the easy bot's reply). No search of its
own has yet measured stronger than that one at an equal CPU budget a move (`bench/bots.py`,
`bench/bots-findings.md`): the same search with `expected_margin()` added at the root won
45.2 % of 200 games against `strong` at 0.3 s a move (Wilson 95 % 38.5-52.2 %), and none of
the variants screened since did better (the findings file lists them). So the level a table
is offered as the strongest is never weaker than `strong`; it is the same search until one
beats it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from app.engine import Game, Move, table_analysis

from .easy import figure_value
from .strong import DEFAULT_CONFIG, strong_move

# How many of the easy heuristic's best moves the review weighs: as many as the search does.
CANDIDATES = DEFAULT_CONFIG.candidates
# The kinds whose closing a table analysis foresees.
_CLOSING_KINDS = ("road", "city", "monastery", "garden")
# What a monastery or garden scores once closed (itself and its eight neighbours).
_CENTRE_CLOSED = 9


def expected_scores(game: Game) -> list[float]:
    """Each player's expected final score in `game` (a log-driven replica or a seeded game,
    read only through its public state), figures in hand and likely back included."""
    scores = [float(s) for s in game.final_scores()]
    if game.finished:
        return scores
    left = game.tiles_left
    in_hand = figure_value(left)
    # A figure that comes back when its feature closes comes back, on average, mid-way.
    back = figure_value(left // 2)
    for p in range(len(scores)):
        followers, abbots = game.supply(p)
        scores[p] += in_hand * (followers + abbots)
    chances = {f.id: f for f in table_analysis(game).features}
    for feature in game.features():
        outlook = chances.get(feature["id"])
        if outlook is None or feature["kind"] not in _CLOSING_KINDS or feature["complete"]:
            continue
        followers = feature["followers"]
        most = max(followers)
        if most == 0:
            continue
        miss = 1.0
        for c in outlook.chance:
            miss *= 1.0 - c
        closes = 1.0 - miss if outlook.closable else 0.0
        if closes == 0.0:
            continue
        closed = (
            _CENTRE_CLOSED if feature["kind"] in ("monastery", "garden") else feature["points_now"]
        )
        gain = closes * max(0, closed - feature["points_end"])
        for p, n in enumerate(followers):
            if n == most:
                scores[p] += gain
            scores[p] += closes * back * n
    return scores


def expected_margin(game: Game, player: int) -> float:
    """`player`'s expected final score less their best opponent's (`expected_scores`)."""
    scores = expected_scores(game)
    return scores[player] - max(s for p, s in enumerate(scores) if p != player)


def weigh(replica: Game, move: Move, tile: str, player: int) -> float:
    """The expected margin for `player` after `move` of `tile` on the log-driven `replica`
    (left unchanged)."""
    after = replica.copy()
    after.play(move, tile=tile)
    return expected_margin(after, player)


def expert_move(
    game: Game,
    rng: random.Random,
    budget_s: float | None = 1.0,
    playouts: int | None = None,
    replica: Game | None = None,
    tile: str | None = None,
    timer: Callable[[], float] = time.perf_counter,
) -> Move:
    """The `expert` bot's move for the player to move in `game` (which it does not change):
    the `strong` search's (see the module's docstring for why), with the same bounds:
    `budget_s` seconds of `timer` or `playouts` replies weighed, whichever comes first.
    With `budget_s=None` and a `playouts` count the move depends only on the public state and
    `rng`. `tile` names the drawn tile when `game` is log-driven.
    """
    return strong_move(game, rng, budget_s, playouts, replica, tile=tile, timer=timer)
