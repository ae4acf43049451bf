"""The board: placed tiles, the open cells around them, and the features they form.

Features are kept incrementally with a union-find over tile segments: placing a tile only
touches its own segments and the four neighbours, so legal placements, merging and completion
checks never rescan the board. That choice is what makes thousands of games per second
possible for the bots; `features()` (rarely called) is the only whole-board walk.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import NamedTuple

from .tiles import fit_table, fitting_rotations
from .tiles.shapes import EDGE_OFFSETS, OrientedSegment, OrientedTile, facing_slot

Cell = tuple[int, int]
_NEIGHBOURS_8: tuple[Cell, ...] = tuple(
    (dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)
)
_AROUND: tuple[Cell, ...] = ((0, 0), *_NEIGHBOURS_8)
_FREE = "...."
_FACING: tuple[int, ...] = tuple(facing_slot(slot) for slot in range(12))


class Placement(NamedTuple):
    """Where a tile goes: cell (x, y), clockwise rotation in degrees.

    A named tuple rather than a dataclass: a late-game turn lists a hundred of them, and
    tuples are several times cheaper to build.
    """

    x: int
    y: int
    rot: int


class PlacedTile:
    """A tile on the board: its oriented definition and the id of its first segment."""

    __slots__ = ("base", "tile", "x", "y")

    def __init__(self, tile: OrientedTile, x: int, y: int, base: int) -> None:
        self.tile = tile
        self.x = x
        self.y = y
        self.base = base


class Board:
    """Tiles on the grid plus the union-find of their segments.

    Segment ids are global: a placed tile's segments are `base .. base + n - 1`, and
    `segment_tile[seg]` is the tile that holds `seg`. Per root (union-find representative):
    the set of cells, open edges (0 means a road or city is complete), its marks counted
    (`mark_count`: pennants, say), the ids of the figures on it and, for fields, the city
    segments it borders.
    """

    def __init__(self) -> None:
        self.cells: dict[Cell, PlacedTile] = {}
        self.order: list[PlacedTile] = []
        self.frontier: dict[Cell, str] = {}
        self.centres: dict[Cell, str] = {}
        self.parent: list[int] = []
        self.segment_tile: list[PlacedTile] = []
        self.tiles: list[set[Cell] | None] = []
        self.open: list[int] = []
        # Per root, its marks counted, or None for none. Never changed in place (a merge makes
        # a new mapping), so tiles and copies share them.
        self.marks: list[Mapping[str, int] | None] = []
        self.figures: list[list[int] | None] = []
        self.adjacent_cities: list[list[int] | None] = []
        # Roots whose cell set this board may change in place; a copy shares every set with
        # its original until one of them merges into it (copy on write).
        self._own_tiles: set[int] = set()

    def copy(self) -> Board:
        """An independent copy (tile definitions are immutable and shared)."""
        other = Board.__new__(Board)
        other.cells = dict(self.cells)
        other.order = list(self.order)
        other.frontier = dict(self.frontier)
        other.centres = dict(self.centres)
        other.parent = list(self.parent)
        other.segment_tile = list(self.segment_tile)
        other.tiles = list(self.tiles)
        other._own_tiles = set()
        self._own_tiles = set()
        other.open = list(self.open)
        other.marks = list(self.marks)
        # Figure and city lists are never changed in place (changes build new lists), so a
        # copy may share them.
        other.figures = list(self.figures)
        other.adjacent_cities = list(self.adjacent_cities)
        return other

    def segment(self, seg: int) -> OrientedSegment:
        """The definition of segment `seg` (kind, slots in board orientation, ...)."""
        placed = self.segment_tile[seg]
        return placed.tile.segments[seg - placed.base]

    def kind(self, seg: int) -> str:
        return self.segment(seg).kind

    def mark_count(self, root: int, mark: str) -> int:
        """How many of `mark` (a pennant, say) the feature `root` carries."""
        marks = self.marks[root]
        return marks.get(mark, 0) if marks else 0

    # -- queries ---------------------------------------------------------------------------

    def find(self, seg: int) -> int:
        """The root of `seg`'s feature."""
        parent = self.parent
        root = seg
        while parent[root] != root:
            root = parent[root]
        while parent[seg] != root:
            parent[seg], seg = root, parent[seg]
        return root

    def placements(self, tile_id: str) -> list[Placement]:
        """Every placement of `tile_id` that matches its neighbours."""
        fits = fit_table(tile_id)
        new = tuple.__new__  # skips NamedTuple's Python-level __new__ on this hot path
        out: list[Placement] = []
        add = out.append
        for (x, y), pattern in self.frontier.items():
            rots = fits.get(pattern)
            if rots is None:
                rots = fitting_rotations(tile_id, pattern)
            for rot in rots:
                add(new(Placement, (x, y, rot)))
        return out

    def fits(self, tile_id: str, x: int, y: int, rot: int) -> bool:
        pattern = self.frontier.get((x, y))
        return pattern is not None and rot in fitting_rotations(tile_id, pattern)

    def neighbour_count(self, cell: Cell) -> int:
        """How many of the eight cells around `cell` hold a tile."""
        x, y = cell
        cells = self.cells
        return sum((x + dx, y + dy) in cells for dx, dy in _NEIGHBOURS_8)

    def centres_around(self, cell: Cell) -> list[tuple[Cell, str]]:
        """The monasteries and gardens on `cell` and its eight neighbours, with their kinds."""
        x, y = cell
        centres = self.centres
        out = []
        for dx, dy in _AROUND:
            around = (x + dx, y + dy)
            kind = centres.get(around)
            if kind is not None:
                out.append((around, kind))
        return out

    def cells_around(self, cell: Cell) -> Iterator[Cell]:
        """`cell` and its eight neighbours."""
        x, y = cell
        yield cell
        for dx, dy in _NEIGHBOURS_8:
            yield (x + dx, y + dy)

    def contacts(self, cell: Cell) -> tuple[int, dict[int, int]]:
        """What a tile placed on the free `cell` would join, slot by slot: the mask of its
        slots that touch a feature with figures on it, and per feature touched (by its root)
        the mask of its slots that touch it. (Slot i is bit i, in board orientation.)"""
        x, y = cell
        cells, parent, figures = self.cells, self.parent, self.figures
        occupied = 0
        by_root: dict[int, int] = {}
        for edge, (dx, dy) in enumerate(EDGE_OFFSETS):
            neighbour = cells.get((x + dx, y + dy))
            if neighbour is None:
                continue
            base = neighbour.base
            for mask, index in neighbour.tile.faces[(edge + 2) % 4]:
                root = base + index
                if parent[root] != root:
                    root = self.find(root)
                by_root[root] = by_root.get(root, 0) | mask
                if figures[root]:
                    occupied |= mask
        return occupied, by_root

    def cells_beside(self, roots: set[int]) -> set[Cell]:
        """The free cells that share an edge with a tile of any of the features `roots`: the
        only cells where a tile can join one of them."""
        cells = self.cells
        out: set[Cell] = set()
        for root in roots:
            for x, y in self.tiles[root] or ():
                for dx, dy in EDGE_OFFSETS:
                    cell = (x + dx, y + dy)
                    if cell not in cells:
                        out.add(cell)
        return out

    def closing_segments(self, tile: OrientedTile, cell: Cell) -> int:
        """The bitmask of `tile`'s road and city segments (bit i for segment i) whose feature
        placing it on the free `cell` would complete. Each group of its segments that would
        end up in one feature is complete when the open edges of the features it joins and
        its own free edges make nothing: every edge it shares with a neighbour closes two."""
        x, y = cell
        cells = self.cells
        edge_count: dict[int, int] = {}  # per segment: its edges, minus two per shared edge
        roots_of: dict[int, set[int]] = {}
        for edge, (dx, dy) in enumerate(EDGE_OFFSETS):
            if tile.edges[edge] not in "RC":
                continue
            middle = 3 * edge + 1
            seg = tile.slot_segment[middle]
            roots_of.setdefault(seg, set())
            neighbour = cells.get((x + dx, y + dy))
            if neighbour is None:
                edge_count[seg] = edge_count.get(seg, 0) + 1
                continue
            edge_count[seg] = edge_count.get(seg, 0) - 1
            their = neighbour.base + neighbour.tile.slot_segment[_FACING[middle]]
            roots_of[seg].add(self.find(their))
        closing = 0
        segments = list(roots_of)
        while segments:  # one group at a time: segments linked through a shared feature
            group = [segments.pop()]
            roots = set(roots_of[group[0]])
            grew = True
            while grew:
                grew = False
                for seg in segments:
                    if roots_of[seg] & roots:
                        segments.remove(seg)
                        group.append(seg)
                        roots |= roots_of[seg]
                        grew = True
                        break
            open_edges = sum(edge_count[seg] for seg in group)
            open_edges += sum(self.open[root] for root in roots)
            if open_edges == 0:
                for seg in group:
                    closing |= 1 << seg
        return closing

    def bordering_field_roots(self, city_root: int) -> set[int]:
        """The fields a city borders (walks the city's tiles: fields keep the cities they
        border, not the other way round, as only a city's completion asks)."""
        tiles = self.tiles[city_root]
        assert tiles is not None, "not a root"
        fields = set()
        for cell in tiles:
            placed = self.cells[cell]
            base = placed.base
            for seg in placed.tile.segments:
                if any(self.find(base + city) == city_root for city in seg.adj_cities):
                    fields.add(self.find(base + seg.index))
        return fields

    def completed_city_roots(self, field_root: int) -> set[int]:
        """The distinct completed cities a field borders."""
        cities = set()
        for seg in self.adjacent_cities[field_root] or ():
            root = self.find(seg)
            if self.open[root] == 0:
                cities.add(root)
        return cities

    # -- changes ---------------------------------------------------------------------------

    def segments_of(self, root: int) -> list[int]:
        """The segments of the feature `root`, in placement order (walks its tiles only)."""
        tiles = self.tiles[root]
        assert tiles is not None, "not a root"
        out = []
        for placed in sorted((self.cells[cell] for cell in tiles), key=lambda t: t.base):
            for seg in range(placed.base, placed.base + len(placed.tile.segments)):
                if self.find(seg) == root:
                    out.append(seg)
        return out

    def place(self, tile: OrientedTile, x: int, y: int) -> tuple[list[int], set[int]]:
        """Put `tile` at (x, y), merge features across its edges. Return its segments' roots
        and the roots of the features already on the board that it joined (as they were
        before: a root merged into an older one is no root any more).

        The caller has checked that the placement is legal.
        """
        base = len(self.parent)
        count = len(tile.segments)
        placed = PlacedTile(tile, x, y, base)
        cell = (x, y)
        self.parent.extend(range(base, base + count))
        self.segment_tile.extend([placed] * count)
        self.tiles.extend([{cell} for _ in range(count)])
        self._own_tiles.update(range(base, base + count))
        self.open.extend(tile.initial_open)
        self.marks.extend(tile.initial_marks)
        self.figures.extend([None] * count)
        self.adjacent_cities.extend(
            [base + i for i in seg.adj_cities] if seg.adj_cities else None for seg in tile.segments
        )
        self.cells[cell] = placed
        self.order.append(placed)
        if tile.centre is not None:
            self.centres[cell] = tile.centre
        self.frontier.pop(cell, None)

        edges = tile.edges
        touched: set[int] = set()
        for edge, (dx, dy) in enumerate(EDGE_OFFSETS):
            other_cell = (x + dx, y + dy)
            neighbour = self.cells.get(other_cell)
            if neighbour is None:
                pattern = self.frontier.get(other_cell, _FREE)
                facing = (edge + 2) % 4
                self.frontier[other_cell] = pattern[:facing] + edges[edge] + pattern[facing + 1 :]
                continue
            # Segment ids across the edge, slot by slot: base + the tile's segment at the slot.
            mine = tile.slot_segment
            theirs, their_base = neighbour.tile.slot_segment, neighbour.base
            middle = 3 * edge + 1
            kind = edges[edge]
            if kind != "F":  # a road, city or river meets the neighbour's in the middle slot
                facing = _FACING[middle]
                root = self._union(base + mine[middle], their_base + theirs[facing], touched)
                self.open[root] -= 2
            if kind != "C":  # fields: the whole of a field edge, the halves of a road or river
                for slot in (
                    (middle - 1, middle, middle + 1) if kind == "F" else (middle - 1, middle + 1)
                ):
                    facing = _FACING[slot]
                    self._union(base + mine[slot], their_base + theirs[facing], touched)
        roots = [self.find(base + seg.index) for seg in tile.segments]
        return roots, {root for root in touched if root < base}

    def add_figure(self, seg: int, figure_id: int) -> None:
        root = self.find(seg)
        self.figures[root] = [*(self.figures[root] or ()), figure_id]

    def clear_figures(self, root: int) -> list[int]:
        figures = self.figures[root] or []
        self.figures[root] = None
        return figures

    def _union(self, a: int, b: int, touched: set[int]) -> int:
        """Merge two features. The older root (smaller id) stays the root, so a feature keeps
        its id while it grows; the cells go into the larger set. Both roots, as they were
        before, go into `touched`."""
        ra, rb = self.find(a), self.find(b)
        touched.add(ra)
        if ra == rb:
            return ra
        touched.add(rb)
        if rb < ra:
            ra, rb = rb, ra
        self.parent[rb] = ra
        tiles_a, tiles_b = self.tiles[ra], self.tiles[rb]
        assert tiles_a is not None and tiles_b is not None
        if len(tiles_a) < len(tiles_b):
            tiles_a, tiles_b = tiles_b, tiles_a
            owned = rb in self._own_tiles
        else:
            owned = ra in self._own_tiles
        if not owned:
            tiles_a = tiles_a.copy()
        tiles_a |= tiles_b
        self.tiles[ra] = tiles_a
        self.tiles[rb] = None
        self._own_tiles.add(ra)
        self.open[ra] += self.open[rb]
        marks_b = self.marks[rb]
        if marks_b:
            marks_a = self.marks[ra]
            self.marks[ra] = _added(marks_a, marks_b) if marks_a else marks_b
            self.marks[rb] = None
        figures_b = self.figures[rb]
        if figures_b:
            figures_a = self.figures[ra]
            self.figures[ra] = figures_a + figures_b if figures_a else figures_b
            self.figures[rb] = None
        cities_b = self.adjacent_cities[rb]
        if cities_b:
            cities_a = self.adjacent_cities[ra]
            self.adjacent_cities[ra] = cities_a + cities_b if cities_a else cities_b
            self.adjacent_cities[rb] = None
        return ra


def _added(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    """Two features' marks, counted together."""
    out = dict(a)
    for mark, n in b.items():
        out[mark] = out.get(mark, 0) + n
    return out


__all__ = ["Board", "Cell", "PlacedTile", "Placement"]
