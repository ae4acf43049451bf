"""Advice at the table (`app.bots.advice`): the reason given with a suggested move, the coach's
warnings, and the guarantee that the suggestion uses public information only.

Positions are move logs built by hand (TILES.md: x east, y south), checked by
`check_geometry` before the engine sees them; every expected sentence is worked out in the
comments from the tiles and the rules (001), not read off the code.
"""

from __future__ import annotations

import pickle
import random

import pytest

from app.bots import Advice, Phrase, explain, suggest, suggest_from_log, warn
from app.bots.advice import scored
from app.bots.phrases import clause, phrase
from app.engine import Game, Meeple, Move, Options, Player, ScoreEvent, from_log, to_log
from tests.unit.conftest import (
    COLOR_ORDER,
    abbot,
    check_geometry,
    follower,
    future_tiles,
    make_log,
    place,
)

ANN, BO, CY = 0, 1, 2


def table(turns: list[dict], options: dict | None = None, players: int = 2) -> Game:
    """The log-driven game after `turns`, played by Ann, Bo (and Cy)."""
    check_geometry(turns)
    log = make_log(turns, options, players)
    names = ("Ann", "Bo", "Cy")[:players]
    log["players"] = [{"name": name, "color": COLOR_ORDER[i]} for i, name in enumerate(names)]
    return from_log(log)


def move(x: int, y: int, rot: int, at: str | None = None, kind: str = "follower") -> Move:
    return Move(x, y, rot, None if at is None else Meeple(kind, at))


def said(warning: Phrase | None) -> str | None:
    """A warning's English."""
    return None if warning is None else warning.text


def reason(turns: list[dict], tile: str, mv: Move, options: dict | None = None) -> str:
    """The reason given for `mv`, checked legal and sent as a later turn would be."""
    game = table(turns, options)
    assert mv in game.legal_moves(tile)
    return explain(game, mv, tile).reason


# -- what a suggested move does for the player (`explain`) ------------------------------------
# The start D at (0, 0): city N, road W-E, a north field (ENE, WNW), a south field.


def test_a_knight_in_an_open_city() -> None:
    """G (0,-1) (city N-S) joins the start city: 2 tiles, no pennant; 2 per tile when closed,
    1 per tile if not."""
    got = reason([], "G", move(0, -1, 0, "N"))
    assert got == "Puts a knight in an open city of 2 tiles (worth 4 if closed, 2 if not)."


def test_a_thief_on_a_road() -> None:
    """U (1,0) turned 90 (road W-E) continues the start road: 2 tiles, 1 point each."""
    got = reason([], "U", move(1, 0, 90, "E"))
    assert got == "Puts a thief on a road of 2 tiles (worth 2 so far)."


def test_a_monk_on_a_monastery() -> None:
    """B (0,1): its only neighbour is the start tile, so 2 of its 9 tiles are down."""
    assert (
        reason([], "B", move(0, 1, 0, "C"))
        == "Puts a monk on a monastery: 2 of its 9 tiles are down."
    )


def test_the_abbot_on_a_garden() -> None:
    """Eg (0,-1) turned 180 closes the unclaimed start city (nobody scores) and takes the abbot
    on its garden: 2 of 9 tiles."""
    got = reason([], "Eg", move(0, -1, 180, "C", "abbot"), {"abbot": True})
    assert got == "Puts your abbot on a garden: 2 of its 9 tiles are down."


def test_a_farmer_next_to_a_finished_city() -> None:
    """E (0,-1) turned 180 closed the start city; U (1,0) turned 90 puts its north field (WNW,
    whole N, ENE) against D's north field, which borders that city: 1 city, 3 points."""
    turns = [place(ANN, "E", 0, -1, 180), place(BO, "B", 0, 1, 0)]
    got = reason(turns, "U", move(1, 0, 90, "N"))
    assert got == "Puts a farmer in a field next to 1 finished city (3 so far)."


