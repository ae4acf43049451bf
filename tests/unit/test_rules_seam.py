"""The seam expansions plug into (`app/engine/rules.py`): today's options as rules, and the
parts no option of today uses yet, each on a small hand-made case (engine internals on
purpose: this is the interface the next expansions are written against)."""

from __future__ import annotations

import pytest

from app.engine import COLORS, MAX_PLAYERS, Options, Player
from app.engine.board import Board
from app.engine.events import ScoreEvent
from app.engine.expansions import ruleset_for
from app.engine.features import ROAD_FEATURE, Modifier, Rated
from app.engine.figures import FigureKind, Figures
from app.engine.rules import ABBOT_KIND, FOLLOWER_KIND, BaseGame, Rule, Ruleset
from app.engine.spots import build_spot_table
from app.engine.tiles.shapes import (
    CITY,
    FIELD,
    GARDEN,
    PENNANT,
    ROAD,
    SLOTS,
    SegmentDef,
    TileDef,
    all_but,
    city,
    field,
    orient,
    road,
)

INN = "inn"
INN_ROADS = Modifier(ROAD, INN, complete=2, unfinished=0)


def test_options_choose_their_rules():
    """The base game first, then each option's rule; what each brings is data."""
    rules = ruleset_for(Options("classic", farmers=False, abbot=True, river=True))
    assert [rule.name for rule in rules.rules] == ["classic", "no farmers", "abbot", "river"]
    assert rules.start_tile == "R01"
    assert list(rules.bag)[:11] == [f"R{n:02d}" for n in range(2, 13)]  # drawn first
    assert rules.bag["D"] == 3  # the start D stays out of the bag with the River too
    assert [kind.name for kind in rules.figures] == ["follower", "abbot"]
    assert rules.stands[0] == {ROAD, CITY}  # no farmers: no follower in a field
    assert set(rules.centre_features) == {"monastery", "garden"}
    plain = ruleset_for(Options("classic"))
    assert set(plain.centre_features) == {"monastery"}  # a garden is only a picture
    assert plain.absent["R05"] == ("there is no River in this game (tile R05)", "river")
    assert plain.absent_figures == {"abbot", "large", "builder", "pig"}
    assert ruleset_for(Options("classic")) is plain  # put together once per options


def _line(*marks: str) -> tuple[Board, int]:
    """A board with a road of two tiles whose west tile carries `marks`: returns it before
    the east tile closes the road, with the road's root."""
    west = TileDef("west", "FRFF", (road("E", *marks), field(all_but("E"))))
    board = Board()
    roots, _ = board.place(orient(west, 0), 0, 0)
    return board, roots[0]


def _close(board: Board, *marks: str) -> None:
    east = TileDef("east", "FFFR", (road("W", *marks), field(all_but("W"))))
    board.place(orient(east, 0), 1, 0)


def test_a_mark_modifier_changes_what_a_road_scores():
    """An inn road: 2 per tile once finished, nothing unfinished; a second inn adds nothing."""
    inn_roads = ROAD_FEATURE.modified((INN_ROADS,))
    assert ROAD_FEATURE.modified(()) is ROAD_FEATURE
    board, root = _line(INN)
    assert inn_roads.worth(board, root, False).points == 0
    assert ROAD_FEATURE.worth(board, root, False).points == 1
    _close(board, INN)
    assert board.mark_count(root, INN) == 2 and inn_roads.complete(board, root)
    assert inn_roads.worth(board, root, True).points == 4
    assert ROAD_FEATURE.worth(board, root, True).points == 2
    plain, plain_root = _line()
    _close(plain)
    assert inn_roads.worth(plain, plain_root, True).points == 2  # no inn: an ordinary road


