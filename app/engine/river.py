"""The River (RIVER.md): where the river goes on, and the order its tiles are drawn in.

The river is one line of tiles from the spring (R01, the start tile) to the lake (R12). It has
at most one open end, so a River tile has at most one cell it may go to: the cell in front of
that end. Only a River tile can ever fill that cell (no land tile has a river edge), which is
why the rules here only ever look at one cell and the tile placed last.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from .board import Board, Cell, Placement, fitting_rotations
from .tiles import EDGE_OFFSETS, LAKE, RIVER, RIVER_TILES, oriented

# R02..R12: the River tiles in the bag (the spring is the start tile, never drawn).
DRAWN_RIVER_TILES: tuple[str, ...] = RIVER_TILES[1:]
_RIVER_SET = frozenset(RIVER_TILES)
_BEFORE_LAKE: tuple[str, ...] = tuple(t for t in DRAWN_RIVER_TILES if t != LAKE)

# How the river turns on a tile, seen in the direction it flows: edges are numbered clockwise,
# so the exit edge minus the heading on entry is 1 for a right turn and 3 for a left one.
STRAIGHT, RIGHT, LEFT = 0, 1, 3
_TURN_NAMES = {RIGHT: "right", LEFT: "left"}


def is_river_tile(tile_id: str) -> bool:
    """Whether `tile_id` is one of the River tiles R01..R12."""
    return tile_id in _RIVER_SET


def draw_error(tile_id: str, left: Mapping[str, int]) -> str | None:
    """Why `tile_id` cannot be drawn now in a River game, or None (rule 2).

    `left` counts the tiles not yet drawn (with or without `tile_id` itself).
    """
    if tile_id == LAKE:
        if any(left.get(t) for t in _BEFORE_LAKE):
            return "the lake comes after every other River tile"
        return None
    if tile_id in _RIVER_SET:
        return None
    if any(left.get(t) for t in DRAWN_RIVER_TILES):
        return "River tiles are drawn first: no land tile while River tiles are left"
    return None


def drawing_order(bag: Mapping[str, int], rng: random.Random) -> list[str]:
    """The tiles of `bag` shuffled by `rng`, to be drawn with `pop()` (last one first): the
    River tiles but the lake in random order, then the lake, then the land tiles in random
    order (rule 2). Without River tiles this is the order the engine has always used, so
    seeded games stored before the River came still replay the same."""
    land = [t for t, n in sorted(bag.items()) if t not in _RIVER_SET for _ in range(n)]
    rng.shuffle(land)
    river = [t for t in _BEFORE_LAKE for _ in range(bag.get(t, 0))]
    rng.shuffle(river)
    return [*reversed(land), *[LAKE] * bag.get(LAKE, 0), *reversed(river)]


class River:
    """The river's course so far: the cell in front of its open end, the edge of that cell the
    river would enter by, and how it turned on the tile placed last.

    A River game starts with the spring at (0, 0), rotation 0: the river leaves it eastwards.
    """

    __slots__ = ("entry", "last_turn", "open_cell")

    def __init__(self) -> None:
        self.open_cell: Cell | None = (1, 0)
        self.entry = 3  # the west edge of (1, 0) touches the spring's river
        self.last_turn = STRAIGHT

    def copy(self) -> River:
        other = River.__new__(River)
        other.open_cell = self.open_cell
        other.entry = self.entry
        other.last_turn = self.last_turn
        return other

    def _exit(self, tile_id: str, rot: int) -> int | None:
        """The edge the river leaves `tile_id` by when it enters at the open end (None for the
        lake). The tile must fit there: then one of its river edges is the entry."""
        tile = oriented(tile_id, rot)
        edges = next(seg.edges for seg in tile.segments if seg.kind == RIVER)
        return next((e for e in edges if e != self.entry), None)

    def _turn(self, exit_edge: int | None) -> int:
        if exit_edge is None:
            return STRAIGHT
        return (exit_edge - (self.entry + 2)) % 4

    def placement_error(self, board: Board, tile_id: str, placement: Placement) -> str | None:
        """Why River tile `tile_id` may not go at `placement` (rules 3 and 4), or None.

        Whether its edges match is the board's business: a placement at the open end that
        does not fit gets None here and is refused for not matching.
        """
        if self.open_cell is None:
            return "the river has already ended in the lake"
        x, y = self.open_cell
        if (placement.x, placement.y) != self.open_cell:
            return f"a River tile must continue the river at its open end ({x}, {y})"
        if not board.fits(tile_id, x, y, placement.rot):
            return None
        turn = self._turn(self._exit(tile_id, placement.rot))
        if turn != STRAIGHT and turn == self.last_turn:
            return f"the river may not turn {_TURN_NAMES[turn]} twice in a row"
        return None

    def placements(self, board: Board, tile_id: str) -> list[Placement]:
        """Every legal placement of River tile `tile_id`: at the open end, no U-turn."""
        if self.open_cell is None:
            return []
        x, y = self.open_cell
        out = []
        for rot in fitting_rotations(tile_id, board.frontier[self.open_cell]):
            turn = self._turn(self._exit(tile_id, rot))
            if turn == STRAIGHT or turn != self.last_turn:
                out.append(Placement(x, y, rot))
        return out

    def advance(self, tile_id: str, placement: Placement) -> None:
        """Follow the river onto `tile_id`, just placed legally at the open end."""
        exit_edge = self._exit(tile_id, placement.rot)
        self.last_turn = self._turn(exit_edge)
        if exit_edge is None:  # the lake closes the river
            self.open_cell = None
            return
        dx, dy = EDGE_OFFSETS[exit_edge]
        self.open_cell = (placement.x + dx, placement.y + dy)
        self.entry = (exit_edge + 2) % 4


__all__ = [
    "DRAWN_RIVER_TILES",
    "River",
    "draw_error",
    "drawing_order",
    "is_river_tile",
]
