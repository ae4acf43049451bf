"""Bots and the turn clock in rooms: the glue between `app.bots` and a `Room`.

`install(rooms)` registers two hooks: every room that comes into memory gets a `RoomBots`
(`room.bots`), which listens to the room's accepted changes, and the worker pool stops at
shutdown. A bot never touches the game: when a seat it plays is to move, it computes a move from
the public log (`game.to_log()`, never the seed or the bag order) and the drawn tile, waits a
short pause so people can follow, then plays through `room.play_for(seat, turn, move)`, the same
validate-store-broadcast path as a person's move.

- `easy` moves (a few milliseconds) are computed on the event loop; `strong` moves (a whole
  time budget of CPU) run in a worker process, so the loop keeps serving sockets.
- A seat handed to a bot (`seat.bot` set on a person's seat) is played exactly like a bot seat
  until it is taken back; a move computed for a turn that someone else played meanwhile is
  refused by the room as stale and dropped here.
- The turn clock (room option `clock: {"bank": s, "increment": s}`, none by default): each
  player has a bank that runs down while they are to move and gains the increment after each
  of their turns; when it runs out, an `easy` bot plays that turn for the seat. The banks are
  merged into the game view (`clock`), so every client can count down locally.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime
from typing import Any

from app.bots import LEVELS, Bot, move_from_log
from app.engine import Game, Move
from app.server.protocol import GameError

log = logging.getLogger(__name__)


def _env_float(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


# Seconds a bot waits before its move appears (the server's `bot_pause_seconds` wins).
PAUSE_SECONDS = 0.8
# Thinking time of a `strong` move.
STRONG_SECONDS = _env_float("CARC_BOT_STRONG_SECONDS", 1.0)
# Worker processes for `strong` moves (0: compute on the event loop, for tests only).
WORKERS = int(_env_float("CARC_BOT_WORKERS", 1))

_pool: ProcessPoolExecutor | None = None


def install(rooms: Any) -> None:
    """Attach to every room `rooms` loads, and stop the workers when it closes."""
    rooms.on_load.append(attach)
    rooms.on_close.append(shutdown)


def attach(room: Any) -> RoomBots:
    """Give `room` its bots and clock (idempotent); they start at once if it is their turn."""
    if not isinstance(room.bots, RoomBots):
        room.bots = RoomBots(room)
        room.listeners.append(room.bots.on_change)
        room.view_hooks.append(room.bots.clock_view)
        with contextlib.suppress(RuntimeError):  # no running loop: nothing to schedule yet
            asyncio.get_running_loop().call_soon(room.bots.schedule)
    return room.bots


def shutdown() -> None:
    """Stop the worker processes (server shutdown)."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


def _worker_pool() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        import multiprocessing

        # `spawn`: forking a process that runs an event loop and database threads is unsafe.
        _pool = ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("spawn"))
    return _pool


class Clock:
    """Time banks per player (engine order) for one game, in seconds."""

    def __init__(self, players: int, bank: float, increment: float, turn: int) -> None:
        self.bank = bank
        self.increment = increment
        self.banks = [bank] * players
        self.turn = turn
        self.player: int | None = None
        self.since = time.monotonic()
        self.since_wall = time.time()

    def advance(self, turn: int, player: int | None, moved: int | None) -> None:
        """The game reached `turn` with `player` to move; `moved` just played (or None)."""
        now = time.monotonic()
        if moved is not None and self.player is not None:
            used = now - self.since
            self.banks[moved] = max(0.0, self.banks[moved] - used) + self.increment
        self.turn, self.player = turn, player
        self.since, self.since_wall = now, time.time()

    def replay(self, turns: list[dict[str, Any]], started: datetime, times: list[datetime]) -> None:
        """Charge each stored placement the time since the previous commit, so a restart
        does not refill the banks. The time the server was down is charged to nobody."""
        last = started
        for turn, moment in zip(turns, times, strict=False):
            if "discarded" in turn:
                continue  # set aside by the engine at the moment of the previous commit
            player = turn["player"]
            used = max(0.0, (moment - last).total_seconds())
            self.banks[player] = max(0.0, self.banks[player] - used) + self.increment
            last = moment

    def left(self) -> float:
        """Seconds left in the bank of the player to move."""
        if self.player is None:
            return float("inf")
        return self.banks[self.player] - (time.monotonic() - self.since)

    def view(self) -> dict[str, Any]:
        return {
            "bank": self.bank,
            "increment": self.increment,
            "banks": [round(b, 1) for b in self.banks],
            "running": self.player,
            "since": round(self.since_wall, 3),
        }