def test_a_city_modifier_counts_pennants_at_its_rate():
    """A cathedral city: 3 per tile and per pennant once finished (the rule's own rates)."""
    cathedral = Rated(CITY, 2, 1).modified((Modifier(CITY, "cathedral", 3, 0),))
    tile = TileDef("walled", "CCCC", (city("NESW", PENNANT, "cathedral"),))
    board = Board()
    roots, _ = board.place(orient(tile, 0), 0, 0)
    worth = cathedral.worth(board, roots[0], True)
    assert (worth.points, worth.tiles, worth.pennants) == (6, 1, 1)


def test_a_segment_covering_no_slot_is_named_c():
    """An inner field covers no slot: a figure names it `C`, as the abbot names the garden."""
    caps = tuple(city(edge) for edge in "NESW")
    inner = SegmentDef(FIELD, (), adj_cities=(0, 1, 2, 3))
    tile = orient(TileDef("caps", "CCCC", (*caps, inner), GARDEN), 90)
    assert tile.segments[4].names == ("C",) and tile.segments[4].slots == ()
    kinds = (FOLLOWER_KIND, ABBOT_KIND)
    table = build_spot_table(tile, kinds, (FOLLOWER_KIND.segments, ABBOT_KIND.segments))
    spots = {(spot.kind, spot.feature, spot.at) for _, _, spot in table.spots}
    assert ("follower", FIELD, "C") in spots and ("abbot", GARDEN, "C") in spots
    assert table.targets[("follower", "C")] == 4  # the inner field
    assert table.targets[("abbot", "C")] is None  # the centre: the garden


def test_majority_counts_each_figure_s_strength():
    """A large follower counts 2: it ties two followers and beats one."""
    large = FigureKind("large follower", 1, FOLLOWER_KIND.segments, ("monastery",), "", 2)
    figures = Figures((FOLLOWER_KIND, large), 3)
    big = figures.put(0, "large follower", (0, 0), "N", 0)
    two = [figures.put(1, "follower", (1, 0), "N", 1) for _ in range(2)]
    one = figures.put(2, "follower", (2, 0), "N", 2)
    assert figures.majority([big, *two], 3) == (0, 1)
    assert figures.majority([big, one], 3) == (0,)
    assert figures.supply(0) == (7, 0) and figures.in_hand(0, "large follower") == 0


MEADOW = TileDef("meadow", "FFFF", (field(" ".join(SLOTS)),))


class Pink(Rule):
    """A made-up rule: a sixth colour, six players, a second turn for player 0 after the
    first tile, and a point at the end for player 1."""

    name = "pink"
    colors = ("pink",)
    max_players = 6

    def next_player(self, board: Board, player: int, players: int) -> int:
        return player if player == 0 and len(board.order) == 2 else (player + 1) % players

    def final_events(self, board: Board, turn: int, players: int) -> list[ScoreEvent]:
        return [ScoreEvent(turn, "pink", 1, (1,), True, 0)]


def test_rules_add_colours_players_turn_order_and_end_points():
    """The colours and player limits add up; the last rule with a turn order decides it; each
    rule with points at the end is asked for them."""
    base = Ruleset([BaseGame("classic")])
    with_pink = Ruleset([BaseGame("classic"), Pink()])
    six = [Player(str(i), color) for i, color in enumerate((*COLORS, "pink"))]
    with_pink.check_players(six)
    for players in (six, six[4:]):  # six players; pink
        with pytest.raises(ValueError):
            base.check_players(players)
    assert (base.max_players, with_pink.max_players) == (MAX_PLAYERS, 6)
    assert (base.turn_rule, with_pink.turn_rule) == (0, 1)
    assert (base.final_rules, with_pink.final_rules) == ((), (1,))
    board = Board()
    board.place(orient(MEADOW, 0), 0, 0)
    board.place(orient(MEADOW, 0), 1, 0)  # player 0's first tile
    turns = with_pink.rules[with_pink.turn_rule]
    assert turns.next_player(board, 0, 6) == 0  # a second turn
    assert base.rules[base.turn_rule].next_player(board, 0, 6) == 1
    board.place(orient(MEADOW, 0), 2, 0)
    assert turns.next_player(board, 0, 6) == 1
