"""Moves: the value objects a turn is made of, and `LegalMoves`, the view of every legal one.

`LegalMoves` is python-chess's `board.legal_moves` for this game: cheap to make, iterable, and
`move in game.legal_moves()` reads as English. The work behind it (which placements fit, which
figure spots each offers) is done by the game once per tile and turn and shared by every view
of that turn, so a bot, the server and `play()` never compute a placement's spots twice.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from .board import Placement

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


class TurnMoves:
    """What one tile may do on one turn: its legal placements and, once somebody asked, their
    figure spots. Kept by the game per tile and turn (`key`), shared by every view."""

    __slots__ = ("complete", "key", "legal", "placements", "spots")

    def __init__(self, key: tuple[str, int], placements: tuple[Placement, ...]) -> None:
        self.key = key
        self.placements = placements
        self.legal = frozenset(placements)
        self.spots: dict[Placement, Spots] = {}
        self.complete = False  # `spots` holds every placement, in the order of `placements`


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


__all__ = ["ABBOT", "FOLLOWER", "FigureSpot", "LegalMoves", "Meeple", "Move", "TurnMoves"]
