"""Property tests over random complete games: both tilesets, every option combination (The
River included), 2 to 5 players, random legal placements, random legal figures and abbot
returns.

The default run plays about `ENGINE_GAMES` (800) games; set `ENGINE_GAMES=5000` for a long run.
Checks use this suite's own tile table and placement rules (conftest.py), not the engine's:
edges of every placed tile, the legal placements themselves (the river's open end, U-turns and
drawing order too), figure spots against the tile's segments, discards.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import Game, IllegalMoveError, Meeple, Move, Options, Placement
from tests.unit.conftest import (
    OFFSETS,
    OPPOSITE,
    RIVER_IDS,
    SLOTS,
    TILE_TABLE,
    Geometry,
    expected_counts,
    players,
    rotated_edges,
    rotated_segments,
)

GAMES = int(os.environ.get("ENGINE_GAMES", "800"))
OPTION_SETS = [
    Options(tileset, farmers, abbot, river)
    for tileset in ("winter", "classic")
    for farmers in (True, False)
    for abbot in (True, False)
    for river in (False, True)
]


class Checker:
    """Plays one random game and checks every invariant along the way."""

    def __init__(self, seed: int, n_players: int, options: Options, rng: random.Random) -> None:
        self.seed = seed
        self.players = players(n_players)
        self.options = options
        self.rng = rng
        self.game = Game(self.players, options, seed=seed)
        self.geometry = Geometry(options.river)
        self.board = self.geometry.board
        self.snapshot: tuple[int, dict] | None = None
        self.figure_rate = rng.random()

    # -- the whole game ------------------------------------------------------------------------

    def run(self) -> Game:
        game = self.game
        self.check_discards(0)
        snapshot_at = self.rng.randrange(1, 60)
        while not game.finished:
            scores = list(game.scores)
            turns_before = len(game.turns)
            tile = game.drawn_tile
            assert tile is not None
            placements = game.legal_placements()
            assert placements, f"drawn tile {tile} fits nowhere but was not discarded"
            if self.rng.random() < 0.25 or tile in RIVER_IDS:
                got = {(p.x, p.y, p.rot) for p in placements}
                assert got == self.geometry.legal(tile), f"legal placements of {tile}"
            placement = self.rng.choice(placements)
            spots = game.figure_spots(placement)
            self.check_spots(tile, placement, spots)
            if self.rng.random() < 0.1:
                self.check_illegal_moves(tile, placement, spots)
            move = self.choose_move(placement, spots)
            mover = game.current_player
            events = game.play(move)
            self.geometry.place(tile, placement.x, placement.y, placement.rot)
            self.check_placed_edges(placement.x, placement.y)
            # scores never fall; the turn's events are the score change
            delta = [0] * len(scores)
            for e in events:
                assert e.points > 0 and e.players
                assert list(e.players) == sorted(set(e.players))
                for p in e.players:
                    delta[p] += e.points
            assert all(n >= o for n, o in zip(game.scores, scores, strict=True))
            if not game.finished:
                assert [o + d for o, d in zip(scores, delta, strict=True)] == game.scores
            placed = game.turns[turns_before]
            assert placed["tile"] == tile and placed["player"] == mover
            assert (placed["x"], placed["y"], placed["rot"]) == (placement.x, placement.y,
                                                                 placement.rot)  # fmt: skip
            self.check_discards(turns_before + 1)
            if not game.finished:  # the final scoring takes figures off and gives none back
                self.check_figures()
            if self.snapshot is None and game.turn >= snapshot_at and not game.finished:
                self.snapshot = (game.turn, game.view())
                self.check_features()
        self.check_end()
        return game

    def choose_move(self, placement: Placement, spots: list) -> Move:
        game = self.game
        if game.can_return_abbot() and self.rng.random() < 0.15:
            return Move(placement.x, placement.y, placement.rot, None, True)
        if spots and self.rng.random() < self.figure_rate:
            spot = self.rng.choice(spots)
            at = self.rng.choice(spot.slots) if spot.at != "C" else "C"
            return Move(placement.x, placement.y, placement.rot, Meeple(spot.kind, at))
        return Move(placement.x, placement.y, placement.rot)

    # -- checks --------------------------------------------------------------------------------

    def check_placed_edges(self, x: int, y: int) -> None:
        """Every placed edge matches its neighbour (TILES.md), by this suite's tile table."""
        mine = rotated_edges(*self.board[(x, y)])
        touching = 0
        for side, (dx, dy) in OFFSETS.items():
            other = self.board.get((x + dx, y + dy))
            if other is not None:
                touching += 1
                assert rotated_edges(*other)[OPPOSITE[side]] == mine[side], (x, y, side)
        assert touching

    def check_spots(self, tile: str, placement: Placement, spots: list) -> None:
        game, options = self.game, self.options
        followers, abbots = game.supply(game.current_player)
        segs = {frozenset(s["slots"]): s["kind"] for s in rotated_segments(tile, placement.rot)}
        centre = TILE_TABLE[tile][2]
        for spot in spots:
            assert spot.feature != "river"
            if spot.at == "C":
                assert centre is not None and spot.feature == centre
                if spot.kind == "follower":
                    assert centre == "monastery" and followers > 0
                else:
                    assert options.abbot and abbots > 0
            else:
                assert spot.kind == "follower" and followers > 0
                assert segs.get(frozenset(spot.slots)) == spot.feature
                assert spot.at in spot.slots
                assert options.farmers or spot.feature != "field"

    def check_illegal_moves(self, tile: str, placement: Placement, spots: list) -> None:
        """Illegal moves raise IllegalMoveError and leave view() unchanged."""
        game = self.game
        x, y, rot = placement.x, placement.y, placement.rot
        attempts = [Move(0, 0, 0), Move(x, y, 45)]
        open_cells = {(a + dx, b + dy) for a, b in self.board for dx, dy in OFFSETS.values()}
        bad = [
            (cx, cy, r)
            for cx, cy in sorted(open_cells - set(self.board))
            for r in (0, 90, 180, 270)
            if not self.geometry.is_legal(tile, cx, cy, r)
        ]
        if bad:
            attempts.append(Move(*self.rng.choice(bad)))
        free = {s for spot in spots if spot.kind == "follower" for s in spot.slots}
        taken = [s for s in (*SLOTS, "C") if s not in free]
        if taken:
            attempts.append(Move(x, y, rot, Meeple("follower", self.rng.choice(taken))))
        if not any(s.kind == "abbot" for s in spots):
            attempts.append(Move(x, y, rot, Meeple("abbot", "C")))
        if not game.can_return_abbot():
            attempts.append(Move(x, y, rot, None, True))
        elif spots:
            spot = spots[0]
            attempts.append(Move(x, y, rot, Meeple(spot.kind, spot.at), True))
        before = game.view()
        turns = list(game.turns)
        for move in attempts:
            with pytest.raises(IllegalMoveError):
                game.play(move)
            assert game.view() == before, move
            assert game.turns == turns
        assert game.drawn_tile == tile

    def check_features(self) -> None:
        """The feature inspector agrees with the end-of-game scoring: every occupied feature's
        `points_end`, to its majority, adds up to what ending the game now would give."""
        game = self.game
        n = len(self.players)
        want = [0] * n
        for feature in game.features():
            assert feature["kind"] != "river"
            raw = feature["followers"]
            counts = [raw.get(i, 0) for i in range(n)] if isinstance(raw, dict) else list(raw)
            if max(counts) == 0:
                continue
            assert not feature["complete"] or feature["kind"] == "field", feature
            for i, c in enumerate(counts):
                if c == max(counts):
                    want[i] += feature["points_end"]
        ended = game.copy()
        before = list(ended.scores)
        ended.end_early()
        assert [a - b for a, b in zip(ended.scores, before, strict=True)] == want
        assert game.view() == self.game.view() and not game.finished

    def check_discards(self, start: int) -> None:
        """Turns recorded after a placement are discards of tiles that fit nowhere."""
        for turn in self.game.turns[start:]:
            assert set(turn) == {"player", "discarded"}, turn
            self.geometry.discard(turn["discarded"])
        view = self.game.view()
        if self.options.river:
            cell = self.geometry.open
            want = None if cell is None else {"x": cell[0], "y": cell[1]}
            assert view["river"] == {"open": want}
        else:
            assert "river" not in view

    def check_figures(self) -> None:
        """Each player's figures in supply plus on the board equal their total."""
        view = self.game.view()
        on_board = Counter((f["player"], f["kind"]) for f in view["figures"])
        for i, entry in enumerate(view["players"]):
            followers, abbots = self.game.supply(i)
            assert (entry["followers"], entry["abbot"]) == (followers, abbots)
            assert followers + on_board[(i, "follower")] == 7
            assert abbots + on_board[(i, "abbot")] == (1 if self.options.abbot else 0)
            assert entry["score"] == self.game.scores[i]
        cells = [(f["x"], f["y"]) for f in view["figures"]]
        assert all(c in self.board for c in cells)
        assert len(view["board"]) == len(self.board)

    def check_end(self) -> None:
        game = self.game
        assert game.finished and not game.ended_early
        assert game.tiles_left == 0 and game.drawn_tile is None
        # every tile of the box is placed or discarded exactly once
        used = Counter(tile for tile, _ in self.board.values())
        used += Counter(t["discarded"] for t in game.turns if "discarded" in t)
        assert used == Counter(expected_counts(game.options.tileset, game.options.river))
        assert len(game.turns) == sum(used.values()) - 1
        # the view's board is this board
        view_board = {(b["x"], b["y"]): (b["tile"], b["rot"]) for b in game.view()["board"]}
        assert view_board == self.board
        # final events: flagged, numbered with the last turn, after the others
        last = len(game.turns)
        flags = [e.final for e in game.events]
        assert flags == sorted(flags)
        assert all(e.turn == last for e in game.events if e.final)
        assert all(1 <= e.turn <= last for e in game.events)
        # the final scores are the sum of the events
        totals = [0] * len(self.players)
        for e in game.events:
            for p in e.players:
                totals[p] += e.points
        assert totals == game.scores
        results = game.results()
        best = max(game.scores)
        assert results["winners"] == [i for i, s in enumerate(game.scores) if s == best]
        for i, parts in enumerate(results["breakdown"]):
            assert sum(parts.values()) == game.scores[i]
        self.check_rebuilds()

    def check_rebuilds(self) -> None:
        """Export the log and replay it; restore from the seed and turns: identical state."""
        game = self.game
        log = game.to_log()
        assert "seed" not in log
        again = Game.from_log(log)
        assert again.view() == game.view()
        assert again.scores == game.scores
        assert [e.to_dict() for e in again.events] == [e.to_dict() for e in game.events]
        assert again.turns == game.turns
        assert again.results() == game.results()
        restored = Game.restore(self.players, self.options, self.seed, game.turns)
        assert restored.view() == game.view()
        assert [e.to_dict() for e in restored.events] == [e.to_dict() for e in game.events]
        if self.snapshot is not None:
            turn, view = self.snapshot
            partial = Game.restore(self.players, self.options, self.seed, game.turns[:turn])
            assert partial.view() == view


