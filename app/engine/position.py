"""`Position`: what a game shows the modules that read it (move generation, the views).

`Game` is the one implementation; the readers depend on this interface, never on `Game`, so
the game imports them and nothing imports the game. Everything here is read-only to them.
"""

from __future__ import annotations

from typing import Any, Protocol

from .board import Board, Cell
from .events import ScoreEvent
from .figures import Figures
from .options import Options, Player
from .rules import Rule, Ruleset


class Position(Protocol):
    """A game as it stands, read-only."""

    @property
    def players(self) -> tuple[Player, ...]: ...

    @property
    def options(self) -> Options: ...

    @property
    def ruleset(self) -> Ruleset: ...

    @property
    def rules(self) -> tuple[Rule, ...]:
        """The game's own copies of `ruleset.rules` (a rule may keep state)."""
        ...

    @property
    def board(self) -> Board: ...

    @property
    def figures(self) -> Figures: ...

    @property
    def bag(self) -> dict[str, int]:
        """Tiles not yet drawn, per id (the drawn tile not counted)."""
        ...

    @property
    def turns(self) -> list[dict[str, Any]]: ...

    @property
    def events(self) -> list[ScoreEvent]: ...

    @property
    def scores(self) -> list[int]: ...

    @property
    def turn(self) -> int: ...

    @property
    def current_player(self) -> int: ...

    @property
    def drawn_tile(self) -> str | None: ...

    @property
    def finished(self) -> bool: ...

    @property
    def ended_early(self) -> bool: ...

    @property
    def last(self) -> Cell | None:
        """The cell of the tile placed last (None before the first)."""
        ...


__all__ = ["Position"]
