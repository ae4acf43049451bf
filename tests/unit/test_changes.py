"""`Game.last_change` and `Game.feature(id)`: a view kept up to date from the changes alone
equals the view rebuilt from scratch, after every turn of random games (every option, The
River included), log replays with discards, and a game ended early."""

from __future__ import annotations

import random

import pytest

from app.engine import Game, Meeple, Move, Options, play_turn
from tests.unit.conftest import players

OPTION_SETS = [
    Options("winter"),
    Options("classic", farmers=False),
    Options("winter", abbot=True),
    Options("classic", abbot=True, river=True),
    Options("winter", farmers=True, river=True),
]


class Mirror:
    """What a server holds, kept up to date from `last_change` only."""

    def __init__(self, game: Game) -> None:
        view = game.view()
        self.features = {f["id"]: f for f in game.features()}
        self.figures = {(f["x"], f["y"]): f for f in view["figures"]}
        self.turns = list(game.turns)
        self.events = list(game.events)

    def apply(self, game: Game) -> None:
        change = game.last_change
        assert change is not None
        for old, new in change.features_merged:
            assert old in self.features, old
            del self.features[old]
            assert new in change.features_changed or new in change.features_created
        for feature_id in (*change.features_created, *change.features_changed):
            fresh = game.feature(feature_id)
            assert fresh is not None, feature_id
            self.features[feature_id] = fresh
        assert set(change.features_completed) <= {
            f for f in (*change.features_created, *change.features_changed)
        }
        for figure in change.figures_placed:  # placed first: it may be scored at once
            self.figures[(figure["x"], figure["y"])] = figure
        for figure in change.figures_removed:
            assert self.figures.pop((figure["x"], figure["y"])) == figure
        self.turns += change.turns
        self.events += change.events
        assert change.scores == tuple(game.scores)
        assert change.supply == tuple(game.supply(p) for p in range(len(game.players)))
        assert change.drawn_tile == game.drawn_tile and change.finished == game.finished
        assert change.discarded == tuple(t["discarded"] for t in change.turns if "discarded" in t)

    def check(self, game: Game) -> None:
        fresh = {f["id"]: f for f in game.features()}
        assert self.features == fresh
        assert self.figures == {(f["x"], f["y"]): f for f in game.view()["figures"]}
        assert self.turns == game.turns
        assert self.events == game.events
        for feature_id, feature in fresh.items():
            assert game.feature(feature_id) == feature


def random_move(game: Game, rng: random.Random) -> Move:
    moves = game.legal_moves()
    placement = rng.choice(moves.placements())
    if game.can_return_abbot() and rng.random() < 0.2:
        return Move(*placement, return_abbot=True)
    spots = moves.spots(placement)
    if spots and rng.random() < 0.5:
        spot = rng.choice(spots)
        return Move(*placement, Meeple(spot.kind, spot.at))
    return Move(*placement)


@pytest.mark.parametrize("options", OPTION_SETS, ids=repr)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_view_kept_from_changes_equals_a_fresh_one(options, seed):
    rng = random.Random(seed)
    game = Game(players(2 + seed), options, seed=seed)
    assert game.last_change is None
    mirror = Mirror(game)
    while not game.finished:
        move = random_move(game, rng)
        before = len(game.turns)
        game.play(move)
        change = game.last_change
        assert change is not None and change.turns == tuple(game.turns[before:])
        assert change.tile == {"x": move.x, "y": move.y, "tile": change.turns[0]["tile"],
                               "rot": move.rot}  # fmt: skip
        mirror.apply(game)
        if rng.random() < 0.3 or game.finished:
            mirror.check(game)
    assert not mirror.figures  # the final scoring takes every figure off


@pytest.mark.parametrize("options", OPTION_SETS[2:], ids=repr)
def test_log_replay_with_discards_and_ending_early(options):
    """`play_turn()` and `discard()` report their changes too, as does `end_early()`."""
    for seed in range(500):  # a game with a discard in its first half
        rng = random.Random(seed)
        seeded = Game(players(3), options, seed=seed)
        while not seeded.finished:
            seeded.play(random_move(seeded, rng))
        turns = seeded.turns
        if any("discarded" in t for t in turns[: len(turns) // 2]):
            break
    else:
        pytest.fail("no discard in 500 games")
    game = Game(players(3), options)
    mirror = Mirror(game)
    for number, turn in enumerate(turns[: len(turns) // 2], start=1):
        play_turn(game, turn)
        mirror.apply(game)
        if "discarded" in turn or number % 7 == 0:
            mirror.check(game)
    game.end_early()
    mirror.apply(game)
    mirror.check(game)
    change = game.last_change
    assert change is not None and change.finished and change.tile is None
    assert change.turns == ()


def test_completions_and_the_fields_they_revalue():
    """Turn 3 of logs/fields.json-like play: E (0,2) closes the city E (0,1) + E (0,2), so
    the farm south of the start road, which borders it, is worth 3 more without being touched
    by the tile."""
    from tests.unit.conftest import follower, game_from, place

    turns = [
        place(0, "E", 0, 1, 180, follower("N")),  # a farmer on the field by the start road
        place(1, "U", 1, 0, 90),
        place(0, "E", 0, 2, 0, follower("N")),  # a knight closes the two-tile city
    ]
    game = game_from(turns[:2])
    farm = next(
        f for f in game.features()
        if f["kind"] == "field" and f["followers"] == [1, 0]
    )  # fmt: skip
    assert farm["points_end"] == 0
    play_turn(game, turns[2])
    change = game.last_change
    assert change is not None
    assert len(change.features_completed) == 1
    city = game.feature(change.features_completed[0])
    assert city is not None and city["kind"] == "city" and city["complete"]
    assert farm["id"] in change.features_changed
    assert game.feature(farm["id"])["points_end"] == 3  # type: ignore[index]
    assert [e.points for e in change.events] == [4]
    assert [f["at"] for f in change.figures_placed] == ["N"]
    assert [f["at"] for f in change.figures_removed] == ["N"]  # the knight came back


def test_feature_of_an_unknown_id_is_none():
    game = Game(players(2))
    assert game.feature("s99999") is None
    assert game.feature("c5,5") is None
    assert game.feature("x1") is None
    assert game.feature("s") is None
    assert game.feature("c1") is None
    river = Game(players(2), Options(river=True))
    river_root = next(
        seg for seg in range(len(river.board.parent)) if river.board.kind(seg) == "river"
    )
    assert river.feature(f"s{river_root}") is None  # the river is no feature
