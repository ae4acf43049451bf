"""Random legal play, for tests and benchmarks that need a game some way in or random games
to time (shared by tests/unit/test_bots.py, bench/engine.py, bench/analysis.py and
bench/turnbased.py)."""

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
        game.play(random_move(game, rng, figure_odds))
    return game


def random_move(game: Game, rng: random.Random, figure_odds: float) -> Move:
    """A random legal move of the drawn tile, with a figure on a random spot with probability
    `figure_odds` where the placement offers one."""
    moves = game.legal_moves()
    placement = rng.choice(moves.placements())
    spots = moves.spots(placement)
    if spots and rng.random() < figure_odds:
        spot = rng.choice(spots)
        return Move(*placement, Meeple(spot.kind, spot.at))
    return Move(*placement)
