"""What the table knows: for each open square the tiles left that fit it, the squares no tile
left can fill (dead), and for each unfinished road, city, monastery or garden its open
squares and the chance that it can still be closed (the model is `odds.py`'s).

Everything here follows from public information: the board and the counts of the tiles left
(the bag and the drawn tile; once the game is over, none). The bag's order is never read.

- An open square is an empty cell next to a tile (`Board.frontier`). A tile left fits it
  when it may go there in some rotation as the board stands: a land tile where its edges
  match the square's neighbours, a tile some rule places (a River tile) where that rule
  allows it now (the river's open end, without a U-turn; the river's later course is not
  foreseen). Whether the tile may be drawn yet is not asked: during the River, the land tiles
  that fit a square are counted. A square no tile left fits is dead: it stays empty for the
  rest of the game, since a square's neighbours only ever add edges it must match, and no
  feature that touches it can be closed.
- A road or city's open squares are the squares its open edges face; a square that two of
  its open ends face is one square (one tile fills both, and must match both). A monastery's
  (or garden's) are the empty cells around it; one that touches no tile yet is fitted by
  every land tile left.
- A tile counted as fitting a square may extend the feature there rather than close it (a
  road tile that goes on, a city tile that opens new edges); the squares such a tile would
  open are not foreseen.

`table_analysis` costs the open squares times the kinds of tiles left, plus a little per
unfinished feature (about a millisecond on a late board, `bench/analysis.py`): cheap enough
to compute afresh every turn, so nothing is kept between turns.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from .board import Board, Cell
from .features import feature_id
from .odds import Closing, Deal, deal
from .position import Position
from .tiles import TILES, fitting_rotations
from .tiles.shapes import EDGE_OFFSETS, FIELD

# Per pattern of an open square (N E S W, "." where no neighbour): every tile id with a
# rotation that matches it. The tiles never change, so this is filled once per pattern.
_PATTERN_FITS: dict[str, tuple[str, ...]] = {}


@dataclass(frozen=True, slots=True)
class OpenSquare:
    """An empty cell next to the board, with the tiles left that fit it: tile id -> copies
    left (only the ids that fit)."""

    x: int
    y: int
    fits: Mapping[str, int]

    @property
    def count(self) -> int:
        """How many of the tiles left fit the square."""
        return sum(self.fits.values())

    @property
    def dead(self) -> bool:
        """No tile left can fill the square."""
        return not self.fits

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: `{"x", "y", "fits", "count"}` (dead: `count` 0)."""
        return {"x": self.x, "y": self.y, "fits": dict(self.fits), "count": self.count}