def test_a_farmer_in_a_field_without_a_finished_city() -> None:
    """A (-1,0) turned 270 (road E ending at its monastery) joins the start road; its field
    goes round the road's end and joins D's north and south fields, which border only the
    open start city. The farmer stands on slot W (the start road's W end is on D, not here)."""
    got = reason([], "A", move(-1, 0, 270, "W"))
    assert got == "Puts a farmer in a field next to no finished city yet."


def test_a_knight_scored_at_once() -> None:
    """E (0,-1) turned 180 closes the start city with Ann's knight in it: 2 tiles, 4 points;
    the knight comes back, so only the score is told."""
    advice = explain(table([]), move(0, -1, 180, "S"), "E")
    assert (advice.reason, advice.points_now) == ("Closes your city: +4.", 4)


def test_closing_your_city() -> None:
    """Ann's knight is in D + G (0,-1), open to the north; E (0,-2) turned 180 (city S) closes
    it: 3 tiles, no pennant, 6 points."""
    turns = [place(ANN, "G", 0, -1, 0, follower("N")), place(BO, "B", 0, 1, 0)]
    game = table(turns)
    advice = explain(game, move(0, -2, 180), "E")
    assert advice.reason == "Closes your city: +6."
    assert advice.points_now == 6


def test_scoring_and_placing_a_figure() -> None:
    """Ann's thief is on the start road; Z03 (-1,0) (road E ending at its wall) ended it in the
    west, and Z02 (2,0) (road W ending at its wall) ends it in the east: 4 tiles, 4 points.
    Her knight goes on Z02's own city N: 1 tile, 2 if closed, 1 if not."""
    turns = [place(ANN, "U", 1, 0, 90, follower("E")), place(BO, "Z03", -1, 0, 0)]
    advice = explain(table(turns), move(2, 0, 0, "N"), "Z02")
    assert advice.reason == (
        "Completes your road (+4) and puts a knight in an open city of 1 tile "
        "(worth 2 if closed, 1 if not)."
    )
    assert advice.points_now == 4


def test_scoring_and_placing_a_monk() -> None:
    """As above, but A (2,0) (a monastery whose road runs W) ends the road and takes a monk:
    the figure clause counts the monastery's tiles of its 9 too (it raised KeyError)."""
    turns = [place(ANN, "U", 1, 0, 90, follower("E")), place(BO, "Z03", -1, 0, 0)]
    advice = explain(table(turns), move(2, 0, 90, "C"), "A")
    assert advice.reason == (
        "Completes your road (+4) and puts a monk on a monastery: 2 of its 9 tiles are down."
    )
    assert advice.why.to_dict()["args"]["figure"]["args"] == {
        "kind": "monastery", "tiles": 2, "around": 9,
    }


def test_taking_the_abbot_back() -> None:
    """Ann's abbot is on B (0,1); U (1,0) adds its diagonal neighbour: 1 + 2 neighbours = 3."""
    turns = [place(ANN, "B", 0, 1, 0, abbot()), place(BO, "E", 0, -1, 180)]
    game = table(turns, {"abbot": True})
    advice = explain(game, Move(1, 0, 90, return_abbot=True), "U")
    assert (advice.reason, advice.points_now) == ("Takes your abbot back: +3.", 3)


def test_adding_to_your_monastery() -> None:
    """The same board, Ann's monk instead of the abbot: 3 of 9 tiles once U (1,0) is down (it
    also grows the start road, which nobody holds)."""
    turns = [place(ANN, "B", 0, 1, 0, follower("C")), place(BO, "E", 0, -1, 180)]
    got = reason(turns, "U", move(1, 0, 90))
    assert got == "Adds to your monastery: 3 of its 9 tiles are down."


