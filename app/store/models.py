"""Table definitions (SQLAlchemy 2 declarative). Alembic migrations mirror these."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Index, String, UniqueConstraint, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    """The current time, timezone-aware (UTC)."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base: every table has an integer `id` and the time its row was made. JSON
    columns hold engine values in their JSON-ready form; every moment is stored with its time
    zone. (A column is nullable exactly when its annotation says `| None`; an `index=True`
    index is named `ix_<table>_<column>`, as the migrations name it.)"""

    type_annotation_map = {
        dict[str, Any]: JSON,
        list[Any]: JSON,
        datetime: DateTime(timezone=True),
    }

    id: Mapped[int] = mapped_column(primary_key=True, sort_order=-1)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Room(Base):
    """A room: a link friends share. Its lobby options apply to the next game started in it."""

    __tablename__ = "rooms"
    __table_args__ = (
        UniqueConstraint("code", name="uq_rooms_code"),
        # Rooms that never had a game (no starter yet), by age: what expiry looks for.
        Index(
            "ix_rooms_idle_lobbies",
            "updated_at",
            postgresql_where=text("last_starter IS NULL"),
            sqlite_where=text("last_starter IS NULL"),
        ),
    )

    code: Mapped[str] = mapped_column(String(16))
    # The creator's token hash: hosting survives leaving and retaking a seat.
    host_token_hash: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]]
    # Seat position that started the last game, so a rematch starts with the next seat.
    last_starter: Mapped[int | None]
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Raised by each process that loads the room; a write naming an older epoch is refused,
    # so a process that lost the room (to another, after a freeze) can never commit.
    epoch: Mapped[int] = mapped_column(default=0, server_default="0")
    # When the room next has work with nobody connected (a bot, a clock, a deadline); NULL
    # when nothing is due. A scheduler loads the rooms whose time has come.
    wake_at: Mapped[datetime | None] = mapped_column(index=True)


class Seat(Base):
    """A taken seat of a room; a free seat has no row. Tokens are kept only as SHA-256 hashes
    (a seat a bot took has a random marker starting with `bot:` that no token hashes to)."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("room_id", "position", name="uq_seats_room_position"),)

    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"))
    position: Mapped[int]
    name: Mapped[str] = mapped_column(String(64))
    color: Mapped[str] = mapped_column(String(16))
    token_hash: Mapped[str] = mapped_column(String(64), index=True)
    # A bot level ("easy", "strong", "expert") while a bot plays this seat; NULL for a person.
    bot: Mapped[str | None] = mapped_column(String(16))


class Game(Base):
    """One game played in a room. `players` is the turn order: name, color and seat position."""

    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("room_id", "number", name="uq_games_room_number"),)

    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"))
    number: Mapped[int]  # 1 for the room's first game, then one more for each rematch
    options: Mapped[dict[str, Any]]
    players: Mapped[list[Any]]
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), default="running", index=True)
    ended_early: Mapped[bool] = mapped_column(default=False)
    turns: Mapped[int] = mapped_column(default=0)
    final_scores: Mapped[list[Any] | None]
    winners: Mapped[list[Any] | None]
    results: Mapped[dict[str, Any] | None]
    # Hints each player asked for (in turn order); NULL until somebody asks.
    hints: Mapped[list[Any] | None]
    # Which players looked at the table's analysis (in turn order); NULL until somebody does.
    analysis: Mapped[list[Any] | None]
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[datetime | None]


class GameReview(Base):
    """The review of a finished game (`app.bots.review`: every turn judged, each player's
    summary), written once; a game has at most one."""

    __tablename__ = "game_reviews"
    __table_args__ = (UniqueConstraint("game_id", name="uq_game_reviews_game_id"),)

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    review: Mapped[dict[str, Any]]


class Move(Base):
    """One turn of a game's log, in the `carcassonne-log/1` turn form (discards included)."""

    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_moves_game_number"),)

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    number: Mapped[int]  # the turn's place in the log, from 1 (a discard takes one too)
    turn: Mapped[dict[str, Any]]
