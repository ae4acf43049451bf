"""The River (RIVER.md), one test per rule. The worked examples of RIVER.md are golden logs
(`logs/river_*.json`); this file checks each rule on its own, the API a client reads (view,
features, bag counts, the river's open end) and the drawing order of seeded games.
"""

from __future__ import annotations

import random

import pytest

from app.engine import (
    Game,
    IllegalMoveError,
    Move,
    Options,
    Placement,
    from_log,
    play_turn,
    river_open_end,
    to_log,
)
from tests.unit.conftest import (
    RIVER_IDS,
    Geometry,
    check_geometry,
    check_summary,
    discard,
    fits,
    follower,
    game_from,
    place,
    players,
    replay,
)

RIVER = {"tileset": "classic", "farmers": True, "abbot": False, "river": True}
# RIVER.md example 1: the whole river, spring to lake.
WHOLE_RIVER = [
    place(0, "R02", 1, 0, 0),
    place(1, "R05", 2, 0, 0),
    place(0, "R09", 3, 0, 0),
    place(1, "R10", 3, 1, 180),
    place(0, "R03", 4, 1, 0),
    place(1, "R04", 5, 1, 0),
    place(0, "R06", 6, 1, 0),
    place(1, "R08", 7, 1, 180),
    place(0, "R07", 7, 0, 90),
    place(1, "R11", 7, -1, 270),
    place(0, "R12", 8, -1, 0),
]


def assert_illegal(turns: list[dict], options: dict | None = RIVER) -> str:
    """The last turn of `turns` breaks a rule; the ones before are legal."""
    check_geometry(turns[:-1], river=bool(options and options.get("river")))
    game_from(turns[:-1], options)
    with pytest.raises(IllegalMoveError) as caught:
        game_from(turns, options)
    assert caught.value.turn == len(turns)
    return str(caught.value)


def river_game(seed: int | None = None, **options: object) -> Game:
    return Game(players(2), Options(**{**RIVER, **options}), seed=seed)


# -- setup ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("tileset", "land"), [("classic", 71), ("winter", 83)])
def test_the_spring_replaces_the_start_tile(tileset, land):
    """Rule 1: 'R01 ... lies at (0, 0) with rotation 0 before the first turn ... The base start
    tile D goes back to the box; the land bag is the usual one (71 tiles classic, 83 winter), so
    the game has 71 + 11 or 83 + 11 turns of drawing in all.'"""
    game = river_game(tileset=tileset)
    assert game.view()["board"] == [{"x": 0, "y": 0, "tile": "R01", "rot": 0}]
    bag = game.bag_counts()
    assert game.tiles_left == land + 11
    assert {t: bag.get(t, 0) for t in RIVER_IDS} == {"R01": 0, **dict.fromkeys(RIVER_IDS[1:], 1)}
    assert bag["D"] == 3  # four in the box, the one with the dark back set aside


def test_river_tiles_come_first_in_the_bag_counts():
    """A client lists the bag in the engine's order: River tiles (drawn first) at the top."""
    ids = list(river_game().bag_counts())
    assert ids[:11] == list(RIVER_IDS[1:])


def drawn_tiles(game: Game, count: int, rng: random.Random) -> list[str]:
    """The tiles a seeded `game` draws (placed or discarded) until `count` are counted,
    playing random legal placements; the discards it already made count first."""
    drawn = [t["discarded"] for t in game.turns if "discarded" in t]
    while len(drawn) < count:
        tile = game.drawn_tile
        assert tile is not None
        before = len(game.turns)
        game.play(Move(*rng.choice(game.legal_placements())))
        drawn += [tile, *(t["discarded"] for t in game.turns[before + 1 :])]
    return drawn[:count]


