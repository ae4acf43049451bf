"""Tile data against TILES.md, RIVER.md, INNS_AND_CATHEDRALS.md and TRADERS_AND_BUILDERS.md:
counts, pennants and other marks, edges, segments, gardens, rotation."""

from __future__ import annotations

from collections import Counter

import pytest

from app.engine import TILESETS, Game, Options, Placement, tile_catalog
from tests.unit.conftest import (
    BASE_COUNTS,
    GARDEN_LETTERS,
    IC_IDS,
    LAND_TILES,
    RIVER_IDS,
    SLOTS,
    TB_IDS,
    TILE_TABLE,
    WINTER_IDS,
    expected_counts,
    legal_cells,
    players,
    rotate_slot,
    rotated_segments,
    segments,
    start_board,
)

CATALOG = tile_catalog()


def catalog_count(tile: str, tileset: str) -> int:
    return CATALOG.get(tile, {"count": {}})["count"].get(tileset, 0)


@pytest.mark.parametrize(("tileset", "total"), [("classic", 72), ("winter", 84)])
def test_tileset_totals(tileset, total):
    assert sum(catalog_count(t, tileset) for t in CATALOG) == total
    assert sum(TILESETS[tileset].values()) == total


@pytest.mark.parametrize("tileset", ["classic", "winter"])
def test_counts_per_tile_id(tileset):
    want = expected_counts(tileset)
    got = {t: catalog_count(t, tileset) for t in CATALOG if catalog_count(t, tileset)}
    assert got == want
    assert {t: n for t, n in TILESETS[tileset].items() if n} == want


def test_letter_counts_include_garden_copies():
    """TILES.md: "E is 4 x E + 1 x Eg, and so on"."""
    for letter, n in BASE_COUNTS.items():
        copies = catalog_count(letter, "classic") + catalog_count(letter + "g", "classic")
        assert copies == n, letter


@pytest.mark.parametrize("tileset", ["classic", "winter"])
def test_ten_pennants(tileset):
    """TILES.md: "Ten tiles carry a pennant (C, F x2, M x2, O x2, Q, S x2)"."""
    with_pennant = Counter()
    for tile, data in CATALOG.items():
        if any(seg["pennant"] for seg in data["segments"]):
            with_pennant[tile] += catalog_count(tile, tileset)
    assert sum(with_pennant.values()) == 10
    assert {t: n for t, n in with_pennant.items() if n} == {
        "C": 1, "F": 2, "M": 1, "Mg": 1, "O": 2, "Q": 1, "S": 2,
    }  # fmt: skip
    # a pennant only ever sits on a city segment
    for data in CATALOG.values():
        assert all(seg["kind"] == "city" for seg in data["segments"] if seg["pennant"])


def test_winter_edge_totals():
    """TILES.md: "Edge totals over the 12: 19 field, 20 road, 9 city"."""
    letters = Counter("".join(CATALOG[t]["edges"] for t in WINTER_IDS))
    assert letters == {"F": 19, "R": 20, "C": 9}
    assert all(
        catalog_count(t, "winter") == 1 and catalog_count(t, "classic") == 0 for t in WINTER_IDS
    )


def test_garden_copies():
    """Eg, Hg, Ig, Mg, Ng, Rg, Ug, Vg: identical to their letter plus a garden at C; RIVER.md:
    'R11 is R10 with a garden at C'."""
    gardens = {t for t, data in CATALOG.items() if data["centre"] == "garden"}
    assert gardens == {letter + "g" for letter in GARDEN_LETTERS} | {
        "R11",
        "I03",
        "I15",
        "T13",
        "T17",
    }
    assert CATALOG["R11"]["segments"] == CATALOG["R10"]["segments"]
    assert CATALOG["R10"]["centre"] is None
    for letter in GARDEN_LETTERS:
        plain, garden = CATALOG[letter], CATALOG[letter + "g"]
        assert garden["edges"] == plain["edges"]
        assert garden["segments"] == plain["segments"]
        assert plain["centre"] is None
        assert catalog_count(letter + "g", "winter") == 1


def test_monasteries():
    monasteries = {t for t, data in CATALOG.items() if data["centre"] == "monastery"}
    assert monasteries == {"A", "B", "Z05", "Z06", "R04", "I18", "T24"}


@pytest.mark.parametrize("tile", sorted(TILE_TABLE))
def test_catalog_tile_matches_tiles_md(tile):
    data = CATALOG[tile]
    edges, _, centre = TILE_TABLE[tile]
    assert data["edges"] == edges
    assert data["centre"] == centre
    want = sorted(
        (s["kind"], sorted(s["slots"]), s["pennant"], list(s["marks"])) for s in segments(tile)
    )
    got = sorted(
        (s["kind"], sorted(s["slots"]), s["pennant"], [m for m in s["marks"] if m != "pennant"])
        for s in data["segments"]
    )
    assert got == want


