"""One test per rule: placement, figures, scoring details and results.

Logs are built by hand (coordinates per TILES.md: x east, y south) and checked by
`check_geometry` before the engine sees them; expectations come from the rule texts.
"""

from __future__ import annotations

import json
import random

import pytest

from app.engine import Game, IllegalMoveError, Move, Options, Placement, from_log, to_log
from tests.unit.conftest import (
    LOGS,
    abbot,
    check_geometry,
    check_summary,
    discard,
    fits,
    follower,
    game_from,
    legal_cells,
    place,
    players,
    replay,
    start_board,
)

ABBOT_ON = {"tileset": "winter", "farmers": True, "abbot": True}


def assert_illegal(
    turns: list[dict], number: int, options: dict | None = None, n_players: int = 2
) -> str:
    """The log is legal up to turn `number - 1` and turn `number` breaks a rule."""
    check_geometry(turns, upto=number - 1)
    game_from(turns[: number - 1], options, n_players)  # the turns before are legal
    with pytest.raises(IllegalMoveError) as caught:
        game_from(turns, options, n_players)
    assert caught.value.turn == number
    assert str(caught.value)  # a message a player can read
    return str(caught.value)


def fresh(**options) -> Game:
    return Game(players(2), Options(**options))


def try_illegal(game: Game, move: Move, tile: str) -> None:
    """The move raises IllegalMoveError and changes nothing."""
    before = game.view()
    turns = list(game.turns)
    with pytest.raises(IllegalMoveError):
        game.play(move, tile=tile)
    assert game.view() == before
    assert game.turns == turns


# -- placement ------------------------------------------------------------------------------


def test_placement_must_touch_a_tile():
    """000: 'At least one side of the new tile ... must touch one or more tiles already in play'."""
    game = fresh()
    assert not fits(start_board(), "B", 0, 2, 0)
    try_illegal(game, Move(0, 2, 0), "B")
    try_illegal(game, Move(5, -7, 0), "U")


def test_corner_only_is_not_enough():
    """001: 'A corner-only connection is not enough.'"""
    game = fresh()
    for x, y in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        try_illegal(game, Move(x, y, 0), "B")


def test_occupied_cell_is_illegal():
    game = fresh()
    try_illegal(game, Move(0, 0, 0), "D")
    game.play(Move(0, 1, 0), tile="B")
    try_illegal(game, Move(0, 1, 0), "B")


def test_touching_edge_must_match():
    """001: 'road continues road, city continues city, and field continues field'."""
    game = fresh()
    try_illegal(game, Move(0, -1, 0), "E")  # field (S of E) against the start city
    try_illegal(game, Move(1, 0, 0), "U")  # road N-S: field W against the start road
    try_illegal(game, Move(0, 1, 0), "U")  # road against the start field
    game.play(Move(0, -1, 180), tile="E")  # city S against the start city


def test_every_touching_edge_must_match():
    """000 FAQ: 'A newly placed land tile must fit the adjacent terrain on all edges.'"""
    game = fresh()
    game.play(Move(0, -1, 180), tile="E")
    game.play(Move(1, 0, 90), tile="U")
    board = {(0, 0): ("D", 0), (0, -1): ("E", 180), (1, 0): ("U", 90)}
    # E turned 270 has its city on W (against E's east field) and field on S (against U's
    # north field): one edge matches, the other does not.
    assert not fits(board, "E", 1, -1, 270)
    try_illegal(game, Move(1, -1, 270), "E")
    assert fits(board, "E", 1, -1, 90)
    game.play(Move(1, -1, 90), tile="E")


@pytest.mark.parametrize("rot", [45, 360, -90, 1])
def test_bad_rotation_is_illegal(rot):
    try_illegal(fresh(), Move(0, -1, rot), "E")


