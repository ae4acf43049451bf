"""What a move costs a room in Python, without sockets or a database: `Room.play` (check, the
engine's `play()`, the next view, its diff, encoding it once, queueing it on every
connection, the next player's `legal` message) on a room of two players and a watcher, with
the tests' in-memory store. Random legal moves, half of them with a figure; a finished game
is started again, as the host of `bench/server.py`'s rooms does.

    .venv/bin/python -m bench.server_move                      # CPU a move, 5 runs
    .venv/bin/python -m bench.server_move --moves 700 --runs 1
    .venv/bin/python -m bench.server_move --gap 0.002            # the loop idle 2 ms between moves
    .venv/bin/python -m bench.server_move --gap 0.002 --spin     # the same gap, busy-waited

`--gap` leaves the event loop idle between moves, as a server's loop is between two moves
that come apart (`bench/server.py` at a rate the server keeps up with). On this machine's
virtual CPUs a move that follows an idle moment costs about twice the CPU of one that
follows another move (caches and the virtual CPU are cold after it halts), while `--spin`,
which fills the same gap by busy-waiting, does not: so the server's CPU a move depends on
how often its loop goes idle, not only on what a move does (`bench/server-findings.md`).

CPU time is inflated by other work on a shared machine. For a figure the machine's load
does not move, count instructions: run it under valgrind with two lengths and divide the
difference by the moves between them (set-up and imports cancel out):

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        .venv/bin/python -m bench.server_move --moves 200 --runs 1     # then --moves 700
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "unit"))

from fakes import FakeClock, FakePeer, FakeStore, services, settle

from app.engine import Meeple, Move
from app.server.rooms.identity import hash_token
from app.server.rooms.room import Room
from app.server.wire import intents as i
from app.server.wire.facts import PROTOCOL_VERSION
from app.store import SeatRecord

TOKENS = ("ann-token", "bo-token")


class Socket(FakePeer):
    """A connection that reads only what tells it its seat (as cheap as a queue)."""

    def send(self, text: str) -> None:
        if text.startswith(('{"type":"seated"', '{"type":"you"')):
            super().send(text)


async def run(moves: int, seed: int, gap: float = 0.0, spin: bool = False) -> float:
    """Seconds of CPU `Room.play` took for `moves` random moves (a room seeded by `seed`),
    each after `gap` seconds of the loop idle (or, with `spin`, busy-waiting)."""
    store, clock = FakeStore(), FakeClock()
    seats = [SeatRecord(0, "Ann", "red", hash_token(TOKENS[0])),
             SeatRecord(1, "Bo", "blue", hash_token(TOKENS[1]))]
    store.add_room("benchroom", hash_token(TOKENS[0]), {"seats": 2}, seats)
    room = Room(store.load("benchroom"), services(store, clock, seed=seed))
    await room.start()
    host = Socket("Ann")
    for peer, token in ((host, TOKENS[0]), (Socket("Bo"), TOKENS[1]), (Socket("Cy"), None)):
        await room.join(peer, i.Hello(type="hello", protocol=PROTOCOL_VERSION, token=token,
                                      name=peer.name))
    rng = random.Random(seed)
    spent = 0.0
    for _ in range(moves):
        if room.match is None or room.match.game.finished:
            await room.handle(host, i.Start(type="start"))
            await settle()
        assert room.match is not None
        game = room.match.game
        legal = game.legal_moves()
        placement = rng.choice(legal.placements())
        spots = legal.spots(placement)
        meeple = None
        if spots and rng.random() < 0.5:
            spot = rng.choice(spots)
            meeple = Meeple(spot.kind, spot.at)
        if gap and spin:
            until = time.perf_counter() + gap
            while time.perf_counter() < until:
                pass
        elif gap:
            await asyncio.sleep(gap)
        started = time.process_time()
        await room.play(room.match.seat_to_move(), game.turn, Move(*placement, meeple))
        spent += time.process_time() - started
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1500, help="moves a run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--gap", type=float, default=0.0,
                        help="seconds the loop is idle before each move (not counted)")
    parser.add_argument("--spin", action="store_true", help="busy-wait the gap instead")
    args = parser.parse_args()
    gc.freeze()  # as the server does after start-up
    per_move = [1e6 * asyncio.run(run(args.moves, seed, args.gap, args.spin)) / args.moves
                for seed in range(args.runs)]
    how = "busy" if args.spin else "idle"
    gap = f", {args.gap * 1e3:g} ms {how} before each" if args.gap else ""
    print(f"Room.play{gap}, CPU a move: median {statistics.median(per_move):.0f} us "
          f"({min(per_move):.0f}-{max(per_move):.0f}, {args.runs} runs of {args.moves} moves)")


if __name__ == "__main__":
    main()