@dataclass(frozen=True, slots=True)
class FeatureOutlook:
    """An unfinished road, city, monastery or garden (`id` as `Game.features()` names it):
    its open squares with how many tiles left fit each (`counts`), whether a different tile
    left can still be found for each square (`closable`; if not, it is never closed), and
    per player in game order the chance that their own draws close it (`chance`,
    `odds.py`)."""

    id: str
    kind: str
    squares: tuple[Cell, ...]
    counts: tuple[int, ...]
    closable: bool
    chance: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (squares as `[x, y]`; chances rounded to four places)."""
        return {
            "id": self.id,
            "kind": self.kind,
            "squares": [list(cell) for cell in self.squares],
            "counts": list(self.counts),
            "closable": self.closable,
            "chance": [round(c, 4) for c in self.chance],
        }


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the table knows after some turn (`table_analysis`): `tiles`, the tiles left
    (the bag and the drawn tile) that it counts; `draws`, per player in game order, how many
    of them each will place (`odds.py`); `squares`, every open square, ordered by (x, y);
    `features`, every unfinished road, city, monastery and garden, in the order
    `Game.features()` lists them."""

    tiles: Mapping[str, int]
    draws: tuple[int, ...]
    squares: tuple[OpenSquare, ...]
    features: tuple[FeatureOutlook, ...]

    @property
    def dead(self) -> tuple[Cell, ...]:
        """The open squares no tile left can fill."""
        return tuple((s.x, s.y) for s in self.squares if s.dead)

    def square(self, x: int, y: int) -> OpenSquare | None:
        """The open square (x, y), or None for a cell that is none."""
        return next((s for s in self.squares if (s.x, s.y) == (x, y)), None)

    def feature(self, id_: str) -> FeatureOutlook | None:
        """The unfinished feature `id_`, or None (finished, merged away, or no such id)."""
        return next((f for f in self.features if f.id == id_), None)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: `{"tiles", "draws", "squares", "dead", "features"}` (`dead` the dead
        squares as `[x, y]`)."""
        return {
            "tiles": dict(self.tiles),
            "draws": list(self.draws),
            "squares": [s.to_dict() for s in self.squares],
            "dead": [list(cell) for cell in self.dead],
            "features": [f.to_dict() for f in self.features],
        }


def table_analysis(game: Position) -> Analysis:
    """The open squares of `game` with the tiles left that fit them, and its unfinished roads,
    cities, monasteries and gardens with the chance of closing each (module docstring)."""
    odds = _Odds(game, deal(game))
    tiles = odds.dealt.tiles
    fits = {cell: odds.square(cell) for cell in game.board.frontier}
    squares = tuple(
        OpenSquare(x, y, {t: tiles[t] for t in sorted(fits[(x, y)])}) for x, y in sorted(fits)
    )
    draws = tuple(d.total for d in odds.dealt.draws)
    return Analysis(dict(tiles), draws, squares, tuple(_outlooks(game, odds, None)))


def feature_outlooks(game: Position, ids: Collection[str]) -> list[FeatureOutlook]:
    """The outlooks `table_analysis(game).features` gives the features `ids` (those that are
    unfinished roads, cities, monasteries or gardens; the others are left out), in the same
    order and with the same numbers, at the cost of these features only: the open squares
    and the features not asked about are not worked out."""
    if not ids:
        return []
    return _outlooks(game, _Odds(game, deal(game)), ids)


def _outlooks(game: Position, odds: _Odds, ids: Collection[str] | None) -> list[FeatureOutlook]:
    """The unfinished roads, cities, monasteries and gardens (those of `ids` only, unless it
    is None) with what it takes to close each, in `features()` order."""
    board = game.board
    outlooks = []
    if ids is None:
        edges = _open_edges(game)
    else:
        roots = {int(i[1:]) for i in ids if i[:1] == "s" and i[1:].isdigit()}
        edges = _open_edges_of(game, roots)
    for root, cells in sorted(edges.items()):
        id_ = feature_id(root)
        if ids is None or id_ in ids:
            outlooks.append(odds.outlook(id_, board.kind(root), cells))
    centre_kinds = game.ruleset.centre_features
    for cell, kind in board.centres.items():
        if kind in centre_kinds and board.neighbour_count(cell) < 8:
            id_ = feature_id(cell)
            if ids is None or id_ in ids:
                around = [c for c in board.cells_around(cell) if c not in board.cells]
                outlooks.append(odds.outlook(id_, kind, around))
    return outlooks


def _pattern_fits(pattern: str) -> tuple[str, ...]:
    """Every tile id with a rotation whose edges match `pattern`."""
    found = _PATTERN_FITS.get(pattern)
    if found is None:
        found = _PATTERN_FITS[pattern] = tuple(t for t in TILES if fitting_rotations(t, pattern))
    return found


def _open_edges(game: Position) -> dict[int, list[Cell]]:
    """Per unfinished road or city (its root), the open squares its open edges face, each
    once. Read off the open squares' neighbours: no feature is walked."""
    board: Board = game.board
    kinds = {kind for kind in game.ruleset.segment_features if kind != FIELD}  # fields never close
    out: dict[int, list[Cell]] = {}
    for cell in board.frontier:
        x, y = cell
        for edge, (dx, dy) in enumerate(EDGE_OFFSETS):
            neighbour = board.cells.get((x + dx, y + dy))
            if neighbour is None:
                continue
            # The neighbour's segment in the middle of the edge facing `cell`: a road or
            # city there is open towards it.
            index = neighbour.tile.slot_segment[3 * ((edge + 2) % 4) + 1]
            if neighbour.tile.segments[index].kind not in kinds:
                continue
            cells = out.setdefault(board.find(neighbour.base + index), [])
            if cell not in cells:
                cells.append(cell)
    return out


