"""SQLite's writes: tried on the loop's thread, and waiting in the writes thread when another
connection holds the write lock (never failing, never written twice)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest
from sqlalchemy import Connection, text
from sqlalchemy.exc import OperationalError

from app.store import Database


async def _database(tmp_path) -> tuple[Database, str]:
    path = tmp_path / "w.db"
    db = Database(f"sqlite:///{path}")
    await db.migrate()
    await db.write(lambda conn: conn.execute(text("CREATE TABLE t (n INTEGER)")))
    return db, str(path)


def _insert(n: int):
    def work(conn: Connection) -> str:
        conn.execute(text("INSERT INTO t VALUES (:n)"), {"n": n})
        return threading.current_thread().name

    return work


async def _rows(db: Database) -> list[int]:
    async with db.engine.connect() as conn:
        return [n for (n,) in (await conn.execute(text("SELECT n FROM t ORDER BY n")))]


async def test_a_write_with_the_lock_free_runs_on_the_calling_thread(tmp_path):
    db, _ = await _database(tmp_path)
    try:
        where = await db.write(_insert(1))
        assert where == threading.current_thread().name
        assert await _rows(db) == [1]
    finally:
        await db.dispose()


async def test_a_write_waits_for_a_lock_another_connection_holds(tmp_path):
    db, path = await _database(tmp_path)
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        other.execute("BEGIN IMMEDIATE")  # holds the write lock
        other.execute("INSERT INTO t VALUES (7)")
        write = asyncio.ensure_future(db.write(_insert(2)))
        # The loop is not held up while the write waits for the lock: a read goes through,
        # and does not see what the other connection has not committed.
        assert await _rows(db) == []
        assert not write.done()
        other.execute("COMMIT")
        where = await write
        assert where.startswith("sqlite-writes")
        assert await _rows(db) == [2, 7]  # written once, after the lock was let go
    finally:
        other.close()
        await db.dispose()


async def test_a_failing_write_on_the_calling_thread_writes_nothing(tmp_path):
    db, _ = await _database(tmp_path)

    def half(conn: Connection) -> None:
        conn.execute(text("INSERT INTO t VALUES (3)"))
        conn.execute(text("INSERT INTO nowhere VALUES (3)"))

    try:
        with pytest.raises(OperationalError, match="nowhere"):
            await db.write(half)
        assert await _rows(db) == []
    finally:
        await db.dispose()
