"""`Game.field_lesson()`: the end of an introductory game (no farmers) shows one field of the
final map and what it would have scored.

001: "Afterward, show how one of the completed map's fields would have scored"; "count the
distinct completed cities touching each occupied field. Each is worth three points ... An
unfinished city gives a field nothing. Count a completed city once in a particular field even
if that field touches it in several places." Logs are built by hand (TILES.md: x east, y south)
and checked by `check_geometry`; each expected field, city and score is worked out below.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import Game
from tests.unit.conftest import check_geometry, game_from, place

NO_FARMERS = {"farmers": False}


def finished(turns: list[dict], options: dict | None = None) -> Game:
    check_geometry(turns)
    game = game_from(turns, NO_FARMERS if options is None else options)
    game.end_early()
    return game


def cells(feature: dict[str, Any]) -> set[tuple[int, int]]:
    return {(p["x"], p["y"]) for p in feature["parts"]}


def slots_at(feature: dict[str, Any], cell: tuple[int, int]) -> set[str]:
    return {s for p in feature["parts"] if (p["x"], p["y"]) == cell for s in p["slots"]}


# The start D at (0, 0): city N (open), road W-E, a north field (ENE, WNW) and a south field
# (ESE, whole S, WSW).
# 1. E (0,1) turned 180: city S, field on its W, N and E edges, joined to D's south field.
# 2. E (0,2): city N against it: the city {(0,1), (0,2)} is finished. E (0,2)'s field (whole
#    E, S and W) touches that city too.
# 3. B (1,1), a field all round: its W edge joins E (0,1)'s field.
# 4. E (1,2) turned 90: city E (open), field on its N, W and S edges: N joins B (1,1), W joins
#    E (0,2)'s field. So one field, {(0,0), (0,1), (1,1), (1,2), (0,2)}, touches the finished
#    city twice (through E (0,1)'s field and E (0,2)'s) and E (1,2)'s unfinished city once:
#    one finished city, 3 points. D's north field touches only the unfinished start city.
TWICE = [
    place(0, "E", 0, 1, 180),
    place(1, "E", 0, 2, 0),
    place(0, "B", 1, 1, 0),
    place(1, "E", 1, 2, 90),
]


def test_a_city_touched_twice_counts_once_and_an_unfinished_one_not_at_all() -> None:
    lesson = finished(TWICE).field_lesson()
    assert lesson is not None
    field = lesson["field"]
    assert field["kind"] == "field"
    assert cells(field) == {(0, 0), (0, 1), (1, 1), (1, 2), (0, 2)}
    assert slots_at(field, (0, 0)) == {"ESE", "SSE", "S", "SSW", "WSW"}
    # E (1,2) turned 90: field on the whole N, S and W edges; its city holds E.
    assert slots_at(field, (1, 2)) == {"NNW", "N", "NNE", "SSE", "S", "SSW", "WSW", "W", "WNW"}
    [city] = lesson["cities"]
    assert city["kind"] == "city" and city["complete"]
    assert cells(city) == {(0, 1), (0, 2)}
    assert slots_at(city, (0, 1)) == {"SSE", "S", "SSW"}
    assert lesson["per_city"] == 3
    assert lesson["points"] == 3


def test_the_lesson_names_features_as_features_lists_them() -> None:
    game = finished(TWICE)
    lesson = game.field_lesson()
    assert lesson is not None
    listed = {f["id"]: f for f in game.features()}
    assert lesson["field"] == listed[lesson["field"]["id"]]
    assert [listed[c["id"]] for c in lesson["cities"]] == lesson["cities"]


# The start D: closing its city N with E (0,-1) turned 180 (city S; field on its W, N and E
# edges) gives two fields beside that finished city: D's north field (1 tile, made first) and
# E (0,-1)'s field (1 tile). B (0,-2) and B (0,-3) (fields all round) grow E (0,-1)'s field to
# 2, then 3 tiles. H (0,1) (cities E and W, one field on its N and S edges) joins D's south
# field by its N edge; E (1,1) turned 270 (city W) closes H's east city and E (-1,1) turned
# 90 (city E) its west one: D's south field, 2 tiles, now touches two finished cities.
CHOICE = [
    place(0, "E", 0, -1, 180),
    place(1, "B", 0, -2, 0),
    place(0, "B", 0, -3, 0),
    place(1, "H", 0, 1, 0),
    place(0, "E", 1, 1, 270),
    place(1, "E", -1, 1, 90),
]
START_CITY = {(0, 0), (0, -1)}


@pytest.mark.parametrize(
    ("turns", "field_cells", "city_cells"),
    [
        # two fields of 1 tile beside one finished city: the older, D's north field
        (1, {(0, 0)}, [START_CITY]),
        # one finished city each: the larger field wins
        (2, {(0, -1), (0, -2)}, [START_CITY]),
        (3, {(0, -1), (0, -2), (0, -3)}, [START_CITY]),
        # H's two cities are unfinished: D's south field is worth nothing yet
        (4, {(0, -1), (0, -2), (0, -3)}, [START_CITY]),
        # one of H's cities closed: D's south field (2 tiles, 1 city) is still smaller
        (5, {(0, -1), (0, -2), (0, -3)}, [START_CITY]),
        # both closed: two cities beat the larger field with one
        (6, {(0, 0), (0, 1)}, [{(0, 1), (1, 1)}, {(0, 1), (-1, 1)}]),
    ],
)
def test_the_field_with_most_finished_cities_then_the_larger_then_the_older(
    turns: int, field_cells: set[tuple[int, int]], city_cells: list[set[tuple[int, int]]]
) -> None:
    lesson = finished(CHOICE[:turns]).field_lesson()
    assert lesson is not None
    assert cells(lesson["field"]) == field_cells
    got = [cells(city) for city in lesson["cities"]]
    assert sorted(got, key=sorted) == sorted(city_cells, key=sorted)
    assert lesson["points"] == 3 * len(city_cells)


def test_the_two_cities_of_a_field_are_listed_oldest_first() -> None:
    lesson = finished(CHOICE).field_lesson()
    assert lesson is not None
    ids = [int(city["id"][1:]) for city in lesson["cities"]]
    assert ids == sorted(ids) and len(ids) == 2


def test_none_when_no_field_touches_a_finished_city() -> None:
    # The start city is open; H's two cities are open.
    assert finished([]).field_lesson() is None
    assert finished([place(0, "H", 0, 1, 0)]).field_lesson() is None


def test_none_while_the_game_runs_and_with_farmers() -> None:
    check_geometry(CHOICE)
    running = game_from(CHOICE, NO_FARMERS)
    assert running.field_lesson() is None
    assert finished(CHOICE, {"farmers": True}).field_lesson() is None
