"""A flood of hints from one client, and another game's strong bot: how long the bot takes to
answer with and without the flood.

    .venv/bin/python -m bench.hintflood [--replies 12] [--attack-rooms 10] [--runs 3]

It starts `python -m app` on a fresh SQLite file with the shipped settings (one worker
process, a strong move and a hint of one second each, no pause before a bot moves). The
victim: a room where a person plays against a `strong` bot; the figure is the time from the
person's move being acknowledged to the bot's move arriving, over `--replies` bot moves. The
attacker (one client, one address): `--attack-rooms` rooms with hints on request, both seats
held, a `hint` on every turn plus three more, each answered (or refused: `busy`) before the
next, then the move. Each run measures the victim alone, then under the attack; the medians
of the runs are printed with their spread, the attacker's hints answered and refused, and the
load average.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import httpx

from app.server.wire.client import WireClient, random_place, seat_and_start
from tests.serverproc import ServerProcess


async def room(base: str, ws: str, **options: object) -> tuple[WireClient, str]:
    """A room of two seats: the host connected in seat 0 (red), and its code."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        answer = (await http.post("/api/rooms", json={
            "name": "Ann", "color": "red", "options": {"seats": 2, **options}})).json()
    host = await WireClient.connect(ws, answer["code"], token=answer["token"], name="Ann")
    return host, answer["code"]


async def victim(server: ServerProcess, replies: int, rng: random.Random) -> list[float]:
    """A person against a strong bot: the bot's reply times (seconds)."""
    host, _code = await room(server.url, server.ws_url)
    await host.send(type="add_bot", seat=1, level="strong")
    await host.until(lambda c: c.state["room"]["seats"][1]["bot"] == "strong")
    await host.send(type="start")
    await host.until(lambda c: c.game is not None)
    times: list[float] = []
    while len(times) < replies and not host.game["finished"]:
        if not host.my_turn():
            turn = host.game["turn"]
            await host.until(lambda c, t=turn: c.game["turn"] > t, timeout=120)
            continue
        await host.placements()
        turn = host.game["turn"]
        await host.send(**random_place(host.game, host.legal, rng))
        await host.until(lambda c, t=turn: c.game["turn"] > t)
        if host.game["finished"] or host.my_turn():
            continue
        sent = time.perf_counter()
        await host.until(lambda c, t=turn + 1: c.game["turn"] > t, timeout=120)
        times.append(time.perf_counter() - sent)
    await host.close()
    return times


async def attacker(server: ServerProcess, rooms: int, stop: asyncio.Event,
                   counts: dict[str, int]) -> None:
    """One client flooding hints in `rooms` rooms until `stop`."""

    async def one(index: int) -> None:
        rng = random.Random(index)
        host, code = await room(server.url, server.ws_url, hints="request")
        guest = await WireClient.connect(server.ws_url, code, name="Bo")
        await seat_and_start(host, guest)
        while not stop.is_set() and not host.game["finished"]:
            mover = host if host.my_turn() else guest
            turn = mover.game["turn"]
            for _ in range(4):
                await mover.send(type="hint", turn=turn)
                while (answer := await mover.recv(120))["type"] not in ("hint", "error"):
                    pass
                kind = answer.get("code", answer["type"])
                counts[kind] = counts.get(kind, 0) + 1
            await mover.placements()
            await mover.send(**random_place(mover.game, mover.legal, rng))
            await mover.until(lambda c, t=turn: c.game["turn"] > t)
            other = guest if mover is host else host
            await other.until(lambda c, t=turn: c.game["turn"] > t)
        await host.close()
        await guest.close()

    await asyncio.gather(*(one(i) for i in range(rooms)))


async def run(args: argparse.Namespace, directory: Path, index: int) -> tuple[float, float,
                                                                              dict[str, int]]:
    server = ServerProcess(f"sqlite+aiosqlite:///{directory / f'run{index}.db'}",
                           directory / f"server{index}.log", CARC_BOT_PAUSE_SECONDS="0")
    server.start()
    try:
        rng = random.Random(index)
        await victim(server, 1, rng)  # starts the worker process
        alone = await victim(server, args.replies, rng)
        stop, counts = asyncio.Event(), {}
        flood = asyncio.create_task(attacker(server, args.attack_rooms, stop, counts))
        await asyncio.sleep(5)  # the attack under way
        attacked = await victim(server, args.replies, rng)
        stop.set()
        await flood
    finally:
        server.stop()
    print(f"  alone {sorted(round(t, 2) for t in alone)}\n"
          f"  flood {sorted(round(t, 2) for t in attacked)}")
    return statistics.median(alone), statistics.median(attacked), counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replies", type=int, default=12)
    parser.add_argument("--attack-rooms", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()}")
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(args.runs):
            alone, attacked, counts = asyncio.run(run(args, Path(tmp), index))
            print(f"run {index + 1}: strong reply median {alone:.2f} s alone, "
                  f"{attacked:.2f} s under the flood; attacker's hints {counts}")
            results.append((alone, attacked))
    for name, values in (("alone", [r[0] for r in results]),
                         ("flood", [r[1] for r in results])):
        print(f"{name}: median of runs {statistics.median(values):.2f} s "
              f"(spread {min(values):.2f}-{max(values):.2f})")
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
