"""`Game.legal_moves()`: one view of every legal move, in the manner of python-chess.

The oracle is `play()` itself on a copy: a move is in the view exactly when playing it is
accepted. The placements and spots themselves are checked against this suite's own tile table
by the property tests; here the fast spot computation is also checked against putting the tile
on a copy of the board and looking.
"""

from __future__ import annotations

import random

import pytest

from app.engine import (
    FigureSpot,
    Game,
    IllegalMoveError,
    LegalMoves,
    Meeple,
    Move,
    Options,
    Placement,
)
from app.engine.tiles import oriented
from tests.unit.conftest import SLOTS, players


def advance(game: Game, turns: int, rng: random.Random) -> Game:
    for _ in range(turns):
        if game.finished:
            break
        game.play(rng.choice(list(game.legal_moves())))
    return game


def accepted(game: Game, move: Move) -> bool:
    try:
        game.copy().play(move)
    except IllegalMoveError:
        return False
    return True


def candidate_moves(game: Game, rng: random.Random) -> list[Move]:
    """Moves near the legal ones: every placement with every slot, both figures, the abbot
    taken back, and some placements that do not fit."""
    moves = game.legal_moves()
    out = []
    for p in moves.placements():
        out.append(Move(*p, return_abbot=True))
        out.append(Move(*p, Meeple("follower", "N"), return_abbot=True))
        for at in (*SLOTS, "C"):
            out += [Move(*p, Meeple("follower", at)), Move(*p, Meeple("abbot", at))]
    x, y, _ = rng.choice(moves.placements())
    out += [Move(x, y, 45), Move(x + 40, y, 0), Move(0, 0, 0), Move(x, y, 90, Meeple("x", "N"))]
    return out


@pytest.mark.parametrize(
    "options",
    [Options(), Options(abbot=True), Options(farmers=False), Options("classic", river=True)],
    ids=["winter", "abbot", "no-farmers", "river"],
)
@pytest.mark.parametrize("turns", [0, 9, 30])
def test_a_move_is_in_the_view_exactly_when_play_accepts_it(options, turns):
    rng = random.Random(turns)
    game = advance(Game(players(3), options, seed=turns + 1), turns, rng)
    moves = game.legal_moves()
    listed = list(moves)
    assert len(listed) == len(set(listed)) == len(moves)
    for move in listed:
        assert move in moves
        assert accepted(game, move), move
    for move in candidate_moves(game, rng):  # a figure may name any slot of its segment
        assert (move in moves) == accepted(game, move), move


def test_two_levels_and_all_at_once_agree():
    game = advance(Game(players(2), Options(abbot=True), seed=4), 20, random.Random(4))
    moves = game.legal_moves()
    by_placement = moves.spots_by_placement()
    assert list(by_placement) == moves.placements() == game.legal_placements()
    for placement, spots in by_placement.items():
        assert spots == moves.spots(placement)
        assert list(spots) == game.figure_spots(placement)
        assert all(isinstance(s, FigureSpot) for s in spots)
    abbot = int(moves.can_return_abbot)
    assert len(moves) == sum(1 + abbot + len(s) for s in by_placement.values())


def test_the_order_is_placement_then_figures_then_the_abbot():
    game = advance(Game(players(2), Options(abbot=True), seed=8), 12, random.Random(8))
    moves = game.legal_moves()
    want = []
    for p in moves.placements():
        want.append(Move(*p))
        want += [Move(*p, Meeple(s.kind, s.at)) for s in moves.spots(p)]
        if game.can_return_abbot():
            want.append(Move(*p, return_abbot=True))
    assert list(moves) == want


def test_spots_of_an_illegal_placement_say_why():
    game = Game(players(2), seed=1)
    moves = game.legal_moves()
    with pytest.raises(IllegalMoveError, match="does not touch"):
        moves.spots(Placement(7, 7, 0))
    with pytest.raises(IllegalMoveError, match="already a tile"):
        moves.spots(Placement(0, 0, 0))


def test_the_view_reads_the_game_as_it_is_now():
    game = Game(players(2))  # log-driven: the tile is named
    moves = game.legal_moves("E")
    assert Move(0, -1, 180) in moves
    game.play(Move(0, -1, 180), tile="E")
    assert Move(0, -1, 180) not in moves
    assert Move(0, -2, 0) in moves
    game.end_early()
    assert list(moves) == [] and len(moves) == 0 and not moves
    assert isinstance(moves, LegalMoves) and "E" in repr(moves)


def test_a_tile_that_fits_nowhere_has_no_moves():
    game = Game(players(2))
    game.play(Move(0, -1, 180), tile="E")
    moves = game.legal_moves("C")
    assert not moves and len(moves) == 0 and moves.placements() == []


# -- the fast path against the straightforward computation ---------------------------------------


def spots_by_placing_the_tile(game: Game, tile: str, placement: Placement) -> set[tuple]:
    """The spots of `placement` worked out the slow, obvious way: put the tile on a copy of
    the board (the union-find merges it) and look whether each of its segments' features has
    figures on it. (Engine internals, on purpose: this is what the fast path must equal.)"""
    board = game.board.copy()
    base = len(board.parent)
    tile_def = oriented(tile, placement.rot)
    board.place(tile_def, placement.x, placement.y)
    followers, abbots = game.supply(game.current_player)
    out = set()
    if followers:
        for seg in tile_def.segments:
            if seg.kind == "river" or (seg.kind == "field" and not game.options.farmers):
                continue
            if not board.figures[board.find(base + seg.index)]:
                out.add(("follower", seg.kind, frozenset(SLOTS[s] for s in seg.slots)))
        if tile_def.centre == "monastery":
            out.add(("follower", "monastery", frozenset({"C"})))
    if abbots and tile_def.centre is not None:
        out.add(("abbot", tile_def.centre, frozenset({"C"})))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [
        Options(tileset, farmers, abbot, river)
        for tileset, farmers, abbot, river in [
            ("winter", True, False, False),
            ("winter", True, True, True),
            ("classic", False, True, False),
            ("classic", True, False, True),
        ]
    ],
    ids=repr,
)
def test_fast_spots_equal_placing_the_tile(options):
    """Every placement of every turn of crowded random games. A segment taken only through
    another segment of the new tile (both joining one feature) comes up a few times in them,
    besides the hand-built case of test_rules.py."""
    for seed in range(8):
        rng = random.Random(seed)
        game = Game(players(3 + seed % 3), options, seed=seed)
        while not game.finished:
            tile = game.drawn_tile
            assert tile is not None
            for placement, spots in game.legal_moves().spots_by_placement().items():
                got = {(s.kind, s.feature, frozenset(s.slots)) for s in spots}
                assert len(got) == len(spots)
                assert got == spots_by_placing_the_tile(game, tile, placement), placement
            moves = game.legal_moves()
            placement = rng.choice(moves.placements())
            spots = moves.spots(placement)
            meeple = None
            if spots and rng.random() < 0.8:  # a crowded board: many features taken
                spot = rng.choice(spots)
                meeple = Meeple(spot.kind, spot.at)
            game.play(Move(*placement, meeple))