def test_unknown_tile_and_tile_not_in_bag():
    game = fresh(tileset="classic")
    try_illegal(game, Move(0, -1, 180), "Z99")
    try_illegal(game, Move(1, 0, 0), "Z02")  # a Winter tile is not in the classic box
    game.play(Move(0, -1, 0), tile="C")  # C: one copy
    try_illegal(game, Move(0, -2, 0), "C")


def test_legal_placements_of_a_tile_that_fits_nowhere_is_empty():
    game = fresh()
    game.play(Move(0, -1, 180), tile="E")
    assert game.legal_placements("C") == []


def test_discard_of_a_tile_that_fits_is_illegal():
    """LOG_FORMAT.md: 'A discard of a tile that does fit somewhere is illegal.'"""
    assert_illegal([discard(0, "E")], 1)
    turns = [place(0, "E", 0, -1, 180), discard(1, "C"), discard(1, "C")]
    assert_illegal(turns, 3)  # C has one copy: the second discard names a tile not in the bag


def test_discarding_player_draws_again():
    """LOG_FORMAT.md: 'it leaves the game and P draws again'."""
    turns = [place(0, "E", 0, -1, 180), discard(1, "C"), place(0, "U", 1, 0, 90)]
    assert_illegal(turns, 3)
    game = game_from(turns[:2])
    assert game.current_player == 1
    assert game.turn == 2


def test_discarded_tile_leaves_the_game():
    turns = [place(0, "E", 0, -1, 180), discard(1, "C")]
    game = game_from(turns)
    assert "C" not in game.bag_counts()
    assert game.tiles_left == 83 - 2


# -- followers --------------------------------------------------------------------------------


def test_follower_may_claim_any_slot_of_the_segment():
    """LOG_FORMAT.md: 'on the segment of the just placed tile that covers SLOT (any slot of that
    segment, in board orientation, i.e. after rotation)'."""
    for slot in ("SSE", "S", "SSW"):
        summary = replay([place(0, "E", 0, -1, 180, follower(slot))])
        check_summary(summary, {"scores": [4, 0]})
    # canonical N is not the city any more after a 180 degree turn: it names the field
    summary = replay([place(0, "E", 0, -1, 180, follower("N"))])
    check_summary(summary, {"scores": [0, 0], "supply": _supply(6, 7)})


@pytest.mark.parametrize(
    ("turns", "number"),
    [
        # road claimed by player 0 on the west; player 1 extends it on the east
        ([place(0, "U", -1, 0, 90, follower("E")), place(1, "U", 1, 0, 90, follower("W"))], 2),
        # even your own follower, three tiles away
        (
            [
                place(0, "U", -1, 0, 90, follower("W")),
                place(1, "U", 1, 0, 90),
                place(0, "U", 2, 0, 90, follower("E")),
            ],
            3,
        ),
        # a city claimed through the start tile
        ([place(0, "N", 0, -1, 180, follower("S")), place(1, "E", 1, -1, 90, follower("W"))], 2),
        # a field: the start tile's south field, reached from two sides
        ([place(0, "B", 0, 1, 0, follower("S")), place(1, "U", 1, 0, 90, follower("SSW"))], 2),
        # a monastery tile's field joins the start field that is farmed already
        ([place(0, "U", 1, 0, 90, follower("S")), place(1, "B", 0, 1, 0, follower("N"))], 2),
    ],
    ids=["road", "own-road-far", "city", "field", "field-of-monastery-tile"],
)
def test_no_follower_on_an_occupied_feature(turns, number):
    """000: 'There must be no other follower (not even one belonging to the same player) on the
    road, city, or field segments connected to the tile just placed. It does not matter how far
    away the follower is.'"""
    message = assert_illegal(turns, number)
    assert message


def test_occupied_road_leaves_other_features_of_the_tile_free():
    """000: 'BLUE may not place a thief, as the road is already occupied. He may play a monk or
    place a follower on the field.'"""
    base = [place(0, "U", -1, 0, 90, follower("E"))]
    for slot in ("N", "S"):  # the two fields of U at (1, 0)
        game = game_from([*base, place(1, "U", 1, 0, 90, follower(slot))])
        assert game.supply(1) == (6, 0)