def test_next_tile_counts_follow_the_drawing_order():
    """What a bot may expect next: River tiles but the lake, then the lake, then land."""
    game = game_from(WHOLE_RIVER[:9], RIVER)  # R11 and the lake left
    assert game.next_tile_counts() == {"R11": 1}
    play_turn(game, WHOLE_RIVER[9])
    assert game.next_tile_counts() == {"R12": 1}
    play_turn(game, WHOLE_RIVER[10])
    assert game.next_tile_counts() == game.bag_counts()
    assert sum(game.next_tile_counts().values()) == 71
    plain = Game(players(2), Options())
    assert plain.next_tile_counts() == plain.bag_counts()


def test_seeded_games_draw_the_river_first_and_the_lake_last():
    """Rule 2: 'R02..R11 are shuffled and drawn first, in any order; the lake R12 is drawn after
    all ten of them. Only then are land tiles drawn.'"""
    firsts = set()
    for seed in range(12):
        drawn = drawn_tiles(river_game(seed), 12, random.Random(seed))
        assert sorted(drawn[:10]) == list(RIVER_IDS[1:11])
        assert drawn[10] == "R12"
        assert drawn[11] not in RIVER_IDS
        firsts.add(drawn[0])
    assert len(firsts) > 1  # shuffled


def test_seeded_games_without_the_river_keep_their_drawing_order():
    """Games stored before the River must replay the same: a seed still shuffles the sorted
    bag with `random.Random(seed)` and deals it from the front."""
    game = Game(players(2), Options(tileset="classic"), seed=5)
    box = {"A": 2, "B": 4, "C": 1, "D": 3, "E": 4, "Eg": 1, "F": 2, "G": 1, "H": 2, "Hg": 1,
           "I": 1, "Ig": 1, "J": 3, "K": 3, "L": 3, "M": 1, "Mg": 1, "N": 2, "Ng": 1, "O": 2,
           "P": 3, "Q": 1, "R": 2, "Rg": 1, "S": 2, "T": 1, "U": 7, "Ug": 1, "V": 8, "Vg": 1,
           "W": 4, "X": 1}  # fmt: skip
    order = [t for t, n in sorted(box.items()) for _ in range(n)]
    random.Random(5).shuffle(order)
    assert drawn_tiles(game, 3, random.Random(0)) == order[:3]


def test_a_copy_shuffled_for_a_bot_keeps_the_drawing_order():
    """Rule 2 holds in a bot's sampled future too (`copy(shuffle=...)`, from public counts)."""
    game = game_from(WHOLE_RIVER[:3], RIVER)  # log-driven: nothing drawn yet
    left = sorted(t["tile"] for t in WHOLE_RIVER[3:10])
    for seed in range(5):
        drawn = drawn_tiles(game.copy(shuffle=random.Random(seed)), 9, random.Random(seed))
        assert sorted(drawn[:7]) == left
        assert drawn[7] == "R12"
        assert drawn[8] not in RIVER_IDS


# -- the river's course ---------------------------------------------------------------------------


def test_river_edges_match_only_river_edges():
    """'A river edge matches only a river edge.' Land tiles never fit at the open end, and the
    river cannot run into a field."""
    game = river_game()
    for tile in ("U", "B", "C", "X"):  # road, field, city edges against the spring's river
        assert not any((p.x, p.y) == (1, 0) for p in game.legal_placements(tile))
    message = assert_illegal([place(0, "R06", 1, 0, 90)])  # field against the river
    assert "does not match" in message


def test_a_river_tile_goes_only_in_front_of_the_open_end():
    """Rule 3: 'A River tile must be placed on the cell in front of the open end ... Placing it
    anywhere else is illegal, even where its edges match.'"""
    game = game_from(WHOLE_RIVER[:2], RIVER)
    assert river_open_end(game) == (3, 0)
    for tile in RIVER_IDS[2:11]:
        assert {(p.x, p.y) for p in game.legal_placements(tile)} <= {(3, 0)}
    # R03 south of R02: its city meets R02's south city, its river edges touch nothing
    assert fits_alone("R03", 1, 1, 0, WHOLE_RIVER[:2])
    message = assert_illegal([*WHOLE_RIVER[:2], place(0, "R03", 1, 1, 0)])
    assert "open end (3, 0)" in message


