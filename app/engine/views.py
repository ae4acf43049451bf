"""The JSON views of a game: its public state, its features, the field lesson, the results.

Each function reads a `Position` (a `Game`) and changes nothing; `Game.view()` and the other
methods of the same names call them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .board import Cell
from .features import FIELD_POINTS_PER_CITY, Feature, FeatureKey, Key, feature_id
from .figures import ABBOT, FOLLOWER, Figure
from .position import Position
from .tiles.shapes import CENTRE, CITY, FIELD, GARDEN, MONASTERY, ROAD

# The keys of each player's breakdown in `results()`, whether or not the game has them.
CATEGORIES: tuple[str, ...] = (ROAD, CITY, MONASTERY, GARDEN, ABBOT, FIELD)


def view(game: Position) -> dict[str, Any]:
    """The whole public state, JSON-ready: never the bag order or the seed."""
    return {
        **turn_view(game),
        "board": [
            {"x": t.x, "y": t.y, "tile": t.tile.id, "rot": t.tile.rot} for t in game.board.order
        ],
        "figures": figures(game),
    }


def turn_view(game: Position) -> dict[str, Any]:
    """`view()` without `board` and `figures`: what changes from turn to turn, at a cost that
    does not grow with the board."""
    extras: dict[str, Any] = {}
    for i in game.ruleset.view_rules:
        extras.update(game.rules[i].view(game.finished))
    return {
        "turn": game.turn,
        "current_player": None if game.finished else game.current_player,
        "drawn_tile": game.drawn_tile,
        "finished": game.finished,
        "ended_early": game.ended_early,
        "options": game.options.to_dict(),
        "players": [
            {"name": p.name, "color": p.color, "score": game.scores[i], **supply(game, i)}
            for i, p in enumerate(game.players)
        ],
        "bag": {t: n for t, n in game.bag.items() if n},
        "tiles_left": sum(game.bag.values()),
        "last": None if game.last is None else {"x": game.last[0], "y": game.last[1]},
        **extras,
    }


def supply(game: Position, player: int) -> dict[str, Any]:
    """What `player` holds, as each player's entry of `view()` and the replay's `supply` list
    it: `followers` and `abbot` in hand (0 without The Abbot); with Inns & Cathedrals `large`,
    with Traders & Builders `builder` and `pig` (each 1 in hand, 0 on the board) and `goods`
    (`{"wine": n, "grain": n, "cloth": n}`, the tokens taken). A key of an expansion the
    game is played without is absent."""
    hand = game.figures
    out: dict[str, Any] = {
        "followers": hand.in_hand(player, FOLLOWER),
        "abbot": hand.in_hand(player, ABBOT),
    }
    for kind in game.ruleset.figures:
        if kind.name not in (FOLLOWER, ABBOT):
            out[kind.name] = hand.in_hand(player, kind.name)
    for i in game.ruleset.player_view_rules:
        out.update(game.rules[i].player_view(player))
    return out


def figures(game: Position) -> list[dict[str, Any]]:
    """Every figure on the board: owner, kind, cell, slot and the feature it stands on."""
    return [figure_dict(game, figure) for figure in game.figures.on_board.values()]


def figure_dict(game: Position, figure: Figure) -> dict[str, Any]:
    """One figure as `view()["figures"]` lists it."""
    if figure.segment is None:
        feature = game.board.centres[figure.cell]
    else:
        feature = game.board.kind(figure.segment)
    return {
        "player": figure.player,
        "kind": figure.kind,
        "x": figure.cell[0],
        "y": figure.cell[1],
        "at": figure.slot,
        "feature": feature,
    }


def features(game: Position) -> list[dict[str, Any]]:
    """Every road, city, field, monastery (and garden, with The Abbot) on the board; never
    the river, which is no feature. With Inns & Cathedrals a road, city or field also has
    `strength` (per player, what their figures count in a majority: a large follower 2);
    with Traders & Builders a city with goods has `goods` (`{"wine": n, ...}`: what the
    player who completes it takes)."""
    board = game.board
    groups: dict[int, list[int]] = {}
    for seg in range(len(board.parent)):
        groups.setdefault(board.find(seg), []).append(seg)
    segment_features = game.ruleset.segment_features
    out = [
        _segment_feature(game, root, segs)
        for root, segs in groups.items()
        if board.kind(root) in segment_features
    ]
    centre_features = game.ruleset.centre_features
    out += [
        _centre_feature(game, cell)
        for cell, kind in board.centres.items()
        if kind in centre_features
    ]
    return out


@dataclass(frozen=True, slots=True)
class Claim:
    """A feature with a follower on it, with the numbers `features()` gives it (`claims`)."""

    id: str
    kind: str
    complete: bool
    followers: tuple[int, ...]
    points_now: int
    points_end: int


def claims(game: Position) -> list[Claim]:
    """The features `features()` lists with a follower (of either size) on them, in its
    order and with its `id`, `kind`, `complete`, `followers`, `points_now` and
    `points_end`; costs the figures on the board, not the board (no feature is walked)."""
    board, figures = game.board, game.figures
    players = len(game.players)
    segment_features = game.ruleset.segment_features
    out = []
    roots = {board.find(f.segment) for f in figures.on_board.values() if f.segment is not None}
    for root in sorted(roots):  # a feature's root is its oldest segment: features() order
        kind = segment_features.get(board.kind(root))
        followers = figures.count_by_player(board.figures[root], players)
        if kind is not None and any(followers):
            out.append(_claim(game, feature_id(root), kind, root, followers))
    centre_features = game.ruleset.centre_features
    for cell, name in board.centres.items():
        figure_id = figures.on_centres.get(cell)
        centre = centre_features.get(name)
        if figure_id is None or centre is None:
            continue
        followers = figures.count_by_player([figure_id], players)
        if any(followers):
            out.append(_claim(game, feature_id(cell), centre, cell, followers))
    return out


def _claim(
    game: Position, id_: str, kind: Feature[Key], key: Key, followers: list[int]
) -> Claim:
    board = game.board
    complete = kind.complete(board, key)
    now = kind.worth(board, key, True)
    end = now if complete else kind.worth(board, key, False)
    return Claim(id_, kind.kind, complete, tuple(followers), now.points, end.points)


def listed_id(game: Position, key: FeatureKey) -> str | None:
    """The id `features()` gives the feature `key` (a root or a centre cell), or None if it
    is no feature of this game (the river; a garden without The Abbot)."""
    board = game.board
    if isinstance(key, tuple):
        listed = board.centres[key] in game.ruleset.centre_features
    else:
        listed = board.kind(key) in game.ruleset.segment_features
    return feature_id(key) if listed else None


def feature(game: Position, id_: str) -> dict[str, Any] | None:
    """The feature `id_` as `features()` lists it, or None when there is no such feature (any
    more: a merged feature's id vanishes). Costs the feature's size, not the board's."""
    board = game.board
    if id_.startswith("s") and id_[1:].isdigit():
        root = int(id_[1:])
        if root >= len(board.parent) or board.find(root) != root:
            return None
        if board.kind(root) not in game.ruleset.segment_features:
            return None
        return _segment_feature(game, root, board.segments_of(root))
    if id_.startswith("c"):
        x, comma, y = id_[1:].partition(",")
        try:
            cell = (int(x), int(y))
        except ValueError:
            return None
        kind = board.centres.get(cell)
        if comma and kind is not None and kind in game.ruleset.centre_features:
            return _centre_feature(game, cell)
    return None


def field_lesson(game: Position) -> dict[str, Any] | None:
    """The field to show at the end of a game played without farmers (see `Game.field_lesson`):
    the field bordering the most finished cities, then the larger, then the oldest."""
    if not game.finished or game.options.farmers:
        return None
    board = game.board
    best: tuple[int, int, int] | None = None  # (cities, tiles, -root): the largest wins
    best_cities: set[int] = set()
    for root, parent in enumerate(board.parent):
        if parent != root or board.kind(root) != FIELD:
            continue
        cities = board.completed_city_roots(root)
        if not cities:
            continue
        tiles = board.tiles[root]
        assert tiles is not None
        key = (len(cities), len(tiles), -root)
        if best is None or key > best:
            best, best_cities = key, cities
    if best is None:
        return None
    root = -best[2]
    field = _segment_feature(game, root, board.segments_of(root))
    return {
        "field": field,
        "cities": [_segment_feature(game, c, board.segments_of(c)) for c in sorted(best_cities)],
        "per_city": FIELD_POINTS_PER_CITY,
        "points": field["points_end"],
    }


def results(game: Position) -> dict[str, Any]:
    """Scores with a per-player breakdown by category, the ranking and the winners. Before the
    game is over this is the standing so far (final scoring not applied)."""
    scores = game.scores
    breakdown = [dict.fromkeys(CATEGORIES, 0) for _ in game.players]
    for event in game.events:
        for p in event.players:
            breakdown[p][event.feature] = breakdown[p].get(event.feature, 0) + event.points
    best = max(scores)
    ranking = sorted(range(len(game.players)), key=lambda p: -scores[p])
    return {
        "finished": game.finished,
        "ended_early": game.ended_early,
        "scores": list(scores),
        "breakdown": breakdown,
        "ranking": [
            {"player": p, "score": scores[p], "rank": 1 + sum(s > scores[p] for s in scores)}
            for p in ranking
        ],
        "winners": [p for p, s in enumerate(scores) if s == best],
    }


def _segment_feature(game: Position, root: int, segments: list[int]) -> dict[str, Any]:
    """The dict of a road, city or field made of `segments` (in placement order)."""
    board = game.board
    parts: dict[Cell, list[str]] = {}
    for seg in segments:
        placed = board.segment_tile[seg]
        parts.setdefault((placed.x, placed.y), []).extend(board.segment(seg).names)
    followers = game.figures.count_by_player(board.figures[root], len(game.players))
    parts_list = [{"x": c[0], "y": c[1], "slots": slots} for c, slots in parts.items()]
    kind = game.ruleset.segment_features[board.kind(root)]
    out = _feature_dict(game, feature_id(root), kind, root, parts_list, followers)
    if game.ruleset.weighted:  # a large follower counts 2: say who has the majority
        out["strength"] = game.figures.strength_by_player(board.figures[root], len(game.players))
    marks = board.marks[root]
    if marks and game.ruleset.goods:
        out["goods"] = {good: marks.get(good, 0) for good in game.ruleset.goods}
    return out


def _centre_feature(game: Position, cell: Cell) -> dict[str, Any]:
    figure_id = game.figures.on_centres.get(cell)
    ids = None if figure_id is None else [figure_id]
    followers = game.figures.count_by_player(ids, len(game.players))
    kind = game.ruleset.centre_features[game.board.centres[cell]]
    parts = [{"x": cell[0], "y": cell[1], "slots": [CENTRE]}]
    return _feature_dict(game, feature_id(cell), kind, cell, parts, followers)


def _feature_dict(
    game: Position,
    id_: str,
    kind: Feature[Key],
    key: Key,
    parts: list[dict[str, Any]],
    followers: list[int],
) -> dict[str, Any]:
    board = game.board
    complete = kind.complete(board, key)
    now = kind.worth(board, key, True)
    end = now if complete else kind.worth(board, key, False)
    return {
        "id": id_,
        "kind": kind.kind,
        "complete": complete,
        "parts": parts,
        "tiles": end.tiles,
        "pennants": end.pennants,
        "followers": followers,
        "points_now": now.points,
        "points_end": end.points,
    }


__all__ = [
    "CATEGORIES",
    "Claim",
    "claims",
    "feature",
    "features",
    "field_lesson",
    "figure_dict",
    "figures",
    "listed_id",
    "results",
    "supply",
    "turn_view",
    "view",
]