def test_monastery_claim_beside_an_occupied_road():
    # A at (1,0) turned 90: its road (W) joins the occupied start road; the monastery is free
    base = [place(0, "U", -1, 0, 90, follower("E"))]
    assert_illegal([*base, place(1, "A", 1, 0, 90, follower("W"))], 2)
    game_from([*base, place(1, "A", 1, 0, 90, follower("C"))])


def test_figure_spots_leave_out_occupied_features():
    game = game_from([place(0, "U", -1, 0, 90, follower("E"))])
    spots = game.figure_spots(Placement(1, 0, 90), tile="U")
    assert {(s.feature, frozenset(s.slots)) for s in spots} == {
        ("field", frozenset({"WNW", "NNW", "N", "NNE", "ENE"})),
        ("field", frozenset({"ESE", "SSE", "S", "SSW", "WSW"})),
    }


def test_farmers_are_not_allowed_without_farmers():
    """001: 'do not place followers in fields or award field points at the end'."""
    off = {"tileset": "winter", "farmers": False, "abbot": False}
    assert_illegal([place(0, "E", 0, -1, 180, follower("N"))], 1, off)
    game = fresh(farmers=False)
    spots = game.figure_spots(Placement(0, -1, 180), tile="E")
    assert {s.feature for s in spots} == {"city"}
    # a knight is still fine
    check_summary(replay([place(0, "E", 0, -1, 180, follower("S"))], off), {"scores": [4, 0]})


def test_no_field_scoring_without_farmers():
    off = {"tileset": "winter", "farmers": False, "abbot": False}
    turns = [place(0, "E", 0, -1, 180), place(1, "U", 1, 0, 90, follower("E"))]
    check_summary(replay(turns, off), {"final_scores": [0, 2]})


def test_follower_on_C_needs_a_monastery():
    assert_illegal([place(0, "E", 0, -1, 180, follower("C"))], 1)
    assert_illegal([place(0, "E", 0, -1, 180, follower("C"))], 1, ABBOT_ON)


@pytest.mark.parametrize("options", [None, ABBOT_ON], ids=["no-abbot", "abbot"])
def test_follower_never_on_a_garden(options):
    """001: 'A regular follower cannot occupy a garden'; TILES.md: without The Abbot a garden is
    only a picture."""
    assert_illegal([place(0, "Eg", 0, 1, 180, follower("C"))], 1, options)


def test_abbot_needs_the_abbot_option():
    assert_illegal([place(0, "B", 0, 1, 0, abbot())], 1)
    assert_illegal([place(0, "Eg", 0, 1, 180, abbot())], 1)


@pytest.mark.parametrize("at", ["N", "S", "E", "NNE"])
def test_abbot_only_on_monastery_or_garden(at):
    """001: 'an abbot cannot occupy a road, city or field'."""
    assert_illegal([place(0, "Eg", 0, 1, 180, {"kind": "abbot", "at": at})], 1, ABBOT_ON)
    assert_illegal([place(0, "U", -1, 0, 90, {"kind": "abbot", "at": at})], 1, ABBOT_ON)
    assert_illegal([place(0, "E", 0, -1, 180, abbot())], 1, ABBOT_ON)  # no centre at all


def test_one_abbot_per_player():
    turns = [
        place(0, "B", 0, 1, 0, abbot()),
        place(1, "U", -1, 0, 90),
        place(0, "A", 1, 0, 90, abbot()),
    ]
    assert_illegal(turns, 3, ABBOT_ON)


def test_abbot_spot_offered_with_the_option_only():
    on = {(s.kind, s.feature) for s in fresh(abbot=True).figure_spots(Placement(0, 1, 180), "Eg")}
    off = {(s.kind, s.feature) for s in fresh().figure_spots(Placement(0, 1, 180), "Eg")}
    assert ("abbot", "garden") in on
    assert not any(kind == "abbot" or feature == "garden" for kind, feature in off)


