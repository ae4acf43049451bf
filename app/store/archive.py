"""The archive and My games: a finished (or running) game by id, the pages of finished games,
and the rooms a browser's seat tokens sit in. Every method is one transaction."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, select, tuple_
from sqlalchemy.exc import IntegrityError

from app.store import models, rows
from app.store.database import Database
from app.store.records import GamePage, GameRecord, RoomRecord, SeatRecord


class ArchiveQueries:
    """The part of `Store` that reads games and the rooms of My games, never writing."""

    db: Database

    async def get_game(self, game_id: int, *, with_moves: bool = False) -> GameRecord | None:
        """A game by id (optionally with its moves), or None."""
        async with self.db.transaction() as s:
            row = (
                await s.execute(
                    select(models.Game, models.Room.code)
                    .join(models.Room, models.Room.id == models.Game.room_id)
                    .where(models.Game.id == game_id)
                )
            ).one_or_none()
            if row is None:
                return None
            game, code = row
            moves = await rows.moves(s, game.id) if with_moves else None
            return rows.game_record(game, code, moves)

    async def get_review(self, game_id: int) -> dict[str, Any] | None:
        """The stored review of a game, or None."""
        async with self.db.transaction() as s:
            return (
                await s.execute(
                    select(models.GameReview.review).where(models.GameReview.game_id == game_id)
                )
            ).scalar_one_or_none()

    async def save_review(self, game_id: int, review: dict[str, Any]) -> None:
        """Store a game's review; the first one stored stays (a game never changes once
        finished, so a second review, from another process, is the same)."""
        try:
            async with self.db.transaction() as s:
                s.add(models.GameReview(game_id=game_id, review=review))
        except IntegrityError:
            pass

    async def finished_games(self, page: int, per_page: int) -> GamePage:
        """Finished games, newest first; `page` counts from 1."""
        async with self.db.transaction() as s:
            total = (
                await s.execute(
                    select(func.count())
                    .select_from(models.Game)
                    .where(models.Game.status == "finished")
                )
            ).scalar_one()
            found = await s.execute(
                select(models.Game, models.Room.code)
                .join(models.Room, models.Room.id == models.Game.room_id)
                .where(models.Game.status == "finished")
                .order_by(models.Game.finished_at.desc(), models.Game.id.desc())
                .offset((page - 1) * per_page)
                .limit(per_page)
            )
            return GamePage(total=total, items=[rows.game_record(g, c) for g, c in found])

    async def held_seats(self, held: list[tuple[str, str]]) -> list[tuple[RoomRecord, int]]:
        """The rooms in which a (room code, token hash) pair of `held` names a taken seat,
        each (as `load_room` gives it) with that seat's position. Pairs that name nothing (a
        seat given up, a room gone, a wrong token) are left out. Four queries, however many
        rooms."""
        if not held:
            return []
        async with self.db.transaction() as s:
            found = (
                await s.execute(
                    select(models.Room, models.Seat.position)
                    .join(models.Seat, models.Seat.room_id == models.Room.id)
                    .where(tuple_(models.Room.code, models.Seat.token_hash).in_(held))
                )
            ).all()
            ids = {room.id for room, _ in found}
            seats: dict[int, list[SeatRecord]] = {room_id: [] for room_id in ids}
            for seat in (
                await s.execute(
                    select(models.Seat)
                    .where(models.Seat.room_id.in_(ids))
                    .order_by(models.Seat.position)
                )
            ).scalars():
                seats[seat.room_id].append(rows.seat_record(seat))
            latest = (
                select(models.Game.room_id, func.max(models.Game.number).label("number"))
                .where(models.Game.room_id.in_(ids))
                .group_by(models.Game.room_id)
                .subquery()
            )
            game_rows = {
                row.room_id: row
                for row in (
                    await s.execute(
                        select(models.Game).join(
                            latest,
                            (models.Game.room_id == latest.c.room_id)
                            & (models.Game.number == latest.c.number),
                        )
                    )
                ).scalars()
            }
            moves: dict[int, list[tuple[dict[str, Any], datetime]]] = {
                row.id: [] for row in game_rows.values()
            }
            for game_id, turn, created in await s.execute(
                select(models.Move.game_id, models.Move.turn, models.Move.created_at)
                .where(models.Move.game_id.in_(moves))
                .order_by(models.Move.game_id, models.Move.number)
            ):
                moves[game_id].append((dict(turn), rows.aware(created)))
            result = []
            for room, position in found:
                game_row = game_rows.get(room.id)
                game = None
                if game_row is not None:
                    game = rows.game_record(game_row, room.code, moves[game_row.id])
                result.append((rows.room_record(room, seats[room.id], game), position))
            return result
