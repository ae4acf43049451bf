"""Many slow games stored, few of them open: what a server start costs.

    .venv/bin/python -m bench.turnbased                       # 10,000 games in PostgreSQL
    .venv/bin/python -m bench.turnbased --games 2000 --open 100 --db sqlite

It seeds a fresh database (PostgreSQL at 127.0.0.1:5432 by default, dropped afterwards) with
`--games` unfinished turn-based games of 2 to 5 players, each played some random legal moves
into the game by the engine, every deadline still ahead, as if the server had stopped in the
middle of them. Then it starts `python -m app` on it and prints:

- how long the process takes from its start to `/api/health/ready` answering 200, and its
  resident memory then (the server loads no room it has no reason to);
- the same after opening `--open` rooms chosen at random as a watcher would (a websocket
  hello), each snapshot compared with the position the engine reaches from the moves the
  seeding kept in memory (board, figures, scores, supply, bag, the drawn tile: all equal, or
  the benchmark fails);
- what My games costs for a browser holding 20 of the seats;
- for comparison, what rebuilding every stored game at start would cost (as the server did
  before rooms were loaded on demand): the time and memory of replaying them all here.

Several runs (`--runs`) print each figure's median and spread.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import random
import statistics
import tempfile
import time
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from app.engine import COLORS, Game, Options, Player, restore
from app.server.rooms.identity import hash_token
from app.server.wire.client import WireClient
from app.server.wire.options import RoomOptions
from app.store.database import upgrade
from bench.procs import database  # the server benchmark's fresh databases
from tests.randomplay import play_random_moves
from tests.serverproc import ServerProcess

COMPARED = ("board", "players", "turn", "current_player", "drawn_tile", "bag", "turns")


def random_game(rng: random.Random, index: int) -> tuple[Game, list[dict[str, Any]], RoomOptions]:
    """A game some random legal moves in, with the players (turn order) and room options."""
    count = rng.randint(2, 5)
    options = RoomOptions(
        tileset=rng.choice(["winter", "classic"]), abbot=rng.random() < 0.3, seats=count,
        pace="turn", move_hours=rng.choice([12, 24, 48, 72]),
        game_days=rng.choice([None, 7, 14, 30]),
    )
    players = [
        {"name": f"P{index}-{seat}", "color": COLORS[seat], "seat": seat} for seat in range(count)
    ]
    game = Game([Player(p["name"], p["color"]) for p in players], options.game_options(),
                rng.randrange(2**63))
    play_random_moves(game, rng.randint(0, 60), rng, figure_odds=0.5)
    return game, players, options


def token(index: int, seat: int) -> str:
    return f"bench-token-{index}-{seat}"


def code(index: int) -> str:
    alphabet = "23456789abcdefghjkmnpqrstuvwxyz"
    digits = []
    for _ in range(8):
        index, digit = divmod(index, len(alphabet))
        digits.append(alphabet[digit])
    return "".join(digits)


def seed_games(url: str, count: int, rng: random.Random) -> tuple[dict[str, Game], float]:
    """Store `count` unfinished turn-based games; their games by room code, and the seconds
    the engine took to play them."""
    upgrade(url)
    now = datetime.now(UTC)
    rooms, seats, games, moves = [], [], [], []
    kept: dict[str, Game] = {}
    started = time.perf_counter()
    for i in range(1, count + 1):
        game, players, options = random_game(rng, i)
        room_code = code(i)
        kept[room_code] = game
        turns = [dict(t) for t in game.turns]
        begun = now - timedelta(hours=rng.uniform(1, 48))
        step = (now - begun) / (len(turns) + 1)
        last = begun + step * len(turns)
        wake = last + timedelta(hours=options.move_hours)
        if options.game_days is not None:
            wake = min(wake, begun + timedelta(days=options.game_days))
        rooms.append((i, room_code, hash_token(token(i, 0)), json.dumps(options.to_dict()),
                      players[0]["seat"], begun, begun, 1, wake))
        seats += [(i, p["seat"], p["name"], p["color"], hash_token(token(i, p["seat"])), begun)
                  for p in players]
        games.append((i, i, 1, json.dumps(options.to_dict()), json.dumps(players),
                      game.seed, "running", False, 0, begun, begun, begun))
        moves += [(i, n, json.dumps(t), begun + step * n) for n, t in enumerate(turns, 1)]
    engine_seconds = time.perf_counter() - started
    if url.startswith("sqlite"):
        _insert_sqlite(url, rooms, seats, games, moves)
    else:
        _insert_postgres(url, rooms, seats, games, moves)
    return kept, engine_seconds


ROOMS = "rooms (id, code, host_token_hash, options, last_starter, created_at, updated_at, " \
        "epoch, wake_at)"
SEATS = "seats (room_id, position, name, color, token_hash, created_at)"
GAMES = "games (id, room_id, number, options, players, seed, status, ended_early, turns, " \
        "created_at, started_at, updated_at)"
MOVES = "moves (game_id, number, turn, created_at)"


def _insert_postgres(url: str, *tables: list[tuple]) -> None:
    import psycopg

    dsn = url.replace("postgresql+asyncpg", "postgresql")
    with psycopg.connect(dsn) as conn, conn.cursor() as cur:
        for columns, rows in zip((ROOMS, SEATS, GAMES, MOVES), tables, strict=True):
            with cur.copy(f"COPY {columns} FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        for table in ("rooms", "games"):
            cur.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                        f"(SELECT max(id) FROM {table}))")
        cur.execute("ANALYZE")


def _insert_sqlite(url: str, *tables: list[tuple]) -> None:
    import sqlite3

    conn = sqlite3.connect(url.split("///", 1)[1])
    with conn:
        for columns, rows in zip((ROOMS, SEATS, GAMES, MOVES), tables, strict=True):
            marks = ", ".join("?" * len(rows[0]))
            conn.executemany(f"INSERT INTO {columns} VALUES ({marks})",
                             [tuple(_sqlite(v) for v in row) for row in rows])
    conn.close()


def _sqlite(value: Any) -> Any:
    return value.strftime("%Y-%m-%d %H:%M:%S.%f") if isinstance(value, datetime) else value


def rss_mb(pid: int, *, children: bool = True) -> float:
    """Resident memory of process `pid` (and its children)."""
    total = 0
    pids = [pid]
    kids = Path(f"/proc/{pid}/task/{pid}/children")
    if children and kids.exists():
        pids += [int(c) for c in kids.read_text().split()]
    for one in pids:
        for line in Path(f"/proc/{one}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


def wait_ready(server: ServerProcess, began: float) -> float:
    """Seconds from `began` until /api/health/ready answers 200."""
    while True:
        try:
            with urllib.request.urlopen(server.url + "/api/health/ready", timeout=2) as resp:
                if resp.status == 200:
                    return time.perf_counter() - began
        except OSError:
            pass
        time.sleep(0.02)


async def open_rooms(server: ServerProcess, kept: dict[str, Game], codes: list[str]) -> int:
    """Open each room as a watcher; the snapshot must show the position kept at seeding."""
    for room_code in codes:
        watcher = await WireClient.connect(server.ws_url, room_code, name="Watcher",
                                           record=False)
        await watcher.close()
        assert watcher.game is not None
        shown = watcher.game
        expected = {**kept[room_code].view(), "turns": [dict(t) for t in kept[room_code].turns]}
        for key in COMPARED:
            if shown[key] != expected[key]:
                raise SystemExit(f"room {room_code}: {key} differs from the stored position")
        figures = [{k: v for k, v in f.items() if k != "id"} for f in shown["figures"]]
        if figures != expected["figures"]:
            raise SystemExit(f"room {room_code}: the figures differ from the stored position")
    return len(codes)


async def my_games_seconds(server: ServerProcess, held: list[dict[str, str]]) -> float:
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        began = time.perf_counter()
        resp = await http.post("/api/my-games", json={"seats": held})
        elapsed = time.perf_counter() - began
    listed = resp.json()["games"]
    if resp.status_code != 200 or len(listed) != len(held):
        raise SystemExit(f"My games answered {resp.status_code} with {len(listed)} games")
    return elapsed


def rebuild_cost(kept: dict[str, Game]) -> tuple[float, float]:
    """Seconds and MB to rebuild every kept game from its moves, as a start-up that loads
    every unfinished game would: in a fresh interpreter, so the memory is the rebuild's own."""
    stored = [([(p.name, p.color) for p in g.players], g.options.to_dict(), g.seed,
               [dict(t) for t in g.turns]) for g in kept.values()]
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(_rebuild, (stored,))