def test_a_tile_that_grows_two_of_your_features_names_the_road_first() -> None:
    """U (-1,0) grows Ann's road (her thief on U (1,0)) to 3 tiles and lies next to her
    monastery B (0,1)."""
    turns = [
        place(ANN, "B", 0, 1, 0, follower("C")),
        place(BO, "E", 0, -1, 180),
        place(ANN, "U", 1, 0, 90, follower("E")),
        place(BO, "B", 0, -2, 0),
    ]
    assert reason(turns, "U", move(-1, 0, 90)) == "Extends your road to 3 tiles."


def test_the_final_count_is_not_the_moves_doing() -> None:
    """On the last tile the game's final count runs in the same turn: a move that finishes
    nothing is not credited with it (whatever the mover's figures score at the end)."""
    told = 0
    for seed in range(4):
        game = Game(TWO, Options(), seed=seed)
        rng = random.Random(seed)
        while game.tiles_left:
            game.play(rng.choice(list(game.legal_moves())))
        for mv in game.legal_moves():
            events = game.copy().play(mv)
            finishes = any(not e.final for e in events)
            if mv.meeple or finishes or not any(game.current_player in e.players for e in events):
                continue
            advice = explain(game, mv)
            assert advice.points_now == 0 and "+" not in advice.reason, advice
            told += 1
    assert told


def test_the_scored_clause_counts_features_of_one_kind() -> None:
    def event(feature: str) -> ScoreEvent:
        return ScoreEvent(3, feature, 4, (ANN,), False, 2)

    done = scored([event("city"), event("road"), event("road")])
    assert done == [{"kind": "city", "count": 1}, {"kind": "road", "count": 2}]
    args = {"points": 12, "done": done, "figure": None}
    assert clause("scores", args, ["Ann", "Bo"]) == (
        "closes your city and completes your 2 roads: +12"
    )


def test_a_move_with_nothing_to_say_says_so() -> None:
    assert reason([], "B", move(0, 1, 0)) == "Places the tile without a figure."


# Ann's thief on the start road (U (1,0)); Bo's thief on a road of its own, U (1,1) turned 90,
# which V (2,1) turned 90 (road W-N) turns north to (2,0). V (2,0) (road W-S) joins the two.
ROADS = [
    place(ANN, "U", 1, 0, 90, follower("E")),
    place(BO, "U", 1, 1, 90, follower("E")),
    place(ANN, "E", 0, -1, 180),
    place(BO, "V", 2, 1, 90),
]


def test_extending_your_road() -> None:
    """Bo's V (2,1) grows his road to U (1,1) + V (2,1)."""
    assert reason(ROADS[:3], "V", move(2, 1, 90)) == "Extends your road to 2 tiles."


def test_joining_a_road_of_equal_strength() -> None:
    """One thief each: the joined road is shared (001: both get its full value)."""
    game = table(ROADS)
    assert explain(game, move(2, 0, 0), "V").reason == "Joins Bo's road to share it."
    assert warn(game, move(2, 0, 0), "V") is None


def test_extending_a_shared_road() -> None:
    """After the join, U (-1,0) adds a sixth tile: (-1,0), D, (1,0), (2,0), (2,1), (1,1)."""
    turns = [*ROADS, place(ANN, "V", 2, 0, 0), place(BO, "B", 0, -2, 0)]
    got = reason(turns, "U", move(-1, 0, 90))
    assert got == "Extends the road you share with Bo to 6 tiles."


# Farmers. Ann's farmer lies north of the start road (U (-1,0) turned 90, north field). Bo
# farms south of U (0,1) turned 90 (its own field), then takes the start's south field too
# through V (-1,1) turned 270 (road E-S; its big field reaches D's south field round U (-1,0)).
# E (0,-1) turned 180 closes the start city, which borders Ann's field. A (1,1) turned 90 (road
# W ending at the monastery) joins both of Bo's fields round the road's end: Bo has 2 farmers
# in one field. A (1,0) turned 90 would join D's north and south fields round the start road's
# end: Ann's 1 farmer against Bo's 2.
FARMS = [
    place(ANN, "U", -1, 0, 90, follower("N")),
    place(BO, "U", 0, 1, 90, follower("S")),
    place(ANN, "E", 0, -1, 180),
    place(BO, "V", -1, 1, 270, follower("N")),
    place(ANN, "B", 0, -2, 0),
    place(BO, "A", 1, 1, 90),
]


