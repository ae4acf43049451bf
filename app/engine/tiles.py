"""The tile set: slots, the 84 land tiles of TILES.md, the 12 River tiles of RIVER.md, rotations.

Everything here is immutable data computed once at import. A tile is described in its
canonical orientation (rotation 0); `oriented(tile_id, rot)` gives the same tile as it lies on
the board after a clockwise rotation, with every slot already turned.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

# Twelve edge slots, clockwise from the north edge's west half; index i lies on edge i // 3
# (0 N, 1 E, 2 S, 3 W) and the middle slot of edge e is 3e + 1.
SLOTS: tuple[str, ...] = (
    "NNW",
    "N",
    "NNE",
    "ENE",
    "E",
    "ESE",
    "SSE",
    "S",
    "SSW",
    "WSW",
    "W",
    "WNW",
)
SLOT_INDEX: dict[str, int] = {name: i for i, name in enumerate(SLOTS)}
CENTRE = "C"
ALL_SLOT_NAMES: frozenset[str] = frozenset(SLOTS) | {CENTRE}

EDGES = "NESW"
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
# (dx, dy) of the neighbour across each edge; y grows to the south.
EDGE_OFFSETS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


def facing_slot(slot: int) -> int:
    """The slot of the neighbouring tile that touches `slot` across its edge."""
    edge = slot // 3
    return 8 - slot if edge in (0, 2) else 14 - slot


def rotate_slot(slot: int, rot: int) -> int:
    """Where `slot` lies after a clockwise rotation by `rot` degrees."""
    return (slot + 3 * (rot // 90)) % 12


ROAD, CITY, FIELD = "road", "city", "field"
MONASTERY, GARDEN = "monastery", "garden"
# The river is a segment kind but not a feature: it splits fields like a road, and nothing
# ever stands on it, scores it or completes it (RIVER.md).
RIVER = "river"


@dataclass(frozen=True, slots=True)
class SegmentDef:
    """One road, city or field part of a tile.

    `adj_cities` lists indexes (into the tile's segments) of the city segments a field borders.
    """

    kind: str
    slots: tuple[int, ...]
    pennant: bool = False
    adj_cities: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TileDef:
    """A tile in canonical orientation: edges N E S W as letters C (city), R (road), F (field)
    and V (river)."""

    id: str
    edges: str
    segments: tuple[SegmentDef, ...]
    centre: str | None = None


def _slots(spec: str) -> tuple[int, ...]:
    """Parse a slot list such as "ENE SSW whole-W" (whole-X names all three slots of edge X)."""
    out: list[int] = []
    for word in spec.split():
        if word.startswith("whole-"):
            edge = EDGES.index(word[6:])
            out.extend((3 * edge, 3 * edge + 1, 3 * edge + 2))
        else:
            out.append(SLOT_INDEX[word])
    return tuple(sorted(out))


def _city(edges: str, pennant: bool = False) -> SegmentDef:
    return SegmentDef(CITY, _slots(" ".join(f"whole-{e}" for e in edges)), pennant)


def _road(edges: str) -> SegmentDef:
    return SegmentDef(ROAD, tuple(sorted(3 * EDGES.index(e) + 1 for e in edges)))


def _river(edges: str) -> SegmentDef:
    return SegmentDef(RIVER, tuple(sorted(3 * EDGES.index(e) + 1 for e in edges)))


def _field(spec: str, adj: tuple[int, ...] = ()) -> SegmentDef:
    return SegmentDef(FIELD, _slots(spec), adj_cities=adj)


def _all_but(slot: str) -> str:
    return " ".join(s for s in SLOTS if s != slot)


# Segments are listed cities first, so adjacency indexes are small and stable.
_BASE: dict[str, tuple[str, tuple[SegmentDef, ...], str | None]] = {
    "A": ("FFRF", (_road("S"), _field(_all_but("S"))), MONASTERY),
    "B": ("FFFF", (_field(" ".join(SLOTS)),), MONASTERY),
    "C": ("CCCC", (_city("NESW", True),), None),
    "D": (
        "CRFR",
        (_city("N"), _road("EW"), _field("ENE WNW", (0,)), _field("ESE whole-S WSW")),
        None,
    ),
    "E": ("CFFF", (_city("N"), _field("whole-E whole-S whole-W", (0,))), None),
    "F": ("FCFC", (_city("EW", True), _field("whole-N", (0,)), _field("whole-S", (0,))), None),
    "G": ("CFCF", (_city("NS"), _field("whole-E", (0,)), _field("whole-W", (0,))), None),
    "H": ("FCFC", (_city("E"), _city("W"), _field("whole-N whole-S", (0, 1))), None),
    "I": ("CCFF", (_city("N"), _city("E"), _field("whole-S whole-W", (0, 1))), None),
    "J": (
        "CRRF",
        (_city("N"), _road("ES"), _field("ESE SSE"), _field("ENE SSW whole-W", (0,))),
        None,
    ),
    "K": (
        "CFRR",
        (_city("N"), _road("SW"), _field("SSW WSW"), _field("whole-E SSE WNW", (0,))),
        None,
    ),
    "L": (
        "CRRR",
        (
            _city("N"),
            _road("E"),
            _road("S"),
            _road("W"),
            _field("ENE WNW", (0,)),
            _field("ESE SSE"),
            _field("SSW WSW"),
        ),
        None,
    ),
    "M": ("CFFC", (_city("NW", True), _field("whole-E whole-S", (0,))), None),
    "N": ("CFFC", (_city("NW"), _field("whole-E whole-S", (0,))), None),
    "O": (
        "CRRC",
        (_city("NW", True), _road("ES"), _field("ESE SSE"), _field("ENE SSW", (0,))),
        None,
    ),
    "P": ("CRRC", (_city("NW"), _road("ES"), _field("ESE SSE"), _field("ENE SSW", (0,))), None),
    "Q": ("CCFC", (_city("NEW", True), _field("whole-S", (0,))), None),
    "R": ("CCFC", (_city("NEW"), _field("whole-S", (0,))), None),
    "S": ("CCRC", (_city("NEW", True), _road("S"), _field("SSW", (0,)), _field("SSE", (0,))), None),
    "T": ("CCRC", (_city("NEW"), _road("S"), _field("SSW", (0,)), _field("SSE", (0,))), None),
    "U": ("RFRF", (_road("NS"), _field("NNE whole-E SSE"), _field("SSW whole-W NNW")), None),
    "V": ("FFRR", (_road("SW"), _field("SSW WSW"), _field("whole-N whole-E SSE WNW")), None),
    "W": (
        "FRRR",
        (
            _road("E"),
            _road("S"),
            _road("W"),
            _field("WNW whole-N ENE"),
            _field("ESE SSE"),
            _field("SSW WSW"),
        ),
        None,
    ),
    "X": (
        "RRRR",
        (
            _road("N"),
            _road("E"),
            _road("S"),
            _road("W"),
            _field("NNE ENE"),
            _field("ESE SSE"),
            _field("SSW WSW"),
            _field("WNW NNW"),
        ),
        None,
    ),
}

_WINTER: dict[str, tuple[str, tuple[SegmentDef, ...], str | None]] = {
    "Z01": _BASE["W"],
    "Z02": (
        "CFFR",
        (_city("N"), _road("W"), _field("WNW", (0,)), _field("whole-E whole-S WSW", (0,))),
        None,
    ),
    "Z03": (
        "CRFF",
        (_city("N"), _road("E"), _field("ENE", (0,)), _field("ESE whole-S whole-W", (0,))),
        None,
    ),
    "Z04": _BASE["J"],
    "Z05": _BASE["A"],
    "Z06": (
        "FRFR",
        (_road("E"), _road("W"), _field("WNW whole-N ENE"), _field("ESE whole-S WSW")),
        MONASTERY,
    ),
    "Z07": (
        "CFRC",
        (_city("NW"), _road("S"), _field("SSW", (0,)), _field("SSE whole-E", (0,))),
        None,
    ),
    "Z08": (
        "CFRF",
        (_city("N"), _road("S"), _field("SSW whole-W", (0,)), _field("SSE whole-E", (0,))),
        None,
    ),
    "Z09": (
        "RRRR",
        (_road("NW"), _road("SE"), _field("NNW WNW"), _field("ESE SSE"), _field("NNE ENE SSW WSW")),
        None,
    ),
    "Z10": (
        "CRFC",
        (_city("NW"), _road("E"), _field("ENE", (0,)), _field("ESE whole-S", (0,))),
        None,
    ),
    "Z11": ("FFRF", (_road("S"), _field(_all_but("S"))), None),
    "Z12": _BASE["K"],
}

# RIVER.md: the spring R01 is the start tile of a River game, the lake R12 ends the river.
_RIVER_STRAIGHT = (
    "FVFV",
    (_river("EW"), _field("WNW whole-N ENE"), _field("ESE whole-S WSW")),
    None,
)
_RIVER_CURVE = ("FFVV", (_river("SW"), _field("whole-N whole-E SSE WNW"), _field("SSW WSW")), None)
_RIVER: dict[str, tuple[str, tuple[SegmentDef, ...], str | None]] = {
    "R01": ("FVFF", (_river("E"), _field(_all_but("E"))), None),
    "R02": (
        "CVCV",
        (_city("N"), _city("S"), _river("EW"), _field("ENE WNW", (0,)), _field("ESE WSW", (1,))),
        None,
    ),
    # The bridge's road runs from the south edge into the city and cuts the north bank in two.
    "R03": (
        "CVRV",
        (
            _city("N"),
            _road("S"),
            _river("EW"),
            _field("ENE", (0,)),
            _field("WNW", (0,)),
            _field("ESE SSE"),
            _field("SSW WSW"),
        ),
        None,
    ),
    "R04": (
        "FVRV",
        (
            _road("S"),
            _river("EW"),
            _field("WNW whole-N ENE"),
            _field("ESE SSE"),
            _field("SSW WSW"),
        ),
        MONASTERY,
    ),
    "R05": (
        "RVRV",
        (
            _road("NS"),
            _river("EW"),
            _field("NNW WNW"),
            _field("NNE ENE"),
            _field("ESE SSE"),
            _field("SSW WSW"),
        ),
        None,
    ),
    "R06": _RIVER_STRAIGHT,
    "R07": _RIVER_STRAIGHT,
    "R08": ("CVVC", (_city("NW"), _river("ES"), _field("ENE SSW", (0,)), _field("ESE SSE")), None),
    "R09": (
        "RRVV",
        (
            _road("NE"),
            _river("SW"),
            _field("NNE ENE"),
            _field("WNW NNW ESE SSE"),
            _field("SSW WSW"),
        ),
        None,
    ),
    "R10": _RIVER_CURVE,
    "R11": (*_RIVER_CURVE[:2], GARDEN),
    "R12": ("FFFV", (_river("W"), _field(_all_but("W"))), None),
}
RIVER_TILES: tuple[str, ...] = tuple(_RIVER)
SPRING, LAKE = "R01", "R12"

# How many copies the box holds, garden copies (TILES.md "Gardens") counted apart.
_BASE_COUNTS: dict[str, int] = {
    "A": 2,
    "B": 4,
    "C": 1,
    "D": 4,
    "E": 4,
    "Eg": 1,
    "F": 2,
    "G": 1,
    "H": 2,
    "Hg": 1,
    "I": 1,
    "Ig": 1,
    "J": 3,
    "K": 3,
    "L": 3,
    "M": 1,
    "Mg": 1,
    "N": 2,
    "Ng": 1,
    "O": 2,
    "P": 3,
    "Q": 1,
    "R": 2,
    "Rg": 1,
    "S": 2,
    "T": 1,
    "U": 7,
    "Ug": 1,
    "V": 8,
    "Vg": 1,
    "W": 4,
    "X": 1,
}
GARDEN_COPIES: tuple[str, ...] = ("E", "H", "I", "M", "N", "R", "U", "V")
START_TILE = "D"


def _build_tiles() -> dict[str, TileDef]:
    tiles: dict[str, TileDef] = {}
    for table in (_BASE, _WINTER, _RIVER):
        for tile_id, (edges, segments, centre) in table.items():
            tiles[tile_id] = TileDef(tile_id, edges, segments, centre)
    for letter in GARDEN_COPIES:
        base = tiles[letter]
        tiles[letter + "g"] = TileDef(letter + "g", base.edges, base.segments, GARDEN)
    return tiles


TILES: dict[str, TileDef] = _build_tiles()

TILESETS: dict[str, dict[str, int]] = {
    "classic": dict(_BASE_COUNTS),
    "winter": {**_BASE_COUNTS, **{tile_id: 1 for tile_id in _WINTER}},
}


def bag_for(tileset: str, river: bool = False) -> dict[str, int]:
    """The tiles to draw at the start: the whole set less the start tile, and with the River
    its tiles but the spring, listed first (they are drawn first). The start D is set aside
    in either case: the River's spring replaces it (RIVER.md, setup)."""
    counts = dict.fromkeys(RIVER_TILES[1:], 1) if river else {}
    counts.update(TILESETS[tileset])
    counts[START_TILE] -= 1
    return counts


@dataclass(frozen=True, slots=True)
class OrientedSegment:
    """A segment as it lies on the board: slots in board orientation."""

    index: int
    kind: str
    slots: tuple[int, ...]
    edges: tuple[int, ...]
    pennant: bool
    adj_cities: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OrientedTile:
    """A tile turned by `rot`: board-oriented edges, segments, and the segment at each slot."""

    id: str
    rot: int
    edges: str
    segments: tuple[OrientedSegment, ...]
    slot_segment: tuple[int, ...]
    centre: str | None
    # Per segment, ready to extend the board's arrays with: open edges and pennants.
    initial_open: tuple[int, ...]
    initial_pennants: tuple[int, ...]
    # What each edge shows the cell beyond it: per edge, (mask, segment index) pairs, where
    # the mask has a bit for each slot *of that cell* that touches the segment. A free cell
    # learns from its neighbours which features each of its slots would join.
    faces: tuple[tuple[tuple[int, int], ...], ...]


def _edges_of(slots: tuple[int, ...]) -> tuple[int, ...]:
    """The edges (0..3) a segment reaches."""
    return tuple(sorted({s // 3 for s in slots}))


@cache
def oriented(tile_id: str, rot: int) -> OrientedTile:
    """The tile `tile_id` rotated clockwise by `rot` degrees (cached)."""
    tile = TILES[tile_id]
    quarter = rot // 90
    edges = tile.edges[-quarter:] + tile.edges[:-quarter] if quarter else tile.edges
    segments = []
    slot_segment = [-1] * 12
    for index, seg in enumerate(tile.segments):
        slots = tuple(sorted(rotate_slot(s, rot) for s in seg.slots))
        for s in slots:
            slot_segment[s] = index
        seg_edges = _edges_of(slots)
        segments.append(
            OrientedSegment(index, seg.kind, slots, seg_edges, seg.pennant, seg.adj_cities)
        )
    if -1 in slot_segment:
        raise AssertionError(f"tile {tile_id}: a slot belongs to no segment")
    faces = []
    for edge in range(4):
        masks: dict[int, int] = {}
        for slot in (3 * edge, 3 * edge + 1, 3 * edge + 2):
            index = slot_segment[slot]
            masks[index] = masks.get(index, 0) | 1 << facing_slot(slot)
        faces.append(tuple((mask, index) for index, mask in masks.items()))
    return OrientedTile(
        tile_id,
        rot,
        edges,
        tuple(segments),
        tuple(slot_segment),
        tile.centre,
        tuple(0 if seg.kind == FIELD else len(seg.edges) for seg in segments),
        tuple(1 if seg.pennant else 0 for seg in segments),
        tuple(faces),
    )


def tile_catalog() -> dict[str, dict[str, Any]]:
    """Every tile, JSON-ready, in canonical orientation: what a client needs to draw it."""
    return {
        tile_id: {
            "edges": tile.edges,
            "segments": [
                {
                    "kind": seg.kind,
                    "slots": [SLOTS[s] for s in seg.slots],
                    "pennant": seg.pennant,
                    "adj_cities": list(seg.adj_cities),
                }
                for seg in tile.segments
            ],
            "centre": tile.centre,
            "count": {
                **{name: counts.get(tile_id, 0) for name, counts in TILESETS.items()},
                "river": 1 if tile_id in _RIVER else 0,
            },
        }
        for tile_id, tile in TILES.items()
    }
