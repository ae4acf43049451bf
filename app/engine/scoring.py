"""Scoring, read off the board: what a tile completed, what the end of the game would give, and
the score event of a feature.

These functions change nothing; the game applies what they find (points to the scores,
figures back to their owners) in `play()` and `end_early()`.
"""

from __future__ import annotations

from .board import Board, Cell
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
    board, figures, players = game.board, game.figures, len(game.players)
    segment_features = game.ruleset.segment_features
    share_rules = game.ruleset.share_rules
    roots = {board.find(f.segment) for f in figures.on_board.values() if f.segment is not None}
    out: list[FinalScoring] = []
    for root in sorted(roots):
        kind = board.kind(root)
        figure_ids = board.figures[root]
        assert figure_ids
        worth = segment_features[kind].value(board, root)
        winners = figures.majority(figure_ids, players)
        for i in share_rules:
            shares = game.rules[i].shares(board, figures, root, kind, worth, winners)
            if shares is not None:
                out += [(root, kind, part, sharers) for part, sharers in shares]
                break
        else:
            out.append((root, kind, worth, winners))
    centre_features = game.ruleset.centre_features
    for cell, figure_id in sorted(figures.on_centres.items()):
        kind = board.centres[cell]
        worth = centre_features[kind].value(board, cell)
        out.append((cell, kind, worth, (figures.on_board[figure_id].player,)))
    return out


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
    "completed_by",
    "event_cells",
    "final_extras",
    "final_scores",
    "final_scorings",
    "score_event",
]
