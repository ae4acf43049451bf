"""`Game.claims()` and `feature_outlooks()`: the lighter accessors give exactly what
`features()` and `table_analysis()` give for the features they are asked about."""

from __future__ import annotations

import random

import pytest

from app.engine import Game, Options, Player, feature_outlooks, table_analysis

OPTION_SETS = [
    Options(),
    Options(tileset="classic", farmers=False),
    Options(tileset="classic", abbot=True, river=True),
    Options(inns_cathedrals=True, traders_builders=True, abbot=True),
]


def _positions(options: Options, seed: int) -> list[Game]:
    """Every 3rd position of a random seeded three-player game, figures placed half the
    time (so most features end up claimed, some by several players)."""
    rng = random.Random(seed)
    game = Game([Player("A", "red"), Player("B", "blue"), Player("C", "green")], options, seed)
    out = []
    while not game.finished:
        if game.turn % 3 == 0:
            out.append(game.copy())
        moves = list(game.legal_moves())
        with_figure = [m for m in moves if m.meeple is not None]
        game.play(rng.choice(with_figure if with_figure and rng.random() < 0.5 else moves))
    out.append(game)
    return out


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: str(o.to_dict()))
def test_claims_are_the_claimed_features_of_features(options: Options) -> None:
    seen = 0
    for game in _positions(options, seed=11):
        expected = [
            (f["id"], f["kind"], f["complete"], tuple(f["followers"]), f["points_now"],
             f["points_end"])
            for f in game.features() if any(f["followers"])
        ]
        got = [(c.id, c.kind, c.complete, c.followers, c.points_now, c.points_end)
               for c in game.claims()]
        assert got == expected, game.turn
        seen += len(got)
    assert seen > 100


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: str(o.to_dict()))
def test_feature_outlooks_are_those_of_the_table_analysis(options: Options) -> None:
    """All of them, none, a random half, and ids that name no unfinished feature."""
    rng = random.Random(5)
    seen = 0
    for game in _positions(options, seed=12):
        full = table_analysis(game).features
        ids = [f["id"] for f in game.features()]
        assert feature_outlooks(game, set(ids)) == list(full)
        assert feature_outlooks(game, set()) == []
        half = {i for i in ids if rng.random() < 0.5} | {"s999999", "c99,99"}
        assert feature_outlooks(game, half) == [f for f in full if f.id in half]
        seen += len(full)
    assert seen > 100