def fits_alone(tile: str, x: int, y: int, rot: int, turns: list[dict]) -> bool:
    """Whether the edges match (TILES.md), the River rules aside."""
    geometry = Geometry(river=True)
    for turn in turns:
        geometry.apply(turn)
    return fits(geometry.board, tile, x, y, rot)


def test_a_curve_may_not_turn_the_same_way_twice():
    """Rule 4: 'a curve may not turn the same way ... as the tile just before it on the river
    when that tile is a curve too.' Left after left, after R10 (3,1) turned left."""
    turns = WHOLE_RIVER[:4]
    # R08 at (4,1) entering from the west, turned 180 it leaves north: a left turn
    assert "left twice" in assert_illegal([*turns, place(0, "R08", 4, 1, 180)])
    # R08 turned 90 leaves south: a right turn, allowed
    game = game_from([*turns, place(0, "R08", 4, 1, 90)], RIVER)
    assert river_open_end(game) == (4, 2)


def test_a_straight_between_two_curves_resets_the_turn():
    """Rule 4: 'A straight in between resets this: right, straight, right is allowed.'"""
    turns = [place(0, "R10", 1, 0, 0), place(1, "R06", 1, 1, 90), place(0, "R11", 1, 2, 90)]
    check_geometry(turns, river=True)
    assert river_open_end(game_from(turns, RIVER)) == (0, 2)


def test_legal_placements_leave_out_u_turns():
    game = game_from([place(0, "R10", 1, 0, 0)], RIVER)  # a right turn: open end (1, 1)
    assert game.legal_placements("R11") == [Placement(1, 1, 180)]
    assert sorted(game.legal_placements("R06")) == [Placement(1, 1, 90), Placement(1, 1, 270)]


def test_the_lake_closes_the_river():
    """Rule 5: 'after it there is no open end.'"""
    game = game_from(WHOLE_RIVER, RIVER)
    assert river_open_end(game) is None
    assert game.view()["river"] == {"open": None}
    before = game_from(WHOLE_RIVER[:-1], RIVER)
    assert before.view()["river"] == {"open": {"x": 8, "y": -1}}


def test_no_river_key_in_a_game_without_the_river():
    game = Game(players(2), Options())
    assert "river" not in game.view()
    assert river_open_end(game) is None


# -- drawing order in a log -----------------------------------------------------------------------


def test_no_land_tile_while_river_tiles_are_left():
    """Rule 2, RIVER.md log: 'a land tile while River tiles are left' is illegal."""
    message = assert_illegal([*WHOLE_RIVER[:10], place(0, "E", 1, -1, 180)])
    assert "River tiles are drawn first" in message
    # once the lake is out, land tiles come
    game_from([*WHOLE_RIVER, place(1, "E", 1, -1, 180)], RIVER)


def test_the_lake_comes_after_every_other_river_tile():
    """'R12 before R02..R11 are all out' is illegal, even as the tenth River tile."""
    message = assert_illegal([*WHOLE_RIVER[:9], place(1, "R12", 7, -1, 90)])
    assert "lake" in message


def test_no_river_tile_without_the_river():
    """'a River tile in a game without river' is illegal."""
    message = assert_illegal([place(0, "R02", 1, 0, 0)], {"tileset": "winter"})
    assert "no River in this game" in message
    message = assert_illegal([discard(0, "R02")], {"tileset": "winter"})
    assert "no River in this game" in message
    assert Game(players(2), Options()).legal_placements("R06") == []


def test_the_spring_is_never_drawn():
    """'R01 never appears in turns.'"""
    message = assert_illegal([place(0, "R01", 1, 0, 180)])
    assert "R01" in message


def test_each_river_tile_once():
    message = assert_illegal([place(0, "R06", 1, 0, 0), place(1, "R06", 2, 0, 0)])
    assert "no tile R06" in message


