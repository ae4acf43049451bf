"""The review of a finished game: every placement judged by the expert's evaluation.

For each turn of a move log, the position is rebuilt from the turns before it alone (the
board, the tile drawn, the figures in hand, the scores, the tiles left as a multiset: a
log-driven game never knows the bag's order), and the move played is weighed against the
best moves the `expert` bot finds there (the expert's fitted leaf, `leaf.fitted_margin()`,
after each: of the leaves tried, the best predictor of the final margin on games it was not
fitted on, bench/bots-findings.md). The loss is how many points of expected final margin the
move played gave away against the best one found: 0 when it is the best found (or better than
all of them), never negative. Its class:

| class | loss (points of expected final margin) |
|---|---|
| good | under 2 |
| inaccuracy | 2 to under 5 |
| mistake | 5 to under 10 |
| blunder | 10 or more |

A turn is judged on its own (`review_turns` takes a range of turns), so a server can spread a
review over small jobs and say how far it got; the same log gives the same review.

"Learn from your mistakes": `puzzle()` gives a turn's position (the tile and every legal move
of it, as the turn's player saw it) and `try_move()` judges another move there by the same
measure: it is as good as the best found when it gives away less than `PUZZLE_TOLERANCE`
points of expected final margin (a move the review would call good).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.engine import Game, IllegalMoveError, InvalidLogError, Meeple, Move, from_log, play_turn

from .advice import explain
from .easy import rank_moves
from .expert import CANDIDATES, expected_scores, weigh
from .leaf import fitted_margin

# The lower bound of each class's loss, worst first (README "Game review").
CLASSES: tuple[tuple[str, float], ...] = (
    ("blunder", 10.0),
    ("mistake", 5.0),
    ("inaccuracy", 2.0),
    ("good", 0.0),
)
_EPSILON = 1e-6
# A move tried in a puzzle is as good as the best found below this loss: the upper bound of
# a good move (README "Game review").
PUZZLE_TOLERANCE = CLASSES[-2][1]


def classify(loss: float) -> str:
    """The class of a move that gave away `loss` points of expected final margin."""
    return next(name for name, floor in CLASSES if loss >= floor)


def _move(turn: dict[str, Any]) -> Move:
    meeple = turn.get("meeple")
    return Move(
        turn["x"], turn["y"], turn["rot"],
        None if meeple is None else Meeple(meeple["kind"], meeple["at"]),
        bool(turn.get("return_abbot", False)),
    )


def _turn_of(move: Move, player: int, tile: str) -> dict[str, Any]:
    """`move` in the move log's turn form (LOG_FORMAT.md)."""
    turn: dict[str, Any] = {
        "player": player, "tile": tile, "x": move.x, "y": move.y, "rot": move.rot,
        "meeple": None if move.meeple is None else move.meeple.to_dict(),
    }
    if move.return_abbot:
        turn["return_abbot"] = True
    return turn


def _rounded(values: Sequence[float]) -> list[float]:
    return [round(v, 2) for v in values]


def review_turns(log: dict[str, Any], start: int, stop: int) -> list[dict[str, Any]]:
    """The review of turns `start` to `stop` - 1 of the move log `log` (its seed, if any,
    is never read): for each, `{"turn", "player", "played", "best", "loss", "class",
    "expected"}` with `played` and `best` in the log's turn form and `expected` every
    player's expected final score after the move played; when the best move found is not
    the one played, also `why` (what it does, a phrase's `{"code", "args"}`) and `reason`
    (the same in English). Picklable arguments and result, so
    a server can run it in a worker process."""
    turns = log["turns"]
    public = {k: v for k, v in log.items() if k not in ("seed", "turns")}
    game = from_log({**public, "turns": turns[:start]})
    judged = []
    for index in range(start, min(stop, len(turns))):
        judged.append(_judge(game, index, turns[index]))
        play_turn(game, turns[index])
    return judged


def _judge(game: Game, index: int, turn: dict[str, Any]) -> dict[str, Any]:
    player = turn["player"]
    if "discarded" in turn:
        after = game.copy()
        play_turn(after, turn)
        return {
            "turn": index, "player": player, "played": turn, "best": turn, "loss": 0.0,
            "class": "good", "expected": _rounded(expected_scores(after)),
        }
    tile = turn["tile"]
    played = _move(turn)
    after = game.copy()
    play_turn(after, turn)
    played_scores = expected_scores(after)
    played_value = fitted_margin(after, player)
    best, best_value = _best(game, tile, player, played, played_value)
    loss = round(max(0.0, best_value - played_value), 2)
    judged: dict[str, Any] = {
        "turn": index, "player": player, "played": turn, "best": turn, "loss": loss,
        "class": classify(loss), "expected": _rounded(played_scores),
    }
    if loss > 0:
        advice = explain(game, best, tile)
        judged.update(best=_turn_of(best, player, tile), why=advice.why.to_dict(),
                      reason=advice.reason)
    return judged