def _open_edges_of(game: Position, roots: set[int]) -> dict[int, list[Cell]]:
    """`_open_edges` of the features `roots` only (those that are unfinished roads or
    cities; the rest are left out), read off their own tiles' edges: the same squares, since
    an edge between a tile and an empty cell is the same edge seen from either side."""
    board: Board = game.board
    kinds = {kind for kind in game.ruleset.segment_features if kind != FIELD}
    out: dict[int, list[Cell]] = {}
    for root in roots:
        if root >= len(board.parent) or board.parent[root] != root:
            continue  # no feature (any more): merged away, or never one
        if board.kind(root) not in kinds or not board.open[root]:
            continue
        for x, y in board.tiles[root] or ():
            placed = board.cells[(x, y)]
            for edge, (dx, dy) in enumerate(EDGE_OFFSETS):
                cell = (x + dx, y + dy)
                if cell in board.cells:
                    continue
                index = placed.tile.slot_segment[3 * edge + 1]
                if board.find(placed.base + index) == root:
                    cells = out.setdefault(root, [])
                    if cell not in cells:
                        cells.append(cell)
    return out


class _Odds:
    """The features of one analysis with what it takes to close each. Features whose squares
    are fitted by the same tiles (a road and a city ending at the same square, two squares
    of one pattern) have the same odds: each is worked out once. An open square's fitting
    tiles are worked out when first asked for (`square`)."""

    def __init__(self, game: Position, dealt: Deal) -> None:
        board = game.board
        tiles = dealt.tiles
        placed_by = game.ruleset.placed_by
        self.land = frozenset(t for t in tiles if t not in placed_by)
        # Tiles a rule places go where that rule allows them now (the River: its open end).
        self.ruled: dict[Cell, set[str]] = {}
        for tile, index in sorted((t, placed_by[t]) for t in tiles if t in placed_by):
            for placement in game.rules[index].placements(board, tile):
                self.ruled.setdefault((placement.x, placement.y), set()).add(tile)
        self.frontier = board.frontier
        self.dealt = dealt
        self._fits: dict[Cell, frozenset[str]] = {}
        self._known: dict[tuple[frozenset[str], ...], tuple[bool, tuple[float, ...]]] = {}
        self._counts: dict[frozenset[str], int] = {}

    def square(self, cell: Cell) -> frozenset[str]:
        """The tiles left that fit `cell`; a cell that is no open square yet (next to a
        monastery, touching no tile) is fitted by every land tile left."""
        fits = self._fits.get(cell)
        if fits is None:
            pattern = self.frontier.get(cell)
            if pattern is None:
                return self.land
            here = [t for t in _pattern_fits(pattern) if t in self.land]
            fits = self._fits[cell] = frozenset(here).union(self.ruled.get(cell, ()))
        return fits

    def outlook(self, id_: str, kind: str, cells: list[Cell]) -> FeatureOutlook:
        """One unfinished feature with open squares `cells`; a cell that is no open square
        yet (next to a monastery, touching no tile) is fitted by every land tile left."""
        cells = sorted(cells)
        square_fits = tuple(self.square(cell) for cell in cells)
        dealt = self.dealt
        known = self._known.get(square_fits)
        if known is None:
            closing = Closing(square_fits, dealt)
            chances = tuple(closing.chance(p) for p in range(len(dealt.draws)))
            known = self._known[square_fits] = (closing.closable, chances)
        counts = tuple(self._count(tiles) for tiles in square_fits)
        return FeatureOutlook(id_, kind, tuple(cells), counts, known[0], known[1])

    def _count(self, tiles: frozenset[str]) -> int:
        count = self._counts.get(tiles)
        if count is None:
            count = self._counts[tiles] = sum(self.dealt.tiles[t] for t in tiles)
        return count


__all__ = ["Analysis", "FeatureOutlook", "OpenSquare", "feature_outlooks", "table_analysis"]
