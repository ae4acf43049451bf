"""Between the tables and the records: the tables as plain `Table`s for the per-move writes,
and the conversions of rows into records (and of a seat into a row)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Table, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store import models
from app.store.records import GameRecord, RoomRecord, SeatRecord

# The tables themselves, for the per-move writes that need no ORM objects.
MOVES = Table("moves", models.Base.metadata)
GAMES = Table("games", models.Base.metadata)
ROOMS = Table("rooms", models.Base.metadata)


def aware(moment: datetime) -> datetime:
    """`moment` with its time zone: SQLite hands back naive datetimes; everything we write is
    UTC."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def seat_row(room_id: int, seat: SeatRecord) -> models.Seat:
    """The row of a seat taken in room `room_id`."""
    return models.Seat(
        room_id=room_id,
        position=seat.position,
        name=seat.name,
        color=seat.color,
        token_hash=seat.token_hash,
        bot=seat.bot,
    )


def seat_record(row: models.Seat) -> SeatRecord:
    """The record of a seat row."""
    return SeatRecord(row.position, row.name, row.color, row.token_hash, row.bot)


def game_record(
    row: models.Game,
    code: str,
    moves: list[tuple[dict[str, Any], datetime]] | None = None,
) -> GameRecord:
    """The record of a game row of room `code`, with `moves` (each turn and when it was
    stored) when they were read."""
    return GameRecord(
        id=row.id,
        room_id=row.room_id,
        room_code=code,
        number=row.number,
        options=dict(row.options),
        players=list(row.players),
        seed=row.seed,
        status=row.status,
        ended_early=row.ended_early,
        # A running game's row is not touched by its moves: count them when they are read.
        turn_count=len(moves) if moves is not None else row.turns,
        started_at=aware(row.started_at),
        finished_at=aware(row.finished_at) if row.finished_at is not None else None,
        final_scores=row.final_scores,
        winners=row.winners,
        results=row.results,
        moves=[turn for turn, _ in moves or ()],
        hints=list(row.hints) if row.hints else None,
        analysis=list(row.analysis) if row.analysis else None,
        move_times=[moment for _, moment in moves or ()],
    )


def room_record(room: models.Room, seats: list[SeatRecord], game: GameRecord | None) -> RoomRecord:
    """The record of a room row with its taken `seats` and its latest `game`."""
    return RoomRecord(
        id=room.id,
        code=room.code,
        host_token_hash=room.host_token_hash,
        options=dict(room.options),
        last_starter=room.last_starter,
        games_played=game.number if game else 0,
        seats=seats,
        game=game,
        epoch=room.epoch,
        wake_at=aware(room.wake_at) if room.wake_at is not None else None,
        updated_at=aware(room.updated_at),
    )


async def moves(session: AsyncSession, game_id: int) -> list[tuple[dict[str, Any], datetime]]:
    """The turns of a game in order, each with when it was stored."""
    rows = await session.execute(
        select(models.Move.turn, models.Move.created_at)
        .where(models.Move.game_id == game_id)
        .order_by(models.Move.number)
    )
    return [(dict(turn), aware(created)) for turn, created in rows]
