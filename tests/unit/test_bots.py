"""The bots: legal moves, public information only, and a sane heuristic."""

from __future__ import annotations

import random

import pytest

from app.bots import LEVELS, Bot, choose_move, expert, expert_move, public_replica, strong_move
from app.bots.easy import evaluate, rank_moves
from app.bots.strong import better_half
from app.engine import Game, Move, Options, Player, from_log, to_log
from tests.randomplay import play_random_moves
from tests.unit.conftest import future_tiles

TWO = [Player("Ann", "red"), Player("Bo", "blue")]
THREE = [*TWO, Player("Cy", "green")]


def advance(game: Game, turns: int, seed: int = 0) -> Game:
    """Play `turns` random legal moves (a figure now and then)."""
    return play_random_moves(game, turns, random.Random(seed), figure_odds=0.4)


def is_legal(game: Game, move: Move) -> bool:
    return move in game.legal_moves()


def test_public_replica_has_the_same_public_state() -> None:
    game = advance(Game(THREE, Options(abbot=True), seed=11), 30)
    replica = public_replica(game)
    mine, theirs = game.view(), replica.view()
    bag = dict(theirs.pop("bag"))
    # The replica is log-driven: the drawn tile is still in its bag.
    bag[game.drawn_tile] -= 1
    assert {t: n for t, n in bag.items() if n} == mine.pop("bag")
    for key in ("drawn_tile", "tiles_left"):
        mine.pop(key), theirs.pop(key)
    assert mine == theirs
    assert replica.legal_placements(game.drawn_tile) == game.legal_placements()


@pytest.mark.parametrize("level", LEVELS)
def test_bot_plays_a_legal_move_and_leaves_the_game_alone(level: str) -> None:
    game = advance(Game(TWO, seed=5), 20)
    before = (game.view(), list(game.turns), future_tiles(game))
    move = choose_move(game, level, random.Random(1), budget_s=None, playouts=40)
    assert is_legal(game, move)
    assert (game.view(), list(game.turns), future_tiles(game)) == before


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("turns", [0, 17, 45])
def test_decision_does_not_depend_on_the_hidden_bag_order(level: str, turns: int) -> None:
    game = advance(Game(TWO, seed=21), turns, seed=turns)
    twin = game.copy(shuffle=random.Random(99))
    # Same public state, different hidden order (else this test would prove nothing).
    assert twin.view() == game.view()
    assert future_tiles(twin) != future_tiles(game)
    a = choose_move(game, level, random.Random(7), budget_s=None, playouts=60)
    b = choose_move(twin, level, random.Random(7), budget_s=None, playouts=60)
    assert a == b


def test_bot_class_keeps_its_replica_in_step_over_a_whole_game() -> None:
    game = Game(THREE, Options(abbot=True, tileset="classic"), seed=8)
    bots = [Bot("easy", seed=i) for i in range(3)]
    while not game.finished:
        move = bots[game.current_player].move(game)
        assert is_legal(game, move)
        game.play(move)
    assert game.finished
    assert sum(game.final_scores()) > 0


def test_bot_rebuilds_its_replica_for_another_game() -> None:
    bot = Bot("easy", seed=1)
    first = Game(TWO, seed=1)
    first.play(bot.move(first))
    second = advance(Game(TWO, seed=2), 5)
    assert is_legal(second, bot.move(second))


def test_easy_beats_a_random_player() -> None:
    margins = []
    for seed in range(4):
        game = Game(TWO, seed=seed)
        bot, rng = Bot("easy", seed=seed), random.Random(seed)
        easy_seat = seed % 2
        while not game.finished:
            if game.current_player == easy_seat:
                game.play(bot.move(game))
            else:
                game.play(rng.choice(list(game.legal_moves())))
        scores = game.final_scores()
        margins.append(scores[easy_seat] - scores[1 - easy_seat])
    assert all(m > 0 for m in margins), margins


