"""Outages of what the server stands on, against real servers: PostgreSQL refusing every
connection for a while (its backends terminated), a full SQLite disk (a small tmpfs: the
tests run as root), and what the server says meanwhile."""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest
from sqlalchemy.engine import make_url
from wsclient import Client, create_room, play_turn, start

pytestmark = pytest.mark.asyncio(loop_scope="function")


def _admin() -> psycopg.Connection:
    return psycopg.connect(host="127.0.0.1", port=5432, user="postgres", dbname="postgres",
                           autocommit=True, connect_timeout=3)


@contextlib.contextmanager
def postgres_down(url: str) -> Iterator[None]:
    """While inside: database `url` refuses new connections and its open ones are cut."""
    name = make_url(url).database
    with _admin() as admin:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = %s AND pid <> pg_backend_pid()", (name,))
    try:
        yield
    finally:
        with _admin() as admin:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')


def stored_turns(url: str, game_id: int) -> list[int]:
    """The numbers of the moves stored for game `game_id`, in order."""
    with psycopg.connect(host="127.0.0.1", port=5432, user="postgres",
                         dbname=make_url(url).database, autocommit=True) as conn:
        rows = conn.execute("SELECT number FROM moves WHERE game_id = %s ORDER BY number",
                            (game_id,)).fetchall()
    return [number for (number,) in rows]


async def store_failures(http: httpx.AsyncClient, at_least: int) -> None:
    """Wait until the server has counted `at_least` failed writes of a move."""
    while True:
        text = (await http.get("/metrics")).text
        found = re.search(r'^carc_errors_total\{where="store"\} (\S+)$', text, re.M)
        if found and float(found.group(1)) >= at_least:
            return
        await asyncio.sleep(0.05)  # polling the counter: the event we wait for is in it


async def test_a_bot_whose_move_was_not_stored_moves_once_the_database_is_back(
    server_factory, fresh_postgres_url,
):
    # The bot waits 4 s before it moves, so the database is down before it stores its move.
    server = server_factory(fresh_postgres_url, CARC_BOT_PAUSE_SECONDS="4")
    room = await create_room(server.url, seats=2)
    host = await Client.connect(server.ws_url, room["code"], token=room["token"], name="Ann")
    await host.send(type="add_bot", seat=1, level="easy")
    await host.until(lambda c: c.state["room"]["seats"][1]["bot"] == "easy")
    await start(host)
    rng = random.Random(3)
    if not host.my_turn():
        turn = host.game["turn"]
        await host.until(lambda c: c.game["turn"] > turn, timeout=15)
    await play_turn([host], rng)
    bot_turn = host.game["turn"]
    assert not host.my_turn()
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        with postgres_down(fresh_postgres_url):
            # The bot's move fails to store, and its retries fail too.
            await asyncio.wait_for(store_failures(http, 3), 30)
            assert host.game["turn"] == bot_turn
        # The database is back: the bot's move lands, within a few seconds.
        await host.until(lambda c: c.game["turn"] > bot_turn, timeout=15)
        # The game goes on; nothing was lost or stored twice.
        for _ in range(2):
            if host.my_turn():
                await play_turn([host], rng)
            else:
                turn = host.game["turn"]
                await host.until(lambda c, t=turn: c.game["turn"] > t, timeout=15)
        assert await host.resync() == host.state
        game = host.game
        assert stored_turns(fresh_postgres_url, game["id"]) == list(range(1, game["turn"] + 1))
    log = server.log_path.read_text()
    assert "stored after" in log
    assert log.count("could not store turn") == 1  # said once (with its traceback), counted
    assert not [e for e in host.errors if e["code"] != "server_error"]


async def test_http_during_a_postgres_outage_answers_503_as_json(server_factory,
                                                                  fresh_postgres_url):
    server = server_factory(fresh_postgres_url)
    room = await create_room(server.url)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        with postgres_down(fresh_postgres_url):
            for _ in range(3):
                answers = [
                    await http.post("/api/rooms", json={"name": "Ann"}),
                    await http.get("/api/games"),
                    await http.get("/api/games/1"),
                    await http.get("/api/games/1/log"),
                    await http.post("/api/my-games", json={"seats": [
                        {"room": room["code"], "token": room["token"]}]}),
                ]
                for answer in answers:
                    assert answer.status_code == 503, (answer.request.url, answer.text)
                    assert answer.headers["retry-after"] == "5"
                    assert answer.json()["code"] == "unavailable"
            ready = await http.get("/api/health/ready")
            assert ready.status_code == 503 and ready.json()["database"] is False
        assert (await http.get("/api/games")).status_code == 200
        assert (await http.get("/api/health/ready")).status_code == 200
    log = server.log_path.read_text()
    assert log.count("the database failed") == 1  # 15 requests refused: said once


@contextlib.contextmanager
def small_disk(directory: Path, megabytes: int) -> Iterator[Path]:
    """A tmpfs of `megabytes` mounted at `directory` while inside (the tests run as root)."""
    directory.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={megabytes}m", "tmpfs",
                    str(directory)], check=True)
    try:
        yield directory
    finally:
        subprocess.run(["umount", "-l", str(directory)], check=True)


def fill(path: Path) -> None:
    """Write `path` until its disk is full."""
    with path.open("wb") as out, contextlib.suppress(OSError):
        while True:
            out.write(b"\0" * 65536)
            out.flush()


async def test_a_full_sqlite_disk_is_not_ready_and_answers_503(server_factory, tmp_path):
    with small_disk(tmp_path / "disk", 16) as disk:
        server = server_factory(f"sqlite+aiosqlite:///{disk / 'carcassonne.db'}")
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            assert (await http.get("/api/health/ready")).json()["writes"] is True
            fill(disk / "filler")
            # Rooms until the database has no room left (what is free in its files first).
            for _ in range(2000):
                answer = await http.post("/api/rooms", json={"name": "Ann"})
                if answer.status_code != 201:
                    break
            assert answer.status_code == 503, answer.text
            assert answer.headers["retry-after"] == "5"
            assert answer.json()["code"] == "unavailable"
            ready = await http.get("/api/health/ready")
            assert ready.status_code == 503
            assert ready.json()["writes"] is False and ready.json()["database"] is True
            (disk / "filler").unlink()
            assert (await http.post("/api/rooms", json={"name": "Ann"})).status_code == 201
            assert (await http.get("/api/health/ready")).status_code == 200
        server.kill()
    assert "Exception in ASGI" not in server.log_path.read_text()