MONASTERY_START = [
    place(0, "B", 0, 1, 0, abbot()),
    place(1, "U", -1, 0, 90),
    place(0, "U", 1, 0, 90),
]


def test_return_abbot_not_with_a_figure():
    """001: 'You cannot retrieve the abbot and place a follower in the same turn.'"""
    turns = [*MONASTERY_START, place(1, "A", -1, 1, 90), place(0, "A", 1, 1, 270)]
    turns[-1] = place(0, "A", 1, 1, 270, follower("C"), return_abbot=True)
    assert_illegal(turns, 5, ABBOT_ON)


def test_return_abbot_needs_an_abbot_on_the_board():
    turns = [*MONASTERY_START, place(1, "A", -1, 1, 90, None, return_abbot=True)]
    assert_illegal(turns, 4, ABBOT_ON)
    assert_illegal([place(0, "U", -1, 0, 90, None, return_abbot=True)], 1, ABBOT_ON)


def test_return_abbot_needs_the_option():
    assert_illegal([place(0, "U", -1, 0, 90, None, return_abbot=True)], 1)


def test_return_abbot_false_is_allowed_in_any_game():
    check_summary(
        replay([place(0, "E", 0, -1, 180, follower("S"), return_abbot=False)]), {"scores": [4, 0]}
    )


def test_can_return_abbot():
    game = game_from(MONASTERY_START[:1], ABBOT_ON)
    assert not game.can_return_abbot()  # player 1 has no abbot out
    game.play(Move(-1, 0, 90), tile="U")
    assert game.can_return_abbot()


def test_no_follower_with_an_empty_supply():
    """001: 'If your supply is empty, place the tile normally and skip claiming.' 000: the
    follower returned by this turn's scoring is usable 'From the next turn onwards'."""
    log = json.loads((LOGS / "follower_supply.json").read_text())
    turns = log["turns"][:15]
    turns[14] = {**turns[14], "meeple": follower("N")}  # E at (1,-1): a farmer, supply empty
    assert_illegal(turns, 15)
    game = game_from(log["turns"][:14])
    assert game.figure_spots(Placement(1, -1, 270), tile="E") == []


def test_follower_placed_and_scored_on_the_same_turn_comes_back():
    """000: 'It is possible to deploy a follower, score immediately, and have the follower
    returned, all in the same turn'."""
    game = game_from([place(0, "E", 0, -1, 180, follower("S"))])
    assert game.supply(0) == (7, 0)
    assert game.view()["figures"] == []


def test_players_must_take_turns_in_order():
    assert_illegal([place(1, "E", 0, -1, 180)], 1)
    assert_illegal([place(0, "E", 0, -1, 180), place(0, "U", 1, 0, 90)], 2)
    assert_illegal([place(0, "E", 0, -1, 180), place(2, "U", 1, 0, 90)], 2)
    assert_illegal([place(0, "E", 0, -1, 180), place(-1, "U", 1, 0, 90)], 2)


# -- scoring ----------------------------------------------------------------------------------

WEST_ENDS = [("L", 0), ("W", 0), ("X", 0), ("Z01", 0), ("Z03", 0), ("Z10", 0)]
EAST_ENDS = [
    ("L", 0),
    ("W", 0),
    ("X", 0),
    ("Z01", 0),
    ("Z02", 0),
    ("Z07", 90),
    ("Z11", 90),
    ("A", 90),
    ("Z05", 90),
    ("Z06", 0),
    ("S", 90),
    ("T", 90),
    ("Z08", 90),
]


@pytest.mark.parametrize(("tile", "rot"), WEST_ENDS, ids=[t for t, _ in WEST_ENDS])
def test_road_ends_west(tile, rot):
    """TILES.md: 'A junction (L, W, X, Z01) ends every road that enters it; ... a dead end (Z02,
    Z03, Z07, Z10, Z11) ends the road that touches them.' Road: end, start tile, W (village)."""
    turns = [place(0, tile, -1, 0, rot, follower("E")), place(1, "W", 1, 0, 0)]
    check_geometry(turns)
    check_summary(
        replay(turns),
        {"scores": [3, 0], "events": [_road(2, 3, [0])], "supply": _supply(7, 7)},
    )