@pytest.mark.parametrize("tile", sorted(TILE_TABLE))
def test_every_slot_in_exactly_one_segment(tile):
    slots = [s for seg in CATALOG[tile]["segments"] for s in seg["slots"]]
    assert sorted(slots) == sorted(SLOTS)


@pytest.mark.parametrize("tile", sorted(TILE_TABLE))
def test_segments_agree_with_edges(tile):
    """A city edge: all three slots city; a road edge: middle road, halves field; field: field."""
    kind_of = {s: seg["kind"] for seg in CATALOG[tile]["segments"] for s in seg["slots"]}
    for i, edge in enumerate(CATALOG[tile]["edges"]):
        west, mid, east = SLOTS[3 * i : 3 * i + 3]
        want = {
            "C": ("city",) * 3,
            "R": ("field", "road", "field"),
            "V": ("field", "river", "field"),
            "F": ("field",) * 3,
        }[edge]
        assert (kind_of[west], kind_of[mid], kind_of[east]) == want


@pytest.mark.parametrize("tile", sorted(TILE_TABLE))
def test_fields_border_the_listed_cities(tile):
    """The "adj" column of TILES.md (used for farm scoring)."""
    segs = CATALOG[tile]["segments"]
    for mine in segments(tile):
        if mine["kind"] != "field":
            continue
        theirs = next(s for s in segs if set(s["slots"]) == mine["slots"])
        adj_edges = {next(e for e in "NESW" if e in segs[i]["slots"]) for i in theirs["adj_cities"]}
        assert all(segs[i]["kind"] == "city" for i in theirs["adj_cities"])
        assert adj_edges == set(mine["adj"]), (tile, mine["slots"])


@pytest.mark.parametrize(
    ("slot", "rot", "turned"),
    [
        ("NNW", 90, "ENE"),
        ("N", 90, "E"),
        ("WNW", 90, "NNE"),
        ("NNW", 180, "SSE"),
        ("N", 270, "W"),
        ("ESE", 90, "SSW"),
        ("C", 90, "C"),
    ],
)
def test_slot_rotation_table(slot, rot, turned):
    """TILES.md: "Rotating by 90 degrees clockwise moves every slot three places clockwise"."""
    assert rotate_slot(slot, rot) == turned


@pytest.mark.parametrize("tile", sorted(LAND_TILES))
def test_legal_placements_on_the_start_board(tile):
    """Edges after rotation: every (x, y, rot) next to the start tile where all edges match."""
    game = Game(players(2), Options(tileset="winter"))
    got = {(p.x, p.y, p.rot) for p in game.legal_placements(tile)}
    assert got == legal_cells(start_board(), tile)


def _rotation_cases():
    for tile in sorted(LAND_TILES):
        for rot in (0, 90, 180, 270):
            cells = sorted(c for c in legal_cells(start_board(), tile) if c[2] == rot)
            if cells:
                yield pytest.param(tile, cells[0], id=f"{tile}-{rot}")


@pytest.mark.parametrize(("tile", "cell"), list(_rotation_cases()))
def test_figure_spots_use_board_orientation(tile, cell):
    """Figure spots name slots after rotation (LOG_FORMAT: "in board orientation")."""
    x, y, rot = cell
    game = Game(players(2), Options(tileset="winter", farmers=True, abbot=True))
    spots = game.figure_spots(Placement(x, y, rot), tile=tile)
    followers = {
        (s.feature, frozenset(s.slots)) for s in spots if s.kind == "follower" and s.at != "C"
    }
    want = {(seg["kind"], seg["slots"]) for seg in rotated_segments(tile, rot)}
    assert followers == want
    for spot in spots:
        assert spot.at in spot.slots or spot.at == "C"
    centre = TILE_TABLE[tile][2]
    centre_spots = {(s.kind, s.feature) for s in spots if s.at == "C"}
    if centre == "monastery":
        assert centre_spots == {("follower", "monastery"), ("abbot", "monastery")}
    elif centre == "garden":
        assert centre_spots == {("abbot", "garden")}
    else:
        assert centre_spots == set()


# -- the River (RIVER.md) -------------------------------------------------------------------------


def test_river_tiles_in_the_catalog():
    """RIVER.md: 12 River tiles, each counting 1, in no tile set of their own; the catalog's
    `river` count is what the option adds."""
    for tile in RIVER_IDS:
        assert CATALOG[tile]["count"] == {
            "classic": 0, "winter": 0, "river": 1, "inns_cathedrals": 0, "traders_builders": 0,
        }  # fmt: skip
    for tile in LAND_TILES:
        assert CATALOG[tile]["count"]["river"] == 0
    assert sum(data["count"]["river"] for data in CATALOG.values()) == 12