def test_a_finished_city_beside_your_field() -> None:
    got = reason(FARMS[:2], "E", move(0, -1, 180))
    assert got == "Your field is now next to 1 finished city (3 so far)."


def test_a_field_that_grows_without_gaining_a_city() -> None:
    """B (-1,-1) joins Ann's field (through U (-1,0)) to E (0,-1)'s field, which borders the
    same finished city: still 1 city, so nothing to tell about the field."""
    turns = [*FARMS[:4]]
    assert reason(turns, "B", move(-1, -1, 0)) == "Places the tile without a figure."


def test_joining_into_a_field_where_the_other_player_has_more() -> None:
    game = table(FARMS)
    join = move(1, 0, 90)
    assert explain(game, join, "A").reason == "Joins your field to Bo's, where Bo has more farmers."
    assert said(warn(game, join, "A")) == (
        "Your farmer would join Bo's field, where Bo has more farmers."
    )


def test_taking_over_a_field() -> None:
    """The same join made by Bo (Ann played B (0,-3) instead): 2 farmers against 1."""
    game = table([*FARMS, place(ANN, "B", 0, -3, 0)])
    assert explain(game, move(1, 0, 90), "A").reason == (
        "Takes over Ann's field: you have more farmers on it."
    )
    assert warn(game, move(1, 0, 90), "A") is None


def test_growing_a_field_where_you_were_outnumbered_already_is_no_news() -> None:
    """After Ann's join (Ann 1, Bo 2), B (2,0) grows that field: it hands Bo nothing new."""
    turns = [*FARMS, place(ANN, "A", 1, 0, 90), place(BO, "B", 0, -3, 0)]
    assert warn(table(turns), move(2, 0, 0), "B") is None


# -- the coach's warnings (`warn`) ------------------------------------------------------------


def test_closing_an_opponents_city() -> None:
    """Ann's knight is in D + G (0,-1); Bo closes it with E (0,-2): 3 tiles, 6 points, Ann's."""
    turns = [
        place(ANN, "G", 0, -1, 0, follower("N")),
        place(BO, "B", 0, 1, 0),
        place(ANN, "E", -1, 1, 0),
    ]
    game = table(turns)
    assert said(warn(game, move(0, -2, 180), "E")) == "This closes Ann's city: Ann scores 6."
    # E (1,1) touches nothing of Ann's; the monastery beside it has nobody on it.
    assert warn(game, move(1, 1, 0), "E") is None


# Three players. Bo's knight in E (1,-1) turned 270 (city W), Ann's in E (-1,-1) turned 90
# (city E); both face (0,-1), in front of the start city. R (0,-1) turned 180 (city E, S, W)
# joins the three and closes them all: 4 tiles, no pennant, 8 points; one knight each.
SHARED = [
    place(ANN, "U", 1, 0, 90),
    place(BO, "E", 1, -1, 270, follower("W")),
    place(CY, "U", -1, 0, 90),
    place(ANN, "E", -1, -1, 90, follower("E")),
    place(BO, "B", 0, 1, 0),
]


def test_closing_a_city_two_opponents_share() -> None:
    game = table(SHARED, players=3)
    got = said(warn(game, move(0, -1, 180), "R"))
    assert got == "This closes Ann and Bo's city: Ann and Bo each score 8."


def test_closing_a_city_you_share_is_no_gift() -> None:
    game = table([*SHARED, place(CY, "E", 1, 1, 180)], players=3)
    assert warn(game, move(0, -1, 180), "R") is None
    assert explain(game, move(0, -1, 180), "R").reason == "Closes your city: +8."


