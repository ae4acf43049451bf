"""Table definitions (SQLAlchemy 2 declarative). Alembic migrations mirror these."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    """The current time, timezone-aware (UTC)."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base; JSON columns hold engine values in their JSON-ready form."""

    type_annotation_map = {
        dict[str, Any]: JSON,
        list[Any]: JSON,
    }


class Room(Base):
    """A room: a link friends share. Its lobby options apply to the next game started in it."""

    __tablename__ = "rooms"
    __table_args__ = (
        UniqueConstraint("code", name="uq_rooms_code"),
        Index("ix_rooms_wake_at", "wake_at"),
        # Rooms that never had a game (no starter yet), by age: what expiry looks for.
        Index(
            "ix_rooms_idle_lobbies",
            "updated_at",
            postgresql_where=text("last_starter IS NULL"),
            sqlite_where=text("last_starter IS NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(16))
    # The creator's token hash: hosting survives leaving and retaking a seat.
    host_token_hash: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Seat position that started the last game, so a rematch starts with the next seat.
    last_starter: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # Raised by each process that loads the room; a write naming an older epoch is refused,
    # so a process that lost the room (to another, after a freeze) can never commit.
    epoch: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # When the room next has work with nobody connected (a bot, a clock, a deadline); NULL
    # when nothing is due. A scheduler loads the rooms whose time has come.
    wake_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class Seat(Base):
    """A taken seat of a room; a free seat has no row. Tokens are kept only as SHA-256 hashes
    (a seat a bot took has a random marker starting with `bot:` that no token hashes to)."""

    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("room_id", "position", name="uq_seats_room_position"),
        Index("ix_seats_token_hash", "token_hash"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    color: Mapped[str] = mapped_column(String(16))
    token_hash: Mapped[str] = mapped_column(String(64))
    # A bot level ("easy", "strong") while a bot plays this seat; NULL for a person.
    bot: Mapped[str | None] = mapped_column(String(16), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Game(Base):
    """One game played in a room. `players` is the turn order: name, color and seat position."""

    __tablename__ = "games"
    __table_args__ = (
        UniqueConstraint("room_id", "number", name="uq_games_room_number"),
        Index("ix_games_status", "status"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[list[Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), default="running")
    ended_early: Mapped[bool] = mapped_column(Boolean, default=False)
    turns: Mapped[int] = mapped_column(Integer, default=0)
    final_scores: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    winners: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    results: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # Hints each player asked for (in turn order); NULL until somebody asks.
    hints: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class Move(Base):
    """One turn of a game's log, in the `carcassonne-log/1` turn form (discards included)."""

    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_moves_game_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    turn: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
