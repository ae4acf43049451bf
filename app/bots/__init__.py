"""Bots that play Carcassonne through the engine's public API, knowing only public facts.

    >>> import random
    >>> from app.engine import Game, Player
    >>> from app.bots import choose_move
    >>> game = Game([Player("Ann", "red"), Player("Bo", "blue")], seed=7)
    >>> move = choose_move(game, "easy", random.Random(1))
    >>> events = game.play(move)

Three levels: `easy` (a one-move lookahead with a light heuristic), `strong` (a search over
the tiles that may come, within a time budget) and `expert` (that search with a faster reply,
each reply judged by `expected_margin()`: the final margin it is expected to leave, from the
chances the tiles left give). None reads
the real order of the bag: every simulation starts from `public_replica()`, a game rebuilt
from the public move log, whose unseen tiles are shuffled by the bot's own random generator.

Advice at the table (`advice.py`): `suggest()` is the expert bot's move for the player to move
with one sentence of what it does (`explain()`, an `Advice`), and `warn()` says when a move
hands points to an opponent; each sentence is a `Phrase` (`phrases.py`): a code and its
arguments for a client to word, and the English.
"""

from .advice import Advice, explain, suggest, suggest_from_log, warn
from .bot import LEVELS, Bot, choose_move, move_from_log
from .easy import easy_move, rank_moves
from .expert import expected_margin, expected_scores, expert_move
from .phrases import HintCode, Phrase, WarningCode
from .public import public_replica
from .review import (
    PUZZLE_TOLERANCE,
    classify,
    is_placement,
    puzzle,
    review_turns,
    summarize,
    try_move,
)
from .strong import strong_move

__all__ = [
    "LEVELS",
    "PUZZLE_TOLERANCE",
    "Advice",
    "Bot",
    "HintCode",
    "Phrase",
    "WarningCode",
    "choose_move",
    "classify",
    "easy_move",
    "expected_margin",
    "expected_scores",
    "expert_move",
    "explain",
    "is_placement",
    "move_from_log",
    "public_replica",
    "puzzle",
    "rank_moves",
    "review_turns",
    "strong_move",
    "suggest",
    "suggest_from_log",
    "summarize",
    "try_move",
    "warn",
]
