"""`Game.final_scores(since=final_tally())`: the end-of-game count of a copy one placement on,
counted again only for the features that placement changed, equals the full count."""

from __future__ import annotations

import random

import pytest

from app.engine import Game, Options, Player

OPTION_SETS = [
    Options(),
    Options(tileset="classic", farmers=False),
    Options(tileset="classic", abbot=True, river=True),
    Options(inns_cathedrals=True, traders_builders=True, abbot=True),
]


def _positions(options: Options, seed: int, every: int) -> list[Game]:
    """Every `every`-th position of a random seeded game (figures placed half the time)."""
    rng = random.Random(seed)
    game = Game([Player("A", "red"), Player("B", "blue"), Player("C", "green")], options, seed)
    out = []
    while not game.finished:
        if game.turn % every == 0:
            out.append(game.copy())
        moves = list(game.legal_moves())
        with_figure = [m for m in moves if m.meeple is not None]
        game.play(rng.choice(with_figure if with_figure and rng.random() < 0.5 else moves))
    return out


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: str(o.to_dict()))
def test_final_scores_since_a_tally_equal_the_full_count(options: Options) -> None:
    """Every legal move (with and without figures, abbots taken back) of every sampled
    position of random games: the counted-again scores are the full count's."""
    compared = 0
    for seed in (3, 4):
        for position in _positions(options, seed, every=5):
            tally = position.final_tally()
            for move in position.legal_moves():
                child = position.copy()
                child.play(move)
                assert child.final_scores(since=tally) == child.final_scores(), (seed, move)
                compared += 1
    assert compared > 500


def test_a_tally_of_another_position_is_refused() -> None:
    """A tally counts from one position: a game two moves on, or a game never played since
    the tally, is refused rather than miscounted."""
    game = Game([Player("A", "red"), Player("B", "blue")], seed=5)
    tally = game.final_tally()
    with pytest.raises(ValueError, match="one placement on"):
        game.copy().final_scores(since=tally)
    child = game.copy()
    child.play(next(iter(child.legal_moves())))
    assert child.final_scores(since=tally) == child.final_scores()
    child.play(next(iter(child.legal_moves())))
    with pytest.raises(ValueError, match="one placement on"):
        child.final_scores(since=tally)
