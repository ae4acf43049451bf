"""Feature kinds: when each is complete and what it is worth (road, city, field, monastery,
garden), and the marks that change what a road or city scores (`Modifier`).

Each kind answers both questions in one class, as JCloisterZone's features do, so the scoring
of a completed feature, the end-of-game count and the feature inspector's `points_now` and
`points_end` all read the same rule. Which kinds a game has, with which modifiers, is its
rules' choice (`rules.py`). The river is a segment kind without a feature: nothing completes
it, scores it or lists it.

A segment feature (road, city, field) is named by its union-find root on the board; a
monastery or garden by the cell of its tile.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from .board import Board, Cell
from .tiles.shapes import CITY, FIELD, GARDEN, MONASTERY, PENNANT, ROAD

Key = TypeVar("Key", int, Cell)
# A feature as the game knows it: a segment root (road, city, field; or the river, which is
# no feature) or the cell of a monastery or garden.
FeatureKey = int | Cell

# What a field scores for each finished city it borders.
FIELD_POINTS_PER_CITY = 3


@dataclass(frozen=True, slots=True)
class Worth:
    """What a feature scores (`points`) and the details a score event reports: `flags` are
    (name, value) pairs an expansion's marks add (`("inn", True)`: the road has an inn)."""

    points: int
    tiles: int
    pennants: int = 0
    cities: int = 0
    flags: tuple[tuple[str, bool], ...] = ()


@dataclass(frozen=True, slots=True)
class Modifier:
    """A mark that changes what its road or city scores: with at least one `mark` in it (a
    second adds nothing), the feature scores `complete` points per tile and per pennant once
    finished, and `unfinished` per tile and pennant at the end (0: nothing). An inn on a road
    and a cathedral in a city are such marks (INNS_AND_CATHEDRALS.md rules 7 and 8)."""

    kind: str
    mark: str
    complete: int
    unfinished: int


class Feature(Generic[Key]):
    """A kind of feature. `key` is a segment root (roads, cities, fields) or a cell (monastery,
    garden)."""

    kind: str

    def complete(self, board: Board, key: Key) -> bool:
        """Whether the feature is finished (it is then scored at once)."""
        raise NotImplementedError

    def worth(self, board: Board, key: Key, complete: bool) -> Worth:
        """What it scores if `complete` (as soon as it is finished) or not (at the end)."""
        raise NotImplementedError

    def value(self, board: Board, key: Key) -> Worth:
        """What it is worth as it stands: what end-of-game scoring gives it."""
        return self.worth(board, key, self.complete(board, key))

    def modified(self, modifiers: tuple[Modifier, ...]) -> Feature[Key]:
        """This kind with the `modifiers` that apply to it (itself when none does)."""
        return self


def feature_id(key: FeatureKey) -> str:
    """The id `Game.features()` gives the feature `key`: `s<root>` or `c<x>,<y>`."""
    if isinstance(key, tuple):
        return f"c{key[0]},{key[1]}"
    return f"s{key}"


def _tile_count(board: Board, root: int) -> int:
    tiles = board.tiles[root]
    assert tiles is not None, "not a root"
    return len(tiles)


class Rated(Feature[int]):
    """A road or a city: complete once no edge is open; it scores `complete` points per tile
    and per pennant when finished, `unfinished` at the end, unless one of its `modifiers`
    applies (the first whose mark it carries). With modifiers its worth says, per modifier,
    whether the feature carries its mark (a flag named after the mark)."""

    def __init__(
        self, kind: str, complete: int, unfinished: int, modifiers: tuple[Modifier, ...] = ()
    ) -> None:
        self.kind = kind
        self.rates = (unfinished, complete)
        self.modifiers = modifiers

    def complete(self, board: Board, key: int) -> bool:
        return board.open[key] == 0

    def worth(self, board: Board, key: int, complete: bool) -> Worth:
        tiles = _tile_count(board, key)
        marks = board.marks[key]
        rate = self.rates[complete]
        pennants = 0
        if marks:
            pennants = marks.get(PENNANT, 0)
            for modifier in self.modifiers:
                if marks.get(modifier.mark):
                    rate = modifier.complete if complete else modifier.unfinished
                    break
        if not self.modifiers:
            return Worth(rate * (tiles + pennants), tiles, pennants)
        flags = tuple((m.mark, bool(marks and marks.get(m.mark))) for m in self.modifiers)
        return Worth(rate * (tiles + pennants), tiles, pennants, flags=flags)

    def modified(self, modifiers: tuple[Modifier, ...]) -> Feature[int]:
        mine = tuple(m for m in modifiers if m.kind == self.kind)
        if not mine:
            return self
        return Rated(self.kind, self.rates[1], self.rates[0], self.modifiers + mine)


class Field(Feature[int]):
    """3 points per finished city it borders; never finished itself (scored at the end)."""

    kind = FIELD

    def complete(self, board: Board, key: int) -> bool:
        return False

    def worth(self, board: Board, key: int, complete: bool) -> Worth:
        cities = len(board.completed_city_roots(key))
        return Worth(FIELD_POINTS_PER_CITY * cities, _tile_count(board, key), cities=cities)


class Cloister(Feature[Cell]):
    """A monastery or a garden: 9 points once its tile is surrounded, else 1 for its tile and
    1 per neighbour. (`tiles` counts the same nine cells.)"""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def complete(self, board: Board, key: Cell) -> bool:
        return board.neighbour_count(key) == 8

    def worth(self, board: Board, key: Cell, complete: bool) -> Worth:
        around = 1 + board.neighbour_count(key)
        return Worth(9 if complete else around, around)


# The base game's kinds: a road scores 1 per tile, finished or not; a city 2 per tile and per
# pennant when finished, 1 each at the end.
ROAD_FEATURE = Rated(ROAD, 1, 1)
CITY_FEATURE = Rated(CITY, 2, 1)
FIELD_FEATURE = Field()
MONASTERY_FEATURE = Cloister(MONASTERY)
GARDEN_FEATURE = Cloister(GARDEN)

__all__ = [
    "CITY_FEATURE",
    "FIELD_FEATURE",
    "FIELD_POINTS_PER_CITY",
    "GARDEN_FEATURE",
    "MONASTERY_FEATURE",
    "ROAD_FEATURE",
    "Feature",
    "FeatureKey",
    "Modifier",
    "Rated",
    "Worth",
    "feature_id",
]
