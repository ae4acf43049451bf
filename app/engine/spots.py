"""Figure spots, fast: what a placement offers, from tables made once per tile and rotation.

Listing every legal move on a late board asks for the spots of some fifty placements. What a
placement offers depends on the tile, its rotation and the rules (which figures stand where),
which never change in a game, and on which of its segments would join a feature with figures
on it. So the spots are built once per tile, rotation, rules and occupancy (as shared,
immutable `FigureSpot`s), and a placement only works out its occupancy: from its cell's
contacts (`Board.contacts`, once per cell). A builder or a pig (a companion) goes where the
occupancy is its owner's follower's and (the builder) the tile completes nothing: two masks
more, worked out only for a player who holds one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from typing import NamedTuple

from .figures import FigureKind
from .moves import FigureSpot, Spots
from .rules import Ruleset
from .tiles import oriented
from .tiles.shapes import CENTRE, OrientedTile


class SpotTable(NamedTuple):
    """What a tile turned `rot` can offer before any feature is taken."""

    segment_masks: tuple[int, ...]  # per segment, its slots (bit i for slot i)
    spots: tuple[tuple[int, int, FigureSpot], ...]  # (kind index, segment index or -1, spot)
    targets: Mapping[tuple[str, str], int | None]
    """(figure kind, slot name) -> the index of the segment a figure so named stands on, or
    None for the tile's centre."""


def build_spot_table(
    tile: OrientedTile, kinds: tuple[FigureKind, ...], stands: tuple[frozenset[str], ...]
) -> SpotTable:
    """The spot table of `tile` for figures `kinds`, each standing on the segment kinds of
    `stands` and on its centres. A segment that covers no slot is named `C`, like the centre;
    a kind that may stand on both is sent to the centre."""
    spots = []
    targets: dict[tuple[str, str], int | None] = {}
    for k, (kind, segment_kinds) in enumerate(zip(kinds, stands, strict=True)):
        for seg in tile.segments:
            if seg.kind in segment_kinds:
                spots.append(
                    (k, seg.index, FigureSpot(kind.name, seg.names[0], seg.kind, seg.names))
                )
                targets.update(((kind.name, name), seg.index) for name in seg.names)
        if tile.centre in kind.centres:
            spots.append((k, -1, FigureSpot(kind.name, CENTRE, tile.centre, (CENTRE,))))
            targets[(kind.name, CENTRE)] = None
    return SpotTable(
        tuple(sum(1 << s for s in seg.slots) for seg in tile.segments), tuple(spots), targets
    )


@cache
def spot_table(tile_id: str, rot: int, ruleset: Ruleset) -> SpotTable:
    """The spot table of `tile_id` turned `rot` in a game played by `ruleset`."""
    return build_spot_table(oriented(tile_id, rot), ruleset.figures, ruleset.stands)


@lru_cache(maxsize=1 << 15)
def offered_spots(
    tile_id: str, rot: int, ruleset: Ruleset, hand: int, taken: int, own: int = 0, closing: int = 0
) -> Spots:
    """The spots of a tile turned `rot` for a player holding the figure kinds in the bitmask
    `hand` (bit i for `ruleset.figures[i]`), when the segments in the bitmask `taken` would
    join a feature with figures, those in `own` one with a follower of that player's, and
    those in `closing` a road or city the tile completes."""
    table = spot_table(tile_id, rot, ruleset)
    companions, open_only = ruleset.companions, ruleset.open_only
    return tuple(
        spot
        for kind, seg, spot in table.spots
        if hand >> kind & 1
        and (
            (seg >= 0 and own >> seg & 1 and not (open_only >> kind & 1 and closing >> seg & 1))
            if companions >> kind & 1
            else seg < 0 or not taken >> seg & 1
        )
    )


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


__all__ = ["SpotTable", "build_spot_table", "occupied_segments", "offered_spots", "spot_table"]
