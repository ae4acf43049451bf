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

from .analysis import Analysis, FeatureOutlook, OpenSquare, feature_outlooks, table_analysis
from .board import Placement
from .changes import Change
from .errors import ILLEGAL_REASONS, IllegalMoveError, InvalidLogError, InvalidOptionsError
from .events import ScoreEvent
from .expansions import MOST_PLAYERS, colors_for, max_players_for
from .features import FIELD_POINTS_PER_CITY
from .game import Game
from .legal import LegalMoves
from .log import LOG_FORMAT, from_log, play_turn, restore, to_log
from .moves import FigureSpot, Meeple, Move
from .options import Options, Player
from .river import river_open_end
from .rules import COLORS, FOLLOWERS_PER_PLAYER, MAX_PLAYERS, MIN_PLAYERS
from .scoring import FinalTally
from .tiles import TILESETS, tile_catalog
from .tiles.shapes import SLOTS
from .traders import bonus_turn
from .views import Claim

__all__ = [
    "COLORS",
    "FIELD_POINTS_PER_CITY",
    "FOLLOWERS_PER_PLAYER",
    "ILLEGAL_REASONS",
    "LOG_FORMAT",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MOST_PLAYERS",
    "SLOTS",
    "TILESETS",
    "Analysis",
    "Change",
    "Claim",
    "FeatureOutlook",
    "FigureSpot",
    "FinalTally",
    "Game",
    "IllegalMoveError",
    "InvalidLogError",
    "InvalidOptionsError",
    "LegalMoves",
    "Meeple",
    "Move",
    "OpenSquare",
    "Options",
    "Placement",
    "Player",
    "ScoreEvent",
    "bonus_turn",
    "colors_for",
    "feature_outlooks",
    "from_log",
    "max_players_for",
    "play_turn",
    "restore",
    "river_open_end",
    "table_analysis",
    "tile_catalog",
    "to_log",
]
