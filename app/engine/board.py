"""The board: placed tiles, the open cells around them, and the features they form.

Features are kept incrementally with a union-find over tile segments: placing a tile only
touches its own segments and the four neighbours, so legal placements, merging and completion
checks never rescan the board. That choice is what makes thousands of games per second
possible for the bots; `features()` (rarely called) is the only whole-board walk.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from .tiles import (
    CITY,
    EDGE_OFFSETS,
    FIELD,
    ROAD,
    ROTATIONS,
    OrientedTile,
    facing_slot,
    oriented,
)

Cell = tuple[int, int]
_NEIGHBOURS_8: tuple[Cell, ...] = (
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
)
_FREE = "...."


@cache
def fitting_rotations(tile_id: str, pattern: str) -> tuple[int, ...]:
    """Rotations of `tile_id` whose edges match `pattern` (N E S W, "." where no neighbour)."""
    fits = []
    for rot in ROTATIONS:
        edges = oriented(tile_id, rot).edges
        if all(want in (".", have) for want, have in zip(pattern, edges, strict=True)):
            fits.append(rot)
    return tuple(fits)


class PlacedTile:
    """A tile on the board: its oriented definition and the id of its first segment."""

    __slots__ = ("base", "tile", "x", "y")

    def __init__(self, tile: OrientedTile, x: int, y: int, base: int) -> None:
        self.tile = tile
        self.x = x
        self.y = y
        self.base = base

    def segment_at(self, slot: int) -> int:
        """Global id of the segment covering `slot` of this tile."""
        return self.base + self.tile.slot_segment[slot]


class Board:
    """Tiles on the grid plus the union-find of their segments.

    Per segment id: `kind`, `cell`, `slots`, `city_neighbours` (global ids of the city
    segments a field borders). Per root (union-find representative): the set of cells, open
    edges (0 means a road or city is complete), pennants, and the ids of the figures on it.
    """

    def __init__(self) -> None:
        self.cells: dict[Cell, PlacedTile] = {}
        self.order: list[PlacedTile] = []
        self.frontier: dict[Cell, str] = {}
        self.centres: dict[Cell, str] = {}
        self.parent: list[int] = []
        self.kind: list[str] = []
        self.cell: list[Cell] = []
        self.slots: list[tuple[int, ...]] = []
        self.city_neighbours: list[tuple[int, ...]] = []
        self.tiles: list[set[Cell] | None] = []
        self.open: list[int] = []
        self.pennants: list[int] = []
        self.figures: list[list[int] | None] = []
        self.adjacent_cities: list[list[int] | None] = []
        self._shared = False

    def copy(self) -> Board:
        """An independent copy (tile definitions are immutable and shared)."""
        other = Board.__new__(Board)
        other.cells = dict(self.cells)
        other.order = list(self.order)
        other.frontier = dict(self.frontier)
        other.centres = dict(self.centres)
        other.parent = list(self.parent)
        other.kind = self.kind
        other.cell = self.cell
        other.slots = self.slots
        other.city_neighbours = self.city_neighbours
        # Lists of immutable per-segment facts are shared until the copy places a tile.
        other._shared = True
        other.tiles = [s.copy() if s is not None else None for s in self.tiles]
        other.open = list(self.open)
        other.pennants = list(self.pennants)
        other.figures = [f.copy() if f else f for f in self.figures]
        # Never changed in place (merges build new lists), so the lists themselves are shared.
        other.adjacent_cities = list(self.adjacent_cities)
        return other

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

    def placements(self, tile_id: str) -> list[tuple[int, int, int]]:
        """Every (x, y, rot) where `tile_id` may be placed."""
        return [
            (x, y, rot)
            for (x, y), pattern in self.frontier.items()
            for rot in fitting_rotations(tile_id, pattern)
        ]

    def fits(self, tile_id: str, x: int, y: int, rot: int) -> bool:
        pattern = self.frontier.get((x, y))
        return pattern is not None and rot in fitting_rotations(tile_id, pattern)

    def fits_anywhere(self, tile_id: str) -> bool:
        return any(fitting_rotations(tile_id, p) for p in self.frontier.values())

    def neighbour_count(self, cell: Cell) -> int:
        """How many of the eight cells around `cell` hold a tile."""
        x, y = cell
        cells = self.cells
        return sum((x + dx, y + dy) in cells for dx, dy in _NEIGHBOURS_8)

    def cells_around(self, cell: Cell) -> Iterator[Cell]:
        """`cell` and its eight neighbours."""
        x, y = cell
        yield cell
        for dx, dy in _NEIGHBOURS_8:
            yield (x + dx, y + dy)

    def touched_roots(self, tile: OrientedTile, x: int, y: int) -> list[set[int]]:
        """For each segment of `tile` if placed at (x, y): the roots it would join directly."""
        touched: list[set[int]] = [set() for _ in tile.segments]
        for edge, (dx, dy) in enumerate(EDGE_OFFSETS):
            neighbour = self.cells.get((x + dx, y + dy))
            if neighbour is None:
                continue
            for slot in (3 * edge, 3 * edge + 1, 3 * edge + 2):
                root = self.find(neighbour.segment_at(facing_slot(slot)))
                touched[tile.slot_segment[slot]].add(root)
        return touched

    def is_complete(self, root: int) -> bool:
        return self.kind[root] != FIELD and self.open[root] == 0

    def completed_city_roots(self, field_root: int) -> set[int]:
        """The distinct completed cities a field borders."""
        cities = set()
        for seg in self.adjacent_cities[field_root] or ():
            root = self.find(seg)
            if self.open[root] == 0:
                cities.add(root)
        return cities

    # -- changes ---------------------------------------------------------------------------

    def place(self, tile: OrientedTile, x: int, y: int) -> list[int]:
        """Put `tile` at (x, y), merge features across its edges; return its segments' roots.

        The caller has checked that the placement is legal.
        """
        if getattr(self, "_shared", False):
            self.kind = list(self.kind)
            self.cell = list(self.cell)
            self.slots = list(self.slots)
            self.city_neighbours = list(self.city_neighbours)
            self._shared = False
        base = len(self.parent)
        placed = PlacedTile(tile, x, y, base)
        cell = (x, y)
        for seg in tile.segments:
            seg_id = base + seg.index
            self.parent.append(seg_id)
            self.kind.append(seg.kind)
            self.cell.append(cell)
            self.slots.append(seg.slots)
            neighbours = tuple(base + i for i in seg.adj_cities)
            self.city_neighbours.append(neighbours)
            self.tiles.append({cell})
            self.open.append(len(seg.edges) if seg.kind != FIELD else 0)
            self.pennants.append(1 if seg.pennant else 0)
            self.figures.append(None)
            self.adjacent_cities.append(list(neighbours) if neighbours else None)
        self.cells[cell] = placed
        self.order.append(placed)
        if tile.centre is not None:
            self.centres[cell] = tile.centre
        self.frontier.pop(cell, None)

        edges = tile.edges
        for edge, (dx, dy) in enumerate(EDGE_OFFSETS):
            other_cell = (x + dx, y + dy)
            neighbour = self.cells.get(other_cell)
            if neighbour is None:
                pattern = self.frontier.get(other_cell, _FREE)
                facing = (edge + 2) % 4
                self.frontier[other_cell] = pattern[:facing] + edges[edge] + pattern[facing + 1 :]
                continue
            middle = 3 * edge + 1
            if edges[edge] == "F":
                for slot in (middle - 1, middle, middle + 1):
                    self._union(placed.segment_at(slot), neighbour.segment_at(facing_slot(slot)))
                continue
            root = self._union(placed.segment_at(middle), neighbour.segment_at(facing_slot(middle)))
            self.open[root] -= 2
            if edges[edge] == "R":
                for slot in (middle - 1, middle + 1):
                    self._union(placed.segment_at(slot), neighbour.segment_at(facing_slot(slot)))
        return [self.find(base + seg.index) for seg in tile.segments]

    def add_figure(self, seg: int, figure_id: int) -> None:
        root = self.find(seg)
        figures = self.figures[root]
        if figures is None:
            self.figures[root] = [figure_id]
        else:
            figures.append(figure_id)

    def clear_figures(self, root: int) -> list[int]:
        figures = self.figures[root] or []
        self.figures[root] = None
        return figures

    def _union(self, a: int, b: int) -> int:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        tiles_a, tiles_b = self.tiles[ra], self.tiles[rb]
        assert tiles_a is not None and tiles_b is not None
        if len(tiles_a) < len(tiles_b):
            ra, rb, tiles_a, tiles_b = rb, ra, tiles_b, tiles_a
        self.parent[rb] = ra
        tiles_a |= tiles_b
        self.tiles[rb] = None
        self.open[ra] += self.open[rb]
        self.pennants[ra] += self.pennants[rb]
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


__all__ = ["CITY", "FIELD", "ROAD", "Board", "Cell", "PlacedTile", "fitting_rotations"]
