"""The rules of Carcassonne (Winter Edition): a pure, deterministic, standard-library engine.

    >>> from app.engine import Game, Player, Move
    >>> game = Game([Player("Ann", "red"), Player("Bo", "blue")], seed=7)
    >>> placement = game.legal_placements()[0]
    >>> events = game.play(Move(placement.x, placement.y, placement.rot))

See API.md beside this file for the whole public surface.
"""

from .game import (
    COLORS,
    FigureSpot,
    Game,
    IllegalMoveError,
    InvalidOptionsError,
    Meeple,
    Move,
    Options,
    Placement,
    Player,
    ScoreEvent,
)
from .log import LOG_FORMAT, InvalidLogError
from .tiles import SLOTS, TILESETS, tile_catalog

__all__ = [
    "COLORS",
    "LOG_FORMAT",
    "SLOTS",
    "TILESETS",
    "FigureSpot",
    "Game",
    "IllegalMoveError",
    "InvalidLogError",
    "InvalidOptionsError",
    "Meeple",
    "Move",
    "Options",
    "Placement",
    "Player",
    "ScoreEvent",
    "tile_catalog",
]
