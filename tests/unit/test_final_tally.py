"""`Game.final_scores(since=final_tally())`: the end-of-game count of a copy one placement on,
counted again only for the features that placement changed, equals the full count."""

from __future__ import annotations

import random

import pytest

from app.engine import Game, Meeple, Move, Options, Player

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


@pytest.mark.parametrize("options", OPTION_SETS[:3], ids=lambda o: str(o.to_dict()))
def test_spot_worth_is_what_the_figure_adds(options: Options) -> None:
    """Without Inns & Cathedrals and Traders & Builders: the position after a move with a
    figure is the position after the same placement without it, with the mover scoring the
    figure's feature alone (`spot_worth`), one figure fewer in hand unless that feature is
    complete (the figure came straight back)."""
    compared = 0
    for seed in (5, 6):
        for position in _positions(options, seed, every=4):
            mover = position.current_player
            for move in position.legal_moves():
                if move.meeple is None:
                    continue
                bare, claimed = position.copy(), position.copy()
                bare.play(Move(move.x, move.y, move.rot))
                claimed.play(move)
                points, complete = bare.spot_worth(move.meeple)
                expected = bare.final_scores()
                expected[mover] += points
                assert claimed.final_scores() == expected, (seed, move)
                followers, abbots = bare.supply(mover)
                if not complete and not claimed.finished:
                    if move.meeple.kind == "abbot":
                        abbots -= 1
                    else:
                        followers -= 1
                if not claimed.finished:
                    assert claimed.supply(mover) == (followers, abbots), (seed, move)
                compared += 1
    assert compared > 300


def test_spot_worth_refuses_a_spot_the_last_tile_lacks() -> None:
    game = Game([Player("A", "red"), Player("B", "blue")], seed=5)
    with pytest.raises(ValueError, match="no spot"):
        game.spot_worth(Meeple("follower", "nowhere"))
