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
import dataclasses
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
    """One automatic step on turn `turn` of game `game_id`, for `seat`: a bot of `level`
    moves because the seat is a bot's (`bot`), its live clock ran out (`clock`) or its time
    per move did (`late`); or the game ends because its whole time is up (`limit`)."""

    game_id: int
    turn: int
    seat: int
    level: str
    reason: Literal["bot", "clock", "late", "limit"]


def plan(
    match: Match | None, lobby: Lobby, now: float, clock: TurnClock | None,
    turn_started: float | None = None,
) -> tuple[Plan, float] | None:
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
    if turn_started is not None:
        match = dataclasses.replace(match, turn_started=turn_started)
    due += match.deadlines()
    if not due:
        return None
    reason, when = min(due, key=lambda d: d[1])
    return Plan(*key, "easy", reason), when  # type: ignore[arg-type]


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
            if plan.reason == "limit":
                log.info("room %s: the game's time is up", self.room.code)
                async with self.room.lock:
                    self.room.require_turn(plan.turn)
                    await self.room.commit(lambda game: game.end_early())
                return
            if plan.reason != "bot":
                log.info("room %s: seat %d ran out of time (%s)", self.room.code, plan.seat,
                         plan.reason)
            if plan.reason == "late" and match.options.on_timeout == "bot_seat":
                # The bot takes the seat for the rest of the game; its own plan then moves.
                async with self.room.lock:
                    self.room.require_turn(plan.turn)
                    await self.room.set_bot(plan.seat, "easy")
                return
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
