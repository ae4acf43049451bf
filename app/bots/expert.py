"""The `expert` bot: judge each of the best few moves by the final margin it is expected to
leave, from public information only.

1. Rank every legal move with the `easy` heuristic (`rank_moves`) and keep the best few
   (`CANDIDATES`), as `strong` does.
2. Score each candidate by `expected_margin()` after it: the player's expected final score
   minus their best opponent's (below). Then, while the time budget lasts, look at the next
   player's easy reply to each candidate over the kinds of tile they may draw, as `strong`
   does (most frequent first, weighted by count, the worse half dropped after 4, 8, 16...
   kinds): a candidate's value is the mean standing after the reply (the easy heuristic)
   plus what the expected margin adds to the easy heuristic after the candidate (the
   closing chances the heuristic leaves out).

The expected margin is
   the end-of-game count (`final_scores()`) plus, for every unfinished road, city, monastery
   and garden, what closing it would add for the players who hold it, weighted by the chance
   that it is closed; plus the followers in hand and those a closing feature would bring back.
   The chance comes from the tiles left as a multiset (`table_analysis()`: every order of the
   bag equally likely, the exact counting a player could do; never the real order): a
   feature closes when any player's own draws can close it, and never when no tile left fits
   one of its open squares (a dead square).
The candidate of the best value is played.

Beyond the next reply `strong` weighs, `expert` counts what the tiles left make likely: it
keeps features it can close, stays off those that can no longer close, and kills (fills a
square of) an opponent's feature so that it can never close. The review of a finished game
(`review.py`) judges every move by `expected_margin()` after it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from app.engine import Game, Move, table_analysis

from .easy import evaluate, figure_value, rank_moves
from .public import public_replica
from .strong import reply_value

# How many of the easy heuristic's best moves are weighed.
CANDIDATES = 8
# Reply kinds after which the worse half of the candidates is first dropped.
FIRST_HALVING = 4
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
    """The `expert` bot's move for the player to move in `game` (which it does not change).

    Every candidate's expected margin is always weighed; the replies stop after `budget_s`
    seconds of `timer` or `playouts` replies weighed, whichever comes first, at the end of a
    tile kind (a kind cut short is dropped, so all candidates are compared on the same
    tiles). With `budget_s=None` and a `playouts` count the move depends only on the public
    state and `rng`. `tile` names the drawn tile when `game` is log-driven.
    """
    tile = tile or game.drawn_tile
    if tile is None:
        raise ValueError("no tile to place: the game is over")
    if budget_s is None and playouts is None:
        raise ValueError("give a time budget or a number of playouts")
    deadline = timer() + budget_s if budget_s is not None else float("inf")
    limit = playouts if playouts is not None else 1 << 62
    if replica is None:
        replica = public_replica(game)
    player = replica.current_player
    ranked = rank_moves(replica, tile)
    if len(ranked) == 1:
        return ranked[0][1]
    top = [move for _, move in ranked[:CANDIDATES]]
    afters = []
    for move in top:
        after = replica.copy()
        after.play(move, tile=tile)
        afters.append(after)
    standing = [evaluate(after, player) for after in afters]
    # What the closing chances add to the easy heuristic's standing after each candidate.
    chances = [expected_margin(after, player) - s for after, s in zip(afters, standing,
                                                                       strict=True)]
    sums = [0.0] * len(top)
    weight = 0
    alive = list(range(len(top)))

    def value(i: int) -> float:
        return (sums[i] / weight if weight else standing[i]) + chances[i]

    if not afters[0].finished:
        tiles = sorted(afters[0].next_tile_counts().items(), key=lambda tn: (-tn[1], tn[0]))
        done = 0
        halve_at = FIRST_HALVING
        for k, (kind, count) in enumerate(tiles, start=1):
            if done >= limit or timer() >= deadline:
                break
            replies: list[float] = []
            for i in alive:
                if replies and timer() >= deadline:
                    break
                replies.append(count * reply_value(afters[i], kind, player))
                done += 1
            if len(replies) < len(alive):
                break  # out of time inside this kind: drop it, so all are scored alike
            for i, reply in zip(alive, replies, strict=True):
                sums[i] += reply
            weight += count
            if k == halve_at and len(alive) > 2:
                alive.sort(key=lambda i: (-value(i), i))
                alive = sorted(alive[: max(2, (len(alive) + 1) // 2)])
                halve_at *= 2
    best_value = max(value(i) for i in alive)
    return rng.choice([top[i] for i in alive if value(i) >= best_value - 1e-9])
