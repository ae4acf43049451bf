"""What a move costs on the wire: the diff every player and watcher gets, against a late-game
snapshot. Plays random games in-process through the server's own view and diff code (no
sockets, no timing: the figures are exact and repeat on any machine).

Usage: .venv/bin/python bench/state_size.py [--games 20] [--players 3]
"""

from __future__ import annotations

import argparse
import random
import statistics

from app.engine import COLORS, Game, Options, Player
from app.server.rooms.lobby import Lobby
from app.server.rooms.match import Match
from app.server.rooms.views import game_view, legal_message, next_game_view, room_view
from app.server.wire import messages as m
from app.server.wire.options import RoomOptions
from app.server.wire.patch import diff
from app.server.wire.state import State
from app.store import RoomRecord, SeatRecord


class Watcher:
    """A connection watching the game (what the room view counts)."""

    id, name, seat, host, token_hash = 1, "Cy", None, False, None


watchers = [Watcher()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    diffs: list[int] = []
    snapshots: list[int] = []
    legal: list[int] = []
    for seed in range(args.games):
        players = [Player(f"P{i}", COLORS[i]) for i in range(args.players)]
        game = Game(players, Options(abbot=seed % 2 == 1), seed)
        seats = [{"name": p.name, "color": p.color, "seat": i} for i, p in enumerate(players)]
        match = Match(seed, 1, RoomOptions(), seats, seed, game, None)
        rng = random.Random(seed)
        lobby = Lobby(RoomRecord(
            seed, f"room{seed:04}", "host", {}, 0, 1,
            [SeatRecord(i, p.name, p.color, f"hash{i}") for i, p in enumerate(players)], None,
        ))
        view = game_view(match, None)
        assert view is not None
        while not game.finished:
            game.play(rng.choice(list(game.legal_moves())))
            after = next_game_view(match, view)
            ops = diff({"game": view}, {"game": after})
            diffs.append(len(m.encode(m.Diff(seq=1000, ops=ops))))
            view = after
            if not game.finished:
                message = legal_message(match)
                assert message is not None
                legal.append(len(m.encode(message)))
            if game.tiles_left == 10:  # late game: ten tiles to go
                state = {"room": room_view(f"room{seed:04}", lobby, True, watchers), "game": view}
                snapshots.append(len(m.encode(m.Snapshot(
                    seq=1000, state=State.model_validate(state), chat=[], now=1.5e9))))
    late = statistics.median(snapshots)
    median = statistics.median(diffs)
    print(f"{args.games} games, {args.players} players, {len(diffs)} moves")
    print(f"diff per move (to every player and watcher): median {median:.0f} B, "
          f"p90 {sorted(diffs)[int(0.9 * len(diffs))]} B, max {max(diffs)} B")
    print(f"late-game snapshot (10 tiles left, one watcher, no chat): median {late:.0f} B; "
          f"median diff = {100 * median / late:.1f} % of it")
    print(f"legal placements, to the player to move only: median {statistics.median(legal):.0f} B")


if __name__ == "__main__":
    main()
