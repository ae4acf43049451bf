"""`ScoreEvent`: points some players received for one feature."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .board import Cell
from .tiles.shapes import CITY, FIELD

# Traders & Builders' tokens: taken when a city closes, majorities scored at the end. Not a
# feature of the board, but scored like one (a key of `Game.results()`'s breakdown).
GOODS = "goods"


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """Points that `players` each received for one feature (`final`: end-of-game scoring).
    `feature_id` names the feature as `Game.features()` does when it was scored (for an abbot
    taken back, its monastery or garden). `details` are the keys an expansion adds to the
    event's dict: `inn`, `cathedral`, `pig` (booleans); a `goods` event's `wine`, `grain`,
    `cloth` (tokens taken) or `good` and `tokens` (a majority at the end)."""

    turn: int
    feature: str
    points: int
    players: tuple[int, ...]
    final: bool
    tiles: int
    pennants: int = 0
    cities: int = 0
    cells: tuple[Cell, ...] = field(default=(), compare=False)
    feature_id: str = ""
    details: tuple[tuple[str, str | int | bool], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; `pennants` only for a city, `cities` only for a field, `tiles` for
        every feature but goods; then the `details`."""
        out: dict[str, Any] = {
            "turn": self.turn,
            "feature": self.feature,
            "points": self.points,
            "players": list(self.players),
            "final": self.final,
        }
        if self.feature != GOODS:
            out["tiles"] = self.tiles
        out["cells"] = [list(c) for c in self.cells]
        out["feature_id"] = self.feature_id
        if self.feature == CITY:
            out["pennants"] = self.pennants
        if self.feature == FIELD:
            out["cities"] = self.cities
        out.update(self.details)
        return out


__all__ = ["GOODS", "ScoreEvent"]
