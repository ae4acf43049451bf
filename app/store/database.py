"""The async database handle: URL normalization, engine and sessions, migrations at start."""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
from sqlalchemy import Connection, Engine, create_engine, event, exc, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

log = logging.getLogger(__name__)
T = TypeVar("T")
SQLITE_MIN_FREE_BYTES = 1 << 20  # less free on SQLite's disk: not ready (`writable`)
MIGRATION_LOCK = 20261130  # the advisory lock the processes migrating PostgreSQL share
# Drivers people write in URLs mapped to the async driver we ship.
_ASYNC_DRIVERS = {
    "sqlite": "sqlite+aiosqlite",
    "sqlite+pysqlite": "sqlite+aiosqlite",
    "postgres": "postgresql+asyncpg",
    "postgresql": "postgresql+asyncpg",
    "postgresql+psycopg": "postgresql+asyncpg",
    "postgresql+psycopg2": "postgresql+asyncpg",
}


# What the database answers when it is away, refuses connections or has no room left (as
# opposed to a query it found wrong): what `is_outage` sorts out of these. A connection that
# PostgreSQL refuses raises asyncpg's own error, not wrapped by SQLAlchemy.
OUTAGE_ERRORS: tuple[type[Exception], ...] = (
    exc.DBAPIError, exc.TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError, OSError,
)


def is_outage(error: BaseException) -> bool:
    """True when `error` says the database is away, refuses connections or is full, not that
    a query was wrong (a bug: a constraint, a type, a syntax)."""
    if isinstance(error, exc.IntegrityError | exc.ProgrammingError | exc.DataError):
        return False
    return isinstance(error, OUTAGE_ERRORS)


