"""Property tests over random complete games: both tilesets, every option combination (The
River included; Inns & Cathedrals and Traders & Builders, each and both, with 2 to 6 players),
2 to 5 players, random legal placements, random legal figures and abbot returns.

The default run plays about `ENGINE_GAMES` (800) games; set `ENGINE_GAMES=5000` for a long run.
Checks use this suite's own tile table and placement rules (conftest.py), not the engine's:
edges of every placed tile, the legal placements themselves (the river's open end, U-turns and
drawing order too), figure spots against the tile's segments, discards.
"""

from __future__ import annotations

import gc
import os
import random
import weakref
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import (
    Game,
    IllegalMoveError,
    Meeple,
    Move,
    Options,
    Placement,
    from_log,
    restore,
    to_log,
)
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
        self.bonus = False  # Traders & Builders: the turn being played is a bonus turn
        self.bonus_turns = 0
        self.sample = random.Random(seed)  # which turns check the bonus turn on the features

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
            builder = self.builder_feature(mover)
            events = game.play(move)
            self.check_bonus_turn(mover, builder, placement)
            if move.meeple is not None and move.meeple.kind == "builder":
                # never on a road or city its tile completes: it did not come straight back
                assert game.view()["players"][mover]["builder"] == 0
            self.geometry.place(tile, placement.x, placement.y, placement.rot)
            self.check_placed_edges(placement.x, placement.y)
            # scores never fall; the turn's events are the score change
            delta = [0] * len(scores)
            for e in events:
                assert (e.points > 0 or e.feature == "goods") and e.players
                assert list(e.players) == sorted(set(e.players))
                for p in e.players:
                    delta[p] += e.points
            self.check_event_features(events)
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
        builders = [spot for spot in spots if spot.kind == "builder"]
        if builders and self.rng.random() < 0.5:  # else random play seldom earns a bonus turn
            spot = self.rng.choice(builders)
            return Move(placement.x, placement.y, placement.rot, Meeple("builder", spot.at))
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

    def builder_feature(self, player: int) -> tuple[int, int, str] | None:
        """Traders & Builders: where `player`'s builder stands (cell and slot), if it does."""
        if not self.options.traders_builders:
            return None
        view = self.game.view()
        return next(
            ((f["x"], f["y"], f["at"]) for f in view["figures"]
             if f["player"] == player and f["kind"] == "builder"),
            None,
        )  # fmt: skip

    def check_bonus_turn(
        self, mover: int, builder: tuple[int, int, str] | None, placement: Placement
    ) -> None:
        """TRADERS_AND_BUILDERS.md rule 6, read off the features: a first tile that became part
        of the feature its player's builder stood on gives that player the next turn; a bonus
        turn never earns another."""
        if not self.options.traders_builders:
            return
        game = self.game
        was_bonus = self.bonus
        joined = False
        again = not game.finished and game.current_player == mover
        # features() walks the board: a sample of the turns, and every turn the mover kept
        if not again and self.sample.random() >= 0.3:
            self.bonus = False  # a bonus turn would have kept the mover
            return
        if builder is not None and not was_bonus:
            x, y, at = builder
            feature = next(
                f for f in game.features()
                if any(p["x"] == x and p["y"] == y and at in p["slots"] for p in f["parts"])
            )  # fmt: skip
            joined = any((p["x"], p["y"]) == (placement.x, placement.y) for p in feature["parts"])
        self.bonus = joined
        if not game.finished:
            assert (game.current_player == mover) == joined
            assert game.view()["bonus_turn"] == joined
            self.bonus_turns += joined

    def check_spots(self, tile: str, placement: Placement, spots: list) -> None:
        game, options = self.game, self.options
        hand = game.view()["players"][game.current_player]
        segs = {frozenset(s["slots"]): s["kind"] for s in rotated_segments(tile, placement.rot)}
        inner = any(not s["slots"] for s in rotated_segments(tile, placement.rot))
        centre = TILE_TABLE[tile][2]
        for spot in spots:
            assert spot.feature != "river"
            kind = spot.kind
            assert hand["followers" if kind == "follower" else kind] > 0
            if spot.at == "C":
                if kind == "abbot":
                    assert options.abbot and spot.feature == centre in ("monastery", "garden")
                elif spot.feature == "field":  # an inner field (I03, T05..T08)
                    assert inner and kind in ("follower", "large") and options.farmers
                else:
                    assert centre == "monastery" == spot.feature and kind in ("follower", "large")
            else:
                assert kind in ("follower", "large", "builder", "pig")
                assert segs.get(frozenset(spot.slots)) == spot.feature
                assert spot.at in spot.slots
                assert options.farmers or spot.feature != "field"
                if kind == "builder":
                    assert spot.feature in ("road", "city")
                if kind == "pig":
                    assert spot.feature == "field"

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
            raw = feature.get("strength", feature["followers"])  # a large follower counts 2
            counts = [raw.get(i, 0) for i in range(n)] if isinstance(raw, dict) else list(raw)
            if max(counts) == 0:
                continue
            assert not feature["complete"] or feature["kind"] == "field", feature
            for i, c in enumerate(counts):
                if c == max(counts):
                    want[i] += feature["points_end"]
        ended = game.copy()
        before = list(ended.scores)
        events = ended.end_early()
        if self.options.traders_builders:  # the goods majorities, and the pigs' extra point
            for e in events:
                if e.feature == "goods" or e.to_dict().get("pig"):
                    for p in e.players:
                        want[p] += e.points if e.feature == "goods" else e.cities
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

    def check_event_features(self, events: list) -> None:
        """Each event names by `feature_id` the feature it scored, as `feature(id)` gives it
        right after the scoring (before another tile could merge it away): of the event's kind
        (an abbot taken back: its monastery or garden), on the event's cells."""
        for e in events:
            if e.feature == "goods" and e.final:
                assert e.points == 10 and not e.feature_id  # a majority of tokens, no feature
                continue
            feature = self.game.feature(e.feature_id)
            assert feature is not None, e
            assert feature["id"] == e.feature_id == e.to_dict()["feature_id"]
            cells = {(part["x"], part["y"]) for part in feature["parts"]}
            if e.feature in ("abbot", "monastery", "garden"):
                assert feature["kind"] in ({"monastery", "garden"} if e.feature == "abbot"
                                           else {e.feature})  # fmt: skip
                ((x, y),) = cells  # the centre; the event names the tiles round it
                assert (x, y) in e.cells
                assert all(abs(cx - x) <= 1 and abs(cy - y) <= 1 for cx, cy in e.cells)
            elif e.feature == "goods":  # tokens taken from the city the tile completed
                assert feature["kind"] == "city" and feature["complete"]
                assert cells == set(e.cells)
                assert [e.to_dict()[g] for g in ("wine", "grain", "cloth")] == [
                    feature["goods"][g] for g in ("wine", "grain", "cloth")
                ]
            else:
                assert feature["kind"] == e.feature
                assert cells == set(e.cells) and feature["tiles"] == e.tiles

    def check_figures(self) -> None:
        """Each player's figures in supply plus on the board equal their total."""
        view = self.game.view()
        on_board = Counter((f["player"], f["kind"]) for f in view["figures"])
        options = self.options
        extras = {
            "large": options.inns_cathedrals,
            "builder": options.traders_builders,
            "pig": options.traders_builders,
        }
        for i, entry in enumerate(view["players"]):
            followers, abbots = self.game.supply(i)
            assert (entry["followers"], entry["abbot"]) == (followers, abbots)
            assert followers + on_board[(i, "follower")] == 7
            assert abbots + on_board[(i, "abbot")] == (1 if options.abbot else 0)
            for kind, present in extras.items():
                assert (kind in entry) == present
                if present:
                    assert entry[kind] + on_board[(i, kind)] == 1
            assert ("goods" in entry) == options.traders_builders
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
        options = game.options
        assert used == Counter(
            expected_counts(
                options.tileset, options.river, options.inns_cathedrals, options.traders_builders
            )
        )
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
        log = to_log(game)
        assert "seed" not in log
        again = from_log(log)
        assert again.view() == game.view()
        assert again.scores == game.scores
        assert [e.to_dict() for e in again.events] == [e.to_dict() for e in game.events]
        assert again.turns == game.turns
        assert again.results() == game.results()
        restored = restore(self.players, self.options, self.seed, game.turns)
        assert restored.view() == game.view()
        assert [e.to_dict() for e in restored.events] == [e.to_dict() for e in game.events]
        if self.snapshot is not None:
            turn, view = self.snapshot
            partial = restore(self.players, self.options, self.seed, game.turns[:turn])
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


