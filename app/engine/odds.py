"""The odds of closing a feature: who draws what is left, and the chance that one player's
own draws hold a tile for every open square of a feature.

The model, from public information only (the tiles left are counted in the view; the bag's
order is never read):

- The tiles still to be placed are the drawn tile and the bag. The bag is drawn in `parts`,
  as the game's rules allow tiles to be drawn (`bag.next_tile_counts`): first the tiles they
  allow now, then, once those are gone, the tiles they allow then, and so on. Within a part
  every order is taken as equally likely. Without the River that is one part; with it, the
  River tiles but the lake, then the lake, then the land tiles.
- The players draw in turn: the drawn tile is the player to move's, the bag's next tile the
  next player's, and so on round the table until the bag is empty (`Draws`). Discarded
  tiles, which the same player replaces, and bonus turns are not foreseen.
- A player closes a feature alone when the tiles they will draw hold, for each of its open
  squares, a tile that fits that square, a different tile for each (`Closing.chance`), and
  they put them there. What the others place is left out: they may close it for them, or
  fill a square with a tile that extends it. So is a fitting tile that extends the feature
  rather than closing it (the squares it would open are not foreseen), and a neighbour
  placed later beside a square, which can only rule fitting tiles out.
- The chance counts every square as covered once one fitting tile is among the player's
  draws, and asks for as many fitting tiles as there are squares; it does not check every
  smaller group of squares (Hall's condition in full), so it is exact for one or two squares
  and may be a little high for three or more that need the same scarce tiles. `closable`
  checks Hall's condition in full over all the tiles left: when no tile left can be found
  for each square, a different one for each, the feature can never be closed and its
  chance is 0 for everyone.

The chance is computed exactly, in integers, by inclusion and exclusion over the squares:
P(every square covered and enough fitting tiles) = the sum over the sets T of squares of
(-1)^|T| P(no tile fitting a square of T and at least k fitting tiles), each term a product
of hypergeometric counts, one per part of the bag.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from .bag import next_tile_counts
from .position import Position
from .rules import Ruleset


@dataclass(frozen=True, slots=True)
class Draws:
    """What one player will draw in the rest of the game, under the model: `held`, the drawn
    tile when it is theirs, and how many tiles they draw from each part of the bag."""

    held: str | None
    counts: tuple[int, ...]

    @property
    def total(self) -> int:
        """How many tiles they will place (the drawn tile included)."""
        return sum(self.counts) + (self.held is not None)


@dataclass(frozen=True, slots=True)
class Deal:
    """The tiles left and who draws them: `tiles`, everything still to be placed (the bag and
    the drawn tile); `parts`, the bag in the parts it is drawn in, in order; `draws`, per
    player in game order."""

    tiles: Mapping[str, int]
    parts: tuple[Mapping[str, int], ...]
    draws: tuple[Draws, ...]


def deal(game: Position) -> Deal:
    """Who draws what of the tiles left in `game` (nothing once it is over)."""
    players = len(game.players)
    if game.finished:
        return Deal({}, (), tuple(Draws(None, ()) for _ in range(players)))
    bag = {t: n for t, n in game.bag.items() if n}
    parts = _parts(game.ruleset, bag)
    held = game.drawn_tile
    tiles = dict(bag)
    if held is not None:
        tiles[held] = tiles.get(held, 0) + 1
    # The bag's tile number j (from 0) goes to player (mover + ahead + j) % players: after the
    # drawn tile, if there is one, the next player draws.
    mover = game.current_player
    ahead = 0 if held is None else 1
    draws = []
    for player in range(players):
        residue = (player - mover - ahead) % players
        counts = []
        start = 0
        for part in parts:
            end = start + sum(part.values())
            counts.append(_every(end, residue, players) - _every(start, residue, players))
            start = end
        draws.append(Draws(held if player == mover else None, tuple(counts)))
    return Deal(tiles, parts, tuple(draws))


def _parts(ruleset: Ruleset, bag: Mapping[str, int]) -> tuple[dict[str, int], ...]:
    """`bag` in the parts it is drawn in: the tiles the rules let the next draw give, then
    those they let it give once these are gone, and so on."""
    left = dict(bag)
    parts = []
    while left:
        part = next_tile_counts(ruleset, left) or left  # (rules that allow none: the rest)
        parts.append(part)
        left = {t: n for t, n in left.items() if t not in part}
    return tuple(parts)


def _every(n: int, residue: int, step: int) -> int:
    """How many j in 0 .. n - 1 are `residue` modulo `step`."""
    return max(0, (n - residue + step - 1) // step)


class Closing:
    """What it takes to close one feature: its open squares, each with the tiles that fit it
    (`fits`, tile ids), against the tiles left (`deal`). `closable`: a different tile left
    can be found for each square (Hall's condition); `chance(player)`: the model's chance
    that `player` closes it alone (module docstring)."""

    def __init__(self, fits: Sequence[frozenset[str]], deal: Deal) -> None:
        self.squares = len(fits)
        self.deal = deal
        masks: dict[str, int] = {}
        for square, tiles in enumerate(fits):
            for tile in tiles:
                masks[tile] = masks.get(tile, 0) | 1 << square
        # Per part of the bag, its fitting tiles counted by the squares they fit, and its size.
        self._parts = tuple(_by_mask(part, masks) for part in deal.parts)
        self._sizes = tuple(sum(part.values()) for part in deal.parts)
        self._fitting = tuple(sum(part.values()) for part in self._parts)
        held = next((d.held for d in deal.draws if d.held is not None), None)
        self._held_mask = masks.get(held, 0) if held is not None else 0
        # Inclusion and exclusion over the sets T of squares, T as a bit mask: each term
        # depends only on how many fitting tiles of each part fit no square of T, and
        # whether the held tile does. Terms alike are added up once, here, for every player.
        full = (1 << self.squares) - 1
        within = [_within(part, self.squares) for part in self._parts]
        self._terms: dict[tuple[tuple[int, ...], bool], int] = {}
        for subset in range(full + 1):
            avoiding = tuple(counts[full ^ subset] for counts in within)
            key = (avoiding, bool(self._held_mask & subset))
            self._terms[key] = self._terms.get(key, 0) + (-1) ** subset.bit_count()
        # Hall's condition over everything left: the tiles fitting some square of T are at
        # least as many as T's squares, for every T.
        everything = _within(_by_mask(deal.tiles, masks), self.squares)
        closable = all(
            everything[full] - everything[full ^ subset] >= subset.bit_count()
            for subset in range(1, full + 1)
        )
        self.closable = closable
        self._chances: dict[tuple[bool, tuple[int, ...]], float] = {}

    def chance(self, player: int) -> float:
        """The chance that `player`'s own draws close the feature (0 when it is not
        closable)."""
        if not self.closable:
            return 0.0
        draws = self.deal.draws[player]
        holds = draws.held is not None
        key = (holds, draws.counts)
        chance = self._chances.get(key)
        if chance is None:
            chance = self._chances[key] = self._chance(draws.counts, holds)
        return chance

    def _chance(self, counts: tuple[int, ...], holds: bool) -> float:
        """The chance for a player who draws `counts` tiles of each part of the bag, and
        `holds` the drawn tile or not."""
        need = self.squares - (holds and self._held_mask != 0)
        others = tuple(size - n for size, n in zip(self._sizes, self._fitting, strict=True))
        total = 0
        known: dict[tuple[int, ...], int] = {}
        for (avoiding, held_hit), sign in self._terms.items():
            if holds and held_hit:
                continue  # the held tile fits a square of T: no hand avoids T
            ways = known.get(avoiding)
            if ways is None:
                ways = known[avoiding] = _ways(avoiding, others, counts, need)
            total += sign * ways
        hands = 1
        for size, count in zip(self._sizes, counts, strict=True):
            hands *= comb(size, count)
        return total / hands


def _by_mask(tiles: Mapping[str, int], masks: Mapping[str, int]) -> dict[int, int]:
    """The fitting ones of `tiles` counted by the set of squares they fit (a bit mask)."""
    out: dict[int, int] = {}
    for tile, mask in masks.items():
        n = tiles.get(tile)
        if n:
            out[mask] = out.get(mask, 0) + n
    return out


def _within(by_mask: Mapping[int, int], squares: int) -> list[int]:
    """For every set S of squares (a bit mask), how many of the tiles `by_mask` counts fit
    only squares of S: a sum over subsets, worked out for all S at once (squares * 2^squares
    steps, not 4^squares)."""
    out = [0] * (1 << squares)
    for mask, n in by_mask.items():
        out[mask] += n
    for square in range(squares):
        bit = 1 << square
        for subset in range(1 << squares):
            if subset & bit:
                out[subset] += out[subset ^ bit]
    return out


@lru_cache(maxsize=1 << 16)
def _ways(allowed: tuple[int, ...], others: tuple[int, ...], counts: tuple[int, ...],
          need: int) -> int:
    """How many hands (from each part of the bag, `counts[g]` of its tiles) take at least
    `need` fitting tiles, all among the `allowed[g]` fitting tiles a part may give, and the
    rest among its `others[g]` tiles that fit no square. (Cached: features and turns ask the
    same sums again and again.)"""
    need = max(need, 0)
    if len(counts) == 1:  # the bag in one part: one hypergeometric tail
        a, o, d = allowed[0], others[0], counts[0]
        return sum(comb(a, x) * comb(o, d - x) for x in range(need, min(a, d) + 1))
    # Per part, the ways to take x allowed tiles (and the rest among the others), convolved.
    spread = [1]
    for a, o, d in zip(allowed, others, counts, strict=True):
        part = [comb(a, x) * comb(o, d - x) for x in range(min(a, d) + 1)]
        spread = [
            sum(spread[i] * part[x - i] for i in range(len(spread)) if 0 <= x - i < len(part))
            for x in range(len(spread) + len(part) - 1)
        ]
    return sum(spread[need:])


__all__ = ["Closing", "Deal", "Draws", "deal"]
