"""What the table knows (`table_analysis`), on boards built by hand: the tiles left that fit
an open square, dead squares, and the chance of closing a feature against the model's formula
(`app/engine/odds.py`), worked out here from this suite's own tile table (conftest.py)."""

from __future__ import annotations

import itertools
import json
import random
from math import comb

from app.engine import Game, Move, Options, Player, table_analysis
from tests.unit.conftest import RIVER_IDS, TILE_TABLE, expected_counts

ANN_BO = [Player("Ann", "red"), Player("Bo", "blue")]


def built(tileset: str, placements: list[tuple[str, int, int, int]]) -> Game:
    """A game without a seed (nothing drawn: the player to move draws next) with `placements`
    (tile, x, y, rot) played in turn."""
    game = Game(ANN_BO, Options(tileset=tileset))
    for tile, x, y, rot in placements:
        game.play(Move(x, y, rot), tile=tile)
    return game


def at_least(k: int, fitting: int, size: int, draws: int) -> float:
    """The hypergeometric chance that `draws` tiles taken from `size` hold at least `k` of
    the `fitting` ones."""
    short = sum(comb(fitting, x) * comb(size - fitting, draws - x) for x in range(k))
    return 1 - short / comb(size, draws)


def test_a_square_enclosed_by_four_tiles_that_no_tile_matches_is_dead():
    # Below the start tile: its field to the north, a field to the east, a road to the south
    # and a city to the west. No tile of the base game has that ring of edges.
    game = built("classic", [
        ("A", 1, 0, 90), ("A", 1, 1, 0), ("D", 1, 2, 90), ("D", 0, 2, 270), ("D", -1, 0, 0),
        ("E", -1, 1, 90),
    ])
    analysis = table_analysis(game)
    square = analysis.square(0, 1)
    assert square is not None
    assert square.dead and square.count == 0 and dict(square.fits) == {}
    assert (0, 1) in analysis.dead
    # The city and the road that end there can never be closed, nor the two monasteries
    # beside it.
    touching = [f for f in analysis.features if (0, 1) in f.squares]
    assert sorted(f.kind for f in touching) == ["city", "monastery", "monastery", "road"]
    for outlook in touching:
        assert not outlook.closable
        assert outlook.chance == (0.0, 0.0)
    # A square next to the start tile's road is no dead square: a road tile fits it.
    assert not analysis.square(-2, 0).dead


def test_a_city_whose_last_square_needs_a_used_up_tile_has_no_chance():
    # Winter: the square above the start tile's city shows a road north, fields east and west
    # and the city south; only Z08 has those edges, and Z08 lies below the start tile.
    game = built("winter", [
        ("Z08", 0, 1, 90), ("U", 1, 0, 90), ("B", 1, -1, 0), ("B", 1, -2, 0), ("A", 0, -2, 0),
        ("U", -1, 0, 90), ("B", -1, -1, 0),
    ])
    analysis = table_analysis(game)
    city = analysis.feature("s0")  # the start tile's city, its first segment
    assert city is not None and city.kind == "city"
    assert city.squares == ((0, -1),) and city.counts == (0,)
    assert not city.closable and city.chance == (0.0, 0.0)
    assert (0, -1) in analysis.dead
    # With Z08 still in the bag the same square would be fitted by it alone.
    before = built("winter", [
        ("U", 1, 0, 90), ("B", 1, -1, 0), ("B", 1, -2, 0), ("A", 0, -2, 0), ("U", -1, 0, 90),
        ("B", -1, -1, 0),
    ])
    square = table_analysis(before).square(0, -1)
    assert square is not None and dict(square.fits) == {"Z08": 1}
    open_city = table_analysis(before).feature("s0")
    assert open_city is not None and open_city.closable
    # One copy in a bag of 77, Ann (to move) draws 39 of them: 39/77 that it is hers.
    assert table_analysis(before).draws == (39, 38)
    assert abs(open_city.chance[0] - 39 / 77) < 1e-12


