"""The `expert` bot: the `strong` bot's search, with the next player's reply found faster
and each reply's outcome judged by the final margin it is expected to leave, by a leaf fitted
to the margins games ended with (`leaf.fitted_margin`).

1. Rank every legal move with the `easy` heuristic (`rank_moves`, as `rank_candidates`
   computes it: step 3) and keep the best few (`CANDIDATES`), as `strong` does.
2. For each kind of tile left in the bag, most frequent first, let the next player answer
   each candidate with that tile (`reply`): every placement of it without a figure ranked by
   the easy heuristic, then a figure tried only on the best `FIGURE_PLACEMENTS` of them (a
   third of the work of ranking every move, which is what lets this search reach further
   than `strong`'s in the same time). Score the position after the reply for us with
   `leaf.fitted_margin()` and weight it by the tile's count. Every candidate is scored
   on the same tiles, so a search cut short by the budget still compares like with like;
   the worse half is dropped after 4, 8, 16... kinds (sequential halving). Only tile counts
   are used, never the bag's order, and nothing is random: the same public state gives the
   same move.
3. What makes the search cheap without changing it: each placement's end-of-game count is
   taken from a tally of the position before it (`Game.final_tally()`, made once per
   candidate), counted again only for the features the placement changed
   (`final_scores(since=...)`); without Inns & Cathedrals and Traders & Builders a figure
   is weighed without playing it (`_with_figure`: the bare placement plus the mover scoring
   the unclaimed feature alone, `Game.spot_worth()`), both in a reply and in ranking our
   own candidates (`rank_candidates`, equal to `rank_moves`); the reply's final scores are
   reused by the leaf, which reads only the claimed features' odds (`feature_outlooks()`).
   The same values to the last bit, so the same moves (`tests/unit/test_expert_same_moves.py`
   keeps the straightforward search to compare).

The leaf (`leaf.py`): the margin now, figures in hand, the closing odds' gain, the figures
likely back and those stuck on features that cannot close, each the player's less their
rival's, weighted by weights piecewise linear in the tiles left that least squares fitted to
the final margins of 300 easy-against-easy games (`bench/leaf_fit.py`). On held-out games it
predicts the final margin better than the easy heuristic and `expected_margin()` (MSE 487
against 574 and 538): the terms of `expected_margin()` below, weighed by the data.

`expected_scores()` / `expected_margin()` (the review's measure; the leaf before): each
player's expected final score from the board and the tiles left as a multiset, from public
information only:
   the end-of-game count (`final_scores()`) plus, for every unfinished road, city, monastery
   and garden, what closing it would add for the players who hold it, weighted by the chance
   that it is closed; plus the followers in hand and those a closing feature would bring back.
   The chance comes from the tiles left as a multiset (`table_analysis()`'s odds: every order
   of the bag equally likely, the exact counting a player could do; never the real order): a
   feature closes when any player's own draws can close it, and never when no tile left fits
   one of its open squares (a dead square). Only the claimed features are read
   (`Game.claims()`) and only their odds worked out (`feature_outlooks()`), in the order
   `features()` lists them, so the sums are those of reading every feature.
The review of a finished game (`review.py`) judges every move by the fitted leaf after it
(`weigh`) and shows `expected_scores()`.

Measured against `strong` at an equal CPU budget a move (`bench/bots.py`, two players, both
seat orders; `bench/bots-findings.md`): at 0.3 s a move it won 60 of 113 games (53.1 %,
Wilson 95 % 43.9-62.0 %), at 0.1 s 26.5 of 40 (66.2 %, 50.8-78.9 %): not weaker, and not
the 60 % at 0.3 s issue 24 asks for. The earlier expert, `strong`'s search with
`expected_margin()` added at the root only, won 45.2 % of 200 games at 0.3 s. Those runs
were of the search before step 3, which weighs the same replies at about 2.1-2.4 times the
cost (`bench/expert_replies.py`): at 0.3 s it now covers every tile kind in 15 of the 16
profiled positions, against none before (the same moves at an equal number of replies; its
win rate at 0.3 s is to be measured).
"""

from __future__ import annotations

import random
import time
import weakref
from collections.abc import Callable

from app.engine import FinalTally, Game, Meeple, Move, feature_outlooks

from .easy import evaluate, figure_value, margin, rank_moves, standing
from .leaf import fitted_margin
from .strong import Search, expectimax

# How many of the easy heuristic's best moves are weighed (by the search and the review).
CANDIDATES = 8
# Reply kinds after which the worse half of the candidates is first dropped.
FIRST_HALVING = 4
# How many of the best placements of a reply (without a figure) are tried with a figure.
FIGURE_PLACEMENTS = 4
# The kinds whose closing a table analysis foresees.
_CLOSING_KINDS = ("road", "city", "monastery", "garden")
# What a monastery or garden scores once closed (itself and its eight neighbours).
_CENTRE_CLOSED = 9


