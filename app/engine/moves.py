"""Moves: the value objects a turn is made of, and `LegalMoves`, the view of every legal one.

`LegalMoves` is python-chess's `board.legal_moves` for this game: cheap to make, iterable, and
`move in game.legal_moves()` reads as English. The work behind it (which placements fit, which
figure spots each offers) is done by the game once per tile and turn and shared by every view
of that turn, so a bot, the server and `play()` never compute a placement's spots twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from .board import Placement
from .tiles import CENTRE, FIELD, MONASTERY, RIVER, SLOTS, oriented

if TYPE_CHECKING:
    from .game import Game

FOLLOWER, ABBOT = "follower", "abbot"


@dataclass(frozen=True, slots=True)
class Meeple:
    """A figure to put on the just placed tile: `follower` on a slot, or `abbot` on "C"."""

    kind: str
    at: str

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "at": self.at}


@dataclass(frozen=True, slots=True)
class Move:
    """One placement turn: the tile at (x, y, rot), then a figure or the abbot taken back."""

    x: int
    y: int
    rot: int
    meeple: Meeple | None = None
    return_abbot: bool = False

    @property
    def placement(self) -> Placement:
        return Placement(self.x, self.y, self.rot)


@dataclass(frozen=True, slots=True)
class FigureSpot:
    """A legal place for a figure on the tile being placed (slots in board orientation)."""

    kind: str
    at: str
    feature: str
    slots: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "at": self.at,
            "feature": self.feature,
            "slots": list(self.slots),
        }


Spots = tuple[FigureSpot, ...]


# -- figure spots, fast ---------------------------------------------------------------------
# Listing every legal move on a late board asks for the spots of some fifty placements. What a
# placement offers depends on the tile, its rotation and the options, which never change, and
# on which of its segments would join a feature with figures on it. So the spots are built once
# per tile, rotation and occupancy (as shared, immutable `FigureSpot`s), and a placement only
# works out its occupancy: from its cell's contacts (`Board.contacts`, once per cell).


class SpotTable(NamedTuple):
    """What a tile turned `rot` can offer before any feature is taken."""

    segment_masks: tuple[int, ...]  # per segment, its slots (bit i for slot i)
    followers: tuple[tuple[int, FigureSpot], ...]  # (segment index, spot) a follower may take
    monk: tuple[FigureSpot, ...]  # a follower on its monastery
    abbot: tuple[FigureSpot, ...]  # the abbot on its monastery or garden


@cache
def spot_table(tile_id: str, rot: int, farmers: bool) -> SpotTable:
    tile = oriented(tile_id, rot)
    followers = []
    for seg in tile.segments:
        if seg.kind == RIVER or (seg.kind == FIELD and not farmers):
            continue
        names = tuple(SLOTS[s] for s in seg.slots)
        followers.append((seg.index, FigureSpot(FOLLOWER, names[0], seg.kind, names)))
    centre = tile.centre
    return SpotTable(
        tuple(sum(1 << s for s in seg.slots) for seg in tile.segments),
        tuple(followers),
        (FigureSpot(FOLLOWER, CENTRE, MONASTERY, (CENTRE,)),) if centre == MONASTERY else (),
        (FigureSpot(ABBOT, CENTRE, centre, (CENTRE,)),) if centre is not None else (),
    )


@lru_cache(maxsize=1 << 15)
def offered_spots(
    tile_id: str, rot: int, farmers: bool, followers: bool, abbot: bool, occupied: int
) -> Spots:
    """The spots of a tile turned `rot` whose segments in the bitmask `occupied` would join a
    feature with figures, for a player with followers and/or the abbot in hand."""
    table = spot_table(tile_id, rot, farmers)
    out: list[FigureSpot] = []
    if followers:
        out += (spot for index, spot in table.followers if not occupied >> index & 1)
        out += table.monk
    if abbot:
        out += table.abbot
    return tuple(out)


def occupied_segments(segment_masks: tuple[int, ...], occupied: int, joins: Iterable[int]) -> int:
    """The bitmask of a tile's segments that would join a feature with figures, given the slot
    mask `occupied` (slots touching such a feature) and, per feature the tile would touch, the
    mask of slots touching it (`joins`). Segments that touch one feature end up in one
    feature, so a figure reached through one of them reaches the others (a field that goes
    round a road's end on the new tile, say)."""
    taken = 0
    for index, mask in enumerate(segment_masks):
        if mask & occupied:
            taken |= 1 << index
    if not taken:
        return 0
    links = []  # per feature touched by two segments or more: those segments
    for join in joins:
        touching = 0
        for index, mask in enumerate(segment_masks):
            if mask & join:
                touching |= 1 << index
        if touching & (touching - 1):
            links.append(touching)
    grew = bool(links)
    while grew:
        grew = False
        for touching in links:
            if taken & touching and taken & touching != touching:
                taken |= touching
                grew = True
    return taken


class TurnMoves:
    """What one tile may do on one turn: its legal placements and, once somebody asked, their
    figure spots. Kept by the game per tile and turn (`key`), shared by every view."""

    __slots__ = ("_legal", "complete", "key", "placements", "spots")

    def __init__(self, key: tuple[str, int], placements: tuple[Placement, ...]) -> None:
        self.key = key
        self.placements = placements
        self.spots: dict[Placement, Spots] = {}
        self.complete = False  # `spots` holds every placement, in the order of `placements`
        self._legal: frozenset[Placement] | None = None

    @property
    def legal(self) -> frozenset[Placement]:
        """The placements as a set (made when first asked: most turns never ask)."""
        if self._legal is None:
            self._legal = frozenset(self.placements)
        return self._legal


class LegalMoves:
    """Every legal move of one tile for the player to move: a view of the game that reads it as
    it is whenever it is used. Empty once the game is over.

    Iterating gives each placement without a figure, then with each figure spot, then with the
    abbot taken back when that is allowed. `placements()` and `spots(placement)` give the same
    in two levels, `spots_by_placement()` all at once (what a client needs to offer moves).
    """

    __slots__ = ("_game", "tile")

    def __init__(self, game: Game, tile: str) -> None:
        self._game = game
        self.tile = tile

    def __repr__(self) -> str:
        return f"<LegalMoves {self.tile} ({len(self.placements())} placements)>"

    def placements(self) -> list[Placement]:
        """Every legal placement of the tile."""
        if self._game.finished:
            return []
        return list(self._game._turn_moves(self.tile).placements)

    def spots(self, placement: Placement) -> Spots:
        """The figure spots the player to move has after placing the tile as `placement`;
        raises `IllegalMoveError` when that placement is not legal."""
        return self._game._spots(self.tile, placement)

    def spots_by_placement(self) -> Mapping[Placement, Spots]:
        """Every legal placement, in the order of `placements()`, with its figure spots."""
        if self._game.finished:
            return MappingProxyType({})
        return MappingProxyType(self._game._all_spots(self.tile))

    @property
    def can_return_abbot(self) -> bool:
        """Whether each placement may also take the player's abbot back."""
        return self._game.can_return_abbot()

    def __iter__(self) -> Iterator[Move]:
        abbot_back = self.can_return_abbot
        for p, spots in self.spots_by_placement().items():
            x, y, rot = p
            yield Move(x, y, rot)
            for spot in spots:
                yield Move(x, y, rot, Meeple(spot.kind, spot.at))
            if abbot_back:
                yield Move(x, y, rot, return_abbot=True)

    def __len__(self) -> int:
        per_placement = 1 + self.can_return_abbot
        return sum(per_placement + len(spots) for spots in self.spots_by_placement().values())

    def __bool__(self) -> bool:
        return bool(self.placements())

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move) or self._game.finished:
            return False
        placement = move.placement
        if placement not in self._game._turn_moves(self.tile).legal:
            return False
        meeple = move.meeple
        if move.return_abbot:
            return meeple is None and self.can_return_abbot
        if meeple is None:
            return True
        return any(
            s.kind == meeple.kind and meeple.at in s.slots for s in self.spots(placement)
        )


__all__ = [
    "ABBOT",
    "FOLLOWER",
    "FigureSpot",
    "LegalMoves",
    "Meeple",
    "Move",
    "TurnMoves",
    "occupied_segments",
    "offered_spots",
    "spot_table",
]
