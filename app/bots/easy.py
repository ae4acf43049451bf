"""The `easy` bot: look one move ahead and score the position with a light heuristic.

A position is worth, for a player, the points they would have if the game ended now
(`final_scores()`: completed features already paid, open ones at their end-of-game value)
plus a value for each figure still in hand, which shrinks as the bag empties. The move that
leaves the player furthest ahead of their best opponent wins. That one rule gives the habits we
want: complete your own features (points now and the follower back), claim valuable free
features, and do not spend followers on crumbs early on.
"""

from __future__ import annotations

import random

from app.engine import Game, Move, bonus_turn

from .public import public_replica

# Points a follower in hand is worth at the start; it falls to 0 as the bag empties.
FIGURE_VALUE = 2.5
# Tiles left at which a follower in hand starts losing value.
FIGURE_VALUE_HORIZON = 25
# Moves within this many points of the best are taken as equally good.
SLACK = 0.25
# The expansions (`expansion_worth`): a large follower in hand counts as this many followers,
# a builder or a pig in hand as this much of one; a builder on the board promises this many
# points of a bonus tile, a bonus tile earned is worth this many; an open inn road or
# cathedral city is completed with this chance while the bag holds `BAG_HORIZON` tiles or more
# (less as it empties).
LARGE_IN_HAND = 2.0
COMPANION_IN_HAND = 0.4
BUILDER_PROMISE = 3.0
BONUS_TILE = 4.0
RISKY_CHANCE = 0.5
BAG_HORIZON = 40


def figure_value(tiles_left: int) -> float:
    """What one figure still in hand is worth, in points, with `tiles_left` tiles to come."""
    return FIGURE_VALUE * min(1.0, tiles_left / FIGURE_VALUE_HORIZON)


def evaluate(game: Game, player: int, scores: list[int] | None = None) -> float:
    """How far `player` is ahead of their best opponent (points plus figures in hand; with
    the expansions, what their figures and a bonus turn promise: `expansion_worth`).
    `scores`: `game.final_scores()` when the caller has it already (counted from a tally)."""
    if scores is None:
        scores = game.final_scores()
    supplies = [game.supply(p) for p in range(len(scores))]
    worth = standing(scores, supplies, game.tiles_left, game.finished)
    options = game.options
    if not game.finished and (options.inns_cathedrals or options.traders_builders):
        for p, extra in enumerate(expansion_worth(game, figure_value(game.tiles_left))):
            worth[p] += extra
    return margin(worth, player)


def standing(
    scores: list[int], supplies: list[tuple[int, int]], tiles_left: int, finished: bool
) -> list[float]:
    """Each player's points plus their figures in hand (`supplies`: followers, abbots), as
    `evaluate` counts them without the expansions' extras."""
    if finished:
        return [float(s) for s in scores]
    w = figure_value(tiles_left)
    return [s + w * (followers + abbots)
            for s, (followers, abbots) in zip(scores, supplies, strict=True)]


def margin(worth: list[float], player: int) -> float:
    """`player`'s worth less their best opponent's."""
    best_other = max(v for p, v in enumerate(worth) if p != player)
    return worth[player] - best_other


def expansion_worth(game: Game, w: float) -> list[float]:
    """What the expansions add to each player's standing beyond `final_scores()` (which
    already counts goods majorities, the pig's field, and an open inn road or cathedral city
    at 0), `w` being a follower in hand's worth now:

    - a large follower in hand is worth two followers (it wins majorities);
    - a builder or a pig in hand a little (they are placed when that adds more);
    - a builder on the board stands on an open road or city of its owner's: the bonus tile a
      later tile may earn is worth `BUILDER_PROMISE`, shrinking as the bag empties;
    - a bonus turn earned and not yet played is worth `BONUS_TILE` to the player to move.
    """
    horizon = min(1.0, game.tiles_left / BAG_HORIZON)
    extra = []
    for p in range(len(game.players)):
        large, builder, pig = (game.in_hand(p, kind) for kind in ("large", "builder", "pig"))
        worth = w * (LARGE_IN_HAND * large + COMPANION_IN_HAND * (builder + pig))
        if game.options.traders_builders and not builder:
            worth += BUILDER_PROMISE * horizon
        extra.append(worth)
    if bonus_turn(game):
        extra[game.current_player] += BONUS_TILE
    return extra


def risky_claim(after: Game, move: Move) -> float:
    """What `move`'s follower (of either size) is worth beyond `final_scores()` when it claims
    an open inn road or cathedral city (worth 0 if still open at the end, so `final_scores`
    counts it 0): its finished worth times a chance of finishing it that falls as the bag
    empties. Early such a claim pays, late it is a trap."""
    meeple = move.meeple
    if meeple is None or meeple.kind not in ("follower", "large"):
        return 0.0
    change = after.last_change
    if change is None:
        return 0.0
    for feature_id in (*change.features_created, *change.features_changed):
        feature = after.feature(feature_id)
        if feature is None or feature["kind"] not in ("road", "city") or feature["complete"]:
            continue
        here = any((part["x"], part["y"]) == (move.x, move.y) and meeple.at in part["slots"]
                   for part in feature["parts"])
        if here and not feature["points_end"] and feature["points_now"]:
            chance = RISKY_CHANCE * min(1.0, after.tiles_left / BAG_HORIZON)
            return chance * feature["points_now"]
    return 0.0


def rank_moves(replica: Game, tile: str) -> list[tuple[float, Move]]:
    """Every legal move of `tile` on the log-driven `replica`, best first, with its value."""
    player = replica.current_player
    ranked = []
    moves = replica.legal_moves(tile)
    # With Inns & Cathedrals, the spots of a follower (of either size) on a road or city: only
    # those may claim an inn road or a cathedral city.
    claims: set[tuple[int, int, int, str]] = set()
    if replica.options.inns_cathedrals:
        claims = {(p.x, p.y, p.rot, spot.at)
                  for p, spots in moves.spots_by_placement().items() for spot in spots
                  if spot.kind in ("follower", "large") and spot.feature in ("road", "city")}
    for move in moves:
        after = replica.copy()
        after.play(move, tile=tile)
        value = evaluate(after, player)
        meeple = move.meeple
        if meeple is not None and (move.x, move.y, move.rot, meeple.at) in claims:
            value += risky_claim(after, move)
        ranked.append((value, move))
    ranked.sort(key=lambda vm: -vm[0])
    return ranked


def easy_move(
    game: Game, rng: random.Random, replica: Game | None = None, tile: str | None = None
) -> Move:
    """The `easy` bot's move for the player to move in `game` (which it does not change).

    `replica` (from `public_replica(game)`) may be passed to save rebuilding it; `tile`
    names the drawn tile when `game` is log-driven (rebuilt from a public log).
    """
    tile = tile or game.drawn_tile
    if tile is None:
        raise ValueError("no tile to place: the game is over")
    if replica is None:
        replica = public_replica(game)
    ranked = rank_moves(replica, tile)
    best = ranked[0][0]
    near = [move for value, move in ranked if value >= best - SLACK]
    return rng.choice(near)
