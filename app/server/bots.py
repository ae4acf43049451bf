"""Bot moves for the rooms of this process: `app.bots` behind the room's `BotPlayer` seam.

`easy` moves (a few milliseconds) are computed on the event loop; `strong` moves (a whole
time budget of CPU) run in a worker process, from the public move log only, so the loop
keeps serving sockets. A bot never reads the seed or the bag order.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor

from app.bots import Advice, Bot, move_from_log, suggest, suggest_from_log
from app.engine import Game, Move


class Bots:
    """Computes bot moves; keeps one `Bot` (with its replica of the game) per room seat."""

    def __init__(self, strong_seconds: float, workers: int, hint_seconds: float = 1.0) -> None:
        self.strong_seconds = strong_seconds
        self.hint_seconds = hint_seconds
        self.workers = workers  # 0: strong moves on the event loop too (tests only)
        self._bots: dict[tuple[str, int, str], Bot] = {}
        self._pool: ProcessPoolExecutor | None = None

    async def move(self, room: str, game: Game, seat: int, level: str) -> Move:
        """The move a bot of `level` plays for `seat`, the player to move in `game`."""
        if level == "strong" and self.workers > 0:
            tile = game.drawn_tile
            assert tile is not None
            return await asyncio.get_running_loop().run_in_executor(
                self._worker_pool(), move_from_log, game.to_log(), tile, level,
                random.getrandbits(63), self.strong_seconds,
            )
        bot = self._bots.get((room, seat, level))
        if bot is None:
            bot = self._bots[room, seat, level] = Bot(level, budget_s=self.strong_seconds)
        return bot.move(game)

    async def suggest(self, game: Game) -> Advice:
        """A suggested move for the player to move in `game`, with why (the strong bot, from
        the public log only), thought over in a worker process."""
        tile = game.drawn_tile
        assert tile is not None
        if self.workers > 0:
            return await asyncio.get_running_loop().run_in_executor(
                self._worker_pool(), suggest_from_log, game.to_log(), tile,
                random.getrandbits(63), self.hint_seconds,
            )
        return suggest(game, random.Random(), self.hint_seconds)

    def forget(self, room: str) -> None:
        """Drop the bots of a room that leaves memory."""
        for key in [key for key in self._bots if key[0] == room]:
            del self._bots[key]

    def shutdown(self) -> None:
        """Stop the worker processes (server shutdown)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _worker_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # `spawn`: forking a process that runs an event loop and database threads is unsafe.
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn")
            )
        return self._pool
