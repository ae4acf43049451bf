"""Feature kinds: when each is complete and what it is worth (road, city, field, monastery,
garden).

Each kind answers both questions in one class, as JCloisterZone's features do, so the scoring
of a completed feature, the end-of-game count and the feature inspector's `points_now` and
`points_end` all read the same rule, and a new kind touches this file only. The river is a
segment kind without an entry here: nothing completes it, scores it or lists it.

A segment feature (road, city, field) is named by its union-find root on the board; a
monastery or garden by the cell of its tile.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from .board import Board, Cell
from .tiles import CITY, FIELD, GARDEN, MONASTERY, ROAD

Key = TypeVar("Key", int, Cell)

# What a field scores for each finished city it borders.
FIELD_POINTS_PER_CITY = 3


@dataclass(frozen=True, slots=True)
class Worth:
    """What a feature scores (`points`) and the details a score event reports."""

    points: int
    tiles: int
    pennants: int = 0
    cities: int = 0


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


def _tile_count(board: Board, root: int) -> int:
    tiles = board.tiles[root]
    assert tiles is not None, "not a root"
    return len(tiles)


class Road(Feature[int]):
    """1 point per tile, finished or not."""

    kind = ROAD

    def complete(self, board: Board, key: int) -> bool:
        return board.open[key] == 0

    def worth(self, board: Board, key: int, complete: bool) -> Worth:
        tiles = _tile_count(board, key)
        return Worth(tiles, tiles)


class City(Feature[int]):
    """2 points per tile and per pennant when finished, 1 each at the end of the game."""

    kind = CITY

    def complete(self, board: Board, key: int) -> bool:
        return board.open[key] == 0

    def worth(self, board: Board, key: int, complete: bool) -> Worth:
        tiles, pennants = _tile_count(board, key), board.pennants[key]
        return Worth((tiles + pennants) * (2 if complete else 1), tiles, pennants)


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


SEGMENT_FEATURES: dict[str, Feature[int]] = {f.kind: f for f in (Road(), City(), Field())}
CENTRE_FEATURES: dict[str, Feature[Cell]] = {k: Cloister(k) for k in (MONASTERY, GARDEN)}

__all__ = ["CENTRE_FEATURES", "FIELD_POINTS_PER_CITY", "SEGMENT_FEATURES", "Feature", "Worth"]
