"""The bag: the order a seeded game draws its tiles in, and which tile may be drawn when.

The bag itself is the game's counts per tile id; these functions read it with the rules.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from .errors import IllegalMoveError
from .rules import Ruleset


def drawing_order(bag: Mapping[str, int], rng: random.Random, ruleset: Ruleset) -> list[str]:
    """The tiles of `bag` shuffled by `rng`, to be drawn with `pop()` (last one first): the
    tiles some rule draws first (the River's) in that rule's order, then the others in random
    order. The others are shuffled first, so that a game without such rules shuffles as the
    engine always has and seeded games stored before the River came still replay the same."""
    first = ruleset.drawn_first
    land = [t for t, n in sorted(bag.items()) if t not in first for _ in range(n)]
    rng.shuffle(land)
    order = land[::-1]
    for i in ruleset.order_rules:
        order += reversed(ruleset.rules[i].first_draws(bag, rng))
    return order


def draw_error(
    ruleset: Ruleset, tile: str, bag: Mapping[str, int], drawn: str | None = None
) -> IllegalMoveError | None:
    """Why `tile` cannot be the tile drawn now (the error to raise), or None: a tile of a box
    this game is played without, or one its rules hold back (the River's order). `drawn` is
    the tile drawn already, if any: it counts as not yet drawn. Whether copies are left is
    not asked."""
    absent = ruleset.absent.get(tile)
    if absent is not None:
        message, option = absent
        return IllegalMoveError(
            message, code="tile_not_in_game", args={"tile": tile, "option": option}
        )
    if not ruleset.draw_rules:
        return None
    left = bag if drawn is None else {**bag, drawn: bag.get(drawn, 0) + 1}
    for i in ruleset.draw_rules:
        reason = ruleset.rules[i].draw_error(tile, left)
        if reason is not None:
            return reason
    return None


def next_tile_counts(ruleset: Ruleset, bag: Mapping[str, int]) -> dict[str, int]:
    """The tiles the next draw may give, per id: those left in `bag` that the rules allow now
    (with the River, only the River tiles due next)."""
    return {t: n for t, n in bag.items() if n and draw_error(ruleset, t, bag) is None}


__all__ = ["draw_error", "drawing_order", "next_tile_counts"]