def test_legal_placements_of_a_tile_that_cannot_be_drawn_now_are_empty():
    game = river_game()
    assert game.legal_placements("E") == []  # River tiles first
    assert game.legal_placements("R12") == []  # the lake last
    assert game.legal_placements("R06") != []


# -- discards -------------------------------------------------------------------------------------

SPIRAL = [  # RIVER.md example 8: the river comes round to (-1, 0), west of the spring
    place(0, "R10", 1, 0, 90),
    place(1, "R06", 1, -1, 90),
    place(0, "R11", 1, -2, 0),
    place(1, "R07", 0, -2, 0),
    place(0, "R08", -1, -2, 0),
    place(1, "R05", -1, -1, 90),
]


def test_a_river_tile_that_fits_nowhere_is_discarded():
    """Rule 7: 'A River tile that cannot be placed ... is returned to the box and the same player
    draws again ... It is a legal discard only when it fits nowhere.'"""
    geometry = Geometry(river=True)
    for turn in SPIRAL:
        geometry.apply(turn)
    assert not geometry.legal("R02") and geometry.legal("R04")
    game = game_from([*SPIRAL, discard(0, "R02")], RIVER)
    assert game.current_player == 0
    assert "R02" not in game.bag_counts()
    assert game.legal_placements("R02") == []
    message = assert_illegal([*SPIRAL, discard(0, "R04")])
    assert "continue the river at (-1, 0)" in message


def test_a_river_tile_that_fits_off_the_river_is_still_discarded():
    """Rule 7 with rule 3: R03's edges match north of R08 (city to city), but it fits nowhere
    under the River rules, so discarding it is legal."""
    turns = [*SPIRAL, discard(0, "R02")]
    assert fits_alone("R03", -1, -3, 180, turns)
    game_from([*turns, discard(0, "R03")], RIVER)


# The river turns left three times round (2, -1) and comes back to R02's north city: the cell
# (1, -1) has the river to its north and a city to its south. No River tile left (R03, R04,
# R09, the lake) has a river edge opposite a city edge, so all of them are discarded.
DEAD_END = [
    place(0, "R02", 1, 0, 0),
    place(1, "R06", 2, 0, 0),
    place(0, "R08", 3, 0, 180),  # left, to the north
    place(1, "R07", 3, -1, 90),
    place(0, "R10", 3, -2, 0),  # left, to the west
    place(1, "R05", 2, -2, 0),
    place(0, "R11", 1, -2, 270),  # left, to the south: open end (1, -1)
    discard(1, "R03"),
    discard(1, "R04"),
    discard(1, "R09"),
]


def test_when_the_lake_is_discarded_the_river_stays_open():
    """Rule 7: 'If the lake is returned this way, the river stays open; no land tile can
    continue it (no land tile has a river edge).'"""
    turns = [*DEAD_END, discard(1, "R12")]
    check_geometry(turns, river=True)
    game = game_from(turns, RIVER)
    assert river_open_end(game) == (1, -1)
    assert game.view()["river"] == {"open": {"x": 1, "y": -1}}
    assert game.current_player == 1  # four discards, the same player draws again
    assert not any(rid in game.bag_counts() for rid in RIVER_IDS)
    for tile in game.bag_counts():
        assert all((p.x, p.y) != (1, -1) for p in game.legal_placements(tile))
    # land tiles go on elsewhere
    check_geometry([*turns, place(1, "E", 4, -1, 0)], river=True)
    game_from([*turns, place(1, "E", 4, -1, 0)], RIVER)


def test_the_lake_that_fits_may_not_be_discarded():
    message = assert_illegal([*WHOLE_RIVER[:10], discard(0, "R12")])
    assert "cannot be discarded" in message


# -- figures and features -------------------------------------------------------------------------


def test_no_figure_on_the_river():
    """Rule 6 and 'no figure may stand on it': the river's slots are offered to nobody."""
    game = river_game(abbot=True)
    for tile in RIVER_IDS[1:11]:
        for placement in game.legal_placements(tile):
            spots = game.figure_spots(placement, tile)
            assert all(spot.feature != "river" for spot in spots)
    assert "on the river" in assert_illegal([place(0, "R05", 1, 0, 0, follower("W"))])


