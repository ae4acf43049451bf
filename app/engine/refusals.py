"""Why a move is refused: the `IllegalMoveError` that names the first rule a move breaks.

The move generator (`legal.py`) decides what is legal; when `play()` is given a move that is
not, it asks here for the words and the code (`ERRORS.md` in the server's protocol lists the
codes). Only the refused path runs this, so it may take its time to find the precise reason.
"""

from __future__ import annotations

from collections.abc import Callable

from .board import Board, Placement
from .errors import IllegalMoveError
from .figures import ABBOT, FigureKind
from .moves import Meeple, Move
from .position import Position
from .tiles import oriented
from .tiles.shapes import ALL_SLOT_NAMES, CENTRE, FIELD, ROTATIONS, SLOT_INDEX, OrientedSegment


def unknown_tile(tile: str) -> IllegalMoveError:
    """The refusal of a tile name that is no tile of any set."""
    return IllegalMoveError(f"unknown tile {tile!r}", code="unknown_tile", args={"tile": tile})


def misfit(board: Board, tile: str, p: Placement) -> IllegalMoveError:
    """Why `tile` may not go at `p` on `board`, when its rule allows it but it does not fit."""
    if p.rot not in ROTATIONS:
        return IllegalMoveError(
            f"rotation must be 0, 90, 180 or 270, not {p.rot}",
            code="bad_rotation", args={"rot": p.rot},
        )
    at = {"x": p.x, "y": p.y}
    if (p.x, p.y) in board.cells:
        return IllegalMoveError(
            f"there is already a tile at ({p.x}, {p.y})", code="cell_taken", args=at
        )
    if (p.x, p.y) not in board.frontier:
        return IllegalMoveError(
            f"({p.x}, {p.y}) does not touch any placed tile", code="not_adjacent", args=at
        )
    return IllegalMoveError(
        f"tile {tile} turned {p.rot} does not match its neighbours at ({p.x}, {p.y})",
        code="edges_mismatch", args={"tile": tile, "rot": p.rot, **at},
    )


def check_figure(game: Position, move: Move) -> FigureKind | None:
    """Raise `IllegalMoveError` if the figure part of `move` (the abbot taken back, the kind
    and slot of its figure) can never be played by the player to move, whatever the tile;
    else return the kind of the figure placed, if any."""
    ruleset = game.ruleset
    meeple = move.meeple
    if move.return_abbot:
        if ruleset.figure(ABBOT) is None:
            raise IllegalMoveError(
                "there is no abbot in this game",
                code="figure_not_in_game", args={"figure": ABBOT},
            )
        if meeple is not None:
            raise IllegalMoveError(
                "you cannot take the abbot back and place a figure", code="abbot_and_figure"
            )
        if game.figures.abbot_at[game.current_player] is None:
            raise IllegalMoveError("your abbot is not on the board", code="abbot_not_on_board")
    if meeple is None:
        return None
    kind = ruleset.figure(meeple.kind)
    figure = {"figure": meeple.kind}
    if kind is None:
        if meeple.kind in ruleset.absent_figures:
            raise IllegalMoveError(
                f"there is no {meeple.kind} in this game", code="figure_not_in_game", args=figure
            )
        raise IllegalMoveError(
            f"unknown figure {meeple.kind!r}", code="unknown_figure", args=figure
        )
    if meeple.at not in ALL_SLOT_NAMES:
        raise IllegalMoveError(
            f"unknown slot {meeple.at!r}", code="unknown_slot", args={"slot": meeple.at}
        )
    return kind


def why_no_spot(
    game: Position,
    tile: str,
    placement: Placement,
    meeple: Meeple,
    kind: FigureKind,
    own_segments: Callable[[], int],
) -> IllegalMoveError:
    """Why `meeple` (of `kind`) may not stand where it names on `tile` placed at `placement`.
    `own_segments()`: the bitmask of the tile's segments that would join a feature with a
    follower of the player to move (asked only for a builder or a pig)."""
    figure = {"figure": kind.name}
    player = game.current_player
    if not game.figures.in_hand(player, kind.name):
        return IllegalMoveError(
            kind.none_left.format(player=player), code="no_figure_left", args=figure
        )
    o = oriented(tile, placement.rot)
    if not kind.segments:  # a figure for centres only: the abbot
        where = " or ".join(f"a {centre}" for centre in kind.centres)
        return IllegalMoveError(
            f"the {kind.name} may only go on {where} of the placed tile",
            code="centre_only", args=figure,
        )
    segment = _named_segment(o.segments, o.slot_segment, meeple.at)
    if segment is None:  # `C`, and no segment is named so
        if o.centre is not None and o.centre not in kind.centres:
            allowed = [k.name for k in game.ruleset.figures if o.centre in k.centres]
            if not allowed:
                return IllegalMoveError(
                    f"no figure may go on a {o.centre} in this game",
                    code="centre_closed", args={"centre": o.centre},
                )
            return IllegalMoveError(
                f"only the {' or the '.join(allowed)} may go on a {o.centre}",
                code="centre_not_for_figure", args={**figure, "centre": o.centre},
            )
        return IllegalMoveError(
            f"this tile has no {' or '.join(kind.centres)}", code="no_centre", args=figure
        )
    feature = {"feature": segment.kind}
    if segment.kind not in game.ruleset.segment_features:
        return IllegalMoveError(
            f"a figure cannot stand on the {segment.kind}", code="not_a_feature", args=feature
        )
    closed = game.ruleset.closed.get(segment.kind)
    if closed is not None:
        return IllegalMoveError(closed, code="feature_closed", args=feature)
    if segment.kind not in kind.segments:
        return IllegalMoveError(
            f"a {kind.name} cannot stand on a {segment.kind}",
            code="figure_not_on_feature", args={**figure, **feature},
        )
    if kind.companion:
        return _why_no_companion(player, segment, kind, own_segments())
    return IllegalMoveError(
        f"that {segment.kind} is already occupied", code="occupied", args=feature
    )


def _why_no_companion(
    player: int, segment: OrientedSegment, kind: FigureKind, own: int
) -> IllegalMoveError:
    """Why a builder or pig in hand may not go on `segment` of the placed tile."""
    if not own >> segment.index & 1:
        where = (
            "farmer in that field" if segment.kind == FIELD else f"follower on that {segment.kind}"
        )
        return IllegalMoveError(
            f"player {player} has no {where}",
            code="no_own_follower",
            args={"figure": kind.name, "feature": segment.kind, "player": player},
        )
    return IllegalMoveError(
        f"the {kind.name} may not go on a road or city that this tile completes",
        code="completed_by_tile",
        args={"figure": kind.name, "feature": segment.kind},
    )


def _named_segment(
    segments: tuple[OrientedSegment, ...], slot_segment: tuple[int, ...], name: str
) -> OrientedSegment | None:
    """The segment a figure naming slot `name` stands on (`C`: the segment covering no slot,
    if the tile has one)."""
    if name == CENTRE:
        return next((seg for seg in segments if not seg.slots), None)
    return segments[slot_segment[SLOT_INDEX[name]]]