# Bo's monk on B (0,1); round it U (-1,0) and U (1,0) (turned 90), B (-1,1), B (1,1), and E
# (-1,2) turned 90 (city E, Bo's knight in it): 6 neighbours. E (1,2) turned 180 (city S)
# adds the seventh. After a turn elsewhere, E (0,2) turned 270 (city W) is the eighth, and
# closes Bo's city {(-1,2), (0,2)} (4 points) as well.
MONASTERY = [
    place(ANN, "U", -1, 0, 90),
    place(BO, "B", 0, 1, 0, follower("C")),
    place(ANN, "U", 1, 0, 90),
    place(BO, "B", -1, 1, 0),
    place(ANN, "B", 1, 1, 0),
    place(BO, "E", -1, 2, 90, follower("E")),
]


def test_a_tile_next_to_an_opponents_monastery() -> None:
    game = table(MONASTERY)
    got = said(warn(game, move(1, 2, 180), "E"))
    assert got == "This adds a tile next to Bo's monastery: 8 of its 9 tiles are down."


def test_surrounding_an_opponents_monastery_the_biggest_gift() -> None:
    turns = [*MONASTERY, place(ANN, "E", 1, 2, 180), place(BO, "E", 0, -1, 180)]
    game = table(turns)
    assert said(warn(game, move(0, 2, 270), "E")) == "This surrounds Bo's monastery: Bo scores 9."


def test_advice_leaves_the_game_alone() -> None:
    game = table(FARMS)
    before, turns = game.view(), list(game.turns)
    explain(game, move(1, 0, 90), "A")
    warn(game, move(1, 0, 90), "A")
    assert game.view() == before and game.turns == turns


# -- suggestions: the strong bot's move, public information only -------------------------------

TWO = [Player("Ann", "red"), Player("Bo", "blue")]


def advanced(turns: int, seed: int = 21) -> Game:
    game = Game(TWO, Options(), seed=seed)
    rng = random.Random(turns)
    for _ in range(turns):
        game.play(rng.choice(list(game.legal_moves())))
    return game


@pytest.mark.parametrize("turns", [0, 17, 45])
def test_the_suggestion_does_not_depend_on_the_hidden_bag_order(turns: int) -> None:
    game = advanced(turns)
    twin = game.copy(shuffle=random.Random(99))
    assert twin.view() == game.view()
    assert future_tiles(twin) != future_tiles(game)  # else this test would prove nothing
    a = suggest(game, random.Random(7), budget_s=None, playouts=40)
    b = suggest(twin, random.Random(7), budget_s=None, playouts=40)
    assert a == b
    assert a.move in game.legal_moves()
    assert a == explain(game, a.move)  # the reason is that of the move, on the real game too


def test_warnings_and_reasons_do_not_depend_on_the_hidden_bag_order() -> None:
    """`warn()` and `explain()` play the move on a copy of the real game (which then draws
    from the real bag): what they say must not depend on it."""
    game = advanced(40, seed=5)
    twin = game.copy(shuffle=random.Random(99))
    assert future_tiles(twin) != future_tiles(game)
    told = 0
    for mv in game.legal_moves():
        assert warn(game, mv) == warn(twin, mv)
        assert explain(game, mv) == explain(twin, mv)
        told += warn(game, mv) is not None
    assert told  # some move on this board hands something to Bo or Ann


def test_a_suggestion_from_the_public_log_in_a_worker() -> None:
    game = advanced(25)
    mine = suggest(game, random.Random(3), budget_s=None, playouts=30)
    theirs = suggest_from_log(to_log(game), game.drawn_tile or "", 3, None, playouts=30)
    assert theirs == mine
    assert pickle.loads(pickle.dumps(theirs)) == theirs