@pytest.mark.parametrize(("tile", "rot"), EAST_ENDS, ids=[t for t, _ in EAST_ENDS])
def test_road_ends_east(tile, rot):
    """A monastery (A, Z05, Z06), a city (S, T, Z08), a junction or a dead end ends a road."""
    turns = [place(0, "L", -1, 0, 0, follower("E")), place(1, tile, 1, 0, rot)]
    check_geometry(turns)
    check_summary(replay(turns), {"scores": [3, 0], "events": [_road(2, 3, [0])]})


def _road(turn: int, points: int, who: list[int], final: bool = False) -> dict:
    return {
        "turn": turn,
        "feature": "road",
        "points": points,
        "players": who,
        "final": final,
        "tiles": points,
    }


def _supply(*followers: int, abbots: int = 0) -> list[dict]:
    return [{"followers": n, "abbot": abbots} for n in followers]


@pytest.mark.parametrize("tile", ["U", "V", "J", "K", "O", "P", "Z04", "Z12"])
def test_a_road_through_a_plain_tile_goes_on(tile):
    """Only junctions, dead ends, monasteries and cities end roads: a tile whose road runs
    through (two edges of one road segment) leaves the road unfinished."""
    rot = next(r for r in (0, 90, 180, 270) if fits(start_board(), tile, 1, 0, r))
    turns = [place(0, "L", -1, 0, 0, follower("E")), place(1, tile, 1, 0, rot)]
    check_geometry(turns)
    check_summary(replay(turns), {"scores": [0, 0], "events": [_road(2, 3, [0], final=True)]})


def test_z09_has_two_separate_curves():
    """TILES.md: Z09 roads {N,W} and {S,E}, two curves. The start road turns north on Z09's
    W-N curve and ends at Z11's dead end; the S-E curve is a road of its own."""
    turns = [
        place(0, "L", -1, 0, 0, follower("E")),
        place(1, "Z09", 1, 0, 0, follower("S")),  # the S-E curve is free
        place(0, "Z11", 1, -1, 0),
    ]
    check_geometry(turns)
    check_summary(
        replay(turns),
        {
            "scores": [4, 0],
            "supply": _supply(7, 6),
            "events": [_road(3, 4, [0]), _road(3, 1, [1], final=True)],
        },
    )
    assert_illegal([turns[0], place(1, "Z09", 1, 0, 0, follower("N"))], 2)  # W-N is taken


def test_road_tie_and_a_junction_tile_counted_once():
    """001: 'If several colors tie for the most, each receives the full score' and 'Count a tile
    once for the feature being scored.' Red's road (west of the village W at (1,0)) and Blue's
    road (south of it) meet at (-2,0): one road of 8 tiles whose two ends are both at W."""
    turns = [
        place(0, "U", -1, 0, 90, follower("W")),
        place(1, "W", 1, 0, 0, follower("S")),
        place(0, "V", 1, 1, 90),
        place(1, "U", 0, 1, 90),
        place(0, "U", -1, 1, 90),
        place(1, "V", -2, 1, 180),
        place(0, "V", -2, 0, 270),
    ]
    check_geometry(turns)
    check_summary(
        replay(turns[:6]),
        {"final_scores": [3, 5], "events": [_road(6, 3, [0], True), _road(6, 5, [1], True)]},
    )
    check_summary(
        replay(turns),
        {"scores": [8, 8], "supply": _supply(7, 7), "events": [_road(7, 8, [0, 1])]},
    )


def test_completed_features_without_followers_score_nothing():
    """001: 'Unclaimed completed features award no points.'"""
    summary = replay([place(0, "E", 0, -1, 180)])
    check_summary(summary, {"scores": [0, 0], "final_scores": [0, 0], "events": []})


