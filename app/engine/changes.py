"""What a move changed: `Change`, so a server can update its view of a game without
rebuilding it (a move costs what it changes).

The game records each change as it applies a move, as segment roots and cells; the `Change`
value (with feature ids) is only built when somebody reads `Game.last_change`, because bots
play thousands of moves on copies and never read it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .board import Board, Cell
from .events import ScoreEvent
from .features import FeatureKey
from .figures import Figure


@dataclass(frozen=True, slots=True)
class Change:
    """What one call of `play()`, `discard()` or `end_early()` changed (`play_turn` makes one).

    Feature ids are those of `Game.features()` (`s<root>`, `c<x>,<y>`); figures are the dicts
    of `view()["figures"]` (a tile holds at most one figure, so `x`, `y` name it). To bring a
    view up to date: drop the `features_merged` ids that vanished, fetch every id of
    `features_created` and `features_changed` with `Game.feature(id)`, add `figures_placed`
    then remove `figures_removed` (a figure scored on the turn it was placed is in both),
    append `turns` and `events`, take `scores`, `supply`, `drawn_tile` and `finished`.
    """

    turns: tuple[dict[str, Any], ...]
    """The new log turns: the placement or discard, then discards the engine made drawing."""
    tile: dict[str, Any] | None
    """The tile placed, as in `view()["board"]`; None for a discard or the end of the game."""
    figures_placed: tuple[dict[str, Any], ...]
    figures_removed: tuple[dict[str, Any], ...]
    """Figures that left the board: scored (back to the supply), the abbot taken back, or
    taken off by the final scoring."""
    features_created: tuple[str, ...]
    features_changed: tuple[str, ...]
    """Features that were there before and now read differently: grown, merged into, re-valued
    (a field whose city was finished), figures on or off, completed."""
    features_merged: tuple[tuple[str, str], ...]
    """(vanished id, id of the feature it became part of)."""
    features_completed: tuple[str, ...]
    events: tuple[ScoreEvent, ...]
    scores: tuple[int, ...]
    supply: tuple[tuple[int, int], ...]
    """Each player's (followers, abbots) in hand, now."""
    discarded: tuple[str, ...]
    """Tiles discarded in these turns (by the engine while drawing, or a log's discard)."""
    drawn_tile: str | None
    finished: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "turns": [dict(t) for t in self.turns],
            "tile": self.tile,
            "figures_placed": list(self.figures_placed),
            "figures_removed": list(self.figures_removed),
            "features_created": list(self.features_created),
            "features_changed": list(self.features_changed),
            "features_merged": [list(pair) for pair in self.features_merged],
            "features_completed": list(self.features_completed),
            "events": [e.to_dict() for e in self.events],
            "scores": list(self.scores),
            "supply": [list(s) for s in self.supply],
            "discarded": list(self.discarded),
            "drawn_tile": self.drawn_tile,
            "finished": self.finished,
        }


