"""The `strong` bot: look two moves ahead over the tiles that may come, within a time budget.

1. Rank every legal move with the `easy` heuristic and keep the best few (`candidates`).
2. `expectimax` (the default): for each kind of tile left in the bag, most frequent first,
   let the next player answer each candidate with that tile the way the easy bot would, and
   score the result for us with the easy heuristic (points if the game ended now, plus figures
   in hand); weight by the tile's count. Every candidate is scored on the same tiles, so a
   search cut short by the budget still compares like with like, and the worse half of the
   candidates is dropped after 4, 8, 16... tiles (sequential halving). Only tile counts are
   used, never the bag's order.
3. `playouts` (kept for comparison): flat Monte Carlo; each round samples an order of the unseen
   tiles (`copy(shuffle=rng)`), plays `greedy_plies` easy-bot plies and `depth` random ones,
   and scores the end position; every candidate of a round gets the same sample (common random
   numbers).

Measured against `easy` (bench/bots.py, 40 games at equal work per move): random playouts to
depth 10 lost (45 %), depth 2 won 61 %, one easy reply won 70 %, and the expectimax, which
is that last one without the sampling noise, is the default.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from app.engine import Game, Meeple, Move

from .easy import evaluate, rank_moves
from .public import public_replica


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Knobs of the search. `depth` None plays each simulation to the end of the game."""

    method: str = "expectimax"
    candidates: int = 8
    greedy_plies: int = 0
    depth: int | None = 10
    meeple_chance: float = 0.25
    first_halving: int = 4


DEFAULT_CONFIG = SearchConfig()


def playout(after: Game, player: int, rng: random.Random, config: SearchConfig) -> float:
    """One simulation from `after` (a log-driven replica, move already played) for `player`."""
    if after.finished:
        return evaluate(after, player)
    sim = after.copy(shuffle=rng)
    for _ in range(config.greedy_plies):
        if sim.finished:
            return evaluate(sim, player)
        tile = sim.drawn_tile
        assert tile is not None
        ranked = rank_moves(sim, tile)
        sim.play(ranked[0][1])
    plies = config.depth if config.depth is not None else 1 << 30
    chance = config.meeple_chance
    for _ in range(plies):
        if sim.finished:
            break
        moves = sim.legal_moves()
        p = rng.choice(moves.placements())
        meeple = None
        if rng.random() < chance:
            spots = moves.spots(p)
            if spots:
                spot = rng.choice(spots)
                meeple = Meeple(spot.kind, spot.at)
        sim.play(Move(p.x, p.y, p.rot, meeple))
    return evaluate(sim, player)


def reply_value(after: Game, tile: str, player: int) -> float:
    """`player`'s standing once the next player has answered `after` with `tile` the way the
    easy bot would (their best move by the easy heuristic)."""
    if after.finished:
        return evaluate(after, player)
    ranked = rank_moves(after, tile)
    if not ranked:  # the tile fits nowhere: it would be set aside
        return evaluate(after, player)
    reply = after.copy()
    reply.play(ranked[0][1], tile=tile)
    return evaluate(reply, player)


@dataclass(frozen=True, slots=True)
class Search:
    """What a search over the easy heuristic's best moves starts from: the player to move,
    when it must stop (`deadline` of its timer, `limit` evaluations), the candidate moves and
    the game after each."""

    player: int
    deadline: float
    limit: int
    moves: list[Move]
    afters: list[Game]

    @staticmethod
    def start(
        game: Game,
        tile: str | None,
        budget_s: float | None,
        playouts: int | None,
        replica: Game | None,
        timer: Callable[[], float],
        candidates: int,
        rank: Callable[[Game, str], list[tuple[float, Move]]] = rank_moves,
    ) -> Search | Move:
        """The search of the player to move in `game` over its `candidates` best moves with
        `tile` (default: the drawn tile) as `rank` orders them (`rank_moves`, or a faster
        equal), from public facts (`replica`, or one made of `game`); or the move itself
        when there is only one."""
        tile = tile or game.drawn_tile
        if tile is None:
            raise ValueError("no tile to place: the game is over")
        if budget_s is None and playouts is None:
            raise ValueError("give a time budget or a number of playouts")
        deadline = timer() + budget_s if budget_s is not None else float("inf")
        limit = playouts if playouts is not None else 1 << 62
        if replica is None:
            replica = public_replica(game)
        ranked = rank(replica, tile)
        if len(ranked) == 1:
            return ranked[0][1]
        moves = [move for _, move in ranked[:candidates]]
        afters = []
        for move in moves:
            after = replica.copy()
            after.play(move, tile=tile)
            afters.append(after)
        return Search(replica.current_player, deadline, limit, moves, afters)


