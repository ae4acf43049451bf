"""The fenced writes of one room: each refused once another process has taken the room."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Connection, CursorResult, Update, delete, insert, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.store import models, rows
from app.store.database import Database
from app.store.group_commit import TurnWrite, TurnWriter
from app.store.models import utcnow
from app.store.records import Conflict, Fenced, Finish, SeatRecord
from app.store.rows import GAMES, MOVES, ROOMS


class RoomWriter:
    """The writes of one room, by the process that loaded it at `epoch`.

    Each write first checks, in its own transaction, that the room's epoch is still `epoch`
    (and holds the room's row until it commits, so a process taking the room over waits for
    it, then reads what it wrote); otherwise it raises `Fenced` and writes nothing.
    """

    def __init__(self, db: Database, turn_writer: TurnWriter, room_id: int, epoch: int) -> None:
        self.db = db
        self.turn_writer = turn_writer
        self.room_id = room_id
        self.epoch = epoch

    def _fenced(self, **values: Any) -> Update:
        # The fence: the room's row, changed only while its epoch is still ours.
        return (
            update(ROOMS)
            .where(ROOMS.c.id == self.room_id, ROOMS.c.epoch == self.epoch)
            .values(**values)
        )

    def _check(self, result: CursorResult[Any]) -> None:
        if result.rowcount != 1:
            raise Fenced(self.room_id)

    async def _fence(self, session: AsyncSession, **values: Any) -> None:
        result: CursorResult[Any] = await session.execute(  # type: ignore[assignment]
            self._fenced(updated_at=utcnow(), **values)
        )
        self._check(result)

    async def set_options(self, options: dict[str, Any]) -> None:
        """Replace the lobby options of the room."""
        async with self.db.transaction() as s:
            await self._fence(s, options=options)

    async def take_seat(self, seat: SeatRecord) -> None:
        """Insert a seat; raises `Conflict` if that position is taken."""
        try:
            async with self.db.transaction() as s:
                await self._fence(s)
                s.add(rows.seat_row(self.room_id, seat))
                await s.flush()
        except IntegrityError as exc:
            raise Conflict(seat.position) from exc

    async def free_seat(self, position: int) -> None:
        """Delete the seat at `position` (its token stops working)."""
        async with self.db.transaction() as s:
            await self._fence(s)
            await s.execute(
                delete(models.Seat).where(
                    models.Seat.room_id == self.room_id, models.Seat.position == position
                )
            )

    async def set_seat_bot(self, position: int, bot: str | None) -> None:
        """Hand a seat to a bot of level `bot`, or give it back to its person (None)."""
        async with self.db.transaction() as s:
            await self._fence(s)
            await s.execute(
                update(models.Seat)
                .where(models.Seat.room_id == self.room_id, models.Seat.position == position)
                .values(bot=bot)
            )

    async def set_hints(self, game_id: int, hints: list[int]) -> None:
        """How many hints each player of the game has asked for."""
        async with self.db.transaction() as s:
            await self._fence(s)
            await s.execute(update(GAMES).where(GAMES.c.id == game_id).values(hints=hints))

    async def set_analysis(self, game_id: int, analysis: list[bool]) -> None:
        """Which players of the game have looked at the table's analysis."""
        async with self.db.transaction() as s:
            await self._fence(s)
            await s.execute(
                update(GAMES).where(GAMES.c.id == game_id).values(analysis=analysis)
            )

    async def set_wake(self, wake_at: datetime | None) -> None:
        """When the room next has work with nobody connected (None: nothing is due)."""
        async with self.db.transaction() as s:
            await self._fence(s, wake_at=wake_at)

    async def create_game(
        self,
        number: int,
        options: dict[str, Any],
        players: list[dict[str, Any]],
        seed: int,
        starter: int,
        turns: list[dict[str, Any]],
        at: datetime,
    ) -> int:
        """Insert a running game started at `at`, with any turns the engine made at once
        (such as discards), and remember which seat started it. One transaction on a plain
        connection: every room of a benchmark (or of a busy evening) may start at once."""
        def write(conn: Connection) -> int:
            self._check(conn.execute(self._fenced(updated_at=at, last_starter=starter)))
            game_id: int = conn.execute(
                insert(GAMES).values(
                    room_id=self.room_id, number=number, options=options, players=players,
                    seed=seed, status="running", ended_early=False, turns=len(turns),
                    created_at=at, started_at=at, updated_at=at,
                ).returning(GAMES.c.id)
            ).scalar_one()
            if turns:
                conn.execute(insert(MOVES), [
                    {"game_id": game_id, "number": i, "turn": t, "created_at": at}
                    for i, t in enumerate(turns, 1)
                ])
            return game_id

        return await self.db.write(write)

    async def record_turns(
        self,
        game_id: int,
        first_number: int,
        turns: list[dict[str, Any]],
        finish: Finish | None,
        at: datetime,
        wake_at: datetime | None = None,
    ) -> None:
        """Append log turns numbered from `first_number`, played at `at`, finish the game if
        `finish` is given, and set when the room next has work (`wake_at`).

        Returns once they are committed. Moves of every room that arrive while a commit is
        under way go together into the next transaction (group commit): one disk flush for
        many moves. A turn number stored twice raises `Conflict` and writes nothing.
        """
        write = TurnWrite(self.room_id, self.epoch, game_id, first_number, turns, finish, at,
                          wake_at)
        await self.turn_writer.write(write)