class RoomBots:
    """The bots and the clock of one room."""

    def __init__(self, room: Any) -> None:
        self.room = room
        self._bot_task: asyncio.Task[None] | None = None
        self._bot_key: tuple[Any, ...] | None = None
        self._timer: asyncio.Task[None] | None = None
        self._timer_key: tuple[Any, ...] | None = None
        self._bots: dict[tuple[int, str], Bot] = {}
        self.clock: Clock | None = None
        self._clock_game: Any = None

    # -- hooks the room calls ------------------------------------------------------------------

    async def on_change(self, room: Any) -> None:
        """Listener: called under the room lock after every accepted change."""
        self.schedule()

    def clock_view(self, room: Any) -> dict[str, Any]:
        """View hook: the clock, brought up to the game's current turn first."""
        self._update_clock()
        return {"clock": self.clock.view() if self.clock is not None else None}

    # -- scheduling ----------------------------------------------------------------------------

    def schedule(self) -> None:
        """Start (or stop) the bot and the clock timer for the turn the game is at."""
        room = self.room
        game: Game | None = room.game
        if game is None or game.finished or game.drawn_tile is None:
            self._cancel_bot()
            self._cancel_timer()
            return
        seat_no = room.game_players[game.current_player]["seat"]
        seat = room.seats.get(seat_no)
        level = seat.bot if seat is not None else None
        key = (room.game_id, game.turn, seat_no)
        if level in LEVELS:
            if self._bot_key != (*key, level):
                self._cancel_bot()
                self._bot_key = (*key, level)
                self._bot_task = asyncio.create_task(self._play(key, seat_no, level))
            self._cancel_timer()
            return
        self._cancel_bot()
        self._update_clock()
        if self.clock is not None and self._timer_key != key:
            self._cancel_timer()
            self._timer_key = key
            self._timer = asyncio.create_task(self._time_out(key, seat_no))

    def _cancel_bot(self) -> None:
        if self._bot_task is not None and not self._bot_task.done():
            self._bot_task.cancel()
        self._bot_task, self._bot_key = None, None

    def _cancel_timer(self) -> None:
        if self._timer is not None and not self._timer.done():
            self._timer.cancel()
        self._timer, self._timer_key = None, None

    def _current(self, key: tuple[Any, ...]) -> Game | None:
        """The game if it is still at the turn of `key`, else None."""
        game: Game | None = self.room.game
        if game is None or game.finished or (self.room.game_id, game.turn) != key[:2]:
            return None
        return game

    # -- bots ----------------------------------------------------------------------------------

    async def _play(self, key: tuple[Any, ...], seat: int, level: str) -> None:
        try:
            started = time.monotonic()
            game = self._current(key)
            if game is None:
                return
            move = await self._think(game, seat, level)
            pause = getattr(self.room.settings, "bot_pause_seconds", PAUSE_SECONDS)
            await asyncio.sleep(max(0.0, pause - (time.monotonic() - started)))
            await self._submit(key, seat, move)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s: bot for seat %d failed", self.room.code, seat)

    async def _think(self, game: Game, seat: int, level: str) -> Move:
        if level == "strong" and WORKERS > 0:
            tile = game.drawn_tile
            assert tile is not None
            seed = random.getrandbits(63)
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(
                _worker_pool(), move_from_log, game.to_log(), tile, level, seed, STRONG_SECONDS
            )
        bot = self._bots.get((seat, level))
        if bot is None:
            bot = self._bots[seat, level] = Bot(level, budget_s=STRONG_SECONDS)
        return bot.move(game)

    async def _submit(self, key: tuple[Any, ...], seat: int, move: Move) -> None:
        if self._current(key) is None:
            return
        try:
            await self.room.play_for(seat, key[1], move)
        except GameError as exc:
            # Someone played this turn meanwhile, or the seat was taken back: not an error.
            log.info("room %s: bot move for seat %d refused: %s", self.room.code, seat, exc)

    # -- the clock -----------------------------------------------------------------------------

    def _update_clock(self) -> None:
        """Create the clock for a new game, and charge the turn just played to its player."""
        room = self.room
        game: Game | None = room.game
        options = room.options.get("clock") if isinstance(room.options, dict) else None
        if game is None or not options:
            self.clock = None
            self._clock_game = None
            return
        if self._clock_game != room.game_id or self.clock is None:
            self.clock = Clock(
                len(game.players),
                float(options.get("bank", 0)),
                float(options.get("increment", 0)),
                game.turn,
            )
            self._clock_game = room.game_id
            restored = getattr(room, "restored_times", None)
            if restored is not None and restored[0] == room.game_id:
                self.clock.replay(game.turns, restored[1], restored[2])
            self.clock.advance(game.turn, None if game.finished else game.current_player, None)
            return
        clock = self.clock
        if game.turn != clock.turn or game.finished:
            moved = clock.player
            clock.advance(game.turn, None if game.finished else game.current_player, moved)

    async def _time_out(self, key: tuple[Any, ...], seat: int) -> None:
        try:
            clock = self.clock
            if clock is None:
                return
            await asyncio.sleep(max(0.0, clock.left()))
            game = self._current(key)
            if game is None or self.clock is not clock:
                return
            log.info("room %s: seat %d ran out of time; an easy bot plays", self.room.code, seat)
            move = await self._think(game, seat, "easy")
            await self._submit(key, seat, move)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s: clock for seat %d failed", self.room.code, seat)
