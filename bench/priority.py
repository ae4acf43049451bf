"""Does a review slow a live room? A live room's bot reply and hint times, with and without
reviews running, on one real server (SQLite, one live worker process, one review worker).

    .venv/bin/python -m bench.priority [--samples 20] [--reviews 16]

1. Plays `--reviews` games of `--review-turns` random moves, each ended by its host.
2. Quiet: in a live room (a person against an `expert` bot, hints on request, no bot pause),
   the person asks for a hint and then moves, `--samples` times: the time from the `hint`
   sent to its answer, and from the person's move to the bot's answer in the state.
3. Busy: asks for the reviews of the finished games (they queue in the review lane, one at a
   time), then measures the same again in a new room (the same turns of a game as the quiet
   phase); the reviews must still be running at the end (it says so if they were not).

Prints the median, p90 and max of each, quiet and busy, and the machine's load average.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.server.wire.client import WireClient, random_place, seat_and_start
from tests.conftest import sqlite_url
from tests.serverproc import ServerProcess


async def room(base: str, http: httpx.AsyncClient, **options: object) -> tuple[str, str]:
    resp = await http.post("/api/rooms", json={"name": "Ann", "color": "red",
                                               "options": {"seats": 2, **options}})
    resp.raise_for_status()
    body = resp.json()
    return body["code"], body["token"]


async def move(client: WireClient, rng: random.Random) -> None:
    await client.placements()
    assert client.game is not None and client.legal is not None
    turn = client.game["turn"]
    await client.send(**random_place(client.game, client.legal, rng))
    await client.until(lambda c: c.game is not None and (c.game["turn"] > turn
                                                          or c.game["finished"]))


async def finished_game(server: ServerProcess, http: httpx.AsyncClient, turns: int,
                        rng: random.Random) -> int:
    code, token = await room(server.url, http)
    host = await WireClient.connect(server.ws_url, code, token=token, name="Ann",
                                    record=False)
    guest = await WireClient.connect(server.ws_url, code, name="Bo", record=False)
    await seat_and_start(host, guest)
    for _ in range(turns):
        mover = host if host.my_turn() else guest
        await move(mover, rng)
        await host.catch_up(mover.seq)
        await guest.catch_up(mover.seq)
    assert host.game is not None
    await host.send(type="end_game", turn=host.game["turn"])
    await host.until(lambda c: c.game is not None and c.game["finished"])
    game_id = int(host.game["id"])
    await host.close()
    await guest.close()
    return game_id


async def live_room(server: ServerProcess, http: httpx.AsyncClient) -> WireClient:
    """A started live room with hints on request: the person in seat 0, an expert bot."""
    code, token = await room(server.url, http, hints="request")
    person = await WireClient.connect(server.ws_url, code, token=token, name="Ann",
                                      record=False)
    await person.send(type="add_bot", seat=1, level="expert")
    await person.send(type="start")
    await person.until(lambda c: c.game is not None)
    return person


async def live_samples(person: WireClient, samples: int,
                       rng: random.Random) -> tuple[list[float], list[float]]:
    """`samples` hints and bot replies in the live room, in milliseconds."""
    hints, replies = [], []
    for _ in range(samples):
        await person.until(lambda c: c.my_turn() or (c.game is not None and c.game["finished"]),
                           timeout=60)
        assert person.game is not None
        if person.game["finished"]:
            break
        turn = person.game["turn"]
        t0 = time.perf_counter()
        await person.send(type="hint", turn=turn)
        await person.expect("hint", timeout=60)
        hints.append((time.perf_counter() - t0) * 1000)
        await person.placements()
        t0 = time.perf_counter()
        await person.send(**random_place(person.game, person.legal, rng))
        # The bot's reply: the game moves past the bot's turn (or ends).
        def answered(c: WireClient, turn: int = turn) -> bool:
            return c.game is not None and (
                c.game["finished"] or (c.game["turn"] > turn + 1 and c.my_turn())
            )

        await person.until(answered, timeout=60)
        replies.append((time.perf_counter() - t0) * 1000)
    return hints, replies


def figures(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"{name}: median {statistics.median(ordered):.0f} ms, p90 {p90:.0f} ms, "
            f"max {ordered[-1]:.0f} ms ({len(ordered)})")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--reviews", type=int, default=16)
    parser.add_argument("--review-turns", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(
            sqlite_url(Path(tmp)), Path(tmp) / "server.log", CARC_BOT_WORKERS="1",
            CARC_REVIEW_WORKERS="1", CARC_REVIEWS_AT_ONCE="1", CARC_BOT_PAUSE_SECONDS="0",
            # One person asks for every hint, faster than a person would: no bound per minute.
            CARC_HINTS_PER_ADDRESS_MINUTE="1000",
        ).start()
        try:
            async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
                games = [await finished_game(server, http, args.review_turns, rng)
                         for _ in range(args.reviews)]
                person = await live_room(server, http)
                quiet = await live_samples(person, args.samples, rng)
                await person.close()
                for game_id in games:
                    (await http.post(f"/api/games/{game_id}/review")).raise_for_status()
                # A new room, so that both phases measure the same turns of a game (a later
                # turn has more moves to rank, which costs more whatever else runs).
                person = await live_room(server, http)
                busy = await live_samples(person, args.samples, rng)
                last = (await http.get(f"/api/games/{games[-1]}/review")).json()
                first = (await http.get(f"/api/games/{games[0]}/review")).json()
                await person.close()
        except Exception:
            print(server.log_tail())
            raise
        finally:
            server.stop()
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("quiet:  " + figures("hint", quiet[0]) + "; " + figures("bot reply", quiet[1]))
    print("busy:   " + figures("hint", busy[0]) + "; " + figures("bot reply", busy[1]))
    print(f"reviews at the end: first {first['status']} ({first['progress']:.0%}), "
          f"last {last['status']} ({last['progress']:.0%}, place {last['place']})"
          + ("" if last["status"] == "running" else " - the reviews ended before the "
             "measurement: raise --reviews or --review-turns"))


if __name__ == "__main__":
    asyncio.run(main())