def normalize_url(url: str) -> str:
    """Return `url` with an async driver: `sqlite:///x.db` -> `sqlite+aiosqlite:///x.db`,
    `postgres://...` or `postgresql://...` -> `postgresql+asyncpg://...`."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise ValueError(f"not a database URL: {url!r}")
    scheme = _ASYNC_DRIVERS.get(scheme.lower(), scheme)
    return f"{scheme}://{rest}"


def migrations_dir() -> Path:
    """Where the Alembic scripts live: `migrations/` next to the `app` package (a source tree,
    an editable install, or the Docker image's working copy), else under the working dir."""
    here = Path(__file__).resolve().parents[2] / "migrations"
    if (here / "env.py").is_file():
        return here
    return Path.cwd() / "migrations"


class Database:
    """Owns the async engine and hands out sessions; one per process."""

    def __init__(self, url: str, *, echo: bool = False) -> None:
        self.url = normalize_url(url)
        self.is_sqlite = make_url(self.url).get_backend_name() == "sqlite"
        # No ping before each use (a round trip per move): a connection that dropped fails its
        # statement, and the store retries on a fresh one.
        kwargs: dict[str, Any] = {"echo": echo}
        if self.is_sqlite:
            # aiosqlite runs every connection in its own thread; waiting for a lock beats failing.
            kwargs["connect_args"] = {"timeout": 30}
        self.engine: AsyncEngine = create_async_engine(self.url, **kwargs)
        self._writes: Engine | None = None
        self._inline: Engine | None = None
        self._inline_conn: Connection | None = None
        self._write_thread: ThreadPoolExecutor | None = None
        if self.is_sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
            # The busiest writes (every move) go through one thread with a plain sqlite3
            # connection: a whole transaction per hand-over instead of one per statement.
            sync_url = make_url(self.url).set(drivername="sqlite+pysqlite")
            self._writes = create_engine(sync_url, connect_args={"timeout": 30})
            event.listen(self._writes, "connect", _sqlite_pragmas)
            self._write_thread = ThreadPoolExecutor(1, thread_name_prefix="sqlite-writes")
            # The same writes tried first on the event loop's own thread, never waiting for
            # the lock: a commit without a disk flush takes well under a millisecond, while a
            # thread that has to win the interpreter back from a busy loop waits up to 5 ms
            # for each of its statements (a burst of game starts queued behind them held
            # every move up for 100-300 ms).
            self._inline = create_engine(sync_url, connect_args={"timeout": 0})
            event.listen(self._inline, "connect", _sqlite_pragmas)
            event.listen(self._inline, "connect", _never_wait_for_the_lock)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)

    async def write(self, work: Callable[[Connection], T]) -> T:
        """Run `work(connection)` in one transaction (committed when it returns). On SQLite
        it runs on the calling thread when the write lock is free at once, else (nothing of
        it written) in the writes thread, which waits for the lock; elsewhere through the
        async driver."""
        if self._writes is None or self._inline is None:
            async with self.engine.begin() as conn:
                return await conn.run_sync(work)
        try:
            # One connection held for the life of the handle: a pool's check-out and reset on
            # return cost more than a small batch's statements. Only this thread writes on it,
            # and `work` does not await, so two transactions never interleave on it.
            if self._inline_conn is None:
                self._inline_conn = self._inline.connect()
            inline = self._inline_conn
            with inline.begin():
                return work(inline)
        except exc.OperationalError as error:
            if not _is_busy(error):
                raise
        # Another connection holds the write lock (a session's transaction, another process):
        # wait for it in the writes thread, where waiting holds up nothing else.
        writes = self._writes

        def transaction() -> T:
            with writes.begin() as conn:
                return work(conn)

        return await asyncio.get_running_loop().run_in_executor(self._write_thread, transaction)

    @asynccontextmanager
    async def driver_connection(self) -> AsyncIterator[Any]:
        """PostgreSQL: the driver's own connection (asyncpg) of a pooled connection, for the
        busiest write (the group commit's one statement), outside any transaction: each
        statement commits by itself. A connection that failed other than by the database's
        refusal is dropped from the pool."""
        async with self.engine.connect() as conn:
            pooled = await conn.get_raw_connection()
            try:
                yield pooled.driver_connection
            except asyncpg.PostgresError:
                raise  # refused by the database: the connection itself is fine
            except BaseException:
                pooled.invalidate()
                raise

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """A session inside one transaction: committed on success, rolled back on error."""
        async with self.sessions() as session, session.begin():
            yield session

    async def checkpoint_forever(self, period: float) -> None:
        """SQLite: every `period` seconds, copy the write-ahead log into the database without
        holding up writers (a passive checkpoint, on a connection of its own). Nothing to do
        for other databases."""
        if not self.is_sqlite:
            return
        while True:
            await asyncio.sleep(period)
            try:
                async with self.engine.connect() as conn:
                    await conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception as exc:  # the next one will do
                log.warning("SQLite checkpoint failed: %r", exc)

    async def ping(self) -> bool:
        """True when the database answers a trivial query."""
        try:
            async with self.engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
        except Exception:
            return False
        return True

    async def writable(self) -> bool:
        """True when the database takes a write (a row rewritten as it is, committed): false
        while it refuses writes, and for SQLite while its disk has less than 1 MiB free (a
        write that fits in the pages its files hold already may still pass then, the next
        move not)."""
        if self.is_sqlite:
            path = make_url(self.url).database
            if path and path != ":memory:":
                disk = os.statvfs(Path(path).resolve().parent)
                if disk.f_bavail * disk.f_frsize < SQLITE_MIN_FREE_BYTES:
                    return False

        def rewrite(conn: Connection) -> None:
            conn.execute(text("UPDATE alembic_version SET version_num = version_num"))

        try:
            await self.write(rewrite)
        except Exception:
            return False
        return True

    async def schema_current(self) -> bool:
        """True when the database's schema is at the newest migration this code knows."""
        try:
            async with self.engine.connect() as conn:
                found = (await conn.execute(text("SELECT version_num FROM alembic_version")))
                revisions = {row[0] for row in found}
        except Exception:
            return False
        return revisions == {head_revision()}

    async def wait_ready(self, timeout: float) -> None:
        """Wait up to `timeout` seconds for the database to answer (a database container may
        start after the app); raises the last connection error after that."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        delay = 0.25
        while True:
            try:
                async with self.engine.connect() as conn:
                    await conn.execute(text("SELECT 1"))
                return
            except Exception:
                if loop.time() + delay > deadline:
                    raise
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)

    async def migrate(self) -> None:
        """Bring the schema up to date (Alembic `upgrade head`).

        Alembic's env.py runs its own event loop, so it gets a worker thread of its own. On
        PostgreSQL the processes of a deployment that start together take turns (an advisory
        lock held meanwhile): the first migrates, the others find nothing to do."""
        if self.is_sqlite:
            await asyncio.to_thread(upgrade, self.url)
            return
        async with self.engine.connect() as conn:
            await conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
            try:
                await asyncio.to_thread(upgrade, self.url)
            finally:
                await conn.execute(
                    text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK}
                )

    async def dispose(self) -> None:
        """Close every pooled connection."""
        await self.engine.dispose()
        if self._writes is not None and self._write_thread is not None:
            self._write_thread.shutdown(wait=True)
            self._writes.dispose()
        if self._inline_conn is not None:
            self._inline_conn.close()
            self._inline_conn = None
        if self._inline is not None:
            self._inline.dispose()


def alembic_config(url: str):
    """An Alembic Config pointing at our scripts and `url`, without needing a cwd."""
    from alembic.config import Config

    directory = migrations_dir()
    ini = directory / "alembic.ini"
    config = Config(str(ini)) if ini.is_file() else Config()
    config.set_main_option("script_location", str(directory))
    # ConfigParser interpolation would choke on a '%' in a password.
    config.set_main_option("sqlalchemy.url", normalize_url(url).replace("%", "%%"))
    config.attributes["configure_logger"] = False
    return config


@functools.cache
def head_revision() -> str | None:
    """The newest migration of this code base."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()


def upgrade(url: str) -> None:
    """Run `alembic upgrade head` against `url` (blocking)."""
    from alembic import command

    command.upgrade(alembic_config(url), "head")


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    # WAL lets readers (archive pages) run while a move is being committed;
    # foreign keys are off by default in SQLite.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # In WAL mode NORMAL still survives a killed process (only a power cut can lose the last
    # commits) and spares a disk flush per commit: 4 ms here, the whole move budget.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    # The commit that fills the log would copy it into the database and flush the disk
    # itself, holding up every room's moves for tens of milliseconds: `Database.checkpoint`
    # does that in the background instead.
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


def _never_wait_for_the_lock(dbapi_connection, _record) -> None:
    # Set after `_sqlite_pragmas`: a busy database answers at once instead of after 30 s.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA busy_timeout=0")
    cursor.close()


def _is_busy(error: exc.OperationalError) -> bool:
    """True when SQLite refused `error`'s statement because another connection writes (the
    primary code SQLITE_BUSY, also its snapshot variant): nothing of it was written."""
    code = getattr(error.orig, "sqlite_errorcode", None)
    return code is not None and code & 0xFF == sqlite3.SQLITE_BUSY
