"""Bot moves for the rooms of this process: `app.bots` behind the room's `BotPlayer` seam.

`easy` moves (a few milliseconds) are computed on the event loop; `strong` and `expert` moves
and hints (a time budget of CPU) run in a worker process at live priority (`scheduler.py`),
from the public move log only, so the loop keeps serving sockets. A bot never reads the seed
or the bag order.
"""

from __future__ import annotations

import random

from app.bots import Advice, Bot, move_from_log, suggest, suggest_from_log
from app.engine import Game, Move, to_log

from .scheduler import Priority, Scheduler


class Bots:
    """Computes bot moves; keeps one `Bot` (with its replica of the game) per room seat."""

    def __init__(self, strong_seconds: float, workers: int, hint_seconds: float = 1.0, *,
                 playouts: int | None = None, seed: int | None = None,
                 scheduler: Scheduler | None = None) -> None:
        self.strong_seconds = strong_seconds
        self.hint_seconds = hint_seconds
        self.workers = workers  # 0: strong moves on the event loop too (tests only)
        # Tests (no workers): with `playouts` a strong move or a hint searches that many
        # playouts instead of a time budget, and with `seed` every choice repeats.
        self.playouts = playouts
        self._rng = random.Random(seed)
        self._bots: dict[tuple[str, int, str], Bot] = {}
        self.scheduler = scheduler or Scheduler(workers)

    async def move(self, room: str, game: Game, seat: int, level: str) -> Move:
        """The move a bot of `level` plays for `seat`, the player to move in `game`."""
        if level != "easy" and self.workers > 0:
            tile = game.drawn_tile
            assert tile is not None
            return await self.scheduler.submit(
                move_from_log, to_log(game), tile, level, self._rng.getrandbits(63),
                self.strong_seconds, priority=Priority.LIVE, owner=room,
            )
        bot = self._bots.get((room, seat, level))
        if bot is None:
            bot = self._bots[room, seat, level] = Bot(
                level, self._rng.getrandbits(63), self._budget(self.strong_seconds),
                self.playouts,
            )
        return bot.move(game)

    async def suggest(self, game: Game, room: str = "") -> Advice:
        """A suggested move for the player to move in `game`, with why (the expert bot, from
        the public log only), thought over in a worker process at live priority for `room`."""
        tile = game.drawn_tile
        assert tile is not None
        if self.workers > 0:
            return await self.scheduler.submit(
                suggest_from_log, to_log(game), tile, self._rng.getrandbits(63),
                self.hint_seconds, priority=Priority.LIVE, owner=room,
            )
        return suggest(game, random.Random(self._rng.getrandbits(63)),
                       self._budget(self.hint_seconds), playouts=self.playouts)

    def _budget(self, seconds: float) -> float | None:
        """The time a search on the loop may take: none when it counts playouts instead."""
        return None if self.playouts is not None else seconds

    def forget(self, room: str) -> None:
        """Drop the bots of a room that leaves memory."""
        for key in [key for key in self._bots if key[0] == room]:
            del self._bots[key]

    def shutdown(self) -> None:
        """Stop the worker processes (server shutdown)."""
        self.scheduler.shutdown()
