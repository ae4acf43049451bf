"""The group commit: the moves of every room, committed through one writer task, a batch per
transaction."""

from __future__ import annotations

import asyncio
import functools
import sqlite3
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
from asyncpg import UniqueViolationError
from sqlalchemy import Connection, update
from sqlalchemy.exc import IntegrityError

from app.store.database import Database
from app.store.records import Conflict, Fenced, Finish
from app.store.rows import GAMES, MOVES, ROOMS


@dataclass(frozen=True)
class TurnWrite:
    """The turns one room asks to store (`RoomWriter.record_turns`), with the epoch it was
    loaded at."""

    room_id: int
    epoch: int
    game_id: int
    first_number: int
    turns: list[dict[str, Any]]
    finish: Finish | None
    at: datetime
    wake_at: datetime | None


class TurnWriter:
    """Commits the moves of all rooms through one writer task, a batch per transaction.

    A room awaits its write before it tells anyone about the move, so batching keeps the rule
    "stored before sent" while one flush serves every move that queued meanwhile. A room whose
    write is fenced off fails alone (the others of its batch are committed); a batch that
    fails otherwise is retried write by write, so one bad write (a duplicate turn) fails alone.
    """

    def __init__(self, db: Database) -> None:
        self.db = db
        self.pending: list[tuple[TurnWrite, asyncio.Future[None]]] = []
        self.task: asyncio.Task[None] | None = None

    async def write(self, write: TurnWrite) -> None:
        """Store `write` with the next batch; returns once it is committed. Raises `Conflict`
        (a turn number stored twice), `Fenced`, or the database's error, having written
        nothing of it."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append((write, future))
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._drain())
        await future

    async def _drain(self) -> None:
        while self.pending:
            # One more turn of the event loop before the batch is taken: the moves the rooms
            # ready in that turn make join it. A busy loop commits about twice as many moves
            # a transaction (on SQLite a commit costs several moves' inserts); an idle one
            # loses a turn of nothing.
            await asyncio.sleep(0)
            batch, self.pending = self.pending, []
            try:
                fenced = await self._store([write for write, _ in batch])
            except Exception:
                await self._one_by_one(batch)
                continue
            for write, future in batch:
                _settle(future, Fenced(write.room_id) if write.room_id in fenced else None)

    async def _one_by_one(self, batch: list[tuple[TurnWrite, asyncio.Future[None]]]) -> None:
        for write, future in batch:
            error: Exception | None = None
            try:
                if await self._store([write]):
                    error = Fenced(write.room_id)
            except (IntegrityError, sqlite3.IntegrityError, UniqueViolationError) as exc:
                error = Conflict(write.game_id)
                error.__cause__ = exc
            except Exception as exc:  # the database failed
                error = exc
            _settle(future, error)

    async def _store(self, writes: list[TurnWrite]) -> set[int]:
        """Commit `writes` but those of rooms fenced off; returns the rooms fenced off."""
        if self.db.is_sqlite:
            return await self.db.write(functools.partial(_store_turns, writes=writes))
        async with self.db.driver_connection() as pg:
            return await _store_turns_pg(pg, writes)


def _settle(future: asyncio.Future[None], error: Exception | None) -> None:
    if future.done():  # its room went away meanwhile
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)


def _store_turns(conn: Connection, writes: list[TurnWrite]) -> set[int]:
    """Insert the moves of `writes` and finish the games that ended (one transaction), but
    those of rooms whose epoch moved on: returns those rooms.

    Each room's epoch is checked first (the fence, which also sets its `wake_at` and holds the
    database's write lock until the commit); then one multi-row insert for the whole batch. On
    SQLite's own cursor with statements written once: building and compiling SQLAlchemy
    statements for every batch (a `CASE` with a branch per room) cost more than the writes.
    The values go through the columns' own SQLAlchemy conversions, so they are stored exactly
    as the rest of the store writes and reads them. A game's row changes only when it ends.
    """
    when = _bind(conn, ROOMS.c.wake_at)
    cursor = conn.connection.driver_connection.cursor()  # type: ignore[union-attr]
    kept_rooms: set[int] = set()
    for w in writes:
        cursor.execute(_FENCE_SQLITE, (when(w.wake_at), w.room_id, w.epoch))
        if cursor.rowcount == 1:
            kept_rooms.add(w.room_id)
    # By room, as on PostgreSQL: a room's write at an old epoch beside one at the new epoch
    # (a takeover within one batch) inserts both, fails the batch on the turn stored twice,
    # and the writes one by one then fence the old one alone.
    kept = [w for w in writes if w.room_id in kept_rooms]
    turn = _bind(conn, MOVES.c.turn)
    created = _bind(conn, MOVES.c.created_at)
    cursor.executemany(_INSERT_MOVES_SQLITE, [
        (w.game_id, n, turn(t), created(w.at))
        for w in kept
        for n, t in enumerate(w.turns, w.first_number)
    ])
    for w in kept:
        if w.finish is None:
            continue
        conn.execute(
            update(GAMES)
            .where(GAMES.c.id == w.game_id)
            .values(
                turns=w.first_number - 1 + len(w.turns),
                updated_at=w.at,
                status="finished",
                final_scores=w.finish.final_scores,
                winners=w.finish.winners,
                results=w.finish.results,
                ended_early=w.finish.ended_early,
                finished_at=w.at,
            )
        )
    return {w.room_id for w in writes} - kept_rooms


_FENCE_SQLITE = "UPDATE rooms SET wake_at = ? WHERE id = ? AND epoch = ?"
_INSERT_MOVES_SQLITE = "INSERT INTO moves (game_id, number, turn, created_at) VALUES (?, ?, ?, ?)"


def _bind(conn: Connection, column: Any) -> Callable[[Any], Any]:
    """What SQLAlchemy turns a value of `column` into for this connection's driver (a
    datetime into SQLite's text, a JSON value into its text)."""
    dialect = conn.dialect
    # Looked up once per dialect and column: finding it cost more than a move's insert.
    known = _PROCESSORS.setdefault(dialect, {})
    process = known.get(column)
    if process is None:
        process = column.type.dialect_impl(dialect).bind_processor(dialect) or _same
        known[column] = process
    return process


