"""Shared fixtures: a real server (`python -m app` under uvicorn) in a subprocess, on SQLite or
on a fresh PostgreSQL database.

- `live_server`: base URL (`http://127.0.0.1:PORT`) of a server on a temporary SQLite file,
  one per test session (the e2e tests use it).
- `database_url`: parameterized over `sqlite` and `postgres`; `server` starts one server per
  backend for a test module.
- `server_factory(database_url, **env)`: a started `ServerProcess` of the test's own (it can be
  stopped with SIGTERM or killed with SIGKILL, then started again on the same database).

PostgreSQL: `127.0.0.1:5432`, user `postgres`, trust auth. A fresh `test_<random>` database is
made for the session and dropped after it. When PostgreSQL is unreachable the postgres tests are
skipped, unless the env var `CI` is set, in which case they fail.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from serverproc import ServerProcess

ROOT = Path(__file__).resolve().parents[1]
PG_HOST, PG_PORT, PG_USER = "127.0.0.1", 5432, "postgres"


def sqlite_url(directory: Path) -> str:
    """A SQLite URL for a new file in `directory`."""
    return f"sqlite+aiosqlite:///{directory / 'carcassonne.db'}"


def _pg_admin():
    import psycopg

    for dbname in ("test", "postgres"):
        try:
            return psycopg.connect(
                host=PG_HOST, port=PG_PORT, user=PG_USER, dbname=dbname,
                autocommit=True, connect_timeout=3,
            )
        except psycopg.OperationalError:
            continue
    return None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database for this session (dropped afterwards)."""
    try:
        admin = _pg_admin()
    except ImportError:
        admin = None
    if admin is None:
        reason = f"PostgreSQL is not reachable at {PG_HOST}:{PG_PORT} (user {PG_USER})"
        if os.environ.get("CI"):
            pytest.fail(reason + " and CI is set")
        pytest.skip(reason)
    name = f"test_{secrets.token_hex(6)}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql+asyncpg://{PG_USER}@{PG_HOST}:{PG_PORT}/{name}"
    finally:
        admin = _pg_admin()
        if admin is not None:
            with admin, contextlib.suppress(Exception):
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session", params=["sqlite", "postgres"])
def database_url(request, tmp_path_factory) -> str:
    """A database URL on each backend in turn (a fresh file / a fresh database)."""
    if request.param == "postgres":
        return request.getfixturevalue("postgres_url")
    return sqlite_url(tmp_path_factory.mktemp("sqlite"))


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