FIELDS_FIRST_FIVE = [
    place(0, "E", 0, 1, 180, follower("N")),
    place(1, "U", 1, 0, 90, follower("NNE")),
    place(0, "E", 0, 2, 0, follower("S")),
    place(1, "E", 1, 1, 90),
    place(0, "Eg", 2, 1, 270),
]


@pytest.mark.parametrize(
    ("tile", "rot", "joins"),
    [
        ("A", 270, True),
        ("Z05", 270, True),
        ("Z11", 270, True),
        ("Z03", 0, False),
        ("Z10", 0, False),
        ("Z06", 0, False),
        ("L", 0, False),
        ("W", 0, False),
        ("Z01", 0, False),
    ],
)
def test_field_goes_round_a_road_end_only_in_open_country(tile, rot, joins):
    """TILES.md: 'a field may go round the end of a road (tile A ...)'; 'on Z11 it ends in open
    country and the field goes round it'; on Z02, Z03, Z07 and Z10 the dead end 'splits the field
    in two'; 'On Z06 the two roads and the monastery between them split the field'. See
    logs/fields.json: joined, Blue's north farmer shares Red's 6-point south field."""
    turns = [*FIELDS_FIRST_FIVE, place(1, tile, -1, 0, rot)]
    check_geometry(turns)
    check_summary(replay(turns), {"final_scores": [9, 6] if joins else [9, 0]})


def test_farmers_never_return():
    """000: 'farmers remain on the farm for the duration of the game and are never returned'."""
    game = game_from(FIELDS_FIRST_FIVE)  # two cities completed next to the farmers
    assert game.supply(0) == (5, 0)
    assert game.supply(1) == (6, 0)
    kinds = sorted((f["player"], f["x"], f["y"]) for f in game.view()["figures"])
    assert kinds == [(0, 0, 1), (0, 0, 2), (1, 1, 0)]


def test_end_early_scores_like_an_empty_bag():
    game = game_from(FIELDS_FIRST_FIVE)
    events = game.end_early()
    assert game.finished and game.ended_early
    assert game.scores == [9, 0]
    assert all(e.final and e.turn == 5 for e in events)


# -- results ------------------------------------------------------------------------------------


def test_shared_win_for_equal_totals():
    """001: 'Highest total wins, with shared wins for a tie.'"""
    log = json.loads((LOGS / "tied_knights.json").read_text())
    game = from_log(log)
    game.end_early()
    results = game.results()
    assert results["scores"] == [10, 10]
    assert results["winners"] == [0, 1]


def test_single_winner():
    game = game_from([place(0, "E", 0, -1, 180, follower("S"))], players=3)
    game.end_early()
    assert game.results()["winners"] == [0]


def test_results_breakdown_sums_to_scores():
    log = json.loads((LOGS / "abbot_garden.json").read_text())
    game = from_log(log)
    game.end_early()
    results = game.results()
    assert results["scores"] == [9, 6]
    for player, parts in enumerate(results["breakdown"]):
        assert sum(parts.values()) == results["scores"][player]
    assert results["breakdown"][0]["garden"] == 9
    assert results["breakdown"][1]["road"] == 6


def test_five_players_take_turns_in_order():
    turns = [
        place(0, "U", -1, 0, 90),
        place(1, "U", 1, 0, 90),
        place(2, "U", 2, 0, 90),
        place(3, "U", -2, 0, 90),
        place(4, "E", 0, -1, 180, follower("S")),
        place(0, "B", 0, 1, 0),
    ]
    check_geometry(turns)
    check_summary(replay(turns, players=5), {"scores": [0, 0, 0, 0, 4], "turn": 6})
    assert_illegal([*turns[:5], place(1, "B", 0, 1, 0)], 6, n_players=5)


