"""What the store hands out and what it raises: frozen records, never live ORM objects, so a
caller may hold one across awaits."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


class Conflict(Exception):
    """A unique constraint refused the write (a seat or room code already taken)."""


class Fenced(Exception):
    """Another process has taken the room since this one loaded it: this one may no longer
    write for it (see `Store.load_room(claim=True)`)."""


@dataclass(frozen=True)
class SeatRecord:
    """A taken seat."""

    position: int
    name: str
    color: str
    token_hash: str
    bot: str | None = None


@dataclass(frozen=True)
class Finish:
    """What a finished game stores besides its moves."""

    final_scores: list[int]
    winners: list[int]
    results: dict[str, Any]
    ended_early: bool


@dataclass(frozen=True)
class GameRecord:
    """A game row; `moves` is filled only when asked for."""

    id: int
    room_id: int
    room_code: str
    number: int
    options: dict[str, Any]
    players: list[dict[str, Any]]
    seed: int
    status: str
    ended_early: bool
    turn_count: int
    started_at: datetime
    finished_at: datetime | None
    final_scores: list[int] | None
    winners: list[int] | None
    results: dict[str, Any] | None
    moves: list[dict[str, Any]] = field(default_factory=list)
    hints: list[int] | None = None
    analysis: list[bool] | None = None  # which players looked at the table's analysis
    # When each move was committed (filled with `moves`): a turn clock is rebuilt from them.
    move_times: list[datetime] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        """True once the game is over (bag empty or ended early)."""
        return self.status == "finished"


@dataclass(frozen=True)
class RoomRecord:
    """A room with its taken seats and its latest game (with moves), if any."""

    id: int
    code: str
    host_token_hash: str
    options: dict[str, Any]
    last_starter: int | None
    games_played: int
    seats: list[SeatRecord]
    game: GameRecord | None
    # The epoch this load raised the room to (with `claim`), which its writes must name.
    epoch: int = 0
    wake_at: datetime | None = None
    updated_at: datetime | None = None  # the last change of the room's own row


@dataclass(frozen=True)
class GamePage:
    """One page of the archive."""

    total: int
    items: list[GameRecord]
