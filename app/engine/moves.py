"""Moves: the value objects a turn is made of (`Move`, `Meeple`) and the figure spots a
placement offers (`FigureSpot`). Which moves are legal is `legal.py`'s."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .board import Placement


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
        """Where the tile goes."""
        # tuple.__new__ skips NamedTuple's Python-level __new__: play() asks this every move.
        return tuple.__new__(Placement, (self.x, self.y, self.rot))

    def to_turn(self, player: int, tile: str) -> dict[str, Any]:
        """This move as the log turn of `player` placing `tile` (LOG_FORMAT.md)."""
        turn: dict[str, Any] = {
            "player": player,
            "tile": tile,
            "x": self.x,
            "y": self.y,
            "rot": self.rot,
            "meeple": self.meeple.to_dict() if self.meeple else None,
        }
        if self.return_abbot:
            turn["return_abbot"] = True
        return turn


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

__all__ = ["FigureSpot", "Meeple", "Move", "Spots"]
