"""The fitted leaf: a position's expected final margin for a player, as a weighted sum of a
few public features whose weights were fitted to the margins seeded games actually ended
with (`bench/leaf_fit.py`), instead of chosen by hand.

The features, each `player`'s less their best opponent's (`features`):

- `final`: the end-of-game count now (`final_scores()`);
- `hand`: followers and abbots in hand;
- `closing`: for every claimed open road, city, monastery and garden, the chance it is closed
  (`table_analysis()`'s odds, as `expected_scores()` reads them) times what closing it would
  add, for its majority holders;
- `back`: the followers on those features, each times its feature's chance of closing (the
  figures likely to come back);
- `stuck`: the followers on claimed open features that can never close (a dead square);
- `to_move`: 1 when the player is the one to move (the next tile is theirs), -1 when that
  opponent is, else 0 (the search asks with the player to move, the review after a move).

Each weight is piecewise linear in the tiles left, set at `KNOTS` and interpolated between
them, so the leaf changes smoothly as the bag empties. A finished game is worth its margin.
"""

from __future__ import annotations

from app.engine import Game, feature_outlooks

# The kinds whose closing a table analysis foresees.
_CLOSING_KINDS = ("road", "city", "monastery", "garden")
# What a monastery or garden scores once closed (itself and its eight neighbours).
_CENTRE_CLOSED = 9
# The features' names, in the order of `features()` and of each row of `WEIGHTS`.
NAMES = ("final", "hand", "closing", "back", "stuck", "to_move")
# Tiles left at which the weights are set (in between they are interpolated; beyond the
# last, the last holds).
KNOTS = (0, 10, 25, 45, 82)
# WEIGHTS[k][j]: the weight of feature NAMES[j] with KNOTS[k] tiles left. Fitted by
#   nice -n 10 .venv/bin/python bench/leaf_fit.py --games 300
# on 300 easy-against-easy winter games of two players (bag seeds 1..300, every turn, 24,880
# positions; the 75 seeds that are multiples of 4 held out: bench/bots-findings.md).
WEIGHTS = (
    (0.9995, 2.8731, 0.6235, 0.4913, 0.0014, 1.0931),
    (0.9485, 5.5646, 0.3516, 2.0937, -0.3920, 0.8093),
    (0.8967, 6.7858, 0.1090, 3.7923, -2.2126, 0.9203),
    (0.8479, 6.8246, 0.2234, 5.8089, -3.0650, 1.0453),
    (1.0652, 6.7641, 0.2116, 8.1484, 6.2310, 0.9959),
)


def player_features(game: Game, final: list[int] | None = None) -> list[list[float]]:
    """Each player's raw features (`NAMES` but `to_move`) in `game`, read from its public
    state only. `final`: `game.final_scores()` when the caller has it already."""
    scores = game.final_scores() if final is None else final
    rows = [[float(s), 0.0, 0.0, 0.0, 0.0] for s in scores]
    for p, row in enumerate(rows):
        followers, abbots = game.supply(p)
        row[1] = float(followers + abbots)
    if game.finished:
        return rows
    claims = [c for c in game.claims() if c.kind in _CLOSING_KINDS and not c.complete]
    outlooks = {f.id: f for f in feature_outlooks(game, {c.id for c in claims})}
    for claim in claims:
        outlook = outlooks.get(claim.id)
        if outlook is None:
            continue
        holders = claim.followers
        if not outlook.closable:
            for p, n in enumerate(holders):
                rows[p][4] += n
            continue
        miss = 1.0
        for c in outlook.chance:
            miss *= 1.0 - c
        closes = 1.0 - miss
        closed = _CENTRE_CLOSED if claim.kind in ("monastery", "garden") else claim.points_now
        gain = closes * max(0, closed - claim.points_end)
        most = max(holders)
        for p, n in enumerate(holders):
            if n == most:
                rows[p][2] += gain
            rows[p][3] += closes * n
    return rows


def features(game: Game, player: int, final: list[int] | None = None) -> list[float]:
    """`player`'s features (`NAMES`) less their best opponent's: the opponent whose end-of-game
    count now is highest (the first of them on a tie)."""
    rows = player_features(game, final)
    others = [p for p in range(len(rows)) if p != player]
    rival = max(others, key=lambda p: rows[p][0])
    mover = game.current_player
    to_move = 1.0 if mover == player else -1.0 if mover == rival else 0.0
    return [a - b for a, b in zip(rows[player], rows[rival], strict=True)] + [to_move]


def phase(tiles_left: int) -> list[float]:
    """How much of each knot's weights apply with `tiles_left` tiles left (they add up to 1)."""
    out = [0.0] * len(KNOTS)
    if tiles_left >= KNOTS[-1]:
        out[-1] = 1.0
        return out
    for k in range(len(KNOTS) - 1):
        lo, hi = KNOTS[k], KNOTS[k + 1]
        if lo <= tiles_left < hi:
            t = (tiles_left - lo) / (hi - lo)
            out[k], out[k + 1] = 1.0 - t, t
            return out
    out[0] = 1.0
    return out


def fitted_margin(game: Game, player: int, final: list[int] | None = None) -> float:
    """`player`'s expected final margin over their best opponent in `game` by the fitted
    weights; a finished game's margin as it stands."""
    x = features(game, player, final)
    if game.finished:
        return x[0]
    value = 0.0
    for share, weights in zip(phase(game.tiles_left), WEIGHTS, strict=True):
        if share:
            value += share * sum(w * f for w, f in zip(weights, x, strict=True))
    return value