def _best(game: Game, tile: str, player: int, move: Move, value: float) -> tuple[Move, float]:
    """The best of `move` (worth `value`) and the expert's candidates for `tile` in `game`,
    with its expected final margin for `player`; `move` when none is better."""
    best, best_value = move, value
    for _, other in rank_moves(game, tile)[:CANDIDATES]:
        if other == move:
            continue
        worth = weigh(game, other, tile, player)
        if worth > best_value + _EPSILON:
            best, best_value = other, worth
    return best, best_value


def is_placement(log: dict[str, Any], turn: int) -> bool:
    """Whether turn `turn` (0-based) of the move log `log` is a placement: a puzzle's turn."""
    turns = log["turns"]
    return 0 <= turn < len(turns) and "tile" in turns[turn]


def _position(log: dict[str, Any], turn: int) -> tuple[Game, dict[str, Any]]:
    """The game of the public `log` before its turn `turn` (0-based) and that turn, which
    must be a placement; ValueError otherwise."""
    if not is_placement(log, turn):
        raise ValueError(f"turn {turn} is not a placement of this game")
    turns = log["turns"]
    public = {k: v for k, v in log.items() if k not in ("seed", "turns")}
    return from_log({**public, "turns": turns[:turn]}), turns[turn]


def puzzle(log: dict[str, Any], turn: int) -> dict[str, Any]:
    """Turn `turn` (0-based) of the move log `log` as a puzzle: `{"turn", "player", "tile",
    "moves", "tolerance"}`, `moves` every legal placement of the tile there as `{"x", "y",
    "rot", "spots": [{"kind", "at", "feature"}]}` (the figures it may take). ValueError for
    a turn that is no placement."""
    game, played = _position(log, turn)
    moves = game.legal_moves(played["tile"])
    return {
        "turn": turn, "player": played["player"], "tile": played["tile"],
        "moves": [
            {"x": p.x, "y": p.y, "rot": p.rot,
             "spots": [{"kind": s.kind, "at": s.at, "feature": s.feature}
                       for s in moves.spots(p)]}
            for p in moves.placements()
        ],
        "tolerance": PUZZLE_TOLERANCE,
    }


def try_move(log: dict[str, Any], turn: int, tried: dict[str, Any]) -> dict[str, Any]:
    """Judge `tried` (`{"x", "y", "rot", "meeple"}`, the log's turn form without player and
    tile) as the move of turn `turn` of `log`: `{"turn", "tried", "best", "loss", "solved",
    "tolerance"}` with `loss` the expected final margin it gives away against the best move
    found (0 when it is that move or better), `solved` when that is under the tolerance and
    `best` in the log's turn form; or `{"illegal": code, "detail": why}` for a move the rules
    forbid. ValueError for a turn that is no placement."""
    game, played = _position(log, turn)
    player, tile = played["player"], played["tile"]
    attempt = {"player": player, "tile": tile, "x": tried["x"], "y": tried["y"],
               "rot": tried["rot"], "meeple": tried.get("meeple")}
    after = game.copy()
    try:
        play_turn(after, attempt)
    except InvalidLogError as e:
        return {"illegal": "bad_move", "detail": str(e)}
    except IllegalMoveError as e:
        return {"illegal": e.code, "detail": str(e)}
    value = fitted_margin(after, player)
    # The best found as the review found it (the move played among the candidates), and the
    # move tried if it beats them all.
    move = _move(attempt)
    best, best_value = _best(game, tile, player, _move(played), weigh(game, _move(played), tile,
                                                                      player))
    if value > best_value + _EPSILON:
        best, best_value = move, value
    loss = round(max(0.0, best_value - value), 2)
    return {
        "turn": turn, "tried": _turn_of(move, player, tile), "best": _turn_of(best, player, tile),
        "loss": loss, "solved": loss < PUZZLE_TOLERANCE, "tolerance": PUZZLE_TOLERANCE,
    }


def summarize(turns: Sequence[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """Per player in game order: `{"player", "moves", "mean_loss", "counts"}` over their
    placements (discards left out), `counts` the number of moves in each class."""
    result = []
    for p in range(players):
        mine = [t for t in turns if t["player"] == p and "discarded" not in t["played"]]
        counts = {name: 0 for name, _ in reversed(CLASSES)}
        for t in mine:
            counts[t["class"]] += 1
        mean = sum(t["loss"] for t in mine) / len(mine) if mine else 0.0
        result.append({"player": p, "moves": len(mine), "mean_loss": round(mean, 2),
                       "counts": counts})
    return result
