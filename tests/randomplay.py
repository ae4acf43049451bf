"""Random legal play, for tests and benchmarks that need a game some way in (shared by
tests/unit/test_bots.py and bench/turnbased.py)."""

from __future__ import annotations

import random

from app.engine import Game, Meeple, Move


def play_random_moves(game: Game, turns: int, rng: random.Random, figure_odds: float) -> Game:
    """Play up to `turns` random legal moves on `game` (fewer if it ends), placing a figure on
    a random spot with probability `figure_odds` where the tile offers one; returns `game`.
    The same `rng` state always plays the same moves."""
    for _ in range(turns):
        if game.finished:
            break
        placement = rng.choice(game.legal_placements())
        spots = game.figure_spots(placement)
        meeple = None
        if spots and rng.random() < figure_odds:
            spot = rng.choice(spots)
            meeple = Meeple(spot.kind, spot.at)
        game.play(Move(placement.x, placement.y, placement.rot, meeple))
    return game
