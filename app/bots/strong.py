"""The `strong` bot: flat Monte Carlo over the best few moves, within a time budget.

1. Rank every legal move with the `easy` heuristic and keep the best few (`candidates`).
2. In rounds, play one simulation per remaining candidate: place the move on the public
   replica, sample the unseen tiles (`copy(shuffle=...)`), play `depth` random plies, and
   score the result with the easy heuristic (points if the game ended now, plus figures in
   hand). Every candidate of a round gets the same random seed, so they face the same tiles
   (common random numbers: differences between moves are not drowned by the luck of the draw).
3. After rounds 4, 8, 16, ... the worse half of the candidates is dropped (sequential halving).
4. When the budget is spent, play the candidate with the best mean.

Short random playouts plus a heuristic evaluation beat full-length random playouts here:
random play to the end scores farms and cities so erratically that a move's real value is lost
in the noise, and a short playout costs a tenth of a long one.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from app.engine import Game, Meeple, Move

from .easy import evaluate, rank_moves
from .public import public_replica


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Knobs of the search. `depth` None plays each simulation to the end of the game."""

    candidates: int = 8
    depth: int | None = 10
    meeple_chance: float = 0.25
    first_halving: int = 4


DEFAULT_CONFIG = SearchConfig()


def playout(after: Game, player: int, rng: random.Random, config: SearchConfig) -> float:
    """One simulation from `after` (a log-driven replica, move already played) for `player`."""
    if after.finished:
        return evaluate(after, player)
    sim = after.copy(shuffle=rng)
    plies = config.depth if config.depth is not None else 1 << 30
    chance = config.meeple_chance
    for _ in range(plies):
        if sim.finished:
            break
        p = rng.choice(sim.legal_placements())
        meeple = None
        if rng.random() < chance:
            spots = sim.figure_spots(p)
            if spots:
                spot = rng.choice(spots)
                meeple = Meeple(spot.kind, spot.at)
        sim.play(Move(p.x, p.y, p.rot, meeple))
    return evaluate(sim, player)


def strong_move(
    game: Game,
    rng: random.Random,
    budget_s: float | None = 1.0,
    playouts: int | None = None,
    replica: Game | None = None,
    config: SearchConfig = DEFAULT_CONFIG,
) -> Move:
    """The `strong` bot's move for the player to move in `game` (which it does not change).

    The search stops after `budget_s` seconds or `playouts` simulations, whichever comes
    first (at least one round is always played). With `budget_s=None` and a `playouts` count
    the result depends only on the public state and `rng`.
    """
    tile = game.drawn_tile
    if tile is None:
        raise ValueError("no tile to place: the game is over")
    if budget_s is None and playouts is None:
        raise ValueError("give a time budget or a number of playouts")
    start = time.perf_counter()
    deadline = start + budget_s if budget_s is not None else float("inf")
    limit = playouts if playouts is not None else 1 << 62
    if replica is None:
        replica = public_replica(game)
    player = replica.current_player
    ranked = rank_moves(replica, tile)
    if len(ranked) == 1:
        return ranked[0][1]
    top = ranked[: config.candidates]
    alive = list(range(len(top)))
    afters = []
    for _, move in top:
        after = replica.copy()
        after.play(move, tile=tile)
        afters.append(after)
    totals = [0.0] * len(top)
    done = 0
    rounds = 0
    halve_at = config.first_halving
    while True:
        seed = rng.getrandbits(64)
        for i in alive:
            totals[i] += playout(afters[i], player, random.Random(seed), config)
            done += 1
        rounds += 1
        if done >= limit or time.perf_counter() >= deadline:
            break
        if rounds == halve_at and len(alive) > 2:
            alive.sort(key=lambda i: (-totals[i], i))
            alive = sorted(alive[: max(2, (len(alive) + 1) // 2)])
            halve_at *= 2
    best = max(alive, key=lambda i: (totals[i], -i))
    return top[best][1]
