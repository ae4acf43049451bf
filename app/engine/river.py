"""The River (RIVER.md) as a rule: its tiles, the order they are drawn in, where each may go.

The river is one line of tiles from the spring (R01, the start tile) to the lake (R12). It has
at most one open end, so a River tile has at most one cell it may go to: the cell in front of
that end. Only a River tile can ever fill that cell (no land tile has a river edge), which is
why the rules here only ever look at one cell and the tile placed last.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .board import Board, Cell, Placement
from .errors import IllegalMoveError
from .position import Position
from .rules import Rule
from .tiles import fitting_rotations, oriented
from .tiles.river import COUNTS, LAKE, RIVER_TILES, SPRING
from .tiles.shapes import EDGE_OFFSETS, RIVER

# R02..R12: the River tiles in the bag (the spring is the start tile, never drawn).
DRAWN_RIVER_TILES: tuple[str, ...] = RIVER_TILES[1:]
_BEFORE_LAKE: tuple[str, ...] = tuple(t for t in DRAWN_RIVER_TILES if t != LAKE)

# How the river turns on a tile, seen in the direction it flows: edges are numbered clockwise,
# so the exit edge minus the heading on entry is 1 for a right turn and 3 for a left one.
STRAIGHT, RIGHT, LEFT = 0, 1, 3
_TURN_NAMES = {RIGHT: "right", LEFT: "left"}


class River(Rule):
    """The River, and the river's course in one game: the cell in front of its open end, the
    edge of that cell the river would enter by, and how it turned on the tile placed last.

    A River game starts with the spring at (0, 0), rotation 0: the river leaves it eastwards.
    """

    name = "river"
    option = "river"
    tiles = {t: COUNTS[t] for t in DRAWN_RIVER_TILES}
    start_tile = SPRING
    box = frozenset(RIVER_TILES)
    absent = "there is no River in this game (tile {tile})"
    drawn_first = frozenset(DRAWN_RIVER_TILES)
    places = frozenset(RIVER_TILES)
    placing = "continue the river"

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

    def first_draws(self, bag: Mapping[str, int], rng: random.Random) -> list[str]:
        """Rule 2: the River tiles but the lake in random order, then the lake."""
        river = [t for t in _BEFORE_LAKE for _ in range(bag.get(t, 0))]
        rng.shuffle(river)
        return [*river, *[LAKE] * bag.get(LAKE, 0)]

    def draw_error(self, tile: str, left: Mapping[str, int]) -> IllegalMoveError | None:
        """Rule 2: never the spring, the lake after every other River tile, no land tile while
        River tiles are left."""
        args = {"tile": tile}
        if tile == SPRING:
            return IllegalMoveError(
                "the spring R01 is the start tile: it is never drawn",
                code="spring_never_drawn", args=args,
            )
        if tile == LAKE:
            if any(left.get(t) for t in _BEFORE_LAKE):
                return IllegalMoveError(
                    "the lake comes after every other River tile",
                    code="lake_comes_last", args=args,
                )
            return None
        if tile in self.box:
            return None
        if any(left.get(t) for t in DRAWN_RIVER_TILES):
            return IllegalMoveError(
                "River tiles are drawn first: no land tile while River tiles are left",
                code="river_tiles_first", args=args,
            )
        return None

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

    def placement_error(
        self, board: Board, tile: str, placement: Placement
    ) -> IllegalMoveError | None:
        """Rules 3 and 4: at the open end, and no U-turn. A placement at the open end that
        does not fit gets None here and is refused for not matching."""
        if self.open_cell is None:
            return IllegalMoveError("the river has already ended in the lake", code="river_ended")
        x, y = self.open_cell
        if (placement.x, placement.y) != self.open_cell:
            return IllegalMoveError(
                f"a River tile must continue the river at its open end ({x}, {y})",
                code="river_open_end", args={"x": x, "y": y},
            )
        if not board.fits(tile, x, y, placement.rot):
            return None
        turn = self._turn(self._exit(tile, placement.rot))
        if turn != STRAIGHT and turn == self.last_turn:
            side = _TURN_NAMES[turn]
            return IllegalMoveError(
                f"the river may not turn {side} twice in a row",
                code="river_u_turn", args={"side": side},
            )
        return None

    def placements(self, board: Board, tile: str) -> list[Placement]:
        """At the open end, no U-turn."""
        if self.open_cell is None:
            return []
        x, y = self.open_cell
        out = []
        for rot in fitting_rotations(tile, board.frontier[self.open_cell]):
            turn = self._turn(self._exit(tile, rot))
            if turn == STRAIGHT or turn != self.last_turn:
                out.append(Placement(x, y, rot))
        return out

    def placed(self, tile: str, placement: Placement) -> None:
        """Follow the river onto `tile`."""
        exit_edge = self._exit(tile, placement.rot)
        self.last_turn = self._turn(exit_edge)
        if exit_edge is None:  # the lake closes the river
            self.open_cell = None
            return
        dx, dy = EDGE_OFFSETS[exit_edge]
        self.open_cell = (placement.x + dx, placement.y + dy)
        self.entry = (exit_edge + 2) % 4

    def view(self, finished: bool) -> dict[str, Any]:
        """`{"river": {"open": {"x", "y"} | None}}`: where the river goes on."""
        cell = self.open_cell
        return {"river": {"open": None if cell is None else {"x": cell[0], "y": cell[1]}}}


def river_open_end(game: Position) -> Cell | None:
    """The cell where the river goes on (in front of its open end), or None: no River in
    `game`, or the river has ended in the lake."""
    course = next((rule for rule in game.rules if isinstance(rule, River)), None)
    return None if course is None else course.open_cell


__all__ = ["DRAWN_RIVER_TILES", "River", "river_open_end"]