def _rebuild(stored: list[tuple[Any, ...]]) -> tuple[float, float]:
    gc.collect()
    before = rss_mb(os.getpid(), children=False)
    began = time.perf_counter()
    rebuilt = [restore([Player(*p) for p in players], Options.from_dict(options), seed,
                       turns)
               for players, options, seed, turns in stored]
    elapsed = time.perf_counter() - began
    grown = rss_mb(os.getpid(), children=False) - before
    del rebuilt
    return elapsed, grown


def one_run(args: argparse.Namespace, run: int) -> dict[str, float]:
    rng = random.Random(args.seed + run)
    with tempfile.TemporaryDirectory() as workdir, database(args.db, Path(workdir)) as url:
        kept, engine_seconds = seed_games(url, args.games, rng)
        stored_moves = sum(len(g.turns) for g in kept.values())
        print(f"run {run + 1}: stored {len(kept)} games, {stored_moves} moves "
              f"(engine {engine_seconds:.1f} s)", flush=True)
        server = ServerProcess(url, Path(workdir) / "server.log")
        began = time.perf_counter()
        server.start(timeout=120)
        try:
            ready = wait_ready(server, began)
            assert server.proc is not None
            idle_mb = rss_mb(server.proc.pid)
            codes = rng.sample(sorted(kept), min(args.open, len(kept)))
            opened_at = time.perf_counter()
            asyncio.run(open_rooms(server, kept, codes))
            open_ms = (time.perf_counter() - opened_at) / len(codes) * 1000
            opened_mb = rss_mb(server.proc.pid)
            held = [{"room": c, "token": token(_index(c), 0)} for c in codes[:20]]
            my_games = asyncio.run(my_games_seconds(server, held)) * 1000
            my_games_again = asyncio.run(my_games_seconds(server, held)) * 1000
        finally:
            server.stop()
        rebuild_s, rebuild_mb = rebuild_cost(kept)
    figures = {
        "ready_s": ready, "idle_mb": idle_mb, "open_ms": open_ms, "opened_mb": opened_mb,
        "my_games_ms": my_games, "my_games_again_ms": my_games_again,
        "rebuild_s": rebuild_s, "rebuild_mb": rebuild_mb,
    }
    print("  " + "  ".join(f"{k} {v:.2f}" for k, v in figures.items()), flush=True)
    return figures


