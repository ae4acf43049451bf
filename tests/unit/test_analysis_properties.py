"""Property tests of what the table knows (`table_analysis`) over random games: both tile sets,
The Abbot and The River, 2 to 5 players.

- A square reported dead is never filled for the rest of the game.
- A feature reported not closable is never completed (nor what it merges into).
- The open squares, and the tiles left that fit each, equal a brute-force count over the tiles
  left with this suite's own tile table and placement rules (conftest.py); each feature's
  squares equal those read off `Game.features()`.
- Late in a game, each chance equals the model's probability counted over every hand the player
  may draw, and for one or two squares the probability that the hand holds a different fitting
  tile for each square.

`ANALYSIS_GAMES` (default 16) sets how many games are played.
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Iterable

import pytest

from app.engine import Analysis, FeatureOutlook, Game, Options, table_analysis
from tests.unit.conftest import OFFSETS, RIVER_IDS, Geometry, fits, players

GAMES = int(os.environ.get("ANALYSIS_GAMES", "16"))
MIDDLES = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
AROUND = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]


def cases() -> list[tuple[int, int, Options]]:
    rng = random.Random(25)
    out = []
    for i in range(GAMES):
        options = Options(
            tileset=("winter", "classic")[i % 2],
            farmers=rng.random() < 0.5,
            abbot=i % 4 in (1, 2),
            river=i % 8 >= 4,
        )
        out.append((1000 + i, 2 + i % 4, options))
    return out


class Watcher:
    """Plays one random game, asking for the analysis before every move."""

    def __init__(self, seed: int, n_players: int, options: Options) -> None:
        self.rng = random.Random(seed)
        self.game = Game(players(n_players), options, seed=seed)
        self.geometry = Geometry(options.river)
        self.dead: set[tuple[int, int]] = set()
        self.doomed: set[str] = set()

    def run(self) -> int:
        """Play to the end; return how many features were seen doomed."""
        game = self.game
        doomed_ever = 0
        while not game.finished:
            analysis = table_analysis(game)
            self.dead.update(analysis.dead)
            new = {f.id for f in analysis.features if not f.closable}
            doomed_ever += len(new - self.doomed)
            self.doomed |= new
            if game.turn % 5 == 0 or game.tiles_left < 6:
                self.check_counts(analysis)
                self.check_squares(analysis)
            if game.tiles_left <= 8:
                self.check_chances(analysis)
            self.play()
        return doomed_ever

    def play(self) -> None:
        game = self.game
        before = len(game.turns)
        moves = list(game.legal_moves())
        plain = [m for m in moves if m.meeple is None and not m.return_abbot]
        move = self.rng.choice(moves if self.rng.random() < 0.3 else plain)
        game.play(move)
        for turn in game.turns[before:]:
            self.geometry.apply(turn)
        assert (move.x, move.y) not in self.dead, f"a dead square was filled: {move}"
        change = game.last_change
        assert change is not None
        for vanished, joined in change.features_merged:
            if vanished in self.doomed:
                self.doomed.add(joined)  # its open squares are the joined feature's now
        for completed in change.features_completed:
            assert completed not in self.doomed, f"{completed} was closed after all"

    # -- brute force --------------------------------------------------------------------------

    def tiles_left(self) -> dict[str, int]:
        left = dict(self.game.bag_counts())
        if self.game.drawn_tile is not None:
            left[self.game.drawn_tile] = left.get(self.game.drawn_tile, 0) + 1
        return left

    def fitting(self, cell: tuple[int, int], left: Iterable[str]) -> set[str]:
        """The tiles of `left` with a rotation that may go on `cell` (this suite's rules: a
        land tile where its edges match, a River tile at the open end without a U-turn)."""
        board = self.geometry.board
        out = set()
        for tile in left:
            for rot in (0, 90, 180, 270):
                if not fits(board, tile, *cell, rot):
                    continue
                if tile in RIVER_IDS:
                    if cell != self.geometry.open:
                        continue
                    bend, _ = self.geometry.bend(tile, rot)
                    if bend != 0 and bend == self.geometry.last_bend:
                        continue
                out.add(tile)
                break
        return out

    def check_counts(self, analysis: Analysis) -> None:
        board = self.geometry.board
        left = self.tiles_left()
        assert dict(analysis.tiles) == left
        squares = {
            (x + dx, y + dy) for (x, y) in board for dx, dy in OFFSETS.values()
        } - set(board)
        assert {(s.x, s.y) for s in analysis.squares} == squares
        for square in analysis.squares:
            fitting = self.fitting((square.x, square.y), left)
            assert dict(square.fits) == {t: left[t] for t in fitting}, (square.x, square.y)

    def check_squares(self, analysis: Analysis) -> None:
        """Each unfinished road, city, monastery or garden with the open squares read off
        its parts."""
        board = self.geometry.board
        expected = {}
        for feature in self.game.features():
            if feature["complete"] or feature["kind"] == "field":
                continue
            cells = set()
            for part in feature["parts"]:
                x, y = part["x"], part["y"]
                if feature["kind"] in ("monastery", "garden"):
                    cells |= {(x + dx, y + dy) for dx, dy in AROUND} - set(board)
                    continue
                for slot in part["slots"]:
                    if slot in MIDDLES:  # an edge's middle: the road or city leaves there
                        beyond = (x + MIDDLES[slot][0], y + MIDDLES[slot][1])
                        if beyond not in board:
                            cells.add(beyond)
            expected[feature["id"]] = sorted(cells)
        assert {f.id: list(f.squares) for f in analysis.features} == expected

    def check_chances(self, analysis: Analysis) -> None:
        game = self.game
        left = self.tiles_left()
        assert not set(left) & set(RIVER_IDS)  # late: the bag is one part
        bag = [t for t, n in game.bag_counts().items() for _ in range(n)]
        n = len(game.players)
        mover = game.current_player
        for outlook in self.rng.sample(analysis.features, min(8, len(analysis.features))):
            square_fits = [
                self.fitting(cell, left) if cell in {(s.x, s.y) for s in analysis.squares}
                else {t for t in left if t not in RIVER_IDS}
                for cell in outlook.squares
            ]
            assert list(outlook.counts) == [sum(left[t] for t in f) for f in square_fits]
            for player in range(n):
                draws = sum(1 for j in range(len(bag)) if (mover + 1 + j) % n == player)
                held = [game.drawn_tile] if player == mover and game.drawn_tile else []
                assert analysis.draws[player] == draws + len(held)
                self.check_chance(outlook, player, square_fits, bag, draws, held)

    def check_chance(self, outlook: FeatureOutlook, player: int, square_fits: list[set[str]],
                     bag: list[str], draws: int, held: list[str]) -> None:
        hands = [held + [bag[i] for i in chosen]
                 for chosen in itertools.combinations(range(len(bag)), draws)]
        k = len(square_fits)
        model = exact = 0
        for hand in hands:
            fitting = [t for t in hand if any(t in f for f in square_fits)]
            if len(fitting) >= k and all(any(t in f for t in hand) for f in square_fits):
                model += 1
            if any(all(t in f for t, f in zip(order, square_fits, strict=False))
                   for order in itertools.permutations(fitting, k)):
                exact += 1
        if not outlook.closable:
            assert exact == 0 and outlook.chance[player] == 0
            return
        assert outlook.chance[player] == pytest.approx(model / len(hands), abs=1e-12)
        if k <= 2:
            assert outlook.chance[player] == pytest.approx(exact / len(hands), abs=1e-12)


@pytest.mark.parametrize(("seed", "n_players", "options"), cases())
def test_the_analysis_holds_over_a_random_game(seed: int, n_players: int, options: Options):
    Watcher(seed, n_players, options).run()


def test_some_random_games_doom_features():
    """The property above is not empty: random games do leave features that cannot close."""
    doomed = sum(Watcher(seed, n, options).run() for seed, n, options in cases()[:4])
    assert doomed > 0