def test_river_edge_totals():
    """RIVER.md: 'Edge totals over the 12 tiles: 22 river, 15 field, 6 road, 5 city (48).'"""
    letters = Counter("".join(CATALOG[t]["edges"] for t in RIVER_IDS))
    assert letters == {"V": 22, "F": 15, "R": 6, "C": 5}


def test_river_segments_are_not_features():
    """RIVER.md: 'A river segment holds the river's middle slots'; no pennant on a River tile."""
    for tile in RIVER_IDS:
        segs = CATALOG[tile]["segments"]
        river = [seg for seg in segs if seg["kind"] == "river"]
        assert len(river) == 1
        edges = CATALOG[tile]["edges"]
        assert sorted(river[0]["slots"]) == sorted(
            SLOTS[3 * i + 1] for i, e in enumerate(edges) if e == "V"
        )
        assert not any(seg["pennant"] for seg in segs)
    # 'Straights: R02..R07. Curves: R08..R11.' The spring and the lake have one river edge.
    gaps = {}
    for tile in RIVER_IDS:
        sides = [i for i, e in enumerate(CATALOG[tile]["edges"]) if e == "V"]
        gaps[tile] = sides[1] - sides[0] if len(sides) == 2 else None
    assert gaps == {
        "R01": None, "R02": 2, "R03": 2, "R04": 2, "R05": 2, "R06": 2, "R07": 2,
        "R08": 1, "R09": 1, "R10": 1, "R11": 1, "R12": None,
    }  # fmt: skip


# -- Inns & Cathedrals and Traders & Builders ---------------------------------------------------


@pytest.mark.parametrize(
    ("box", "ids", "edges"),
    [
        ("inns_cathedrals", IC_IDS, {"C": 31, "R": 24, "F": 17}),
        ("traders_builders", TB_IDS, {"C": 52, "R": 25, "F": 19}),
    ],
)
def test_expansion_boxes(box, ids, edges):
    """'18 land tiles' / '24 land tiles', each id counting 1, in no tile set of their own;
    'Edge totals over the 18 tiles: 31 city, 24 road, 17 field' / '52 city, 25 road, 19
    field'."""
    assert {t for t, data in CATALOG.items() if data["count"][box]} == set(ids)
    for tile in ids:
        assert CATALOG[tile]["count"] == {
            "classic": 0, "winter": 0, "river": 0, "inns_cathedrals": 0, "traders_builders": 0,
            box: 1,
        }  # fmt: skip
    assert Counter("".join(CATALOG[t]["edges"] for t in ids)) == edges


def _marked(mark):
    return sorted(
        t for t, data in CATALOG.items() if any(mark in seg["marks"] for seg in data["segments"])
    )


def test_inns_and_cathedrals_marks():
    """'Three tiles carry a pennant (I05, I10, I13), two a cathedral (I01, I02), six an inn
    (I11..I16)'; an inn is on a road, a cathedral in a city."""
    assert [t for t in _marked("pennant") if t.startswith("I")] == ["I05", "I10", "I13"]
    assert _marked("cathedral") == ["I01", "I02"]
    assert _marked("inn") == ["I11", "I12", "I13", "I14", "I15", "I16"]
    for data in CATALOG.values():
        for seg in data["segments"]:
            assert "inn" not in seg["marks"] or seg["kind"] == "road"
            assert "cathedral" not in seg["marks"] or seg["kind"] == "city"
            assert seg["pennant"] == ("pennant" in seg["marks"])


def test_traders_goods():
    """'9 wine (T01, T04, T05, T08, T09, T10, T12, T14, T17), 6 grain (T02, T03, T11, T15,
    T16, T20), 5 cloth (T06, T07, T13, T18, T19): 20, one per tile; T21..T24 have none.'
    'No tile of this set has a pennant.'"""
    assert _marked("wine") == ["T01", "T04", "T05", "T08", "T09", "T10", "T12", "T14", "T17"]
    assert _marked("grain") == ["T02", "T03", "T11", "T15", "T16", "T20"]
    assert _marked("cloth") == ["T06", "T07", "T13", "T18", "T19"]
    for tile in TB_IDS:
        marks = [m for seg in CATALOG[tile]["segments"] for m in seg["marks"]]
        assert len(marks) == (tile < "T21")
        goods_cities = [seg for seg in CATALOG[tile]["segments"] if seg["marks"]]
        assert all(seg["kind"] == "city" for seg in goods_cities)


def test_inner_fields():
    """I03 and T05..T08: a field segment that touches no tile edge (no slot)."""
    inner = sorted(
        t
        for t, data in CATALOG.items()
        if any(seg["kind"] == "field" and not seg["slots"] for seg in data["segments"])
    )
    assert inner == ["I03", "T05", "T06", "T07", "T08"]