def expected_scores(game: Game, final: list[int] | None = None) -> list[float]:
    """Each player's expected final score in `game` (a log-driven replica or a seeded game,
    read only through its public state), figures in hand and likely back included. `final`:
    `game.final_scores()` when the caller has it already."""
    scores = [float(s) for s in (game.final_scores() if final is None else final)]
    if game.finished:
        return scores
    left = game.tiles_left
    in_hand = figure_value(left)
    # A figure that comes back when its feature closes comes back, on average, mid-way.
    back = figure_value(left // 2)
    for p in range(len(scores)):
        followers, abbots = game.supply(p)
        scores[p] += in_hand * (followers + abbots)
    # Only a feature with a follower on it adds anything: the others are not looked at (in
    # `features()` order, so the sums below are added up in the same order as ever).
    claims = [c for c in game.claims() if c.kind in _CLOSING_KINDS and not c.complete]
    chances = {f.id: f for f in feature_outlooks(game, {c.id for c in claims})}
    for claim in claims:
        outlook = chances.get(claim.id)
        if outlook is None:
            continue
        holders = claim.followers
        most = max(holders)
        miss = 1.0
        for c in outlook.chance:
            miss *= 1.0 - c
        closes = 1.0 - miss if outlook.closable else 0.0
        if closes == 0.0:
            continue
        closed = _CENTRE_CLOSED if claim.kind in ("monastery", "garden") else claim.points_now
        gain = closes * max(0, closed - claim.points_end)
        for p, n in enumerate(holders):
            if n == most:
                scores[p] += gain
            scores[p] += closes * back * n
    return scores


def expected_margin(game: Game, player: int, final: list[int] | None = None) -> float:
    """`player`'s expected final score less their best opponent's (`expected_scores`)."""
    scores = expected_scores(game, final)
    return scores[player] - max(s for p, s in enumerate(scores) if p != player)


def weigh(replica: Game, move: Move, tile: str, player: int) -> float:
    """The expected margin for `player` by the fitted leaf (`leaf.fitted_margin`) after `move`
    of `tile` on the log-driven `replica` (left unchanged)."""
    after = replica.copy()
    after.play(move, tile=tile)
    return fitted_margin(after, player)


def reply(after: Game, tile: str) -> Game | None:
    """`after` once the next player has answered with `tile` nearly as the easy bot would, or
    None when the tile fits nowhere (it would be set aside).

    Each placement is ranked by the easy heuristic without a figure; a figure is then tried
    on each spot of the best `FIGURE_PLACEMENTS` placements only, and kept when it ranks
    higher. A figure is worth most where the tile is well placed anyway, so this rarely
    differs from ranking every move, at a third of the cost.
    """
    answered = _reply(after, tile)
    return None if answered is None else answered[0]


# The end-of-game count of each position a reply is asked for, kept while the position lives
# (the search asks for one reply per tile kind from the same few positions).
_TALLIES: weakref.WeakKeyDictionary[Game, FinalTally] = weakref.WeakKeyDictionary()


def _tally(after: Game) -> FinalTally:
    """`after.final_tally()`, made once per position (and again if it has moved on)."""
    tally = _TALLIES.get(after)
    if tally is None or tally.turns != after.turn:  # turns only grow: a move since is seen
        tally = _TALLIES[after] = after.final_tally()
    return tally


def _reply(after: Game, tile: str) -> tuple[Game, list[int]] | None:
    """`reply`, with the answered position's `final_scores()`."""
    mover = after.current_player
    moves = after.legal_moves(tile)
    ranked: list[tuple[float, int, Game, list[int]]] = []
    placements = moves.placements()
    if not placements:
        return None
    # Each placement changes a few features: the end-of-game count of the rest is `after`'s.
    tally = _tally(after)
    for k, p in enumerate(placements):
        position = after.copy()
        position.play(Move(p.x, p.y, p.rot), tile=tile)
        scores = position.final_scores(since=tally)
        ranked.append((evaluate(position, mover, scores), k, position, scores))
    # Best first; among equals, the first placement the generator gave.
    ranked.sort(key=lambda vkps: (-vkps[0], vkps[1]))
    best_value, _, best, best_scores = ranked[0]
    options = after.options
    if options.inns_cathedrals or options.traders_builders:
        for _, k, _, _ in ranked[:FIGURE_PLACEMENTS]:
            p = placements[k]
            for spot in moves.spots(p):
                position = after.copy()
                position.play(Move(p.x, p.y, p.rot, Meeple(spot.kind, spot.at)), tile=tile)
                scores = position.final_scores(since=tally)
                value = evaluate(position, mover, scores)
                if value > best_value:
                    best_value, best, best_scores = value, position, scores
        return best, best_scores
    # Without those expansions a figure is weighed without playing it (`_with_figure`), and
    # the best one found is played once.
    chosen: Move | None = None
    for _, k, placed, placed_scores in ranked[:FIGURE_PLACEMENTS]:
        p = placements[k]
        supplies = [placed.supply(q) for q in range(len(placed_scores))]
        for spot in moves.spots(p):
            meeple = Meeple(spot.kind, spot.at)
            value = _with_figure(placed, placed_scores, supplies, meeple, mover)
            if value > best_value:
                best_value, chosen = value, Move(p.x, p.y, p.rot, meeple)
    if chosen is not None:
        best = after.copy()
        best.play(chosen, tile=tile)
        best_scores = best.final_scores(since=tally)
    return best, best_scores


def _with_figure(
    placed: Game,
    scores: list[int],
    supplies: list[tuple[int, int]],
    meeple: Meeple,
    mover: int,
) -> float:
    """`evaluate(position, mover)` of the position after the tile just placed in `placed`
    (whose final scores are `scores`, its players' figures in hand `supplies`) had taken
    `meeple` of the mover's, without playing it. Without Inns & Cathedrals and Traders &
    Builders only: a figure goes only on an unclaimed feature, so that position is `placed`
    with the mover scoring the feature alone (`spot_worth`) and one figure fewer in hand,
    unless the feature is complete (the figure comes straight back). The same integers as
    playing it, so the same value to the last bit."""
    points, complete = placed.spot_worth(meeple)
    with_it = list(scores)
    with_it[mover] += points
    hands = list(supplies)
    if not complete:
        followers, abbots = hands[mover]
        hands[mover] = (followers, abbots - 1) if meeple.kind == "abbot" else (
            followers - 1, abbots)
    return margin(standing(with_it, hands, placed.tiles_left, placed.finished), mover)


def rank_candidates(replica: Game, tile: str) -> list[tuple[float, Move]]:
    """`rank_moves(replica, tile)` (every legal move, best first by the easy heuristic): the
    same values in the same order, each bare placement counted from a tally of `replica`
    and each figure weighed without playing it (`_with_figure`), where the options allow."""
    options = replica.options
    if options.inns_cathedrals or options.traders_builders:
        return rank_moves(replica, tile)
    player = replica.current_player
    tally = replica.final_tally()
    ranked: list[tuple[float, Move]] = []
    # The moves come placement by placement: bare first, then with each figure spot.
    bare: tuple[tuple[int, int, int], Game, list[int], list[tuple[int, int]]] | None = None
    for move in replica.legal_moves(tile):
        meeple = move.meeple
        if meeple is not None and bare is not None and bare[0] == (move.x, move.y, move.rot):
            _, placed, scores, supplies = bare
            ranked.append((_with_figure(placed, scores, supplies, meeple, player), move))
            continue
        after = replica.copy()
        after.play(move, tile=tile)
        scores = after.final_scores(since=tally)
        ranked.append((evaluate(after, player, scores), move))
        if meeple is None and not move.return_abbot:
            supplies = [after.supply(q) for q in range(len(scores))]
            bare = ((move.x, move.y, move.rot), after, scores, supplies)
    ranked.sort(key=lambda vm: -vm[0])
    return ranked


def reply_margin(after: Game, tile: str, player: int) -> float:
    """`player`'s expected margin by the fitted leaf (`leaf.fitted_margin`) once the next
    player has answered `after` with `tile`."""
    if after.finished:
        return fitted_margin(after, player)
    answered = _reply(after, tile)
    if answered is None:
        return fitted_margin(after, player)
    position, final = answered
    return fitted_margin(position, player, final)


def expert_move(
    game: Game,
    rng: random.Random,
    budget_s: float | None = 1.0,
    playouts: int | None = None,
    replica: Game | None = None,
    tile: str | None = None,
    timer: Callable[[], float] = time.perf_counter,
) -> Move:
    """The `expert` bot's move for the player to move in `game` (which it does not change).

    The replies stop after `budget_s` seconds of `timer` or `playouts` replies weighed,
    whichever comes first, at the end of a tile kind (a kind cut short is dropped, so all
    candidates are compared on the same tiles); the first reply is always weighed. The move
    depends only on the public state and the budget: `rng` is not drawn from (the search has
    nothing random), and with `budget_s=None` and a `playouts` count not even the budget
    counts. `tile` names the drawn tile when `game` is log-driven.
    """
    search = Search.start(game, tile, budget_s, playouts, replica, timer, CANDIDATES,
                          rank_candidates)
    if isinstance(search, Move):
        return search
    best = expectimax(search.afters, search.player, search.deadline, search.limit,
                      FIRST_HALVING, timer, reply=reply_margin, final=fitted_margin)
    return search.moves[best]
