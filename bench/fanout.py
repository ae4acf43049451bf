"""What one move costs the room that sends it: the next game view, its diff against the state
last sent, encoding it once and queueing it on every connection (`Broadcaster.publish`), for
random games played in-process (no sockets, no store).

Usage: .venv/bin/python bench/fanout.py [--games 10] [--peers 6] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from app.engine import COLORS, Game, Options, Player
from app.server.rooms.broadcast import Broadcaster
from app.server.rooms.match import Match
from app.server.rooms.views import game_view, next_game_view
from app.server.wire.options import RoomOptions


class Socket:
    """A connection of this process that keeps what it is sent (as a queue would)."""

    process = None

    def __init__(self, id: int) -> None:
        self.id = self.conn_id = id
        self.name, self.seat, self.host, self.token_hash = f"P{id}", None, False, None
        self.sent: list[str] = []

    def send(self, text: str) -> None:
        self.sent.append(text)

    def close(self, code: int, reason: str = "") -> None:
        """Never closed here."""

    def allow_chat(self, now: float) -> bool:
        return True


def run(games: int, peers: int) -> tuple[float, int]:
    """Seconds spent in the view, diff, encode and fan-out of every move, and the moves."""
    spent, moves = 0.0, 0
    for seed in range(games):
        players = [Player(f"P{i}", COLORS[i]) for i in range(3)]
        game = Game(players, Options(abbot=seed % 2 == 1), seed)
        seats = [{"name": p.name, "color": p.color, "seat": i} for i, p in enumerate(players)]
        match = Match(seed, 1, RoomOptions(), seats, seed, game, None)
        broadcast = Broadcaster(f"room{seed}", {"room": {}, "game": game_view(match, None)})
        broadcast.peers = {Socket(i) for i in range(peers)}  # type: ignore[misc]
        rng = random.Random(seed)
        while not game.finished:
            game.play(rng.choice(list(game.legal_moves())))
            started = time.perf_counter()
            broadcast.publish({"game": next_game_view(match, broadcast.state["game"])})
            spent += time.perf_counter() - started
            moves += 1
    return spent, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--peers", type=int, default=6)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    per_move = []
    for _ in range(args.runs):
        spent, moves = run(args.games, args.peers)
        per_move.append(1e6 * spent / moves)
    print(f"{args.games} games, {moves} moves, {args.peers} connections: view + diff + encode + "
          f"fan-out per move median {statistics.median(per_move):.1f} us "
          f"(runs {min(per_move):.1f}-{max(per_move):.1f})")


if __name__ == "__main__":
    main()
