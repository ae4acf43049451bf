"""The room queries: create a room, load (and claim) one, the rooms that are due, and the
expiry of idle lobbies. Every method is one transaction."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, exists, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.store import models, rows
from app.store.database import Database
from app.store.models import utcnow
from app.store.records import Conflict, RoomRecord, SeatRecord


class RoomQueries:
    """The part of `Store` that finds, creates and removes rooms."""

    db: Database

    async def create_room(
        self, code: str, host_token_hash: str, options: dict[str, Any], seat: SeatRecord | None
    ) -> int:
        """Insert a room (and its creator's seat); raises `Conflict` if the code exists."""
        try:
            async with self.db.transaction() as s:
                room = models.Room(code=code, host_token_hash=host_token_hash, options=options)
                s.add(room)
                await s.flush()
                if seat is not None:
                    s.add(rows.seat_row(room.id, seat))
                return room.id
        except IntegrityError as exc:
            raise Conflict(code) from exc

    async def load_room(self, code: str, *, claim: bool = False) -> RoomRecord | None:
        """The room with that code, its seats and its latest game with moves; None if absent.

        With `claim`, this process takes the room over: its epoch is raised first, in the same
        transaction, so a process that loaded it before can write nothing for it any more
        (`Fenced`), and every write it did commit is among what this load reads.
        """
        async with self.db.transaction() as s:
            if claim:
                await s.execute(
                    update(models.Room)
                    .where(models.Room.code == code)
                    .values(epoch=models.Room.epoch + 1)
                )
            room = (
                await s.execute(select(models.Room).where(models.Room.code == code))
            ).scalar_one_or_none()
            return None if room is None else await _room_record(s, room)

    async def due_rooms(self, until: datetime, limit: int = 500) -> list[str]:
        """Codes of the rooms that have work to do by `until` (their `wake_at`), soonest
        first: an index scan, whatever the number of rooms."""
        async with self.db.transaction() as s:
            found = await s.execute(
                select(models.Room.code)
                .where(models.Room.wake_at.is_not(None), models.Room.wake_at <= until)
                .order_by(models.Room.wake_at)
                .limit(limit)
            )
            return [code for (code,) in found]

    async def expire_rooms(self, idle: timedelta, keep: set[int]) -> int:
        """Delete rooms that never had a game and were idle longer than `idle`,
        except those in `keep` (someone is connected). Returns how many went."""
        cutoff = utcnow() - idle
        has_game = exists().where(models.Game.room_id == models.Room.id)
        async with self.db.transaction() as s:
            ids = [
                rid
                for (rid,) in await s.execute(
                    select(models.Room.id).where(
                        models.Room.last_starter.is_(None),  # never had a game: the index
                        models.Room.updated_at < cutoff,
                        ~has_game,
                    )
                )
                if rid not in keep
            ]
            if ids:
                await s.execute(delete(models.Seat).where(models.Seat.room_id.in_(ids)))
                await s.execute(delete(models.Room).where(models.Room.id.in_(ids)))
            return len(ids)


async def _room_record(session: AsyncSession, room: models.Room) -> RoomRecord:
    """`room` with its taken seats and its latest game with moves."""
    seats = (
        await session.execute(
            select(models.Seat).where(models.Seat.room_id == room.id).order_by(models.Seat.position)
        )
    ).scalars()
    game_row = (
        await session.execute(
            select(models.Game)
            .where(models.Game.room_id == room.id)
            .order_by(models.Game.number.desc())
            .limit(1)
        )
    ).scalar_one_or_none()
    game = None
    if game_row is not None:
        game = rows.game_record(game_row, room.code, await rows.moves(session, game_row.id))
    return rows.room_record(room, [rows.seat_record(seat) for seat in seats], game)