EXPANSION_SETS = [
    Options(tileset, farmers, abbot, river, inns, traders)
    for tileset, farmers, abbot, river in (
        ("classic", True, False, False),
        ("winter", False, True, False),
        ("winter", True, True, True),
        ("classic", True, True, False),
    )
    for inns, traders in ((True, False), (False, True), (True, True))
]
EXPANSION_GAMES = max(2, GAMES // 100)


def _expansion_id(o: Options) -> str:
    return (
        f"{o.tileset}-f{o.farmers:d}-a{o.abbot:d}-r{o.river:d}"
        f"-ic{o.inns_cathedrals:d}-tb{o.traders_builders:d}"
    )


@pytest.mark.parametrize("options", EXPANSION_SETS, ids=_expansion_id)
def test_random_games_with_expansions(options):
    """Seeded random games with Inns & Cathedrals, Traders & Builders or both (6 players with
    Inns & Cathedrals): figures conserved, scores the sum of the events, the log and the seed
    rebuild the same game, the builder's bonus turns read off the features."""
    most = 6 if options.inns_cathedrals else 5
    bonus_turns = 0
    for seed in range(EXPANSION_GAMES):
        checker = Checker(seed, 2 + seed % (most - 1), options, random.Random(seed * 31 + 7))
        checker.figure_rate = max(checker.figure_rate, 0.5)  # builders need followers out
        checker.run()
        bonus_turns += checker.bonus_turns
    if options.traders_builders:
        assert bonus_turns > 0  # the double turn was played, not only never earned


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


def test_a_dropped_game_is_freed_at_once():
    """No reference cycle inside a game (its move generator, its rules, its copies), so the
    bots' thousands of copies are freed when dropped, not by the cyclic collector."""
    gc.disable()
    try:
        game = Game(players(2), Options(abbot=True, river=True), seed=4)
        for _ in range(20):
            game.play(next(iter(game.legal_moves())))
        clone = game.copy(shuffle=random.Random(1))
        clone.play(next(iter(clone.legal_moves())))
        assert clone.last_change is not None and game.features()
        refs = [weakref.ref(game), weakref.ref(clone)]
        del game, clone
        assert [ref() for ref in refs] == [None, None]
    finally:
        gc.enable()


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
