"""Scoring, read off the board: what a tile completed, what the end of the game would give, and
the score event of a feature.

These functions change nothing; the game applies what they find (points to the scores,
figures back to their owners) in `play()` and `end_early()`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .board import Board, Cell, PlacedTile
from .events import ScoreEvent
from .features import Feature, FeatureKey, Worth, feature_id
from .position import Position
from .tiles.shapes import OrientedTile

# What one feature gives at the end: (its root or centre cell, its kind, its worth as it
# stands, the players who score it).
FinalScoring = tuple[FeatureKey, str, Worth, tuple[int, ...]]


def score_event(
    board: Board,
    turn: int,
    kind: str,
    key: FeatureKey,
    worth: Worth,
    players: tuple[int, ...],
    final: bool,
) -> ScoreEvent:
    """The event of `players` scoring `worth` for the feature `key` (scored as `kind`)."""
    return ScoreEvent(
        turn, kind, worth.points, players, final, worth.tiles, worth.pennants, worth.cities,
        event_cells(board, key), feature_id(key), worth.flags,
    )  # fmt: skip


def event_cells(board: Board, key: FeatureKey) -> tuple[Cell, ...]:
    """The cells a score event names: a road's, city's or field's tiles; the tiles among a
    monastery's or garden's nine cells."""
    if isinstance(key, tuple):
        return tuple(sorted(c for c in board.cells_around(key) if c in board.cells))
    tiles = board.tiles[key]
    assert tiles is not None
    return tuple(sorted(tiles))


def completed_by(
    game: Position, tile: OrientedTile, cell: Cell, roots: list[int]
) -> tuple[list[tuple[int, Feature[int]]], list[tuple[Cell, Feature[Cell], bool]]]:
    """What `tile`, just placed on `cell` (its segments now in the features `roots`, as
    `Board.place` returned them: nothing merged since), touched: the roads and cities it
    completed (root, kind), and every monastery and garden among the nine cells (cell, kind,
    whether it is complete now)."""
    board = game.board
    segment_features = game.ruleset.segment_features
    completed = []
    seen: set[int] = set()
    for root, segment in zip(roots, tile.segments, strict=True):  # roots as `place` left them
        feature = segment_features.get(segment.kind)
        if feature is None or root in seen:
            continue
        seen.add(root)
        if feature.complete(board, root):
            completed.append((root, feature))
    centre_features = game.ruleset.centre_features
    centres = []
    for around in board.cells_around(cell):
        kind = board.centres.get(around)
        if kind is None:
            continue
        centre = centre_features.get(kind)
        if centre is not None:  # else a garden without The Abbot: only a picture
            centres.append((around, centre, centre.complete(board, around)))
    return completed, centres


def final_scorings(game: Position) -> list[FinalScoring]:
    """What end-of-game scoring would give for each feature with figures on it: one entry
    per feature, or one per share when a rule shares its points out (the pig's field: its
    owner, a winner, scores more than the other winners)."""
    board, figures = game.board, game.figures
    roots = {board.find(f.segment) for f in figures.on_board.values() if f.segment is not None}
    out: list[FinalScoring] = []
    for root in sorted(roots):
        out += _segment_scorings(game, root)
    for cell, figure_id in sorted(figures.on_centres.items()):
        out.append(_centre_scoring(game, cell, figure_id))
    return out


def _segment_scorings(game: Position, root: int) -> list[FinalScoring]:
    """`final_scorings` of the road, city or field `root`, which has figures on it."""
    board, figures = game.board, game.figures
    kind = board.kind(root)
    figure_ids = board.figures[root]
    assert figure_ids
    worth = game.ruleset.segment_features[kind].value(board, root)
    winners = figures.majority(figure_ids, len(game.players))
    for i in game.ruleset.share_rules:
        shares = game.rules[i].shares(board, figures, root, kind, worth, winners)
        if shares is not None:
            return [(root, kind, part, sharers) for part, sharers in shares]
    return [(root, kind, worth, winners)]


def _centre_scoring(game: Position, cell: Cell, figure_id: int) -> FinalScoring:
    """`final_scorings` of the monastery or garden on `cell`, with the figure `figure_id`."""
    kind = game.board.centres[cell]
    worth = game.ruleset.centre_features[kind].value(game.board, cell)
    return (cell, kind, worth, (game.figures.on_board[figure_id].player,))


@dataclass(frozen=True, slots=True)
class FinalTally:
    """What end-of-game scoring would give a position, feature by feature (`final_tally`),
    so that the position one placement on is counted from it (`final_scores_since`).

    `points`: per feature with figures (its root or centre cell), each (points, players)
    share `final_scorings` gives it; `totals`: their sum per player. `turns`, `tiles` and
    `last` (the tile placed last) name the position, to check that a game descends from it.
    """

    turns: int
    tiles: int
    last: PlacedTile
    points: Mapping[FeatureKey, tuple[tuple[int, tuple[int, ...]], ...]]
    totals: tuple[int, ...]


def final_tally(game: Position) -> FinalTally:
    """The `FinalTally` of `game` as it stands (the features' shares only: what the scores so
    far and the rules' extras add is read from the later position itself)."""
    points: dict[FeatureKey, tuple[tuple[int, tuple[int, ...]], ...]] = {}
    totals = [0] * len(game.players)
    for where, _, worth, players in final_scorings(game):
        points[where] = (*points.get(where, ()), (worth.points, players))
        for p in players:
            totals[p] += worth.points
    board = game.board
    return FinalTally(len(game.turns), len(board.order), board.order[-1], points, tuple(totals))


def final_scores_since(
    game: Position, tally: FinalTally, gone: Iterable[FeatureKey], fresh: Iterable[FeatureKey]
) -> list[int]:
    """`final_scores(game)`, counted from `tally` of an earlier position of the same game:
    the shares of the features `gone` (changed or merged away since) are taken out, those of
    the features `fresh` (made or changed since, as they are now) counted again, every other
    feature's kept. Exact when `gone` and `fresh` hold every feature that changed: what
    `Game.final_scores(since=...)` reads off its last move."""
    scores = list(game.scores)
    if game.finished:
        return scores
    totals = list(tally.totals)
    points = tally.points
    for key in gone:
        for worth, players in points.get(key, ()):
            for p in players:
                totals[p] -= worth
    board, on_centres = game.board, game.figures.on_centres
    for key in fresh:
        scorings: list[FinalScoring] = []
        if isinstance(key, tuple):
            figure_id = on_centres.get(key)
            if figure_id is not None:
                scorings.append(_centre_scoring(game, key, figure_id))
        elif board.figures[key]:  # figures stand on a feature's root only
            scorings = _segment_scorings(game, key)
        for _, _, worth_now, players in scorings:
            for p in players:
                totals[p] += worth_now.points
    for p, total in enumerate(totals):
        scores[p] += total
    for event in final_extras(game):
        for p in event.players:
            scores[p] += event.points
    return scores


def final_extras(game: Position) -> list[ScoreEvent]:
    """What the rules give at the end beyond features (`Rule.final_events`)."""
    turn, players = len(game.turns), len(game.players)
    return [
        event
        for i in game.ruleset.final_rules
        for event in game.rules[i].final_events(game.board, turn, players)
    ]


def final_scores(game: Position) -> list[int]:
    """The scores if `game` ended now."""
    scores = list(game.scores)
    if not game.finished:
        for _, _, worth, players in final_scorings(game):
            for p in players:
                scores[p] += worth.points
        for event in final_extras(game):
            for p in event.players:
                scores[p] += event.points
    return scores


__all__ = [
    "FinalScoring",
    "FinalTally",
    "completed_by",
    "event_cells",
    "final_extras",
    "final_scores",
    "final_scores_since",
    "final_scorings",
    "final_tally",
    "score_event",
]
