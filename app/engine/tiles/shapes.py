"""How a tile is described: its twelve edge slots, its segments, and the tile turned on the board.

A tile is written in its canonical orientation (rotation 0) as edges N E S W and segments,
each a road, city, field or river covering some of the slots. `orient(tile, rot)` gives the
same tile as it lies on the board after a clockwise rotation, with every slot already turned
and the tables the board and the move generator read precomputed. Nothing here knows which
tiles exist: each box of tiles (`classic.py`, `winter.py`, `river.py`) writes its own with the
helpers below, and `tiles/__init__.py` gathers them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

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
# The middle of a tile: its monastery or garden, and the name of a segment that covers no slot
# (an inner field, INNS_AND_CATHEDRALS.md).
CENTRE = "C"
ALL_SLOT_NAMES: frozenset[str] = frozenset(SLOTS) | {CENTRE}

EDGES = "NESW"
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
# (dx, dy) of the neighbour across each edge; y grows to the south.
EDGE_OFFSETS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))

ROAD, CITY, FIELD = "road", "city", "field"
MONASTERY, GARDEN = "monastery", "garden"
# The river is a segment kind but not a feature: it splits fields like a road, and nothing
# ever stands on it, scores it or completes it (RIVER.md).
RIVER = "river"
# A mark is something drawn on a segment that its feature counts: pennants on cities (and, in
# expansions, inns, cathedrals or goods). The board keeps, per feature, how many of each.
PENNANT = "pennant"


def facing_slot(slot: int) -> int:
    """The slot of the neighbouring tile that touches `slot` across its edge."""
    edge = slot // 3
    return 8 - slot if edge in (0, 2) else 14 - slot


def rotate_slot(slot: int, rot: int) -> int:
    """Where `slot` lies after a clockwise rotation by `rot` degrees."""
    return (slot + 3 * (rot // 90)) % 12


@dataclass(frozen=True, slots=True)
class SegmentDef:
    """One road, city, field or river part of a tile.

    `marks` names what is drawn on it (a pennant); `adj_cities` lists indexes (into the tile's
    segments) of the city segments a field borders. A segment may cover no slot at all (an
    inner field): it is then named `C`.
    """

    kind: str
    slots: tuple[int, ...]
    marks: tuple[str, ...] = ()
    adj_cities: tuple[int, ...] = ()

    @property
    def pennant(self) -> bool:
        return PENNANT in self.marks


@dataclass(frozen=True, slots=True)
class TileDef:
    """A tile in canonical orientation: edges N E S W as letters C (city), R (road), F (field)
    and V (river)."""

    id: str
    edges: str
    segments: tuple[SegmentDef, ...]
    centre: str | None = None


# How a box writes its tiles: id -> (edges, segments, centre).
Layout = tuple[str, tuple[SegmentDef, ...], str | None]


def tile_defs(layouts: Mapping[str, Layout]) -> dict[str, TileDef]:
    """The tiles of a box from their layouts."""
    return {tile_id: TileDef(tile_id, *layout) for tile_id, layout in layouts.items()}


def slots(spec: str) -> tuple[int, ...]:
    """Parse a slot list such as "ENE SSW whole-W" (whole-X names all three slots of edge X)."""
    out: list[int] = []
    for word in spec.split():
        if word.startswith("whole-"):
            edge = EDGES.index(word[6:])
            out.extend((3 * edge, 3 * edge + 1, 3 * edge + 2))
        else:
            out.append(SLOT_INDEX[word])
    return tuple(sorted(out))


def _middles(edges: str) -> tuple[int, ...]:
    return tuple(sorted(3 * EDGES.index(e) + 1 for e in edges))


def city(edges: str, *marks: str) -> SegmentDef:
    """A city covering whole edges ("NW"), with its marks (`PENNANT`)."""
    return SegmentDef(CITY, slots(" ".join(f"whole-{e}" for e in edges)), marks)


def road(edges: str, *marks: str) -> SegmentDef:
    """A road leaving by the middle slots of `edges`."""
    return SegmentDef(ROAD, _middles(edges), marks)


def river(edges: str) -> SegmentDef:
    """A river leaving by the middle slots of `edges`."""
    return SegmentDef(RIVER, _middles(edges))


def field(spec: str, adj: tuple[int, ...] = ()) -> SegmentDef:
    """A field covering the slots of `spec`, bordering the city segments `adj`."""
    return SegmentDef(FIELD, slots(spec), adj_cities=adj)


def three_roads(east: tuple[str, ...] = (), centre: str | None = None) -> Layout:
    """Three roads meeting (E, S, W; a field all along N), the east road with the marks
    `east` (`INN`), and `centre` (`MONASTERY`) where they meet: the base W, I14, T24."""
    roads = (road("E", *east), road("S"), road("W"))
    return ("FRRR", (*roads, field("WNW whole-N ENE"), field("ESE SSE"), field("SSW WSW")), centre)


def band_between_roads(*marks: str) -> Layout:
    """A city band E-W with `marks` (`PENNANT`, a good) between two road ends, N and S, and
    a field in each corner: I10, T12."""
    corners = tuple(field(corner, (0,)) for corner in ("NNW", "NNE", "SSE", "SSW"))
    return ("RCRC", (city("EW", *marks), road("N"), road("S"), *corners), None)


def all_but(slot: str) -> str:
    """Every slot name but `slot`, as a spec for `field`."""
    return " ".join(s for s in SLOTS if s != slot)


@dataclass(frozen=True, slots=True)
class OrientedSegment:
    """A segment as it lies on the board: slots in board orientation, `names` the slot names a
    figure may give for it (`C` alone for a segment that covers no slot)."""

    index: int
    kind: str
    slots: tuple[int, ...]
    names: tuple[str, ...]
    edges: tuple[int, ...]
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
    # Per segment, ready to extend the board's arrays with: open edges, and its marks counted
    # (None for none; never changed, so the board may share them).
    initial_open: tuple[int, ...]
    initial_marks: tuple[Mapping[str, int] | None, ...]
    # What each edge shows the cell beyond it: per edge, (mask, segment index) pairs, where
    # the mask has a bit for each slot *of that cell* that touches the segment. A free cell
    # learns from its neighbours which features each of its slots would join.
    faces: tuple[tuple[tuple[int, int], ...], ...]


def _counted(marks: tuple[str, ...]) -> Mapping[str, int] | None:
    if not marks:
        return None
    counts: dict[str, int] = {}
    for mark in marks:
        counts[mark] = counts.get(mark, 0) + 1
    return counts


def orient(tile: TileDef, rot: int) -> OrientedTile:
    """`tile` rotated clockwise by `rot` degrees. Raises `AssertionError` when a slot belongs to
    no segment (TILES.md: every slot belongs to exactly one)."""
    quarter = rot // 90
    edges = tile.edges[-quarter:] + tile.edges[:-quarter] if quarter else tile.edges
    segments = []
    slot_segment = [-1] * 12
    for index, seg in enumerate(tile.segments):
        turned = tuple(sorted(rotate_slot(s, rot) for s in seg.slots))
        for s in turned:
            slot_segment[s] = index
        names = tuple(SLOTS[s] for s in turned) or (CENTRE,)
        seg_edges = tuple(sorted({s // 3 for s in turned}))
        segments.append(OrientedSegment(index, seg.kind, turned, names, seg_edges, seg.adj_cities))
    if -1 in slot_segment:
        raise AssertionError(f"tile {tile.id}: a slot belongs to no segment")
    faces = []
    for edge in range(4):
        masks: dict[int, int] = {}
        for slot in (3 * edge, 3 * edge + 1, 3 * edge + 2):
            index = slot_segment[slot]
            masks[index] = masks.get(index, 0) | 1 << facing_slot(slot)
        faces.append(tuple((mask, index) for index, mask in masks.items()))
    return OrientedTile(
        tile.id,
        rot,
        edges,
        tuple(segments),
        tuple(slot_segment),
        tile.centre,
        tuple(0 if seg.kind == FIELD else len(seg.edges) for seg in segments),
        tuple(_counted(seg.marks) for seg in tile.segments),
        tuple(faces),
    )
