"""The store on each backend: migrations, constraints, the queries the rooms use."""

from __future__ import annotations

import asyncio
import secrets
from datetime import timedelta

import pytest

from app.store import Conflict, Database, Finish, SeatRecord, Store, normalize_url
from app.store.database import alembic_config


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


async def test_rooms_seats_and_codes_are_unique(store):
    code = _code()
    ann = SeatRecord(0, "Ann", "red", "a")
    room_id = await store.create_room(code, "h" * 64, {"seats": 3}, ann)
    with pytest.raises(Conflict):
        await store.create_room(code, "x" * 64, {}, None)
    with pytest.raises(Conflict):
        await store.take_seat(room_id, SeatRecord(0, "Bo", "blue", "b"))
    await store.take_seat(room_id, SeatRecord(1, "Bo", "blue", "b"))
    await store.free_seat(room_id, 0)
    record = await store.load_room(code)
    assert [s.position for s in record.seats] == [1]
    assert record.game is None and record.options == {"seats": 3}
    assert await store.load_room(_code()) is None


async def test_moves_are_numbered_once_and_games_finish(store):
    code = _code()
    room_id = await store.create_room(code, "h" * 64, {}, None)
    players = [
        {"name": "Ann", "color": "red", "seat": 0},
        {"name": "Bo", "color": "blue", "seat": 1},
    ]
    discard = {"player": 0, "discarded": "C"}
    game_id = await store.create_game(room_id, 1, {"tileset": "winter"}, players, 2**62 + 5, 1,
                                      [discard])
    assert code in await store.running_room_codes()
    await store.record_turns(game_id, 2, [{"player": 1, "tile": "U"}])
    with pytest.raises(Conflict):
        await store.record_turns(game_id, 2, [{"player": 1, "tile": "V"}])
    record = await store.load_room(code)
    assert record.last_starter == 1 and record.games_played == 1
    assert record.game.moves == [discard, {"player": 1, "tile": "U"}]
    assert record.game.seed == 2**62 + 5 and record.game.status == "running"
    await store.record_turns(game_id, 3, [], Finish([3, 4], [1], {"scores": [3, 4]}, True))
    game = await store.get_game(game_id, with_moves=True)
    assert game.finished and game.ended_early and game.final_scores == [3, 4]
    assert game.finished_at is not None and game.finished_at.tzinfo is not None
    assert code not in await store.running_room_codes()
    page = await store.finished_games(1, 100)
    assert game_id in [g.id for g in page.items] and page.total >= 1


async def test_idle_rooms_without_games_expire(store):
    idle, busy, kept = _code(), _code(), _code()
    idle_id = await store.create_room(idle, "h" * 64, {}, SeatRecord(0, "A", "red", "x"))
    busy_id = await store.create_room(busy, "h" * 64, {}, None)
    kept_id = await store.create_room(kept, "h" * 64, {}, None)
    await store.create_game(busy_id, 1, {}, [], 1, 0, [])
    removed = await store.expire_rooms(timedelta(seconds=-1), keep={kept_id})
    assert removed >= 1
    assert await store.load_room(idle) is None
    assert await store.load_room(busy) is not None, "rooms with games never expire"
    assert await store.load_room(kept) is not None
    assert idle_id != busy_id


async def test_concurrent_moves_of_many_games_commit_together_and_fail_alone(store):
    players = [
        {"name": "Ann", "color": "red", "seat": 0},
        {"name": "Bo", "color": "blue", "seat": 1},
    ]
    games = []
    for _ in range(8):
        room_id = await store.create_room(_code(), "h" * 64, {}, None)
        games.append(await store.create_game(room_id, 1, {}, players, 7, 0, []))
    writes = [store.record_turns(g, 1, [{"player": 0, "tile": "U"}]) for g in games]
    # the same turn twice for the first game: only that write fails
    writes.append(store.record_turns(games[0], 1, [{"player": 0, "tile": "V"}]))
    results = await asyncio.gather(*writes, return_exceptions=True)
    assert results[:-1] == [None] * len(games)
    assert isinstance(results[-1], Conflict)
    for game_id in games:
        game = await store.get_game(game_id, with_moves=True)
        assert game.moves == [{"player": 0, "tile": "U"}]
