"""Shared fixtures: a real server (`python -m app` under uvicorn) in a subprocess, on SQLite or
on a fresh PostgreSQL database.

- `live_server`: base URL (`http://127.0.0.1:PORT`) of a server on a temporary SQLite file,
  one per test session (the e2e tests use it).
- `database_url`: parameterized over `sqlite` and `postgres`; `server` starts one server per
  backend for a test module.
- `own_database_url`: a database of the test's own, on the backend of `database_url`.
- `server_factory(own_database_url, **env)`: a started `ServerProcess` of the test's own (it
  can be stopped with SIGTERM or killed with SIGKILL, then started again on the same database).

PostgreSQL: `127.0.0.1:5432`, user `postgres`, trust auth. A fresh `test_<random>` database is
made for the session and dropped after it. When PostgreSQL is unreachable the postgres tests
fail (never skip): leave them out with `-k "not postgres"`.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.serverproc import ServerProcess

ROOT = Path(__file__).resolve().parents[1]
PG_HOST, PG_PORT, PG_USER = "127.0.0.1", 5432, "postgres"


def sqlite_url(directory: Path) -> str:
    """A SQLite URL for a new file in `directory`."""
    return f"sqlite+aiosqlite:///{directory / 'carcassonne.db'}"


def _pg_admin() -> psycopg.Connection:
    """A connection to the server's `test` database, else to `postgres`; fails the test when
    neither answers."""
    for dbname in ("test", "postgres"):
        try:
            return psycopg.connect(
                host=PG_HOST, port=PG_PORT, user=PG_USER, dbname=dbname,
                autocommit=True, connect_timeout=3,
            )
        except psycopg.OperationalError as exc:
            error = exc  # the database may be missing: try the next one
    pytest.fail(f"PostgreSQL is not reachable at {PG_HOST}:{PG_PORT} (user {PG_USER}): {error}"
                ' (leave the postgres tests out with -k "not postgres")')


@contextlib.contextmanager
def fresh_postgres() -> Iterator[str]:
    """A new PostgreSQL database, dropped afterwards; fails the test without PostgreSQL."""
    name = f"test_{secrets.token_hex(6)}"
    with _pg_admin() as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql+asyncpg://{PG_USER}@{PG_HOST}:{PG_PORT}/{name}"
    finally:
        with _pg_admin() as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database for this session (dropped afterwards)."""
    with fresh_postgres() as url:
        yield url


@pytest.fixture(scope="session", params=["sqlite", "postgres"])
def database_url(request, tmp_path_factory) -> str:
    """A database URL on each backend in turn (a fresh file / a fresh database)."""
    if request.param == "postgres":
        return request.getfixturevalue("postgres_url")
    return sqlite_url(tmp_path_factory.mktemp("sqlite"))


@pytest.fixture
def fresh_postgres_url() -> Iterator[str]:
    """A PostgreSQL database of this test's own (several server processes share it)."""
    with fresh_postgres() as url:
        yield url


@pytest.fixture
def own_database_url(database_url, tmp_path) -> Iterator[str]:
    """A database of this test's own, on the backend of `database_url`. A server process
    that runs alone (no `REDIS_URL`) must be the only one on its database: it takes every
    room there that has work due."""
    if database_url.startswith("postgresql"):
        with fresh_postgres() as url:
            yield url
    else:
        yield sqlite_url(tmp_path)


@pytest.fixture(scope="session")
def server(database_url, tmp_path_factory) -> Iterator[ServerProcess]:
    """A running server on `database_url`, shared by the session."""
    proc = ServerProcess(database_url, tmp_path_factory.mktemp("logs") / "server.log")
    proc.start()
    try:
        yield proc
    finally:
        proc.stop()


@pytest.fixture
def server_factory(tmp_path) -> Iterator:
    """`make(database_url, **env)` -> a started `ServerProcess` of the test's own; every one is
    killed after the test."""
    servers: list[ServerProcess] = []

    def make(database_url: str, **env: str) -> ServerProcess:
        proc = ServerProcess(database_url, tmp_path / f"server{len(servers)}.log", **env)
        servers.append(proc)
        return proc.start()

    yield make
    for proc in servers:
        proc.kill()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory) -> Iterator[str]:
    """Base URL of a server on a temporary SQLite database (for the browser tests)."""
    directory = tmp_path_factory.mktemp("live")
    proc = ServerProcess(sqlite_url(directory), directory / "server.log")
    proc.start()
    try:
        yield proc.url
    finally:
        proc.stop()
