"""The game view kept up to date from each move's change equals the view built afresh."""

from __future__ import annotations

import random

import pytest

from app.engine import Game, Options, Player
from app.server.rooms.match import Match
from app.server.rooms.views import game_view, next_game_view
from app.server.wire.options import RoomOptions
from app.server.wire.patch import apply, diff

PLAYERS = [Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green")]


def match_of(options: Options, seed: int) -> Match:
    game = Game(PLAYERS, options, seed)
    players = [{"name": p.name, "color": p.color, "seat": i} for i, p in enumerate(PLAYERS)]
    return Match(1, 1, RoomOptions(), players, seed, game, None)


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        (Options(), 1),
        (Options(abbot=True), 2),
        (Options(tileset="classic", farmers=False), 3),
        (Options(river=True, abbot=True), 4),
        (Options(river=True, tileset="classic"), 5),
    ],
)
def test_the_view_after_each_move_equals_a_fresh_one(options: Options, seed: int) -> None:
    match = match_of(options, seed)
    rng = random.Random(seed)
    view = game_view(match, None)
    assert view is not None
    game = match.game
    end_early_at = 40 if seed % 2 else None
    while not game.finished:
        if game.turn == end_early_at:
            game.end_early()
        else:
            moves = list(game.legal_moves())
            # Figures often, so that they are placed, scored and taken off in the same turn.
            with_figure = [m for m in moves if m.meeple or m.return_abbot]
            pool = with_figure if with_figure and rng.random() < 0.6 else moves
            game.play(rng.choice(pool))
        after = next_game_view(match, view)
        fresh = game_view(match, None)
        assert after == fresh, f"turn {game.turn}"
        # The diff of the two views brings a client from one to the other.
        assert apply(view, diff(view, after)) == fresh
        view = after