MONASTERY_RING = [
    place(0, "U", -1, 0, 90),
    place(1, "U", 1, 0, 90),
    place(0, "A", -1, 1, 90),
    place(1, "A", 1, 1, 270),
    place(0, "V", -1, 2, 270),
    place(1, "U", 0, 2, 90),
    place(0, "V", 1, 2, 0),
]


def test_monastery_placed_into_a_full_ring_scores_at_once():
    """000: 'It is possible to deploy a follower, score immediately, and have the follower
    returned, all in the same turn' -- here a monk on a monastery whose eight neighbours
    are all there."""
    turns = [*MONASTERY_RING, place(1, "B", 0, 1, 0, follower("C"))]
    check_geometry(turns)
    check_summary(
        replay(turns),
        {
            "scores": [0, 9],
            "supply": _supply(7, 7),
            "events": [
                {"turn": 8, "feature": "monastery", "points": 9, "players": [1], "final": False}
            ],
        },
    )


def test_abbot_placed_into_a_full_ring_scores_and_returns():
    turns = [*MONASTERY_RING, place(1, "B", 0, 1, 0, abbot())]
    check_summary(
        replay(turns, ABBOT_ON),
        {
            "scores": [0, 9],
            "supply": _supply(7, 7, abbots=1),
            "events": [
                {"turn": 8, "feature": "monastery", "points": 9, "players": [1], "final": False}
            ],
        },
    )


def test_returned_abbot_can_be_placed_again():
    """001: the abbot taken back is in the supply again (one abbot per player)."""
    log = json.loads((LOGS / "abbot_return.json").read_text())
    turns = [*log["turns"][:7], place(1, "U", -2, 0, 90), place(0, "Z05", 2, 0, 90, abbot())]
    check_geometry(turns)
    check_summary(
        replay(turns, ABBOT_ON),
        {"scores": [8, 0], "supply": [{"followers": 7, "abbot": 0}, {"followers": 7, "abbot": 1}]},
    )


def test_seeded_game_records_discards_as_turns():
    """The issue: 'a tile that fits nowhere is discarded and recorded, then draw again'.
    Plays seeded games until one draws a tile that fits nowhere."""
    for seed in range(3000):
        rng = random.Random(seed)
        game = Game(players(2), Options(tileset="winter"), seed=seed)
        board = start_board()
        while not game.finished:
            before = len(game.turns)
            mover = game.current_player
            tile = game.drawn_tile
            p = rng.choice(game.legal_placements())
            game.play(Move(p.x, p.y, p.rot))
            board[(p.x, p.y)] = (tile, p.rot)
            new = game.turns[before + 1 :]
            if not new:
                continue
            for entry in new:
                assert set(entry) == {"player", "discarded"}
                assert entry["player"] == (mover + 1) % 2  # the next player drew it
                assert not legal_cells(board, entry["discarded"])
            if not game.finished:
                assert game.current_player == (mover + 1) % 2  # ... and draws again
            again = from_log(to_log(game))
            assert again.turns == game.turns and again.view()["board"] == game.view()["board"]
            return
    pytest.fail("no discard in 3000 seeded games")


def test_field_occupied_through_the_placed_tile_itself():
    """000: 'There must be no other follower ... on the road, city, or field segments connected
    to the tile just placed.' U at (1,1) has two fields; its south field touches Red's farmed
    field (E at (1,2)), and both its fields touch the field that wraps round the monastery A at
    (0,1). Once placed, all of them are one field, so U's north field is taken too."""
    turns = [
        place(0, "A", 0, 1, 270),
        place(1, "E", 0, 2, 90),
        place(0, "E", 1, 2, 270, follower("N")),
    ]
    for slot in ("N", "S"):
        assert_illegal([*turns, place(1, "U", 1, 1, 90, follower(slot))], 4)
    game = game_from([*turns, place(1, "U", 1, 1, 90, follower("E"))])  # the road is free
    assert game.supply(1) == (6, 0)
    spots = game_from(turns).figure_spots(Placement(1, 1, 90), tile="U")
    assert {s.feature for s in spots} == {"road"}