def _index(room_code: str) -> int:
    alphabet = "23456789abcdefghjkmnpqrstuvwxyz"
    return sum(alphabet.index(ch) * len(alphabet) ** i for i, ch in enumerate(room_code))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--open", type=int, default=50, help="rooms opened after start")
    parser.add_argument("--db", choices=["postgres", "sqlite"], default="postgres")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with open("/proc/loadavg") as f:
        print(f"load average: {f.read().split()[:3]}", flush=True)
    runs = [one_run(args, run) for run in range(args.runs)]
    print(f"\n{args.games} unfinished turn-based games on {args.db}, {args.open} opened; "
          f"median (min-max) of {len(runs)} runs:")
    labels = {
        "ready_s": "start to ready (s)",
        "idle_mb": "memory when ready (MB, with children)",
        "open_ms": "opening a room (ms, first watcher's snapshot)",
        "opened_mb": f"memory after opening {args.open} rooms (MB)",
        "my_games_ms": "My games, 20 seats, first ask (ms)",
        "my_games_again_ms": "My games, 20 seats, asked again (ms)",
        "rebuild_s": "rebuilding every game at start instead (s)",
        "rebuild_mb": "... and the memory it takes (MB)",
    }
    for key, label in labels.items():
        values = [r[key] for r in runs]
        print(f"  {label:<48} {statistics.median(values):8.2f}  "
              f"({min(values):.2f}-{max(values):.2f})")


if __name__ == "__main__":
    main()
