"""The store on each backend: migrations, constraints, the queries the rooms use."""

from __future__ import annotations

import asyncio
import secrets
from datetime import timedelta

import pytest

from app.store import (
    Conflict,
    Database,
    Fenced,
    Finish,
    RoomWriter,
    SeatRecord,
    Store,
    normalize_url,
)
from app.store.database import alembic_config
from app.store.models import utcnow


@pytest.fixture
async def store(database_url):
    db = Database(database_url)
    await db.migrate()
    yield Store(db)
    await db.dispose()


def _code() -> str:
    return secrets.token_hex(4)


def test_urls_are_normalized_to_async_drivers():
    assert normalize_url("sqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert normalize_url("postgres://u@h/d") == "postgresql+asyncpg://u@h/d"
    assert normalize_url("postgresql://u@h/d") == "postgresql+asyncpg://u@h/d"
    assert normalize_url("postgresql+asyncpg://u@h/d") == "postgresql+asyncpg://u@h/d"
    with pytest.raises(ValueError):
        normalize_url("nonsense")


async def test_migrations_match_the_models(database_url):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from app.store.models import Base

    db = Database(database_url)
    await db.migrate()
    await db.migrate()  # idempotent

    def compare(conn):
        return compare_metadata(MigrationContext.configure(conn), Base.metadata)

    async with db.engine.connect() as conn:
        differences = await conn.run_sync(compare)
    await db.dispose()
    assert differences == []
    assert alembic_config(database_url).get_main_option("script_location").endswith("migrations")


async def claimed(store: Store, code: str) -> RoomWriter:
    """Take the room into this process (raising its epoch); its writer."""
    record = await store.load_room(code, claim=True)
    return store.writer(record.id, record.epoch)


async def test_rooms_seats_and_codes_are_unique(store):
    code = _code()
    ann = SeatRecord(0, "Ann", "red", "a")
    await store.create_room(code, "h" * 64, {"seats": 3}, ann)
    room = await claimed(store, code)
    with pytest.raises(Conflict):
        await store.create_room(code, "x" * 64, {}, None)
    with pytest.raises(Conflict):
        await room.take_seat(SeatRecord(0, "Bo", "blue", "b"))
    await room.take_seat(SeatRecord(1, "Bo", "blue", "b"))
    await room.free_seat(0)
    record = await store.load_room(code)
    assert [s.position for s in record.seats] == [1]
    assert record.game is None and record.options == {"seats": 3}
    assert await store.load_room(_code()) is None


PLAYERS = [
    {"name": "Ann", "color": "red", "seat": 0},
    {"name": "Bo", "color": "blue", "seat": 1},
]


async def test_moves_are_numbered_once_and_games_finish(store):
    code = _code()
    await store.create_room(code, "h" * 64, {}, None)
    room = await claimed(store, code)
    discard = {"player": 0, "discarded": "C"}
    game_id = await room.create_game(1, {"tileset": "winter"}, PLAYERS, 2**62 + 5, 1, [discard],
                                     utcnow())
    wake = utcnow() + timedelta(hours=24)
    await room.record_turns(game_id, 2, [{"player": 1, "tile": "U"}], None, utcnow(), wake)
    with pytest.raises(Conflict):
        await room.record_turns(game_id, 2, [{"player": 1, "tile": "V"}], None, utcnow())
    record = await store.load_room(code)
    assert record.last_starter == 1 and record.games_played == 1
    assert record.game.moves == [discard, {"player": 1, "tile": "U"}]
    assert record.game.seed == 2**62 + 5 and record.game.status == "running"
    assert record.wake_at == wake
    assert code in await store.due_rooms(wake) and code not in await store.due_rooms(utcnow())
    await room.record_turns(game_id, 3, [], Finish([3, 4], [1], {"scores": [3, 4]}, True),
                            utcnow())
    game = await store.get_game(game_id, with_moves=True)
    assert game.finished and game.ended_early and game.final_scores == [3, 4]
    assert game.finished_at is not None and game.finished_at.tzinfo is not None
    assert (await store.load_room(code)).game.status == "finished"
    page = await store.finished_games(1, 100)
    assert game_id in [g.id for g in page.items] and page.total >= 1


async def test_idle_rooms_without_games_expire(store):
    idle, busy, kept = _code(), _code(), _code()
    idle_id = await store.create_room(idle, "h" * 64, {}, SeatRecord(0, "A", "red", "x"))
    busy_id = await store.create_room(busy, "h" * 64, {}, None)
    kept_id = await store.create_room(kept, "h" * 64, {}, None)
    await (await claimed(store, busy)).create_game(1, {}, [], 1, 0, [], utcnow())
    removed = await store.expire_rooms(timedelta(seconds=-1), keep={kept_id})
    assert removed >= 1
    assert await store.load_room(idle) is None
    assert await store.load_room(busy) is not None, "rooms with games never expire"
    assert await store.load_room(kept) is not None
    assert idle_id != busy_id


async def test_concurrent_moves_of_many_games_commit_together_and_fail_alone(store):
    games = []
    for _ in range(8):
        code = _code()
        await store.create_room(code, "h" * 64, {}, None)
        room = await claimed(store, code)
        games.append((room, await room.create_game(1, {}, PLAYERS, 7, 0, [], utcnow())))
    turn = [{"player": 0, "tile": "U"}]
    writes = [room.record_turns(g, 1, turn, None, utcnow()) for room, g in games]
    # the same turn twice for the first game: only that write fails
    first_room, first_game = games[0]
    writes.append(first_room.record_turns(first_game, 1, [{"player": 0, "tile": "V"}], None,
                                          utcnow()))
    results = await asyncio.gather(*writes, return_exceptions=True)
    assert results[:-1] == [None] * len(games)
    assert isinstance(results[-1], Conflict)
    for _room, game_id in games:
        game = await store.get_game(game_id, with_moves=True)
        assert game.moves == [{"player": 0, "tile": "U"}]


async def test_a_process_that_lost_the_room_can_write_nothing_for_it(store):
    code = _code()
    await store.create_room(code, "h" * 64, {}, SeatRecord(0, "Ann", "red", "a"))
    old = await claimed(store, code)
    game_id = await old.create_game(1, {}, PLAYERS, 7, 0, [], utcnow())
    await old.record_turns(game_id, 1, [{"player": 0, "tile": "U"}], None, utcnow())
    # Another process takes the room over (it was frozen, say): the old one is fenced off.
    new = await claimed(store, code)
    assert new.epoch == old.epoch + 1
    for write in (
        old.record_turns(game_id, 2, [{"player": 1, "tile": "V"}], None, utcnow()),
        old.take_seat(SeatRecord(1, "Bo", "blue", "b")),
        old.set_options({"seats": 3}),
        old.set_wake(utcnow()),
        old.create_game(2, {}, PLAYERS, 8, 1, [], utcnow()),
    ):
        with pytest.raises(Fenced):
            await write
    # Alongside other rooms' moves, the fenced write fails alone.
    other_code = _code()
    await store.create_room(other_code, "h" * 64, {}, None)
    other = await claimed(store, other_code)
    other_game = await other.create_game(1, {}, PLAYERS, 9, 0, [], utcnow())
    results = await asyncio.gather(
        old.record_turns(game_id, 2, [{"player": 1, "tile": "V"}], None, utcnow()),
        other.record_turns(other_game, 1, [{"player": 0, "tile": "U"}], None, utcnow()),
        new.record_turns(game_id, 2, [{"player": 1, "tile": "W"}], None, utcnow()),
        return_exceptions=True,
    )
    assert isinstance(results[0], Fenced) and results[1:] == [None, None]
    record = await store.load_room(code)
    assert record.game.moves == [{"player": 0, "tile": "U"}, {"player": 1, "tile": "W"}]
    assert [s.position for s in record.seats] == [0] and record.options == {}
