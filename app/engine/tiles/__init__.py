"""Every tile of every box, by id, and the boxes themselves: the one registry of tiles.

A box is a set of tile counts: the two tile sets a game chooses between (`TILESETS`, the
values of `options.tileset`) and the boxes an option adds (The River, Inns & Cathedrals, Traders &
Builders). Each box writes its
tiles in its own module; a new box is a new module here and one line in each table below.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from . import classic, inns, river, traders, winter
from .shapes import ROTATIONS, SLOTS, OrientedTile, TileDef, orient

TILES: dict[str, TileDef] = {
    **classic.TILES,
    **winter.TILES,
    **river.TILES,
    **inns.TILES,
    **traders.TILES,
}

# The tile sets a game is played with (`Options.tileset`): tile id -> copies in the box, the
# start tile included.
TILESETS: dict[str, dict[str, int]] = {
    "classic": classic.COUNTS,
    "winter": {**classic.COUNTS, **winter.COUNTS},
}
# Every box by name: the tile sets, then the boxes of options.
BOXES: dict[str, dict[str, int]] = {
    **TILESETS,
    "river": river.COUNTS,
    "inns_cathedrals": inns.COUNTS,
    "traders_builders": traders.COUNTS,
}


@cache
def oriented(tile_id: str, rot: int) -> OrientedTile:
    """The tile `tile_id` rotated clockwise by `rot` degrees (made once per tile and rotation)."""
    return orient(TILES[tile_id], rot)


# Per tile id: frontier pattern (N E S W, "." where no neighbour) -> rotations that fit.
_FITS: dict[str, dict[str, tuple[int, ...]]] = {}


def fitting_rotations(tile_id: str, pattern: str) -> tuple[int, ...]:
    """Rotations of `tile_id` whose edges match `pattern` (N E S W, "." where no neighbour)."""
    fits = fit_table(tile_id)
    rots = fits.get(pattern)
    if rots is None:
        rots = fits[pattern] = tuple(
            rot
            for rot in ROTATIONS
            if all(
                want in (".", have)
                for want, have in zip(pattern, oriented(tile_id, rot).edges, strict=True)
            )
        )
    return rots


def fit_table(tile_id: str) -> dict[str, tuple[int, ...]]:
    """The rotations of `tile_id` that fit each edge pattern asked about so far (filled by
    `fitting_rotations`; read directly on the hot path of listing placements)."""
    return _FITS.setdefault(tile_id, {})


def tile_catalog() -> dict[str, dict[str, Any]]:
    """Every tile, JSON-ready, in canonical orientation: what a client needs to draw it, and how
    many copies of it each box holds. A segment's `marks` name what is drawn on it: `pennant`,
    `inn`, `cathedral`, or a good (`wine`, `grain`, `cloth`)."""
    return {
        tile_id: {
            "edges": tile.edges,
            "segments": [
                {
                    "kind": seg.kind,
                    "slots": [SLOTS[s] for s in seg.slots],
                    "pennant": seg.pennant,
                    "marks": list(seg.marks),
                    "adj_cities": list(seg.adj_cities),
                }
                for seg in tile.segments
            ],
            "centre": tile.centre,
            "count": {name: counts.get(tile_id, 0) for name, counts in BOXES.items()},
        }
        for tile_id, tile in TILES.items()
    }


__all__ = [
    "BOXES", "TILES", "TILESETS", "fit_table", "fitting_rotations", "oriented", "tile_catalog"
]
