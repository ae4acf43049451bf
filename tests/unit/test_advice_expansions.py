"""Advice and bots with the expansions: the hints' codes for the large follower, an inn road,
the builder, the pig, goods and the builder's double turn (on the spec's worked examples), and
bots that play the new figures."""

from __future__ import annotations

import random

from app.bots import HintCode, WarningCode, choose_move, explain, warn
from app.engine import LOG_FORMAT, Game, Meeple, Move, Options, Player, from_log

TWO = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]


def logged(options: dict, turns: list[dict]) -> Game:
    """A log-driven classic game with farmers after `turns`."""
    return from_log({"format": LOG_FORMAT, "options": {"tileset": "classic", **options},
                     "players": TWO, "turns": turns})


def turn(player: int, tile: str, x: int, y: int, rot: int, meeple: tuple[str, str] | None = None):
    figure = None if meeple is None else {"kind": meeple[0], "at": meeple[1]}
    return {"player": player, "tile": tile, "x": x, "y": y, "rot": rot, "meeple": figure}


def move(x: int, y: int, rot: int, kind: str | None = None, at: str = "") -> Move:
    return Move(x, y, rot, None if kind is None else Meeple(kind, at))


# TRADERS_AND_BUILDERS.md example 4, turns 1-4: P0's thief on D + U, the city closed, ...
BUILDER_TURNS = [
    turn(0, "U", 1, 0, 90, ("follower", "E")),
    turn(1, "E", 0, -1, 180),
    turn(0, "U", 2, 0, 90, ("builder", "E")),
    turn(1, "V", 1, 1, 0),
]


def test_a_thief_on_an_open_inn_road_is_told_it_is_worth_nothing_unless_finished() -> None:
    game = logged({"inns_cathedrals": True}, [])
    advice = explain(game, move(1, 0, 0, "follower", "E"), tile="I15")
    assert advice.why.to_dict() == {"code": HintCode.PLACES_RISKY, "args": {
        "kind": "road", "tiles": 2, "closed": 4, "large": False}}
    assert advice.reason == ("Puts a thief on an open inn road of 2 tiles: worth 4 if finished, "
                             "0 if it is still open at the end.")


def test_a_large_follower_is_said_to_count_as_two() -> None:
    game = logged({"inns_cathedrals": True}, [])
    advice = explain(game, move(-1, 0, 90, "large", "W"), tile="U")
    assert advice.why.code == HintCode.PLACES_LARGE
    assert advice.why.args == {"kind": "road", "tiles": 2, "closed": 2, "open": 2}


def test_majorities_are_weighed_by_strength_a_large_follower_outweighs_a_follower() -> None:
    # Ann's thief on a curve, Bo's large thief on a road beside it; Ann's curve joins them.
    game = logged({"inns_cathedrals": True}, [turn(0, "V", 1, 0, 0, ("follower", "S")),
                                              turn(1, "U", 0, 1, 90, ("large", "E"))])
    advice = explain(game, move(1, 1, 90), tile="V")
    assert advice.why.to_dict() == {"code": HintCode.JOINS_OUTNUMBERED, "args": {
        "kind": "road", "owners": [1], "leaders": [1]}}, "one thief against Bo's two: not shared"


def test_the_builder_and_the_double_turn_it_earns_are_explained() -> None:
    game = logged({"traders_builders": True}, BUILDER_TURNS[:2])
    advice = explain(game, move(2, 0, 90, "builder", "E"), tile="U")
    assert advice.why.to_dict() == {"code": HintCode.PLACES_BUILDER,
                                    "args": {"kind": "road", "tiles": 3}}
    game = logged({"traders_builders": True}, BUILDER_TURNS)
    bonus = explain(game, move(-1, 0, 270, "follower", "C"), tile="A")
    assert bonus.why.to_dict() == {"code": HintCode.BONUS_TURN, "args": {"points": 0}}
    assert bonus.reason == ("Extends the road or city of your builder: you place another tile "
                            "at once.")


def test_goods_taken_by_closing_a_city_are_explained() -> None:
    # TRADERS_AND_BUILDERS.md example 1: Bo closes Ann's city with its wine.
    game = logged({"traders_builders": True}, [turn(0, "T01", 0, -1, 180, ("follower", "S"))])
    advice = explain(game, move(1, -1, 270), tile="E")
    assert advice.why.to_dict() == {"code": HintCode.TAKES_GOODS,
                                    "args": {"wine": 1, "grain": 0, "cloth": 0}}


def test_a_pig_is_explained_with_its_field() -> None:
    # TRADERS_AND_BUILDERS.md example 6: Ann's pig joins her farmer's field.
    game = logged({"traders_builders": True}, [turn(0, "E", 0, -1, 180, ("follower", "N")),
                                              turn(1, "U", 1, 0, 90, ("follower", "N"))])
    advice = explain(game, move(1, -1, 0, "pig", "N"), tile="B")
    assert advice.why.code == HintCode.PLACES_PIG
    assert advice.why.args == {"cities": 1, "points": 3}


def test_bots_play_the_expansions_figures_and_both_tiles_of_a_double_turn() -> None:
    options = Options(tileset="classic", inns_cathedrals=True, traders_builders=True)
    placed: set[str] = set()
    doubles = 0
    game = Game([Player("Ann", "red"), Player("Bo", "blue")], options, seed=0)
    rng = random.Random(0)
    # Played until both have happened (a seeded game: the same moves every run).
    while not game.finished and not ({"large", "builder", "pig"} <= placed and doubles):
        mover = game.current_player
        chosen = choose_move(game, "easy", rng)
        game.play(chosen)
        if chosen.meeple is not None:
            placed.add(chosen.meeple.kind)
        if not game.finished and game.current_player == mover:
            doubles += 1
    assert {"large", "builder", "pig"} <= placed
    assert doubles >= 1


def test_the_coach_warns_of_a_figure_put_late_on_an_open_inn_road() -> None:
    options = Options(tileset="classic", inns_cathedrals=True)
    game = Game([Player("Ann", "red"), Player("Bo", "blue")], options, seed=0)
    while game.turn < 73:  # the first legal move each turn: the same game every run
        game.play(next(iter(game.legal_moves())))
    late = Move(-4, 3, 90, Meeple("follower", "N"))
    said = warn(game, late)
    assert said is not None and said.to_dict() == {"code": WarningCode.RISKY_LATE, "args": {
        "kind": "road", "tiles": 6, "left": 14}}
    assert said.text == ("Your thief would stand on an open inn road of 6 tiles with 14 tiles "
                         "left: if it is still open at the end, it scores 0.")
