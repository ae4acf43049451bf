"""Reviews of finished games: asked for over HTTP by anyone who can see the game, computed a
few turns at a time in the scheduler's review lane (below every live bot move and hint),
stored with the game once done and served from the store ever after.

At most `at_once` reviews are computed at a time in this process; the others wait in the
order they were asked for, and each is told its place; beyond `waiting_max` waiting, a new
one is refused (`Busy`) until the queue is shorter. A review being computed lives in this
process's memory only: another process (or this one after a restart) finds no trace of it
until it is stored, and computes it again when asked; the first stored stays.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.bots import is_placement, puzzle, review_turns, summarize, try_move
from app.server.observe.metrics import Metrics
from app.server.rooms.scheduler import Priority, Scheduler
from app.server.web import archive
from app.store import GameRecord, Store

log = logging.getLogger("app.server.review")

# The stored form's version, for readers of `game_reviews.review`.
REVIEW_VERSION = 1


class Busy(Exception):
    """Too many reviews wait already."""


@dataclass
class _Run:
    """A review being computed or waiting for its turn."""

    game_id: int
    total: int
    turns: list[dict[str, Any]] = field(default_factory=list)
    computing: bool = False


class Reviews:
    """The reviews of this process: start one, say how far it got, serve the stored one."""

    def __init__(self, store: Store, scheduler: Scheduler, metrics: Metrics, at_once: int = 1,
                 turns_per_job: int = 4, waiting_max: int = 50) -> None:
        self.store = store
        self.scheduler = scheduler
        self.metrics = metrics
        self.turns_per_job = max(1, turns_per_job)
        self.waiting_max = waiting_max
        self._slots = asyncio.Semaphore(max(1, at_once))
        self._runs: dict[int, _Run] = {}
        self._waiting: list[int] = []
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self, record: GameRecord) -> tuple[bool, dict[str, Any]]:
        """Ask for the review of the finished game `record` (with its moves): (True, the
        review) if it is stored, else (False, how far it got), starting it if nobody had.
        Raises `Busy` instead of starting one when `waiting_max` reviews wait already."""
        stored = await self.store.get_review(record.id)
        if stored is not None:
            return True, done(stored)
        if record.id not in self._runs:
            if len(self._waiting) >= self.waiting_max:
                raise Busy

            run = self._runs[record.id] = _Run(record.id, len(record.moves))
            self._waiting.append(record.id)
            task = asyncio.create_task(self._compute(run, record))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return False, self._progress(self._runs[record.id])

    async def status(self, game_id: int) -> dict[str, Any] | None:
        """The review of a game: stored, being computed (how far), or None if nobody asked."""
        run = self._runs.get(game_id)
        if run is not None:
            return self._progress(run)
        stored = await self.store.get_review(game_id)
        return None if stored is None else done(stored)

    async def puzzle(self, record: GameRecord, turn: int) -> dict[str, Any] | None:
        """Turn `turn` (0-based) of the finished game `record` (with its moves) as a puzzle
        ("learn from your mistakes", `app.bots.puzzle`), or None while its review is not
        stored. ValueError for a turn that is no placement."""
        return await self._judge(record, puzzle, turn)

    async def try_move(self, record: GameRecord, turn: int,
                       tried: dict[str, Any]) -> dict[str, Any] | None:
        """`tried` judged as the move of turn `turn` (`app.bots.try_move`), or None while the
        review is not stored. ValueError for a turn that is no placement."""
        return await self._judge(record, try_move, turn, tried)

    async def _judge(self, record: GameRecord, fn: Callable[..., dict[str, Any]], turn: int,
                     *args: Any) -> dict[str, Any] | None:
        if await self.store.get_review(record.id) is None:
            return None
        moves = {k: v for k, v in archive.log(record).items() if k != "seed"}
        if not is_placement(moves, turn):
            raise ValueError(f"turn {turn} is not a placement of this game")
        # In the review lane: a puzzle never slows a live room's bot or hint.
        answer: dict[str, Any] = await self.scheduler.submit(
            fn, moves, turn, *args, priority=Priority.REVIEW, owner=f"puzzle:{record.id}")
        return answer

    def close(self) -> None:
        """Stop computing (server shutdown): nothing half done is stored."""
        for task in self._tasks:
            task.cancel()

    def _progress(self, run: _Run) -> dict[str, Any]:
        return {
            "status": "running",
            "progress": round(len(run.turns) / run.total, 4) if run.total else 0.0,
            "place": 0 if run.computing else self._waiting.index(run.game_id) + 1,
            "turns": list(run.turns),
            "players": [],
        }

    async def _compute(self, run: _Run, record: GameRecord) -> None:
        try:
            async with self._slots:
                self._waiting.remove(run.game_id)
                run.computing = True
                # The judge gets the public log: the seed (the bag's order) stays here.
                moves = {k: v for k, v in archive.log(record).items() if k != "seed"}
                owner = f"review:{record.id}"
                for start in range(0, run.total, self.turns_per_job):
                    judged = await self.scheduler.submit(
                        review_turns, moves, start, start + self.turns_per_job,
                        priority=Priority.REVIEW, owner=owner,
                    )
                    run.turns += judged
                    self.metrics.review_turns.inc(len(judged))
                review = {
                    "version": REVIEW_VERSION,
                    "turns": run.turns,
                    "players": summarize(run.turns, len(record.players)),
                }
                await self.store.save_review(record.id, review)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("review of game %s failed", record.id)
        finally:
            if run.game_id in self._waiting:
                self._waiting.remove(run.game_id)
            self._runs.pop(run.game_id, None)


def done(stored: dict[str, Any]) -> dict[str, Any]:
    """The answer for a stored review."""
    return {
        "status": "done",
        "progress": 1.0,
        "place": None,
        "turns": stored["turns"],
        "players": stored["players"],
    }
