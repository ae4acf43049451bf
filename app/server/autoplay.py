"""The turns nobody at the table plays: a bot's seat, and a turn whose clock ran out.

After every accepted change the room calls `Autoplay.schedule()`, which plans at most one
automatic move for the turn the game is at: at once for a seat a bot plays (shown after a
short pause, so people can follow), or when the turn clock of the player to move runs out
(an `easy` bot plays that turn for them). The move goes through `Room.play_for`, the same
validate-store-broadcast path as a person's; a plan that the game has moved past is refused
there as stale, and dropped.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from app.bots import Advice
from app.engine import Game, Move
from app.server.protocol import GameError
from app.server.settings import Settings
from app.server.timing import Clock, Timer, sleep_until

if TYPE_CHECKING:
    from app.server.lobby import Lobby
    from app.server.match import Match
    from app.server.room import Room
    from app.server.turnclock import TurnClock

log = logging.getLogger(__name__)


class BotPlayer(Protocol):
    """Where bot moves come from (`app.server.bots.Bots`)."""

    async def move(self, room: str, game: Game, seat: int, level: str) -> Move:
        """The move a bot of `level` plays for `seat`, the player to move in `game`, from
        public information only."""
        ...

    async def suggest(self, game: Game) -> Advice:
        """A suggested move (with why) for the player to move in `game`, from public
        information only."""
        ...

    def forget(self, room: str) -> None:
        """Drop what was kept for a room's bots (the room leaves memory)."""


@dataclass(frozen=True)
class Plan:
    """One automatic move: for `seat` on turn `turn` of game `game_id`, by a bot of `level`,
    because the seat is a bot's (`bot`) or its clock ran out (`clock`)."""

    game_id: int
    turn: int
    seat: int
    level: str
    reason: Literal["bot", "clock"]


def plan(
    match: Match | None, lobby: Lobby, now: float, clock: TurnClock | None
) -> tuple[Plan, float] | None:
    """The automatic move of the turn `match` is at and when it is due, if there is one: at
    once for a bot's seat, when the bank of `clock` runs out for a person's."""
    if match is None or not match.running or match.game.drawn_tile is None:
        return None
    seat = match.seat_to_move()
    taken = lobby.seats.get(seat)
    level = taken.bot if taken is not None else None
    if level is not None:
        return Plan(match.id, match.game.turn, seat, level, "bot"), now
    deadline = clock.deadline() if clock is not None else None
    if deadline is not None:
        return Plan(match.id, match.game.turn, seat, "easy", "clock"), deadline
    return None


class Autoplay:
    """The automatic moves of one room."""

    def __init__(self, room: Room, bots: BotPlayer, clock: Clock, settings: Settings) -> None:
        self.room = room
        self.bots = bots
        self.clock = clock
        self.pause = settings.bot_pause_seconds
        self.planned: Plan | None = None
        self._timer: Timer | None = None
        self._task: asyncio.Task[None] | None = None

    def schedule(self) -> float | None:
        """Plan the automatic move of the turn the game is at, if any (idempotent); returns
        when it is due (None: no plan), which is when the room next needs a server."""
        match = self.room.match
        planned = plan(match, self.room.lobby, self.clock.now(), match.clock if match else None)
        when = planned[1] if planned else None
        step = planned[0] if planned else None
        if step == self.planned:
            return when
        self._cancel()
        self.planned = step
        if planned is not None:
            self._timer = self.clock.call_at(planned[1], lambda: self._run(planned[0]))
        return when

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

    async def _play(self, plan: Plan) -> None:
        started = self.clock.now()
        try:
            match = self.room.match
            if match is None or (match.id, match.game.turn) != (plan.game_id, plan.turn):
                return
            if plan.reason == "clock":
                log.info("room %s: seat %d ran out of time; an easy bot plays",
                         self.room.code, plan.seat)
            move = await self.bots.move(self.room.code, match.game, plan.seat, plan.level)
            if plan.reason == "bot":
                await sleep_until(self.clock, started + self.pause)
            await self.room.play_for(plan.seat, plan.turn, move)
        except GameError as exc:
            # Someone played this turn meanwhile, or the seat was taken back: not an error.
            log.info("room %s: automatic move for seat %d refused: %s",
                     self.room.code, plan.seat, exc)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s: automatic move for seat %d failed", self.room.code, plan.seat)