def test_figures_on_every_feature_of_a_river_tile():
    """Rule 6: 'Figures follow the normal rules on every feature of a River tile: city, road,
    monastery, field.' R03: a city, a road over the bridge and four fields."""
    game = river_game()
    spots = game.figure_spots(Placement(1, 0, 0), "R03")
    assert sorted(s.feature for s in spots) == ["city", "field", "field", "field", "field", "road"]


def test_the_river_is_never_a_feature():
    """'The river is not a feature: ... it is never scored, and it does not complete or end
    anything.' A whole river: no feature of kind river, no event, the lake completes nothing."""
    game = game_from(WHOLE_RIVER, RIVER)
    assert {f["kind"] for f in game.features()} <= {"road", "city", "field", "monastery"}
    slots = {(p["x"], p["y"], s) for f in game.features() for p in f["parts"] for s in p["slots"]}
    assert (1, 0, "E") not in slots and (8, -1, "W") not in slots
    assert game.events == []
    assert all(f["kind"] != "river" for f in game.view()["figures"])
    check_summary(replay(WHOLE_RIVER, RIVER), {"final_scores": [0, 0], "events": []})


def test_a_bridge_carries_one_road_and_splits_the_fields():
    """'The road is one piece across the river, the river is one piece under it, and the fields
    do not pass under the bridge.' R05 at (1,0): its road runs N-S (one feature), its four
    fields are four features; a farmer on NNE does not block one on SSE."""
    turns = [place(0, "R05", 1, 0, 0, follower("NNE")), place(1, "R06", 2, 0, 0)]
    game = game_from(turns, RIVER)
    r05 = [f for f in game.features() if any((p["x"], p["y"]) == (1, 0) for p in f["parts"])]
    roads = [f for f in r05 if f["kind"] == "road"]
    assert len(roads) == 1 and sorted(roads[0]["parts"][0]["slots"]) == ["N", "S"]
    # NNE/ENE joins R06's north bank; SSE/ESE joins R06's south bank: two fields, and
    # NNW/WNW, SSW/WSW join round the spring: one more
    fields = {f["id"] for f in r05 if f["kind"] == "field"}
    assert len(fields) == 3
    game_from([*turns[:1], place(1, "R06", 2, 0, 0, follower("S"))], RIVER)
    assert "occupied" in assert_illegal([*turns[:1], place(1, "R06", 2, 0, 0, follower("N"))])


def test_the_abbot_on_the_river_monastery_and_garden():
    """Rule 6: 'the abbot on R04's monastery or R11's garden'."""
    game = river_game(abbot=True)
    for tile in ("R04", "R11"):
        spots = game.figure_spots(game.legal_placements(tile)[0], tile)
        assert ("abbot", "C") in {(s.kind, s.at) for s in spots}


# -- the end --------------------------------------------------------------------------------------


@pytest.mark.parametrize("tileset", ["classic", "winter"])
def test_the_game_ends_when_land_and_river_tiles_are_all_drawn(tileset):
    """Rule 8: 'The game ends when the bag (River tiles and land tiles) is empty after a turn.'"""
    game = river_game(3, tileset=tileset)
    rng = random.Random(3)
    while not game.finished:
        assert game.tiles_left or game.drawn_tile
        game.play(Move(*rng.choice(game.legal_placements())))
    assert game.tiles_left == 0
    drawn = len(game.turns)
    assert drawn == (71 if tileset == "classic" else 83) + 11


def test_options_river_in_logs():
    """RIVER.md: '`options.river`: `true` or `false` (missing = `false`)'."""
    assert from_log(to_log(Game(players(2), Options(river=True)))).options.river
    log = to_log(Game(players(2), Options()))
    del log["options"]["river"]
    assert from_log(log).options.river is False