def test_advice_as_json() -> None:
    why = phrase("scores", ["Ann", "Bo"], points=8, done=[{"kind": "city", "count": 1}],
                 figure=None)
    advice = Advice(Move(2, -1, 90, Meeple("follower", "N")), why, 8)
    assert advice.to_dict() == {
        "x": 2,
        "y": -1,
        "rot": 90,
        "meeple": {"kind": "follower", "at": "N"},
        "return_abbot": False,
        "reason": "Closes your city: +8.",
        "why": {"code": "scores",
                "args": {"points": 8, "done": [{"kind": "city", "count": 1}], "figure": None}},
        "points": 8,
    }
    assert Advice(Move(0, 1, 0), why, 0).to_dict()["meeple"] is None


def test_a_suggestion_keeps_to_its_budget() -> None:
    game = advanced(10)
    readings: list[float] = []

    def timer() -> float:
        """0 when first read; 40 ms at the second reading (the public replica is built
        between the two); then 1 ms more at each reading."""
        now = 0.0 if not readings else 0.04 if len(readings) == 1 else readings[-1] + 0.001
        readings.append(now)
        return now

    advice = suggest(game, random.Random(2), budget_s=0.043, timer=timer)
    assert advice.move in game.legal_moves()
    # 3 ms were left after the replica, so the search stops at its first reading at or
    # after 41 + 3 = 44 ms (it reads the clock once more per candidate it weighs, of 6).
    assert readings[-1] == pytest.approx(0.044)


def test_no_suggestion_once_the_game_is_over() -> None:
    game = Game(TWO, seed=1)
    game.end_early()
    with pytest.raises(ValueError, match="game is over"):
        suggest(game, random.Random(1), budget_s=None, playouts=5)


# -- the same sentences as codes and arguments (what a client words in its own language) -------


def test_a_reason_carries_its_code_and_arguments() -> None:
    """The sentences above, as the wire's `why` carries them: players by index in game order."""
    why = explain(table([]), move(0, -1, 0, "N"), "G").why
    assert why.to_dict() == {"code": "places_knight", "args": {"tiles": 2, "closed": 4, "open": 2}}
    turns = [place(ANN, "U", 1, 0, 90, follower("E")), place(BO, "Z03", -1, 0, 0)]
    why = explain(table(turns), move(2, 0, 0, "N"), "Z02").why
    assert why.to_dict() == {"code": "scores", "args": {
        "points": 4,
        "done": [{"kind": "road", "count": 1}],
        "figure": {"code": "places_knight", "args": {"tiles": 1, "closed": 2, "open": 1}},
    }}
    why = explain(table(FARMS), move(1, 0, 90), "A").why
    assert why.to_dict() == {"code": "joins_outnumbered",
                             "args": {"kind": "field", "owners": [BO], "leaders": [BO]}}
    why = explain(table([]), move(-1, 0, 270, "W"), "A").why
    assert why.to_dict() == {"code": "places_farmer", "args": {"cities": 0, "points": 0}}
    turns = [*ROADS, place(ANN, "V", 2, 0, 0), place(BO, "B", 0, -2, 0)]
    why = explain(table(turns), move(-1, 0, 90), "U").why
    assert why.to_dict() == {"code": "extends",
                             "args": {"kind": "road", "tiles": 6, "sharers": [BO]}}


def test_a_warning_carries_its_code_and_arguments() -> None:
    warning = warn(table(SHARED, players=3), move(0, -1, 180), "R")
    assert warning is not None
    assert warning.to_dict() == {"code": "gift",
                                 "args": {"kind": "city", "takers": [ANN, BO], "points": 8}}
    warning = warn(table(FARMS), move(1, 0, 90), "A")
    assert warning is not None
    assert warning.to_dict() == {"code": "outnumbered",
                                 "args": {"kind": "field", "figures": 1, "leaders": [BO]}}
    warning = warn(table(MONASTERY), move(1, 2, 180), "E")
    assert warning is not None
    assert warning.to_dict() == {"code": "adds_next_to", "args": {
        "kind": "monastery", "owners": [BO], "tiles": 8, "around": 9}}