def better_half(alive: list[int], scores: list[float]) -> list[int]:
    """The better half (rounded up, at least two) of the candidates `alive` by `scores`, ties
    kept by the lower index, in index order: a search's successive halving step."""
    ranked = sorted(alive, key=lambda i: (-scores[i], i))
    return sorted(ranked[: max(2, (len(alive) + 1) // 2)])


def strong_move(
    game: Game,
    rng: random.Random,
    budget_s: float | None = 1.0,
    playouts: int | None = None,
    replica: Game | None = None,
    config: SearchConfig = DEFAULT_CONFIG,
    tile: str | None = None,
    timer: Callable[[], float] = time.perf_counter,
) -> Move:
    """The `strong` bot's move for the player to move in `game` (which it does not change).

    The search stops after `budget_s` seconds of `timer` or `playouts` simulations, whichever
    comes first (at least one round is always played). With `budget_s=None` and a `playouts`
    count the result depends only on the public state and `rng`. `tile` names the drawn tile
    when `game` is log-driven (rebuilt from a public log).
    """
    search = Search.start(game, tile, budget_s, playouts, replica, timer, config.candidates)
    if isinstance(search, Move):
        return search
    player, deadline, limit, top, afters = (
        search.player, search.deadline, search.limit, search.moves, search.afters
    )
    alive = list(range(len(top)))
    if config.method == "expectimax":
        best = expectimax(afters, player, deadline, limit, config.first_halving, timer)
        return top[best]
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
        if done >= limit or timer() >= deadline:
            break
        if rounds == halve_at and len(alive) > 2:
            alive = better_half(alive, totals)
            halve_at *= 2
    best = max(alive, key=lambda i: (totals[i], -i))
    return top[best]


def expectimax(
    afters: list[Game],
    player: int,
    deadline: float,
    limit: int,
    first_halving: int,
    timer: Callable[[], float],
    reply: Callable[[Game, str, int], float] = reply_value,
    final: Callable[[Game, int], float] = evaluate,
) -> int:
    """Index of the candidate (the game after it, in `afters`) with the best expected standing
    for `player` after the next player's reply (`reply(after, tile, player)`), or, when the
    candidates end the game, by `final(after, player)`.

    The next tile is taken in turn over the kinds the next draw may give (with the River:
    River tiles first), most frequent first, each weighted by its count; every candidate is
    scored on the same tiles, so a comparison cut short by the budget is still fair. The
    worse half is dropped after `first_halving`, then twice as many... tiles.
    """
    alive = list(range(len(afters)))
    if afters[0].finished:
        return max(alive, key=lambda i: (final(afters[i], player), -i))
    tiles = sorted(afters[0].next_tile_counts().items(), key=lambda tn: (-tn[1], tn[0]))
    sums = [0.0] * len(afters)
    done = 0
    halve_at = first_halving
    for k, (tile, count) in enumerate(tiles, start=1):
        values = []
        for i in alive:
            if done and timer() >= deadline:
                break
            values.append(count * reply(afters[i], tile, player))
            done += 1
        if len(values) < len(alive):
            break  # out of time inside this tile: drop it, so all are scored alike
        for i, value in zip(alive, values, strict=True):
            sums[i] += value
        if done >= limit or timer() >= deadline:
            break
        if k == halve_at and len(alive) > 2:
            alive = better_half(alive, sums)
            halve_at *= 2
    return max(alive, key=lambda i: (sums[i], -i))
