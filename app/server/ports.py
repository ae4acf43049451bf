"""The seams of the server: what each part needs from another, as small protocols, so that no
part imports the one that uses it and a room runs in a unit test with fakes
(tests/unit/fakes.py) as well as in the server.

This module imports nothing else of the server: every sub-package may import it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, Protocol

from app.bots import Advice
from app.engine import Game, Move
from app.store import Finish, SeatRecord

# -- a connection, as a room sees it -----------------------------------------------------------


class Peer(Protocol):
    """One connection as a room sees it: a websocket of this process (`wire.ws.Connection`),
    or one that another process holds (`cluster.relay.RemotePeer`, `process` names it)."""

    id: int
    name: str
    seat: int | None
    host: bool
    token_hash: str | None
    process: str | None  # None: a connection to this process
    address: str  # the client's address (behind trusted proxies, the one they forwarded)

    @property
    def conn_id(self) -> int:
        """The connection's id in its process."""
        ...

    def send(self, text: str) -> None:
        """Queue an encoded message; never blocks."""

    def close(self, code: int, reason: str = "") -> None:
        """Queue a close after whatever is already queued."""

    def allow_chat(self, now: float) -> bool:
        """Count one chat line at `now`; False when over the chat rate."""
        ...


class Moved(Exception):
    """The room a connection talked to is no longer there (it left this process, or its
    proxy's owner changed): look it up again."""


# -- the other processes -----------------------------------------------------------------------

Message = dict[str, Any]  # between processes: JSON-ready, with its kind under "t"
MessageHandler = Callable[[Message], Awaitable[None]]


class Relay(Protocol):
    """Messages to the other processes."""

    process: str  # this process's name
    connected: bool  # False while messages cannot reach the other processes (Redis is away)

    def post(self, process: str, message: Message) -> None:
        """Send `message` to `process`, in order with every other message posted here."""


class Cluster(Relay, Protocol):
    """Room ownership and messages between the processes serving rooms
    (`cluster.ownership`: `LocalCluster`, `RedisCluster`)."""

    async def start(self, on_message: MessageHandler, on_lost: Callable[[str], None],
                    on_resubscribed: Callable[[], None]) -> None:
        """Begin; `on_message` gets every message sent to this process, `on_lost` the code
        of each room whose ownership this process lost, `on_resubscribed` a call each time
        the messages reach this process again after a break (some may have been lost)."""

    async def stop(self) -> None:
        """Release every room this process owns and stop."""

    async def claim(self, code: str) -> bool:
        """Become the owner of room `code` unless another process is; True when this one is."""
        ...

    async def release(self, code: str) -> None:
        """Give up room `code` (it left this process's memory)."""

    async def owners(self, codes: list[str]) -> list[str | None]:
        """The process owning each room, or None."""
        ...

    async def alive(self, processes: list[str]) -> list[bool]:
        """Whether each process is still running (renews its liveness)."""
        ...

    async def reachable(self) -> bool | None:
        """Whether the means of sharing rooms answers now (None: nothing to reach)."""
        ...

    async def start_hint(self, address: str, ticket: str, at_once: int, per_minute: int,
                         longest: float) -> bool:
        """Count a hint asked from client `address` in every process: False (nothing
        counted) when that address has `at_once` hints being thought over, or has started
        `per_minute` in the last minute, anywhere. `ticket` names this one until
        `end_hint`; it is forgotten by itself `longest` seconds on (its process died)."""
        ...

    async def end_hint(self, address: str, ticket: str) -> None:
        """The hint `ticket` of `address` is over."""


# -- what a room needs from the process --------------------------------------------------------


class RoomStore(Protocol):
    """A room's writes (`app.store.RoomWriter`; a fake in unit tests). Each raises `Fenced`
    once another process has taken the room over."""

    async def take_seat(self, seat: SeatRecord) -> None: ...
    async def free_seat(self, position: int) -> None: ...
    async def set_seat_bot(self, position: int, bot: str | None) -> None: ...
    async def set_options(self, options: dict[str, Any]) -> None: ...
    async def set_wake(self, wake_at: datetime | None) -> None: ...
    async def set_hints(self, game_id: int, hints: list[int]) -> None: ...
    async def set_analysis(self, game_id: int, analysis: list[bool]) -> None: ...
    async def create_game(
        self, number: int, options: dict[str, Any], players: list[dict[str, Any]],
        seed: int, starter: int, turns: list[dict[str, Any]], at: datetime,
    ) -> int: ...
    async def record_turns(
        self, game_id: int, first_number: int, turns: list[dict[str, Any]],
        finish: Finish | None, at: datetime, wake_at: datetime | None = None,
    ) -> None: ...


class Stores(Protocol):
    """Where rooms get their writer (`app.store.Store`)."""

    def writer(self, room_id: int, epoch: int) -> RoomStore: ...


class BotPlayer(Protocol):
    """Where bot moves and hints come from (`rooms.botpool.Bots`)."""

    async def move(self, room: str, game: Game, seat: int, level: str) -> Move:
        """The move a bot of `level` plays for `seat`, the player to move in `game`, from
        public information only."""
        ...

    async def suggest(self, game: Game, room: str = "") -> Advice:
        """A suggested move (with why) for the player to move in `game`, from public
        information only; `room` names who asked (the scheduler's owner of the job)."""
        ...

    def forget(self, room: str) -> None:
        """Drop what was kept for a room's bots (the room leaves memory)."""


class Timer(Protocol):
    """A pending call; `cancel()` is a no-op once it ran."""

    def cancel(self) -> None:
        """Do not run it."""


class Clock(Protocol):
    """The current time and timers at a given time (`rooms.timing.SystemClock`; a fake one
    in tests). Times are Unix seconds: they are stored with moves and sent to clients, and a
    deadline must mean the same moment after a restart."""

    def now(self) -> float:
        """Unix seconds."""
        ...

    def call_at(self, when: float, callback: Callable[[], object]) -> Timer:
        """Run `callback` on the event loop once `now()` reaches `when`."""
        ...
