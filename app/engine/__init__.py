"""The rules of Carcassonne (Winter Edition): a pure, deterministic, standard-library engine.

    >>> from app.engine import Game, Player, Move
    >>> game = Game([Player("Ann", "red"), Player("Bo", "blue")], seed=7)
    >>> moves = game.legal_moves()
    >>> move = next(iter(moves))
    >>> move in moves
    True
    >>> events = game.play(move)
    >>> game.turn
    1

See API.md beside this file for the whole public surface.
"""

from .board import Placement
from .changes import Change
from .features import FIELD_POINTS_PER_CITY
from .game import (
    COLORS,
    Game,
    IllegalMoveError,
    InvalidOptionsError,
    Options,
    Player,
    ScoreEvent,
)
from .log import LOG_FORMAT, InvalidLogError
from .moves import FigureSpot, LegalMoves, Meeple, Move
from .tiles import SLOTS, TILESETS, tile_catalog

__all__ = [
    "COLORS",
    "FIELD_POINTS_PER_CITY",
    "LOG_FORMAT",
    "SLOTS",
    "TILESETS",
    "Change",
    "FigureSpot",
    "Game",
    "IllegalMoveError",
    "InvalidLogError",
    "InvalidOptionsError",
    "LegalMoves",
    "Meeple",
    "Move",
    "Options",
    "Placement",
    "Player",
    "ScoreEvent",
    "tile_catalog",
]
