"""Every refusal of the engine carries a stable reason code and its arguments
(`ILLEGAL_REASONS`), besides its English sentence: a client words it from those."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from app.engine import ILLEGAL_REASONS, Game, IllegalMoveError, Meeple, Move, Options, from_log
from app.server.wire import jsgen
from tests.unit.conftest import follower, make_log, place, players

ENGINE = Path(__file__).resolve().parents[2] / "app" / "engine"


def _placeholders(description: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(description) if name}


def test_codes_are_snake_case_with_a_one_line_description() -> None:
    for code, description in ILLEGAL_REASONS.items():
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", code), code
        assert description and "\n" not in description, code


def test_every_code_is_raised_somewhere_in_the_engine_and_no_other() -> None:
    """The list is the one place the codes are written: the engine uses each of them, and
    none that is not listed (an unknown code would also fail the constructor's check)."""
    source = "".join(path.read_text() for path in ENGINE.rglob("*.py"))
    used = set(re.findall(r'code="([a-z_]+)"', source))
    assert used == set(ILLEGAL_REASONS)


def test_an_unknown_code_is_refused() -> None:
    with pytest.raises(AssertionError):
        IllegalMoveError("no", code="no_such_reason")


CASES = [
    # (turns, options, code, args) of the illegal last turn
    ([place(0, "B", 0, 2, 0)], None, "not_adjacent", {"x": 0, "y": 2}),
    ([place(0, "B", 0, 0, 0)], None, "cell_taken", {"x": 0, "y": 0}),
    ([place(0, "E", 0, 1, 0)], None, "edges_mismatch", {"tile": "E", "rot": 0, "x": 0, "y": 1}),
    ([place(0, "Q9", 0, 1, 0)], None, "unknown_tile", {"tile": "Q9"}),
    ([place(0, "C", 0, -1, 0), place(1, "C", 1, -1, 0)], {"tileset": "classic"},
     "tile_not_in_bag", {"tile": "C"}),
    ([place(1, "B", 0, 1, 0)], None, "not_players_turn", {"player": 0, "got": 1}),
    ([place(7, "B", 0, 1, 0)], None, "no_such_player", {"player": 7}),
    ([place(0, "R02", 1, 0, 0)], None, "tile_not_in_game", {"tile": "R02", "option": "river"}),
    ([place(0, "U", 1, 0, 90, follower("E")), place(1, "U", 2, 0, 90, follower("W"))],
     None, "occupied", {"feature": "road"}),
    ([place(0, "U", 1, 0, 90, follower("N"))], {"farmers": False},
     "feature_closed", {"feature": "field"}),
    ([place(0, "B", 0, 1, 0, {"kind": "abbot", "at": "C"})], None,
     "figure_not_in_game", {"figure": "abbot"}),
    ([place(0, "E", 0, -1, 180, {"kind": "abbot", "at": "S"})], {"abbot": True},
     "centre_only", {"figure": "abbot"}),
    ([place(0, "Eg", 0, -1, 180, follower("C"))], {"abbot": True, "tileset": "classic"},
     "centre_not_for_figure", {"figure": "follower", "centre": "garden"}),
    ([place(0, "U", 1, 0, 90, follower("C"))], None, "no_centre", {"figure": "follower"}),
    ([place(0, "R06", 1, 0, 0, follower("E"))], {"river": True},
     "not_a_feature", {"feature": "river"}),
    ([place(0, "R12", 1, 0, 0)], {"river": True}, "lake_comes_last", {"tile": "R12"}),
    ([place(0, "E", 1, -1, 0)], {"river": True}, "river_tiles_first", {"tile": "E"}),
    ([place(0, "R06", 0, -1, 0)], {"river": True}, "river_open_end", {"x": 1, "y": 0}),
    ([place(0, "U", 1, 0, 90, return_abbot=True)], {"abbot": True}, "abbot_not_on_board", {}),
    # Inns & Cathedrals, Traders & Builders
    ([place(0, "I15", 1, 0, 0)], None, "tile_not_in_game",
     {"tile": "I15", "option": "inns_cathedrals"}),
    ([place(0, "U", 1, 0, 90, {"kind": "large", "at": "E"})], None,
     "figure_not_in_game", {"figure": "large"}),
    ([place(0, "U", 1, 0, 90, {"kind": "builder", "at": "E"})], {"traders_builders": True},
     "no_own_follower", {"figure": "builder", "feature": "road", "player": 0}),
    ([place(0, "U", 1, 0, 90, follower("E")), place(1, "A", -1, 0, 270),
      place(0, "W", 2, 0, 0, {"kind": "builder", "at": "W"})], {"traders_builders": True},
     "completed_by_tile", {"figure": "builder", "feature": "road"}),
    ([place(0, "U", 1, 0, 90, follower("E")), place(1, "E", 0, -1, 180),
      place(0, "U", 2, 0, 90, {"kind": "builder", "at": "E"}), place(1, "V", 1, 1, 0),
      place(0, "A", -1, 0, 270), place(1, "W", 3, 0, 0)], {"traders_builders": True},
     "bonus_turn_due", {"player": 0, "got": 1}),
]


@pytest.mark.parametrize(("turns", "options", "code", "args"), CASES)
def test_a_refusal_names_its_reason_and_arguments(turns, options, code, args) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        from_log(make_log(turns, options))
    error = caught.value
    assert (error.turn, error.code, error.reason_args) == (len(turns), code, args), str(error)
    # The description names exactly the arguments the refusal carries.
    assert _placeholders(ILLEGAL_REASONS[code]) == set(args)


def test_the_figure_supply_and_the_game_over_have_their_reasons() -> None:
    game = Game(players(2), Options(tileset="classic"))
    game.end_early()
    with pytest.raises(IllegalMoveError) as caught:
        game.play(Move(0, 1, 0), tile="B")
    assert caught.value.code == "game_over"
    seeded = Game(players(2), seed=3)
    with pytest.raises(IllegalMoveError) as caught:
        seeded.discard("B")
    assert caught.value.code == "seeded_discard"
    with pytest.raises(IllegalMoveError) as caught:
        seeded.play(Move(0, 1, 0, Meeple("follower", "N")), tile="Q9" if seeded.drawn_tile != "Q9"
                    else "B")
    assert caught.value.code == "not_the_drawn_tile"
    assert caught.value.reason_args == {"drawn": seeded.drawn_tile, "tile": "Q9"}


def test_protocol_js_lists_the_codes() -> None:
    assert jsgen.facts()["ILLEGAL_REASONS"] == list(ILLEGAL_REASONS)