def test_a_road_with_two_open_ends_and_many_fitting_tiles():
    game = Game(ANN_BO, Options(tileset="classic"), seed=2024)
    analysis = table_analysis(game)
    road = next(f for f in analysis.features if f.kind == "road")
    assert road.squares == ((-1, 0), (1, 0))  # both ends of the start tile's road
    # Any tile with a road edge fits either end, turned; counted from this suite's table.
    bag = game.bag_counts()
    roads = sum(n for t, n in bag.items() if "R" in TILE_TABLE[t][0])
    drawn = game.drawn_tile
    assert drawn is not None
    held = "R" in TILE_TABLE[drawn][0]
    assert road.counts == (roads + held, roads + held)
    size = sum(bag.values())
    # Ann holds the drawn tile and draws every second tile of the bag after it; Bo the others.
    assert analysis.draws == (1 + size // 2, size - size // 2)
    # Both squares take the same tiles: the road closes for a player who draws two of them
    # (one, if the drawn tile Ann holds is one).
    ann = at_least(1 if held else 2, roads, size, size // 2)
    bo = at_least(2, roads, size, size - size // 2)
    assert abs(road.chance[0] - ann) < 1e-12
    assert abs(road.chance[1] - bo) < 1e-12
    assert min(road.chance) > 0.99
    assert road.closable


def test_open_squares_count_the_tiles_left_by_kind():
    game = Game(ANN_BO, Options(tileset="winter"), seed=5)
    analysis = table_analysis(game)
    left = dict(game.bag_counts())
    assert game.drawn_tile is not None
    left[game.drawn_tile] = left.get(game.drawn_tile, 0) + 1
    assert dict(analysis.tiles) == left
    assert sum(left.values()) == sum(expected_counts("winter").values()) - 1  # the start tile
    # East of the start tile's road: every tile left with a road edge, and only those.
    east = analysis.square(1, 0)
    assert east is not None
    assert dict(east.fits) == {t: n for t, n in left.items() if "R" in TILE_TABLE[t][0]}
    # North of its city: every tile with a city edge.
    north = analysis.square(0, -1)
    assert north is not None
    assert dict(north.fits) == {t: n for t, n in left.items() if "C" in TILE_TABLE[t][0]}
    assert [(s.x, s.y) for s in analysis.squares] == [(-1, 0), (0, -1), (0, 1), (1, 0)]


def test_a_monastery_counts_the_empty_cells_around_it():
    game = built("classic", [("B", 0, 1, 0)])
    analysis = table_analysis(game)
    monastery = analysis.feature("c0,1")
    assert monastery is not None and monastery.kind == "monastery"
    assert len(monastery.squares) == 7  # the start tile is one of its eight neighbours
    # A cell that touches no tile yet takes any tile left.
    assert monastery.counts[monastery.squares.index((1, 2))] == sum(analysis.tiles.values())


def test_the_analysis_reads_public_information_only():
    rng = random.Random(8)
    game = Game(ANN_BO, Options(tileset="winter", abbot=True), seed=99)
    for _ in range(30):
        game.play(rng.choice(list(game.legal_moves())))
    analysis = table_analysis(game)
    for seed in range(3):  # the same board and counts, the bag in another order
        assert table_analysis(game.copy(shuffle=random.Random(seed))) == analysis


def test_the_json_form_says_the_same():
    game = Game(ANN_BO, Options(tileset="classic"), seed=12)
    rng = random.Random(12)
    for _ in range(40):
        game.play(rng.choice(list(game.legal_moves())))
    analysis = table_analysis(game)
    raw = json.loads(json.dumps(analysis.to_dict()))
    assert raw["tiles"] == dict(analysis.tiles)
    assert raw["draws"] == list(analysis.draws)
    assert raw["squares"] == [
        {"x": s.x, "y": s.y, "fits": dict(s.fits), "count": s.count} for s in analysis.squares
    ]
    assert raw["dead"] == [list(cell) for cell in analysis.dead]
    assert [f["id"] for f in raw["features"]] == [f.id for f in analysis.features]
    for out, outlook in zip(raw["features"], analysis.features, strict=True):
        assert out["squares"] == [list(cell) for cell in outlook.squares]
        assert out["counts"] == list(outlook.counts)
        assert out["closable"] is outlook.closable
        assert out["chance"] == [round(c, 4) for c in outlook.chance]


def test_each_player_draws_in_turn_until_the_bag_is_empty():
    players = [Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green")]
    game = Game(players, Options(tileset="classic"), seed=3)
    rng = random.Random(3)
    for _ in range(10):
        game.play(rng.choice(list(game.legal_moves())))
    analysis = table_analysis(game)
    assert sum(analysis.draws) == game.tiles_left + 1
    mover = game.current_player
    # The player to move holds the drawn tile, the next one draws the bag's next tile.
    assert analysis.draws[mover] == 1 + len(range(2, game.tiles_left, 3))
    assert analysis.draws[(mover + 1) % 3] == len(range(0, game.tiles_left, 3))


def test_the_river_open_end_takes_the_river_tiles_allowed_there():
    game = Game(ANN_BO, Options(tileset="winter", river=True), seed=11)
    analysis = table_analysis(game)
    end = analysis.square(1, 0)  # in front of the spring
    assert end is not None
    river_tiles = {t for t in analysis.tiles if t in RIVER_IDS}
    assert len(river_tiles) == 11
    # No curve lies before it, so every River tile fits the open end, and no land tile does.
    assert set(end.fits) == river_tiles
    # Land tiles fit the spring's other sides, though they are drawn after the river; no River
    # tile may go there.
    north = analysis.square(0, -1)
    assert north is not None and north.count > 0 and not set(north.fits) & river_tiles


def test_nothing_is_left_to_draw_once_the_game_is_over():
    game = Game(ANN_BO, Options(tileset="classic"), seed=4)
    rng = random.Random(4)
    for _ in range(5):
        game.play(rng.choice(list(game.legal_moves())))
    game.end_early()
    analysis = table_analysis(game)
    assert dict(analysis.tiles) == {}
    assert all(square.dead for square in analysis.squares)
    assert analysis.draws == (0, 0)
    assert all(not f.closable for f in analysis.features)


def test_the_bag_is_drawn_in_the_parts_the_rules_allow():
    from app.engine.odds import deal

    game = Game(ANN_BO, Options(tileset="classic", river=True), seed=21)
    dealt = deal(game)
    drawn = game.drawn_tile
    assert drawn in RIVER_IDS and drawn != "R12"
    before_lake = set(RIVER_IDS[1:11]) - {drawn}
    first, lake, land = dealt.parts
    assert set(first) == before_lake and dict(lake) == {"R12": 1}
    assert not set(land) & set(RIVER_IDS) and sum(land.values()) == 71
    # Ann holds the drawn River tile; the nine others go Bo, Ann, ..., Bo, the lake to Ann,
    # and the land tiles start with Bo.
    assert [d.counts for d in dealt.draws] == [(4, 1, 35), (5, 0, 36)]
    assert dealt.draws[0].held == drawn and dealt.draws[1].held is None


def test_the_chance_counts_every_hand_of_every_part():
    from app.engine.odds import Closing, Deal, Draws

    # Two parts drawn one after the other; a player who holds a tile and draws 1 of the first
    # part and 2 of the second, against three squares.
    parts = ({"a": 2, "b": 1, "x": 1}, {"c": 3, "d": 2, "x": 2})
    fits = [frozenset({"a", "c"}), frozenset({"b", "d"}), frozenset({"c", "d"})]
    tiles = {"a": 2, "b": 1, "c": 4, "d": 2, "x": 3}
    for held, counts in ((None, (1, 2)), ("c", (1, 2)), ("x", (2, 3)), (None, (0, 1))):
        draws = (Draws(held, counts), Draws(None, (0, 0)))
        closing = Closing(fits, Deal(tiles, parts, draws))
        pools = [[t for t, n in part.items() for _ in range(n)] for part in parts]
        hands = [
            [held] * (held is not None) + [pools[0][i] for i in one] + [pools[1][i] for i in two]
            for one in itertools.combinations(range(len(pools[0])), counts[0])
            for two in itertools.combinations(range(len(pools[1])), counts[1])
        ]
        good = sum(
            sum(any(t in f for f in fits) for t in hand) >= len(fits)
            and all(any(t in f for t in hand) for f in fits)
            for hand in hands
        )
        assert closing.closable
        assert abs(closing.chance(0) - good / len(hands)) < 1e-12, (held, counts)
        assert closing.chance(1) == 0.0  # draws nothing
