"""The queries the server needs, behind one small `Store` interface.

Rows go out as frozen records so callers never hold a live ORM object across awaits.
"""

from __future__ import annotations

import asyncio
import functools
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    Connection,
    CursorResult,
    Table,
    case,
    delete,
    exists,
    func,
    insert,
    select,
    tuple_,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.store import models
from app.store.database import Database
from app.store.models import utcnow

# The tables themselves, for the per-move writes that need no ORM objects.
MOVES = Table("moves", models.Base.metadata)
GAMES = Table("games", models.Base.metadata)
ROOMS = Table("rooms", models.Base.metadata)


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


def _aware(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; everything we write is UTC.
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def _game_record(
    row: models.Game,
    code: str,
    moves: list[tuple[dict[str, Any], datetime]] | None = None,
) -> GameRecord:
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
        started_at=_aware(row.started_at),
        finished_at=_aware(row.finished_at) if row.finished_at is not None else None,
        final_scores=row.final_scores,
        winners=row.winners,
        results=row.results,
        moves=[turn for turn, _ in moves or ()],
        hints=list(row.hints) if row.hints else None,
        move_times=[moment for _, moment in moves or ()],
    )


class Store:
    """Persistence for rooms and games. Every method is one transaction."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.turn_writer = _TurnWriter(db)

    # -- rooms ---------------------------------------------------------------------------------

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
                    s.add(_seat_row(room.id, seat))
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
                seats[seat.room_id].append(SeatRecord(seat.position, seat.name, seat.color,
                                                      seat.token_hash, seat.bot))
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
                moves[game_id].append((dict(turn), _aware(created)))
            result = []
            for room, position in found:
                game_row = game_rows.get(room.id)
                game = None
                if game_row is not None:
                    game = _game_record(game_row, room.code, moves[game_row.id])
                result.append((_room_from(room, seats[room.id], game), position))
            return result

    async def due_rooms(self, until: datetime, limit: int = 500) -> list[str]:
        """Codes of the rooms that have work to do by `until` (their `wake_at`), soonest
        first: an index scan, whatever the number of rooms."""
        async with self.db.transaction() as s:
            rows = await s.execute(
                select(models.Room.code)
                .where(models.Room.wake_at.is_not(None), models.Room.wake_at <= until)
                .order_by(models.Room.wake_at)
                .limit(limit)
            )
            return [code for (code,) in rows]

    def writer(self, room_id: int, epoch: int) -> RoomWriter:
        """The writes of a room loaded at `epoch` (each refused with `Fenced` once another
        process has loaded the room since)."""
        return RoomWriter(self, room_id, epoch)

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

    # -- games ---------------------------------------------------------------------------------

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
            moves = await _moves(s, game.id) if with_moves else None
            return _game_record(game, code, moves)

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
            rows = await s.execute(
                select(models.Game, models.Room.code)
                .join(models.Room, models.Room.id == models.Game.room_id)
                .where(models.Game.status == "finished")
                .order_by(models.Game.finished_at.desc(), models.Game.id.desc())
                .offset((page - 1) * per_page)
                .limit(per_page)
            )
            return GamePage(total=total, items=[_game_record(g, c) for g, c in rows])


class RoomWriter:
    """The writes of one room, by the process that loaded it at `epoch`.

    Each write first checks, in its own transaction, that the room's epoch is still `epoch`
    (and holds the room's row until it commits, so a process taking the room over waits for
    it, then reads what it wrote); otherwise it raises `Fenced` and writes nothing.
    """

    def __init__(self, store: Store, room_id: int, epoch: int) -> None:
        self.store = store
        self.db = store.db
        self.room_id = room_id
        self.epoch = epoch

    async def _fence(self, session: AsyncSession, **values: Any) -> None:
        result: CursorResult[Any] = await session.execute(  # type: ignore[assignment]
            update(ROOMS)
            .where(ROOMS.c.id == self.room_id, ROOMS.c.epoch == self.epoch)
            .values(updated_at=utcnow(), **values)
        )
        if result.rowcount != 1:
            raise Fenced(self.room_id)

    async def set_options(self, options: dict[str, Any]) -> None:
        """Replace the lobby options of the room."""
        async with self.db.transaction() as s:
            await self._fence(s, options=options)

    async def take_seat(self, seat: SeatRecord) -> None:
        """Insert a seat; raises `Conflict` if that position is taken."""
        try:
            async with self.db.transaction() as s:
                await self._fence(s)
                s.add(_seat_row(self.room_id, seat))
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
            fenced = conn.execute(
                update(ROOMS)
                .where(ROOMS.c.id == self.room_id, ROOMS.c.epoch == self.epoch)
                .values(updated_at=at, last_starter=starter)
            )
            if fenced.rowcount != 1:
                raise Fenced(self.room_id)
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
        write = _TurnWrite(self, game_id, first_number, turns, finish, at, wake_at)
        await self.store.turn_writer.write(write)


def _seat_row(room_id: int, seat: SeatRecord) -> models.Seat:
    return models.Seat(
        room_id=room_id,
        position=seat.position,
        name=seat.name,
        color=seat.color,
        token_hash=seat.token_hash,
        bot=seat.bot,
    )


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
        game = _game_record(game_row, room.code, await _moves(session, game_row.id))
    taken = [SeatRecord(r.position, r.name, r.color, r.token_hash, r.bot) for r in seats]
    return _room_from(room, taken, game)


def _room_from(room: models.Room, seats: list[SeatRecord], game: GameRecord | None) -> RoomRecord:
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
        wake_at=_aware(room.wake_at) if room.wake_at is not None else None,
        updated_at=_aware(room.updated_at),
    )

async def _moves(session, game_id: int) -> list[tuple[dict[str, Any], datetime]]:
    rows = await session.execute(
        select(models.Move.turn, models.Move.created_at)
        .where(models.Move.game_id == game_id)
        .order_by(models.Move.number)
    )
    return [(dict(turn), _aware(created)) for turn, created in rows]


@dataclass(frozen=True)
class _TurnWrite:
    room: RoomWriter
    game_id: int
    first_number: int
    turns: list[dict[str, Any]]
    finish: Finish | None
    at: datetime
    wake_at: datetime | None


class _TurnWriter:
    """Commits the moves of all rooms through one writer task, a batch per transaction.

    A room awaits its write before it tells anyone about the move, so batching keeps the rule
    "stored before sent" while one flush serves every move that queued meanwhile. A batch that
    fails is retried write by write, so one bad write (a duplicate turn) fails alone.
    """

    def __init__(self, db: Database) -> None:
        self.db = db
        self.pending: list[tuple[_TurnWrite, asyncio.Future[None]]] = []
        self.task: asyncio.Task[None] | None = None

    async def write(self, write: _TurnWrite) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append((write, future))
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._drain())
        await future

    async def _drain(self) -> None:
        while self.pending:
            batch, self.pending = self.pending, []
            writes = [write for write, _ in batch]
            try:
                await self.db.write(functools.partial(_store_turns, writes=writes))
            except Exception:
                await self._one_by_one(batch)
                continue
            for _, future in batch:
                if not future.done():
                    future.set_result(None)

    async def _one_by_one(self, batch: list[tuple[_TurnWrite, asyncio.Future[None]]]) -> None:
        for write, future in batch:
            try:
                await self.db.write(functools.partial(_store_turns, writes=[write]))
            except IntegrityError as exc:
                error: Exception = Conflict(write.game_id)
                error.__cause__ = exc
            except Exception as exc:  # Fenced, or the database failed
                error = exc
            else:
                if not future.done():
                    future.set_result(None)
                continue
            if not future.done():  # its room may have gone away meanwhile
                future.set_exception(error)


def _store_turns(conn: Connection, writes: list[_TurnWrite]) -> None:
    """Insert the moves of `writes` and finish the games that ended (one transaction).

    Each room's epoch is checked first (the fence, which also sets its `wake_at` and holds its
    row until the commit); then one multi-row insert for the whole batch, on a plain
    connection (no ORM session or objects); a game's row changes only when it ends.
    """
    # One statement for the whole batch: on a busy server each statement waits for its turn
    # on the event loop, so a statement per room made big batches slow.
    wakes = {w.room.room_id: w.wake_at for w in writes}
    result = conn.execute(
        update(ROOMS)
        .where(tuple_(ROOMS.c.id, ROOMS.c.epoch).in_([(w.room.room_id, w.room.epoch)
                                                      for w in writes]))
        .values(wake_at=case(wakes, value=ROOMS.c.id, else_=ROOMS.c.wake_at))
        .returning(ROOMS.c.id)
    )
    kept = {room_id for (room_id,) in result}
    for w in writes:
        if w.room.room_id not in kept:
            raise Fenced(w.room.room_id)
    rows = [
        {"game_id": w.game_id, "number": n, "turn": t, "created_at": w.at}
        for w in writes
        for n, t in enumerate(w.turns, w.first_number)
    ]
    if rows:
        conn.execute(insert(MOVES), rows)
    for w in writes:
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