class TickingClock:
    """A clock that moves `step` seconds each time the search looks at it, counting the looks."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        return self.readings * self.step


# One reading to set the deadline (10 ms a look), then strong looks once per round or reply
# until 50 ms have passed, the expert once per tile kind and per reply but the first of a
# kind, until 25 ms have.
@pytest.mark.parametrize(("search", "budget", "most"), [(strong_move, 0.05, 1 + 5 + 1),
                                                        (expert_move, 0.025, 1 + 3)])
def test_a_search_respects_its_time_budget(search, budget: float, most: int) -> None:
    game = advance(Game(TWO, seed=4), 10)
    timer = TickingClock(0.01)
    move = search(game, random.Random(2), budget_s=budget, timer=timer)
    assert is_legal(game, move)
    assert timer.readings <= most
    slow = TickingClock(1e-6)
    search(game, random.Random(2), budget_s=budget, timer=slow)
    assert slow.readings > timer.readings, "with time to spare the search looks further"


@pytest.mark.parametrize("turns", [3, 30, 60])
def test_expert_reply_is_the_easy_reply_when_every_placement_may_take_a_figure(
    turns: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = advance(Game(TWO, seed=6), turns, seed=turns)
    replica = public_replica(game)
    tile = game.drawn_tile
    assert tile is not None
    mover = replica.current_player
    best = rank_moves(replica, tile)[0][0]
    shortened = expert.reply(replica, tile)
    assert shortened is not None and shortened.turn == replica.turn + 1
    # Figures on the best few placements only: never better than the easy bot's best move.
    assert evaluate(shortened, mover) <= best + 1e-9
    monkeypatch.setattr(expert, "FIGURE_PLACEMENTS", 10**6)
    full = expert.reply(replica, tile)
    assert full is not None
    assert evaluate(full, mover) == pytest.approx(best)


def test_a_search_keeps_the_better_half_of_its_candidates() -> None:
    scores = [3.0, 9.0, 1.0, 9.0, 5.0]
    assert better_half([0, 1, 2, 3, 4], scores) == [1, 3, 4]  # half of five, rounded up
    assert better_half([2, 4, 0], scores) == [0, 4]  # in index order, whatever order given
    assert better_half([0, 2], scores) == [0, 2]  # never fewer than two
    assert better_half([0, 1, 2, 3], [1.0] * 4) == [0, 1]  # a tie keeps the lower index


def test_unknown_level_and_finished_game_are_refused() -> None:
    game = Game(TWO, seed=1)
    with pytest.raises(ValueError, match="unknown bot level"):
        choose_move(game, "genius")
    game.end_early()
    for level in LEVELS:
        with pytest.raises(ValueError, match="game is over"):
            choose_move(game, level, random.Random(1), budget_s=None, playouts=5)


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_can_decide_from_the_public_log_and_the_drawn_tile(level: str) -> None:
    game = advance(Game(THREE, Options(abbot=True), seed=13), 25)
    public = from_log(to_log(game))
    assert public.drawn_tile is None  # a log-driven game: the tile is named, not drawn
    a = choose_move(game, level, random.Random(3), budget_s=None, playouts=40)
    b = choose_move(
        public, level, random.Random(3), budget_s=None, playouts=40, tile=game.drawn_tile
    )
    assert a == b


@pytest.mark.parametrize("tileset", ["classic", "winter"])
def test_bots_play_a_whole_river_game(tileset: str) -> None:
    game = Game(THREE, Options(tileset=tileset, river=True, abbot=True), seed=21)
    bots = [Bot("easy", seed=1), Bot("strong", seed=2, budget_s=None, playouts=8), Bot("easy")]
    river = {f"R{n:02}" for n in range(2, 13)}  # R02..R12 (R and Rg are land tiles)
    while not game.finished:
        move = bots[game.current_player].move(game)
        assert is_legal(game, move)
        game.play(move)
    # The eleven River tiles were placed (or set aside) before any land tile, and then the
    # whole bag was played.
    tiles = [t.get("tile") or t.get("discarded") for t in game.turns]
    assert set(tiles[:11]) == river and not river & set(tiles[11:])
    assert game.tiles_left == 0


@pytest.mark.parametrize("level", LEVELS)
def test_bots_play_the_river(level: str) -> None:
    """In a River game the bots place River tiles at the open end like anyone (RIVER.md)."""
    game = Game(TWO, Options(tileset="classic", river=True), seed=3)
    bot = Bot(level, seed=1, budget_s=None, playouts=8)
    while game.turn < 13 and not game.finished:
        move = bot.move(game)
        assert is_legal(game, move)
        game.play(move)
    drawn = [turn.get("tile") or turn["discarded"] for turn in game.turns]
    assert sorted(drawn[:11]) == [f"R{i:02d}" for i in range(2, 13)]
    assert not any(tile.startswith("R") and tile[1:].isdigit() for tile in drawn[11:])
