"""The `easy` bot: look one move ahead and score the position with a light heuristic.

A position is worth, for a player, the points they would have if the game ended now
(`final_scores()`: completed features already paid, open ones at their end-of-game value)
plus a value for each figure still in hand, which shrinks as the bag empties. The move that
leaves the player furthest ahead of their best opponent wins. That one rule gives the habits we
want: complete your own features (points now and the follower back), claim valuable free
features, and do not spend followers on crumbs early on.
"""

from __future__ import annotations

import random

from app.engine import Game, Move

from .public import public_replica

# Points a follower in hand is worth at the start; it falls to 0 as the bag empties.
FIGURE_VALUE = 2.5
# Tiles left at which a follower in hand starts losing value.
FIGURE_VALUE_HORIZON = 25
# Moves within this many points of the best are taken as equally good.
SLACK = 0.25


def figure_value(tiles_left: int) -> float:
    """What one figure still in hand is worth, in points, with `tiles_left` tiles to come."""
    return FIGURE_VALUE * min(1.0, tiles_left / FIGURE_VALUE_HORIZON)


def evaluate(game: Game, player: int) -> float:
    """How far `player` is ahead of their best opponent (points plus figures in hand)."""
    scores = game.final_scores()
    if game.finished:
        worth = [float(s) for s in scores]
    else:
        w = figure_value(game.tiles_left)
        worth = []
        for p, s in enumerate(scores):
            followers, abbots = game.supply(p)
            worth.append(s + w * (followers + abbots))
    best_other = max(v for p, v in enumerate(worth) if p != player)
    return worth[player] - best_other


def rank_moves(replica: Game, tile: str) -> list[tuple[float, Move]]:
    """Every legal move of `tile` on the log-driven `replica`, best first, with its value."""
    player = replica.current_player
    ranked = []
    for move in replica.legal_moves(tile):
        after = replica.copy()
        after.play(move, tile=tile)
        ranked.append((evaluate(after, player), move))
    ranked.sort(key=lambda vm: -vm[0])
    return ranked


def easy_move(
    game: Game, rng: random.Random, replica: Game | None = None, tile: str | None = None
) -> Move:
    """The `easy` bot's move for the player to move in `game` (which it does not change).

    `replica` (from `public_replica(game)`) may be passed to save rebuilding it; `tile`
    names the drawn tile when `game` is log-driven (rebuilt from a public log).
    """
    tile = tile or game.drawn_tile
    if tile is None:
        raise ValueError("no tile to place: the game is over")
    if replica is None:
        replica = public_replica(game)
    ranked = rank_moves(replica, tile)
    best = ranked[0][0]
    near = [move for value, move in ranked if value >= best - SLACK]
    return rng.choice(near)