def play_and_check(seed: int, n_players: int, options: Options) -> Game:
    return Checker(seed, n_players, options, random.Random(seed * 7919 + n_players)).run()


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: f"{o.tileset}-f{o.farmers:d}-a{o.abbot:d}-r{o.river:d}"
)
def test_random_games_every_option_set(options):
    """Seeded random games, 2 to 5 players, for every option combination."""
    per_set = max(1, GAMES // 2 // len(OPTION_SETS))
    for seed in range(per_set):
        play_and_check(seed, 2 + seed % 4, options)


@settings(
    max_examples=max(1, GAMES // 2),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    n_players=st.integers(min_value=2, max_value=5),
    options=st.sampled_from(OPTION_SETS),
)
def test_random_games_hypothesis(seed, n_players, options):
    play_and_check(seed, n_players, options)


def test_copy_is_independent():
    game = Game(players(3), Options(abbot=True), seed=3)
    for _ in range(10):
        p = game.legal_placements()[0]
        game.play(Move(p.x, p.y, p.rot))
    before = game.view()
    clone = game.copy()
    while not clone.finished:
        p = clone.legal_placements()[-1]
        clone.play(Move(p.x, p.y, p.rot))
    assert game.view() == before


def test_same_seed_same_game():
    a = Game(players(2), Options(), seed=99)
    b = Game(players(2), Options(), seed=99)
    for _ in range(30):
        assert a.drawn_tile == b.drawn_tile
        p = a.legal_placements()[0]
        a.play(Move(p.x, p.y, p.rot))
        b.play(Move(p.x, p.y, p.rot))
    assert a.view() == b.view()


def test_view_hides_the_bag_order_and_the_seed():
    """The issue: a public view 'never the bag's order or the seed of a running game'."""
    game = Game(players(2), Options(), seed=123456789)
    view = game.view()
    text = repr(view)
    assert "123456789" not in text
    assert set(view["bag"].values()) <= set(range(0, 10))
    assert sum(view["bag"].values()) == view["tiles_left"] == 84 - 1 - 1  # start, drawn