# Per dialect (dropped with its engine), per column: its bind processor or `_same`.
_PROCESSORS: weakref.WeakKeyDictionary[Any, dict[Any, Callable[[Any], Any]]] = (
    weakref.WeakKeyDictionary()
)


def _same(value: Any) -> Any:
    return value


# The whole batch on PostgreSQL as one statement, outside any explicit transaction (it commits
# by itself): one round trip, and no transaction left open between two turns of the event
# loop (with a statement per step, a busy loop held the batch `idle in transaction` and every
# room's row lock with it). The fence first: only rooms still at their epoch get their moves
# inserted and their games finished; the statement returns those rooms. The parameters are
# arrays, one element per room, move or finished game, so the statement is prepared once.
_STORE_TURNS_PG = """
WITH fence AS (
    SELECT * FROM unnest($1::int[], $2::int[], $3::timestamptz[]) AS f(room_id, epoch, wake_at)
), kept AS (
    UPDATE rooms SET wake_at = fence.wake_at FROM fence
    WHERE rooms.id = fence.room_id AND rooms.epoch = fence.epoch
    RETURNING rooms.id
), moved AS (
    INSERT INTO moves (game_id, number, turn, created_at)
    SELECT m.game_id, m.number, m.turn, m.created_at
    FROM unnest($4::int[], $5::int[], $6::int[], $7::json[], $8::timestamptz[])
        AS m(room_id, game_id, number, turn, created_at)
    WHERE m.room_id IN (SELECT id FROM kept)
), finished AS (
    UPDATE games SET turns = e.turns, updated_at = e.at, status = 'finished',
        final_scores = e.final_scores, winners = e.winners, results = e.results,
        ended_early = e.ended_early, finished_at = e.at
    FROM unnest($9::int[], $10::int[], $11::int[], $12::timestamptz[], $13::json[],
                $14::json[], $15::json[], $16::bool[])
        AS e(room_id, game_id, turns, at, final_scores, winners, results, ended_early)
    WHERE games.id = e.game_id AND e.room_id IN (SELECT id FROM kept)
)
SELECT id FROM kept
"""


async def _store_turns_pg(pg: Any, writes: list[TurnWrite]) -> set[int]:
    """`_store_turns` on PostgreSQL's own driver (asyncpg), as one statement."""
    moves = [
        (w.room_id, w.game_id, n, _json(t), w.at)
        for w in writes
        for n, t in enumerate(w.turns, w.first_number)
    ]
    ended = [(w, w.finish) for w in writes if w.finish is not None]
    rows = await pg.fetch(
        _STORE_TURNS_PG,
        [w.room_id for w in writes], [w.epoch for w in writes], [w.wake_at for w in writes],
        *_columns(moves, 5),
        [w.room_id for w, _ in ended], [w.game_id for w, _ in ended],
        [w.first_number - 1 + len(w.turns) for w, _ in ended], [w.at for w, _ in ended],
        [_json(f.final_scores) for _, f in ended], [_json(f.winners) for _, f in ended],
        [_json(f.results) for _, f in ended], [f.ended_early for _, f in ended],
    )
    return {w.room_id for w in writes} - {row[0] for row in rows}


def _columns(rows: list[tuple[Any, ...]], width: int) -> list[list[Any]]:
    """Rows as columns (`width` of them, each a list, empty when there are no rows)."""
    return [list(column) for column in zip(*rows, strict=True)] if rows else [[]] * width


def _json(value: Any) -> str:
    return orjson.dumps(value).decode()
