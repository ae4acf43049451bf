"""Legal moves: which placements a tile has this turn, which figure spots each offers, and why a
move is refused; and `LegalMoves`, the view of them all.

`LegalMoves` is python-chess's `board.legal_moves` for this game: cheap to make, iterable, and
`move in game.legal_moves()` reads as English. The work behind it is the game's
`MoveGenerator`'s, done once per tile and turn and shared by every view of that turn and by
`play()`, so a bot, the server and `play()` never compute a placement's spots twice. The
generator reads the game through `Position` only.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import partial
from types import MappingProxyType

from .bag import draw_error
from .board import Cell, Placement
from .errors import IllegalMoveError
from .moves import FigureSpot, Meeple, Move, Spots
from .position import Position
from .refusals import check_figure, misfit, unknown_tile, why_no_spot
from .rules import Rule
from .spots import occupied_segments, offered_spots, spot_table
from .tiles import TILES, oriented


class TurnMoves:
    """What one tile may do on one turn: its legal placements and, once somebody asked, their
    figure spots. Kept by the generator per tile and turn (`key`), shared by every view."""

    __slots__ = ("_legal", "complete", "key", "placements", "spots")

    def __init__(self, key: tuple[str, int], placements: tuple[Placement, ...]) -> None:
        self.key = key
        self.placements = placements
        self.spots: dict[Placement, Spots] = {}
        self.complete = False  # `spots` holds every placement, in the order of `placements`
        self._legal: frozenset[Placement] | None = None

    @property
    def legal(self) -> frozenset[Placement]:
        """The placements as a set (made when first asked: most turns never ask)."""
        if self._legal is None:
            self._legal = frozenset(self.placements)
        return self._legal


class MoveGenerator:
    """The legal moves of one game, for the player to move: placements, figure spots, and the
    reason an illegal move is refused. Keeps the moves of the last tile asked about this turn.

    Each method reads the game it is given, which is always the generator's own (it keeps no
    reference to it, so that a game and its generator are no reference cycle: the bots' copies
    are freed as soon as they are dropped).
    """

    __slots__ = ("_moves", "_placed_by")

    def __init__(self, game: Position) -> None:
        self._moves: TurnMoves | None = None
        self._placed_by = game.ruleset.placed_by

    def query_tile(self, game: Position, tile: str | None) -> str:
        """The tile a question about legal moves is about: `tile`, or the drawn tile. Raises
        `IllegalMoveError` for an unknown tile, or when none was named and none is drawn."""
        if tile is None:
            if game.drawn_tile is None:
                raise IllegalMoveError("no tile has been drawn", code="no_tile_drawn")
            return game.drawn_tile
        if tile not in TILES:
            raise unknown_tile(tile)
        return tile

    def tile_to_play(self, game: Position, tile: str | None, seeded: bool) -> str:
        """The tile a placement places: in a `seeded` game the drawn tile (`tile`, if named,
        must be it), else `tile`, which must be one that may be drawn now. Raises
        `IllegalMoveError` otherwise, and once the game is over."""
        if game.finished:
            raise IllegalMoveError("the game is over", code="game_over")
        if seeded:
            drawn = game.drawn_tile
            assert drawn is not None
            if tile is not None and tile != drawn:
                raise IllegalMoveError(
                    f"the drawn tile is {drawn}, not {tile}",
                    code="not_the_drawn_tile", args={"drawn": drawn, "tile": tile},
                )
            return drawn
        if tile is None:
            raise IllegalMoveError("name the tile to place", code="tile_not_named")
        self.check_drawable(game, tile)
        return tile

    def check_drawable(self, game: Position, tile: str) -> None:
        """Log replay: raise `IllegalMoveError` unless `tile` may be the tile drawn now."""
        if tile not in TILES:
            raise unknown_tile(tile)
        reason = self.draw_error(game, tile)
        if reason is not None:
            raise reason
        if not game.bag.get(tile):
            raise IllegalMoveError(
                f"no tile {tile} is left in the bag", code="tile_not_in_bag", args={"tile": tile}
            )

    def check_discard(self, game: Position, tile: str) -> None:
        """Log replay: raise `IllegalMoveError` unless the player to move may discard `tile`:
        it may be drawn now and fits nowhere."""
        self.check_drawable(game, tile)
        placements = self.turn_moves(game, tile).placements
        if placements:
            x, y, _ = placements[0]
            rule = self.tile_rule(game, tile)
            where = "go" if rule is None else rule.placing
            raise IllegalMoveError(
                f"tile {tile} can {where} at ({x}, {y}), so it cannot be discarded",
                code="discard_fits", args={"tile": tile, "x": x, "y": y},
            )

    def tile_rule(self, game: Position, tile: str) -> Rule | None:
        """The game's rule that decides where `tile` may go, or None: the board's edges alone."""
        index = self._placed_by.get(tile)
        return None if index is None else game.rules[index]

    def draw_error(self, game: Position, tile: str) -> IllegalMoveError | None:
        """Why `tile` cannot be the tile drawn now, or None (see `bag.draw_error`)."""
        return draw_error(game.ruleset, tile, game.bag, game.drawn_tile)

    def turn_moves(self, game: Position, tile: str) -> TurnMoves:
        """The legal placements of `tile` this turn (computed once per tile and turn)."""
        # Keyed by the turn, not the board: a discard changes what may be drawn (the River).
        key = (tile, len(game.turns))
        moves = self._moves
        if moves is not None and moves.key == key:
            return moves
        index = self._placed_by.get(tile)  # (tile_rule, without a call on this hot path)
        if draw_error(game.ruleset, tile, game.bag, game.drawn_tile) is not None:
            placements: tuple[Placement, ...] = ()
        elif index is not None:
            placements = tuple(game.rules[index].placements(game.board, tile))
        else:
            placements = tuple(game.board.placements(tile))
        self._moves = moves = TurnMoves(key, placements)
        return moves

    def is_legal(self, game: Position, tile: str, placement: Placement) -> bool:
        """Whether `placement` is a legal placement of `tile`."""
        return not game.finished and placement in self.turn_moves(game, tile).legal

    def can_return_abbot(self, game: Position) -> bool:
        """Whether the player to move has an abbot on the board to take back."""
        return not game.finished and game.figures.abbot_at[game.current_player] is not None

    def spots(self, game: Position, tile: str, placement: Placement) -> Spots:
        """The figure spots of a placement; `IllegalMoveError` saying why if it is illegal."""
        if placement not in self.turn_moves(game, tile).spots:  # not known to be legal yet
            reason = self.draw_error(game, tile)
            if reason is not None:
                raise reason
            self.check_placement(game, tile, placement)
        return self._placement_spots(game, tile, placement)

    def all_spots(self, game: Position, tile: str) -> dict[Placement, Spots]:
        """Every legal placement of `tile` with its figure spots, in placement order (none once
        the game is over)."""
        if game.finished:
            return {}
        moves = self.turn_moves(game, tile)
        if moves.complete:
            return moves.spots
        known = moves.spots
        spots: dict[Placement, Spots] = {}
        hand = game.figures.hand_mask(game.current_player)
        # Only a builder or a pig left in hand (late in a game with the expansions, often): on
        # a cell that touches no follower of the player's, no rotation offers a spot; and only
        # cells beside a tile of a feature with such a follower may touch one.
        companions_only = hand != 0 and not hand & ~game.ruleset.companions
        near = game.board.cells_beside(self._own_roots(game)) if companions_only else None
        last: Cell | None = None
        contacts = None
        barren = False
        for p in moves.placements:  # grouped by cell: the contacts are worked out once per cell
            found = known.get(p)
            if found is None:
                cell = (p.x, p.y)
                if cell != last and hand:
                    last = cell
                    if near is not None and cell not in near:
                        barren = True
                    else:
                        contacts = game.board.contacts(cell)
                        barren = companions_only and not self._own_slots(game, contacts[1])
                found = () if barren else self._spots_at(game, tile, p.rot, cell, hand, contacts)
            spots[p] = found
        moves.spots = spots
        moves.complete = True
        return spots

    def _placement_spots(self, game: Position, tile: str, placement: Placement) -> Spots:
        """The spots of a placement known to be legal, from this turn's moves when listed."""
        moves = self._moves
        if moves is not None and moves.key != (tile, len(game.turns)):
            moves = None  # another tile's, or an earlier turn's
        if moves is not None:
            spots = moves.spots.get(placement)
            if spots is not None:
                return spots
        hand = game.figures.hand_mask(game.current_player)
        spots = self._spots_at(game, tile, placement.rot, (placement.x, placement.y), hand, None)
        if moves is not None:
            moves.spots[placement] = spots
        return spots

    def _spots_at(
        self,
        game: Position,
        tile: str,
        rot: int,
        cell: Cell,
        hand: int,
        contacts: tuple[int, dict[int, int]] | None,
    ) -> Spots:
        """The spots of `tile` turned `rot` on `cell` for a player holding the kinds `hand`
        (`contacts`: the cell's, if known)."""
        if not hand:
            return ()
        ruleset = game.ruleset
        taken = 0
        occupied, joins = contacts or game.board.contacts(cell)
        if occupied:
            masks = spot_table(tile, rot, ruleset).segment_masks
            taken = occupied_segments(masks, occupied, joins.values())
            if hand & ruleset.companions:  # a builder or a pig in hand: where may it go?
                own, closing = self._companion_masks(game, tile, rot, cell, masks, joins, hand)
                return offered_spots(tile, rot, ruleset, hand, taken, own, closing)
        return offered_spots(tile, rot, ruleset, hand, taken)

    def _companion_masks(
        self,
        game: Position,
        tile: str,
        rot: int,
        cell: Cell,
        masks: tuple[int, ...],
        joins: dict[int, int],
        hand: int,
    ) -> tuple[int, int]:
        """For a builder or a pig: the bitmasks of the tile's segments that would join a
        feature with a follower of the player to move, and (for the builder, when in `hand`)
        of its roads and cities the tile would complete. `joins`: the cell's features touched
        with their slot masks (`Board.contacts`)."""
        mine = self._own_slots(game, joins)
        if not mine:
            return 0, 0
        own = occupied_segments(masks, mine, joins.values())
        closing = 0
        if hand & game.ruleset.open_only:
            closing = game.board.closing_segments(oriented(tile, rot), cell)
        return own, closing

    def _own_roots(self, game: Position) -> set[int]:
        """The features (roots) with a follower of the player to move on them (not a
        monastery's or a garden's: no tile joins those)."""
        board, player = game.board, game.current_player
        return {
            board.find(figure.segment)
            for figure in game.figures.on_board.values()
            if figure.player == player and figure.strength and figure.segment is not None
        }

    def _own_slots(self, game: Position, joins: dict[int, int]) -> int:
        """The mask of a cell's slots that touch a feature with a follower of the player to
        move, from the features it touches (`joins`, of `Board.contacts`)."""
        board, figures, player = game.board, game.figures, game.current_player
        mine = 0
        for root, mask in joins.items():
            if figures.has_follower(board.figures[root], player):
                mine |= mask
        return mine

    # -- refusing a move, saying why ----------------------------------------------------------

    def check_placement(self, game: Position, tile: str, placement: Placement) -> None:
        """Raise `IllegalMoveError` unless `tile` may go at `placement` (edges, and the rule of
        its tile: the river's)."""
        index = self._placed_by.get(tile)  # (tile_rule, without a call on this hot path)
        if index is not None:
            reason = game.rules[index].placement_error(game.board, tile, placement)
            if reason is not None:
                raise reason
        if not game.board.fits(tile, placement.x, placement.y, placement.rot):
            raise misfit(game.board, tile, placement)

    def check_move(self, game: Position, tile: str, move: Move) -> None:
        """Raise `IllegalMoveError` saying why unless the player to move may play `move` with
        `tile` (which may be drawn now)."""
        placement = move.placement
        self.check_placement(game, tile, placement)
        kind = check_figure(game, move)
        meeple = move.meeple
        if kind is None or meeple is None:
            return
        spots = self._placement_spots(game, tile, placement)
        if not any(s.kind == meeple.kind and meeple.at in s.slots for s in spots):
            own = partial(self._own_segments, game, tile, placement)
            raise why_no_spot(game, tile, placement, meeple, kind, own)

    def _own_segments(self, game: Position, tile: str, placement: Placement) -> int:
        """The bitmask of the segments of `tile` at `placement` that would join a feature with
        a follower of the player to move."""
        cell = (placement.x, placement.y)
        masks = spot_table(tile, placement.rot, game.ruleset).segment_masks
        _, joins = game.board.contacts(cell)
        hand = game.figures.hand_mask(game.current_player)
        own, _ = self._companion_masks(game, tile, placement.rot, cell, masks, joins, hand)
        return own


