"""The turns nobody at the table plays: a bot's seat, and a turn whose clock ran out.

After every accepted change the room plans (`plan`) at most one automatic move for the turn the
game is at, stores when it is due with the change, and hands it to `Autoplay.schedule`: at once
for a seat a bot plays (shown after a short pause, so people can follow), or when the turn
clock of the player to move runs out (an `easy` bot plays that turn for them). The move goes
through `Room.play_for`, the same validate-store-broadcast path as a person's; a plan that the
game has moved past is refused there as stale, and dropped. A step the store did not take (the
database is away) is tried again, after a pause that doubles up to a bound, until it is stored:
a game nobody at the table plays never stops because the database blinked.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from app.engine import Game, Move
from app.server.ports import BotPlayer, Clock, Timer
from app.server.rooms.admission import Admission
from app.server.rooms.lobby import Lobby
from app.server.rooms.match import Match, match_at_turn
from app.server.rooms.timing import sleep_until
from app.server.rooms.turnclock import TurnClock
from app.server.settings import Settings
from app.server.wire.errors import GameError, NotStored

log = logging.getLogger(__name__)


class Table(Protocol):
    """The room whose automatic turns are played (`rooms.room.Room`): what they read of it,
    and the paths they take into it, each the same as a person's."""

    code: str
    lobby: Lobby
    match: Match | None
    lock: asyncio.Lock

    async def commit(self, change: Callable[[Game], object]) -> None:
        """Apply, store and broadcast a change of the game (under the lock)."""

    async def set_bot(self, position: int, level: str | None) -> None:
        """A bot of `level` plays seat `position` from now on (under the lock)."""

    async def play_for(self, seat: int, turn: int, move: Move) -> None:
        """Play `move` for `seat` on turn `turn` (takes the lock)."""


@dataclass(frozen=True)
class Plan:
    """One automatic step on turn `turn` of game `game_id`, for `seat`: a bot of `level`
    moves because the seat is a bot's (`bot`), its live clock ran out (`clock`) or its time
    per move did (`late`); or the game ends because its whole time is up (`limit`)."""

    game_id: int
    turn: int
    seat: int
    level: str
    reason: Literal["bot", "clock", "late", "limit"]


Due = tuple[Plan, float]  # a step and when it is due (Unix seconds)


def plan(
    match: Match | None, lobby: Lobby, now: float, clock: TurnClock | None,
    turn_started: float | None = None,
) -> Due | None:
    """The automatic step of the turn `match` is at and when it is due, if there is one: at
    once for a bot's seat; for a person's, when the bank of `clock` runs out or the first
    turn-based deadline passes (the turn starting at `turn_started`, default the match's)."""
    if match is None or not match.running or match.game.drawn_tile is None:
        return None
    seat = match.seat_to_move()
    taken = lobby.seats.get(seat)
    level = taken.bot if taken is not None else None
    key = (match.id, match.game.turn, seat)
    if level is not None:
        return Plan(*key, level, "bot"), now
    due: list[tuple[str, float]] = []
    if clock is not None and (deadline := clock.deadline()) is not None:
        due.append(("clock", deadline))
    due += match.deadlines(turn_started)
    if not due:
        return None
    reason, when = min(due, key=lambda d: d[1])
    return Plan(*key, "easy", reason), when  # type: ignore[arg-type]


class Autoplay:
    """The automatic moves of one room."""

    def __init__(self, room: Table, bots: BotPlayer, clock: Clock, settings: Settings,
                 admission: Admission) -> None:
        self.room = room
        self.admission = admission
        self.bots = bots
        self.clock = clock
        self.pause = settings.bot_pause_seconds
        self.retry_first = settings.retry_first_seconds
        self.retry_max = settings.retry_max_seconds
        self.planned: Plan | None = None
        self.failures = 0  # times in a row the store refused the planned step
        self._timer: Timer | None = None
        self._task: asyncio.Task[None] | None = None

    def schedule(self, planned: Due | None) -> None:
        """Run the step `planned` for the turn the game is at (`plan`'s answer) when it is
        due; a step already planned keeps its timer, and any other is dropped."""
        step = planned[0] if planned else None
        if step == self.planned:
            return
        self._cancel()
        self.planned = step
        self.failures = 0
        if planned is not None:
            self._timer = self.clock.call_at(planned[1], lambda: self._run(planned[0]))

    def dispose(self) -> None:
        """Stop everything (the room leaves memory)."""
        self._cancel()
        self.planned = None
        self.bots.forget(self.room.code)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        # The running move may be what led here (its own commit reschedules): let it finish.
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
        self._task = None

    def _run(self, plan: Plan) -> None:
        self._timer = None
        self._task = asyncio.create_task(self._play(plan))

    def _retry(self, plan: Plan) -> None:
        """The store refused `plan`'s move (nothing changed): try again later, unless another
        step was planned meanwhile."""
        if plan != self.planned:
            return
        delay = min(self.retry_first * 2 ** self.failures, self.retry_max)
        self.failures += 1
        if self.failures == 1:  # then once when it lands (`_play`): an outage is two lines
            log.warning("room %s: automatic move for seat %d not stored; trying again every "
                        "%.2f to %.2f s", self.room.code, plan.seat, delay, self.retry_max)
        self._timer = self.clock.call_at(self.clock.now() + delay, lambda: self._run(plan))

    async def _play(self, plan: Plan) -> None:
        started = self.clock.now()
        try:
            match = self.room.match
            if match is None or (match.id, match.game.turn) != (plan.game_id, plan.turn):
                return
            if plan.reason == "limit":
                log.info("room %s: the game's time is up", self.room.code)
                async with self.room.lock:
                    match_at_turn(self.room.match, plan.turn)
                    await self.room.commit(lambda game: game.end_early())
                return
            if plan.reason != "bot":
                log.info("room %s: seat %d ran out of time (%s)", self.room.code, plan.seat,
                         plan.reason)
            if plan.reason == "late" and match.options.on_timeout == "bot_seat":
                # The bot takes the seat for the rest of the game; its own plan then moves.
                async with self.room.lock:
                    match_at_turn(self.room.match, plan.turn)
                    await self.room.set_bot(plan.seat, "easy")
                return
            with self.admission.bot():
                move = await self.bots.move(self.room.code, match.game, plan.seat, plan.level)
            if plan.reason == "bot" and not self.failures:  # shown already, if tried before
                await sleep_until(self.clock, started + self.pause)
            tries = self.failures
            await self.room.play_for(plan.seat, plan.turn, move)
            if tries:
                log.warning("room %s: automatic move for seat %d stored after %d failures",
                            self.room.code, plan.seat, tries)
        except NotStored:
            self._retry(plan)
        except GameError as exc:
            # Someone played this turn meanwhile, or the seat was taken back: not an error.
            log.info("room %s: automatic move for seat %d refused: %s",
                     self.room.code, plan.seat, exc)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s: automatic move for seat %d failed", self.room.code, plan.seat)