class ChangeRecorder:
    """Collects what one call changes while the game applies it (ordered sets as dicts, of
    feature keys: the river and gardens without The Abbot are left out when built)."""

    __slots__ = (
        "changed",
        "completed",
        "created",
        "drawn_tile",
        "events",
        "events_span",
        "figures_placed",
        "figures_removed",
        "finished",
        "merged",
        "scores",
        "supply",
        "tile",
        "turns",
        "turns_span",
    )

    def __init__(self, turns: list[dict[str, Any]], events: list[ScoreEvent]) -> None:
        self.turns = turns
        self.events = events
        self.turns_span = (len(turns), len(turns))
        self.events_span = (len(events), len(events))
        self.tile: dict[str, Any] | None = None
        self.figures_placed: list[Figure] = []
        self.figures_removed: list[Figure] = []
        self.created: dict[FeatureKey, None] = {}
        self.changed: dict[FeatureKey, None] = {}
        self.merged: list[tuple[int, int]] = []
        self.completed: dict[FeatureKey, None] = {}
        self.scores: tuple[int, ...] = ()
        self.supply: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # followers, abbots
        self.drawn_tile: str | None = None
        self.finished = False

    def change(self, key: FeatureKey) -> None:
        """The feature `key` reads differently now (unless this call made it)."""
        if key not in self.created:
            self.changed[key] = None

    def tile_placed(
        self, tile: dict[str, Any], board: Board, roots: list[int], base: int, joined: set[int]
    ) -> None:
        """`tile` (as in `view()["board"]`) went on `board`: its segments from `base` on, whose
        roots are `roots`, made the features whose root is one of them; the features in
        `joined` (roots before the tile) grew or merged."""
        self.tile = tile
        for root in roots:
            if root >= base:  # else it joined a feature that was there
                self.created[root] = None
        for old in sorted(joined):
            now = board.find(old)
            if now != old:
                self.merged.append((old, now))
            self.change(now)

    def figure_removed(self, figure: Figure) -> None:
        """`figure` left the board (scored, or the abbot taken back)."""
        self.figures_removed.append(figure)
        if figure.segment is None:  # its monastery or garden has no figure any more
            self.change(figure.cell)

    def feature_completed(self, board: Board, root: int) -> None:
        """The road or city `root` is complete: it, and the fields it borders (worth more now)."""
        self.completed[root] = None
        for field_root in board.bordering_field_roots(root):
            self.change(field_root)

    def centre_touched(self, cell: Cell, new: bool, complete: bool) -> None:
        """The monastery or garden on `cell` is on the tile just placed (`new`) or has one more
        tile round it; `complete` once surrounded."""
        if new:
            self.created[cell] = None
        else:
            self.change(cell)
        if complete:
            self.completed[cell] = None

    def close(
        self,
        scores: list[int],
        supply: tuple[Sequence[int], Sequence[int]],
        drawn_tile: str | None,
        finished: bool,
    ) -> None:
        """The call is over: note where the game stands (`supply`: followers and abbots in
        hand, each per player)."""
        self.turns_span = (self.turns_span[0], len(self.turns))
        self.events_span = (self.events_span[0], len(self.events))
        self.scores = tuple(scores)
        self.supply = (tuple(supply[0]), tuple(supply[1]))
        self.drawn_tile = drawn_tile
        self.finished = finished

    def build(
        self,
        feature_id: Callable[[FeatureKey], str | None],
        figure_dict: Callable[[Figure], dict[str, Any]],
    ) -> Change:
        """The `Change`; `feature_id` names a feature key, or None for what is no feature, and
        `figure_dict` describes a figure as `view()["figures"]` does."""

        def ids(keys: dict[FeatureKey, None]) -> tuple[str, ...]:
            return tuple(i for i in map(feature_id, keys) if i is not None and i not in vanished)

        merged = []
        for old, new in self.merged:
            old_id, new_id = feature_id(old), feature_id(new)
            if old_id is not None and new_id is not None:
                merged.append((old_id, new_id))
        vanished = {old for old, _ in merged}
        turns = tuple(self.turns[self.turns_span[0] : self.turns_span[1]])
        return Change(
            turns=turns,
            tile=self.tile,
            figures_placed=tuple(map(figure_dict, self.figures_placed)),
            figures_removed=tuple(map(figure_dict, self.figures_removed)),
            features_created=ids(self.created),
            features_changed=ids(self.changed),
            features_merged=tuple(merged),
            features_completed=ids(self.completed),
            events=tuple(self.events[self.events_span[0] : self.events_span[1]]),
            scores=self.scores,
            supply=tuple(zip(*self.supply, strict=True)),
            discarded=tuple(t["discarded"] for t in turns if "discarded" in t),
            drawn_tile=self.drawn_tile,
            finished=self.finished,
        )


__all__ = ["Change", "ChangeRecorder"]