class LegalMoves:
    """Every legal move of one tile for the player to move: a view of the game that reads it as
    it is whenever it is used. Empty once the game is over.

    Iterating gives each placement without a figure, then with each figure spot, then with the
    abbot taken back when that is allowed. `placements()` and `spots(placement)` give the same
    in two levels, `spots_by_placement()` all at once (what a client needs to offer moves).
    """

    __slots__ = ("_game", "_moves", "tile")

    def __init__(self, game: Position, moves: MoveGenerator, tile: str) -> None:
        self._game = game
        self._moves = moves
        self.tile = tile

    def __repr__(self) -> str:
        return f"<LegalMoves {self.tile} ({len(self.placements())} placements)>"

    def placements(self) -> list[Placement]:
        """Every legal placement of the tile."""
        game = self._game
        return [] if game.finished else list(self._moves.turn_moves(game, self.tile).placements)

    def spots(self, placement: Placement) -> Spots:
        """The figure spots the player to move has after placing the tile as `placement`;
        raises `IllegalMoveError` when that placement is not legal."""
        return self._moves.spots(self._game, self.tile, placement)

    def spots_by_placement(self) -> Mapping[Placement, Spots]:
        """Every legal placement, in the order of `placements()`, with its figure spots."""
        return MappingProxyType(self._moves.all_spots(self._game, self.tile))

    @property
    def can_return_abbot(self) -> bool:
        """Whether each placement may also take the player's abbot back."""
        return self._moves.can_return_abbot(self._game)

    def __iter__(self) -> Iterator[Move]:
        abbot_back = self.can_return_abbot
        for p, spots in self.spots_by_placement().items():
            x, y, rot = p
            yield Move(x, y, rot)
            for spot in spots:
                yield Move(x, y, rot, Meeple(spot.kind, spot.at))
            if abbot_back:
                yield Move(x, y, rot, return_abbot=True)

    def __len__(self) -> int:
        per_placement = 1 + self.can_return_abbot
        return sum(per_placement + len(spots) for spots in self.spots_by_placement().values())

    def __bool__(self) -> bool:
        return bool(self.placements())

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move) or not self._moves.is_legal(
            self._game, self.tile, move.placement
        ):
            return False
        meeple = move.meeple
        if move.return_abbot:
            return meeple is None and self.can_return_abbot
        if meeple is None:
            return True
        return any(
            s.kind == meeple.kind and meeple.at in s.slots for s in self.spots(move.placement)
        )


__all__ = ["FigureSpot", "LegalMoves", "MoveGenerator", "TurnMoves"]
