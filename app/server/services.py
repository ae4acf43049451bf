"""The seams of a room: what it needs from the rest of the process, as small protocols, so that
a room runs in a unit test with fakes (tests/unit/fakes.py) as well as in the server."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from app.server.autoplay import BotPlayer
from app.server.cluster import Cluster
from app.server.metrics import Metrics
from app.server.settings import Settings
from app.server.timing import Clock
from app.store import Finish, SeatRecord


class RoomStore(Protocol):
    """A room's writes (`app.store.RoomWriter`; a fake in unit tests). Each raises `Fenced`
    once another process has taken the room over."""

    async def take_seat(self, seat: SeatRecord) -> None: ...
    async def free_seat(self, position: int) -> None: ...
    async def set_seat_bot(self, position: int, bot: str | None) -> None: ...
    async def set_options(self, options: dict[str, Any]) -> None: ...
    async def set_wake(self, wake_at: datetime | None) -> None: ...
    async def set_hints(self, game_id: int, hints: list[int]) -> None: ...
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


@dataclass(frozen=True)
class Services:
    """What every room of a process shares: the store, settings, time, the bots, and the other
    processes serving rooms."""

    store: Stores
    settings: Settings
    clock: Clock
    bots: BotPlayer
    cluster: Cluster
    metrics: Metrics = field(default_factory=Metrics)
