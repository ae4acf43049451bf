"""The turn clock: a time bank per player that runs down while they are to move.

Pure bookkeeping: every method takes the time it happens at, so the room decides what time
it is (its injected clock) and tests need no waiting.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class TurnClock:
    """Banks per player (game order), in seconds; `running` is the player whose bank runs
    down since `since` (Unix seconds), None when nobody's does (the game is over)."""

    bank: float
    increment: float
    banks: list[float] = field(default_factory=list)
    running: int | None = None
    since: float = 0.0

    @classmethod
    def start(cls, bank: float, increment: float, players: int) -> TurnClock:
        """A full bank for every player; nobody's runs yet."""
        return cls(bank, increment, [bank] * players)

    def advanced(self, to_move: int | None, at: float) -> TurnClock:
        """A copy of this clock after `advance(to_move, at)`."""
        clock = TurnClock(self.bank, self.increment, list(self.banks), self.running, self.since)
        clock.advance(to_move, at)
        return clock

    def advance(self, to_move: int | None, at: float) -> None:
        """A turn ended at `at`: charge the player who was to move and give them the
        increment, then start `to_move`'s bank (None: the game is over)."""
        moved = self.running
        if moved is not None:
            used = max(0.0, at - self.since)
            self.banks[moved] = max(0.0, self.banks[moved] - used) + self.increment
        self.running, self.since = to_move, at

    def replay(
        self, turns: Sequence[dict[str, Any]], started: float, commits: Sequence[float]
    ) -> None:
        """Charge each stored placement the time since the previous commit (`commits[i]` is
        when turn i+1 was stored), so that a restart refills no bank. The server's downtime
        is charged to nobody: call `advance` with the restart time afterwards."""
        last = started
        for turn, moment in zip(turns, commits, strict=False):
            if "discarded" in turn:
                continue  # set aside by the engine at the moment of the previous commit
            player = turn["player"]
            used = max(0.0, moment - last)
            self.banks[player] = max(0.0, self.banks[player] - used) + self.increment
            last = moment

    def resume(self, to_move: int | None, at: float) -> None:
        """Start `to_move`'s bank at `at` without charging anyone (after `replay`)."""
        self.running, self.since = to_move, at

    def left(self, at: float) -> float:
        """Seconds left at `at` in the bank of the player to move (inf when none is)."""
        if self.running is None:
            return float("inf")
        return self.banks[self.running] - (at - self.since)

    def deadline(self) -> float | None:
        """When the running bank runs out (None when none runs)."""
        if self.running is None:
            return None
        return self.since + self.banks[self.running]

    def view(self) -> dict[str, Any]:
        """JSON-ready, as in `state.game.clock` (PROTOCOL.md)."""
        return {
            "bank": self.bank,
            "increment": self.increment,
            "banks": [round(b, 1) for b in self.banks],
            "running": self.running,
            "since": round(self.since, 3),
        }
