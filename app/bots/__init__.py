"""Bots that play Carcassonne through the engine's public API, knowing only public facts.

    >>> import random
    >>> from app.engine import Game, Player
    >>> from app.bots import choose_move
    >>> game = Game([Player("Ann", "red"), Player("Bo", "blue")], seed=7)
    >>> move = choose_move(game, "easy", random.Random(1))
    >>> events = game.play(move)

Two levels: `easy` (a one-move lookahead with a light heuristic) and `strong` (a search over
the tiles that may come, within a time budget). Neither reads the real order of the bag:
every simulation starts from `public_replica()`, a game rebuilt from the public move log,
whose unseen tiles are shuffled by the bot's own random generator.

Advice at the table (`advice.py`): `suggest()` is the strong bot's move for the player to move
with one sentence of what it does (`explain()`, an `Advice`), and `warn()` says when a move
hands points to an opponent.
"""

from .advice import Advice, explain, suggest, suggest_from_log, warn
from .bot import LEVELS, Bot, choose_move, move_from_log
from .easy import easy_move, rank_moves
from .public import public_replica
from .strong import strong_move

__all__ = [
    "LEVELS",
    "Advice",
    "Bot",
    "choose_move",
    "easy_move",
    "explain",
    "move_from_log",
    "public_replica",
    "rank_moves",
    "strong_move",
    "suggest",
    "suggest_from_log",
    "warn",
]
