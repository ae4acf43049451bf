"""A game of Carcassonne: players, the bag, figures, turns and scoring.

`Game` is the one place where the state of a game changes. It validates every move before it
changes anything, so an illegal move raises `IllegalMoveError` and leaves the game as it was.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from .board import Board, Cell, Placement
from .changes import Change, ChangeRecorder, FeatureKey
from .features import CENTRE_FEATURES, FIELD_POINTS_PER_CITY, SEGMENT_FEATURES, Feature, Key, Worth
from .moves import (
    ABBOT,
    FOLLOWER,
    FigureSpot,
    LegalMoves,
    Meeple,
    Move,
    Spots,
    TurnMoves,
    occupied_segments,
    offered_spots,
    spot_table,
)
from .river import River, draw_error, drawing_order, is_river_tile
from .tiles import (
    ALL_SLOT_NAMES,
    CENTRE,
    CITY,
    FIELD,
    GARDEN,
    MONASTERY,
    RIVER,
    ROAD,
    ROTATIONS,
    SLOT_INDEX,
    SLOTS,
    SPRING,
    START_TILE,
    TILES,
    TILESETS,
    bag_for,
    oriented,
)

COLORS: tuple[str, ...] = ("red", "blue", "green", "yellow", "black")
FOLLOWERS_PER_PLAYER = 7
MIN_PLAYERS, MAX_PLAYERS = 2, 5
CATEGORIES: tuple[str, ...] = (ROAD, CITY, MONASTERY, GARDEN, ABBOT, FIELD)


class IllegalMoveError(ValueError):
    """A move that breaks a rule; the message is meant for the player. `turn` is its number."""

    def __init__(self, message: str, turn: int | None = None) -> None:
        super().__init__(message)
        self.turn = turn


class InvalidOptionsError(ValueError):
    """Game options of the wrong type or with an unknown value."""


@dataclass(frozen=True, slots=True)
class Options:
    """Game options: tileset `winter` (84 tiles) or `classic` (72), farmers, The Abbot, The
    River. The defaults are those of a log without options (LOG_FORMAT.md).

        >>> Options.from_dict({"tileset": "classic", "river": True})
        Options(tileset='classic', farmers=True, abbot=False, river=True)
    """

    tileset: str = "winter"
    farmers: bool = True
    abbot: bool = False
    river: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.tileset, str) or self.tileset not in TILESETS:
            raise InvalidOptionsError(
                f"tileset must be one of {', '.join(sorted(TILESETS))}, not {self.tileset!r}"
            )
        for option in fields(self):
            value = getattr(self, option.name)
            if isinstance(option.default, bool) and not isinstance(value, bool):
                raise InvalidOptionsError(f"{option.name} must be true or false, not {value!r}")

    @classmethod
    def from_dict(cls, raw: object) -> Options:
        """Options from a JSON object: missing keys take their defaults, keys that name no
        option are ignored. Raises `InvalidOptionsError` for a wrong type or value."""
        if not isinstance(raw, Mapping):
            raise InvalidOptionsError("options must be an object")
        given = {option.name: raw[option.name] for option in fields(cls) if option.name in raw}
        return cls(**given)

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON object (`Options.from_dict` reads it back)."""
        return {option.name: getattr(self, option.name) for option in fields(self)}


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    color: str


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """Points that `players` each received for one feature (`final`: end-of-game scoring)."""

    turn: int
    feature: str
    points: int
    players: tuple[int, ...]
    final: bool
    tiles: int
    pennants: int = 0
    cities: int = 0
    cells: tuple[Cell, ...] = field(default=(), compare=False)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "turn": self.turn,
            "feature": self.feature,
            "points": self.points,
            "players": list(self.players),
            "final": self.final,
            "tiles": self.tiles,
            "cells": [list(c) for c in self.cells],
        }
        if self.feature == CITY:
            out["pennants"] = self.pennants
        if self.feature == FIELD:
            out["cities"] = self.cities
        return out


class _Figure:
    """A follower or abbot on the board. `segment` is None for one on a monastery or garden."""

    __slots__ = ("cell", "kind", "player", "segment", "slot")

    def __init__(self, player: int, kind: str, cell: Cell, slot: str, segment: int | None):
        self.player = player
        self.kind = kind
        self.cell = cell
        self.slot = slot
        self.segment = segment


def check_players(players: Sequence[Player]) -> None:
    """Raise `ValueError` unless `players` may play a game: 2 to 5 of them, each with a
    different one of `COLORS`."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players")
    colors = [p.color for p in players]
    for color in colors:
        if color not in COLORS:
            raise ValueError(f"unknown color {color!r}; use one of {', '.join(COLORS)}")
    if len(set(colors)) != len(colors):
        raise ValueError("each color may be used only once")


class Game:
    """One game, from the start tile to the final scoring.

    With a `seed` the engine shuffles the bag and draws for the players (`drawn_tile`); a
    drawn tile that fits nowhere is discarded and recorded, and the player draws again.
    Without a seed the game is driven by a move log: each move names its tile.
    """

    def __init__(
        self,
        players: Sequence[Player],
        options: Options | None = None,
        seed: int | None = None,
    ) -> None:
        check_players(players)
        self.players: tuple[Player, ...] = tuple(players)
        self.options = options or Options()
        self.seed = seed
        self.board = Board()
        self.bag: dict[str, int] = bag_for(self.options.tileset, self.options.river)
        self.river: River | None = River() if self.options.river else None
        self.turns: list[dict[str, Any]] = []
        self.events: list[ScoreEvent] = []
        self.scores: list[int] = [0] * len(players)
        self.followers: list[int] = [FOLLOWERS_PER_PLAYER] * len(players)
        self.abbots: list[int] = [1 if self.options.abbot else 0] * len(players)
        self.current_player = 0
        self.drawn_tile: str | None = None
        self.finished = False
        self.ended_early = False
        self.last: Cell | None = None
        self._figures: dict[int, _Figure] = {}
        self._next_figure_id = 0
        self._centre_figures: dict[Cell, int] = {}
        self._abbot_at: list[Cell | None] = [None] * len(players)
        self._order: list[str] | None = None
        # What the call under way changes, and what the last call changed (see changes.py).
        self._recording: ChangeRecorder | None = None
        self._recorded: ChangeRecorder | None = None
        self._change: Change | None = None
        self._moves: TurnMoves | None = None  # the last tile asked about this turn

        self.board.place(oriented(SPRING if self.river else START_TILE, 0), 0, 0)
        if seed is not None:
            self._order = drawing_order(self.bag, random.Random(seed))
            self._draw()

    # -- read-only views -------------------------------------------------------------------

    @property
    def turn(self) -> int:
        """Turns applied so far, discards included (the first turn is turn 1)."""
        return len(self.turns)

    @property
    def tiles_left(self) -> int:
        """Tiles still in the bag (the drawn tile not counted)."""
        return sum(self.bag.values())

    def bag_counts(self) -> dict[str, int]:
        """Tiles still in the bag per tile id (the drawn tile not counted); River tiles, drawn
        first, come first."""
        return {t: n for t, n in self.bag.items() if n}

    def next_tile_counts(self) -> dict[str, int]:
        """The tiles the next draw may give (the drawn tile, if any, already played), per id:
        the bag's counts, except that with the River only the River tiles due next count."""
        if self.river is None:
            return self.bag_counts()
        return {t: n for t, n in self.bag.items() if n and draw_error(t, self.bag) is None}

    def river_open_end(self) -> Cell | None:
        """The cell where the river goes on (in front of its open end), or None: no River in
        this game, or the river has ended in the lake."""
        return None if self.river is None else self.river.open_cell

    def supply(self, player: int) -> tuple[int, int]:
        """Figures `player` has in hand: (followers, abbots)."""
        return self.followers[player], self.abbots[player]

    def can_return_abbot(self) -> bool:
        """Whether the current player's abbot stands on the board and may be taken back."""
        return not self.finished and self._abbot_at[self.current_player] is not None

    def legal_moves(self, tile: str | None = None) -> LegalMoves:
        """Every legal move of `tile` (default: the drawn tile) for the player to move: a view
        (iterable of `Move`, `move in ...`, `len`, `placements()`, `spots(placement)`,
        `spots_by_placement()`) that reads the game as it is whenever it is used.

            >>> game = Game([Player("Ann", "red"), Player("Bo", "blue")], seed=7)
            >>> moves = game.legal_moves()
            >>> all(move in moves for move in moves)
            True
        """
        return LegalMoves(self, self._tile_for_query(tile))

    def legal_placements(self, tile: str | None = None) -> list[Placement]:
        """`legal_moves(tile).placements()`: every legal placement of `tile` (default: the drawn
        tile): where it matches its neighbours and, with the River, where the river rules allow
        it. Empty for a tile that cannot be drawn now (a land tile while River tiles are left)."""
        return list(self._turn_moves(self._tile_for_query(tile)).placements)

    def figure_spots(self, placement: Placement, tile: str | None = None) -> list[FigureSpot]:
        """`legal_moves(tile).spots(placement)`, as a list: where the player to move may put a
        figure after placing `tile` as `placement` (`IllegalMoveError` if that is illegal)."""
        return list(self._spots(self._tile_for_query(tile), placement))

    # -- playing ---------------------------------------------------------------------------

    def play(self, move: Move, tile: str | None = None) -> list[ScoreEvent]:
        """Apply one placement turn for the current player and return its score events.

        In a seeded game `tile` may be omitted (it is the drawn tile). Raises
        `IllegalMoveError` and changes nothing when the move breaks a rule.
        """
        tile = self._tile_to_play(tile)
        self._check_move(tile, move)
        self._start_change()
        events = self._apply(tile, move)
        self._close_change()
        return events

    def discard(self, tile: str) -> None:
        """Log replay: the current player drew `tile`, which fits nowhere, and sets it aside."""
        if self.finished:
            raise IllegalMoveError("the game is over")
        if self._order is not None:
            raise IllegalMoveError("the engine discards for itself in a seeded game")
        self._check_drawable(tile)
        placements = self._turn_moves(tile).placements
        if placements:
            x, y, _ = placements[0]
            where = "continue the river" if is_river_tile(tile) else "go"
            raise IllegalMoveError(
                f"tile {tile} can {where} at ({x}, {y}), so it cannot be discarded"
            )
        self._start_change()
        self.bag[tile] -= 1
        self.turns.append({"player": self.current_player, "discarded": tile})
        if self.tiles_left == 0:
            self._finish()
        self._close_change()

    def end_early(self) -> list[ScoreEvent]:
        """End the game now, scored as if the bag were empty; return the final events."""
        if self.finished:
            raise IllegalMoveError("the game is over")
        self._start_change()
        self.ended_early = True
        self.drawn_tile = None
        events = self._finish()
        self._close_change()
        return events

    @property
    def last_change(self) -> Change | None:
        """What the last `play()`, `discard()`, `play_turn()` or `end_early()` changed (None
        before the first): see `Change`."""
        if self._change is None and self._recorded is not None:
            self._change = self._recorded.build(self._feature_id)
        return self._change

    def _feature_id(self, key: FeatureKey) -> str | None:
        """The id `features()` gives the feature `key` (a root or a centre cell), or None if
        it is no feature (the river; a garden without The Abbot)."""
        if isinstance(key, tuple):
            listed = self._is_listed(self.board.centres[key])
            return f"c{key[0]},{key[1]}" if listed else None
        return f"s{key}" if self.board.kind(key) in SEGMENT_FEATURES else None

    def feature(self, feature_id: str) -> dict[str, Any] | None:
        """The feature `feature_id` as `features()` lists it, or None when there is no such
        feature (any more: a merged feature's id vanishes). Costs the feature's size, not the
        board's."""
        board = self.board
        if feature_id.startswith("s") and feature_id[1:].isdigit():
            root = int(feature_id[1:])
            if root >= len(board.parent) or board.find(root) != root:
                return None
            if board.kind(root) not in SEGMENT_FEATURES:
                return None
            return self._segment_feature(root, board.segments_of(root))
        if feature_id.startswith("c"):
            x, comma, y = feature_id[1:].partition(",")
            try:
                cell = (int(x), int(y))
            except ValueError:
                return None
            kind = board.centres.get(cell)
            if comma and kind is not None and self._is_listed(kind):
                return self._centre_feature(cell)
        return None

    # -- internals: validation ---------------------------------------------------------------

    def _tile_for_query(self, tile: str | None) -> str:
        if tile is None:
            if self.drawn_tile is None:
                raise IllegalMoveError("no tile has been drawn")
            return self.drawn_tile
        if tile not in TILES:
            raise IllegalMoveError(f"unknown tile {tile!r}")
        return tile

    def _tile_to_play(self, tile: str | None) -> str:
        if self.finished:
            raise IllegalMoveError("the game is over")
        if self._order is not None:
            if tile is not None and tile != self.drawn_tile:
                raise IllegalMoveError(f"the drawn tile is {self.drawn_tile}, not {tile}")
            assert self.drawn_tile is not None
            return self.drawn_tile
        if tile is None:
            raise IllegalMoveError("name the tile to place")
        self._check_drawable(tile)
        return tile

    def _check_drawable(self, tile: str) -> None:
        """Log replay: raise unless `tile` may be the tile drawn now."""
        if tile not in TILES:
            raise IllegalMoveError(f"unknown tile {tile!r}")
        reason = self._draw_error(tile)
        if reason is not None:
            raise IllegalMoveError(reason)
        if not self.bag.get(tile):
            raise IllegalMoveError(f"no tile {tile} is left in the bag")

    def _draw_error(self, tile: str) -> str | None:
        """Why `tile` cannot be the tile drawn now, or None: River tiles only with the River,
        never the spring, and River tiles first (RIVER.md rule 2)."""
        if is_river_tile(tile):
            if self.river is None:
                return f"there is no River in this game (tile {tile})"
            if tile == SPRING:
                return "the spring R01 is the start tile: it is never drawn"
        elif self.river is None:
            return None
        left = self.bag
        if self.drawn_tile is not None:
            left = {**left, self.drawn_tile: left.get(self.drawn_tile, 0) + 1}
        return draw_error(tile, left)

    def _check_placement(self, tile: str, placement: Placement) -> None:
        """Raise unless `tile` may be placed as `placement` (edges, and the river's rules)."""
        if self.river is not None and is_river_tile(tile):
            reason = self.river.placement_error(self.board, tile, placement)
            if reason is not None:
                raise IllegalMoveError(reason)
        if not self.board.fits(tile, placement.x, placement.y, placement.rot):
            raise IllegalMoveError(self._misfit_reason(tile, placement))

    def _misfit_reason(self, tile: str, p: Placement) -> str:
        if p.rot not in ROTATIONS:
            return f"rotation must be 0, 90, 180 or 270, not {p.rot}"
        if (p.x, p.y) in self.board.cells:
            return f"there is already a tile at ({p.x}, {p.y})"
        if (p.x, p.y) not in self.board.frontier:
            return f"({p.x}, {p.y}) does not touch any placed tile"
        return f"tile {tile} turned {p.rot} does not match its neighbours at ({p.x}, {p.y})"

    # -- internals: legal moves (what LegalMoves reads) -------------------------------------

    def _turn_moves(self, tile: str) -> TurnMoves:
        """The legal placements of `tile` this turn (computed once per tile and turn)."""
        # Keyed by the turn, not the board: a discard changes what may be drawn (the River).
        key = (tile, len(self.turns))
        moves = self._moves
        if moves is not None and moves.key == key:
            return moves
        if self._draw_error(tile) is not None:
            placements: tuple[Placement, ...] = ()
        elif self.river is not None and is_river_tile(tile):
            placements = tuple(self.river.placements(self.board, tile))
        else:
            placements = tuple(self.board.placements(tile))
        self._moves = moves = TurnMoves(key, placements)
        return moves

    def _spots(self, tile: str, placement: Placement) -> Spots:
        """The figure spots of a placement; `IllegalMoveError` saying why if it is illegal."""
        if placement not in self._turn_moves(tile).spots:  # not known to be legal yet
            reason = self._draw_error(tile)
            if reason is not None:
                raise IllegalMoveError(reason)
            self._check_placement(tile, placement)
        return self._placement_spots(tile, placement)

    def _all_spots(self, tile: str) -> dict[Placement, Spots]:
        """Every legal placement of `tile` with its figure spots, in placement order."""
        moves = self._turn_moves(tile)
        if moves.complete:
            return moves.spots
        known = moves.spots
        spots: dict[Placement, Spots] = {}
        need_contacts = self.followers[self.current_player] > 0
        last: Cell | None = None
        contacts = None
        for p in moves.placements:  # grouped by cell: the contacts are worked out once per cell
            found = known.get(p)
            if found is None:
                cell = (p.x, p.y)
                if cell != last and need_contacts:
                    last, contacts = cell, self.board.contacts(cell)
                found = self._spots_at(tile, p.rot, cell, contacts)
            spots[p] = found
        moves.spots = spots
        moves.complete = True
        return spots

    def _placement_spots(self, tile: str, placement: Placement) -> Spots:
        """The spots of a placement known to be legal, from this turn's moves when listed."""
        moves = self._moves
        if moves is None or moves.key != (tile, len(self.turns)):
            return self._figure_spots(tile, placement)
        spots = moves.spots.get(placement)
        if spots is None:
            spots = moves.spots[placement] = self._figure_spots(tile, placement)
        return spots

    def _check_move(self, tile: str, move: Move) -> None:
        placement = move.placement
        self._check_placement(tile, placement)
        if move.return_abbot:
            if not self.options.abbot:
                raise IllegalMoveError("there is no abbot in this game")
            if move.meeple is not None:
                raise IllegalMoveError("you cannot take the abbot back and place a figure")
            if self._abbot_at[self.current_player] is None:
                raise IllegalMoveError("your abbot is not on the board")
        meeple = move.meeple
        if meeple is None:
            return
        if meeple.kind not in (FOLLOWER, ABBOT):
            raise IllegalMoveError(f"unknown figure {meeple.kind!r}")
        if meeple.kind == ABBOT and not self.options.abbot:
            raise IllegalMoveError("there is no abbot in this game")
        if meeple.at not in ALL_SLOT_NAMES:
            raise IllegalMoveError(f"unknown slot {meeple.at!r}")
        spots = self._placement_spots(tile, placement)
        if any(s.kind == meeple.kind and meeple.at in s.slots for s in spots):
            return
        raise IllegalMoveError(self._why_no_spot(tile, move, meeple))

    def _why_no_spot(self, tile: str, move: Move, meeple: Meeple) -> str:
        player = self.current_player
        o = oriented(tile, move.rot)
        if meeple.kind == ABBOT:
            if not self.abbots[player]:
                return "your abbot is already on the board"
            if meeple.at != CENTRE or o.centre is None:
                return "the abbot may only go on a monastery or a garden of the placed tile"
            return "the abbot cannot go there"
        if not self.followers[player]:
            return "you have no follower left in your supply"
        if meeple.at == CENTRE:
            if o.centre == GARDEN:
                return "only the abbot may go on a garden"
            return "this tile has no monastery"
        kind = o.segments[o.slot_segment[SLOT_INDEX[meeple.at]]].kind
        if kind == RIVER:
            return "a figure cannot stand on the river"
        if kind == FIELD and not self.options.farmers:
            return "this game is played without farmers"
        return f"that {kind} is already occupied"

    def _figure_spots(self, tile: str, placement: Placement) -> Spots:
        return self._spots_at(tile, placement.rot, (placement.x, placement.y), None)

    def _spots_at(
        self, tile: str, rot: int, cell: Cell, contacts: tuple[int, list[int]] | None
    ) -> Spots:
        """The spots of `tile` turned `rot` on `cell` (`contacts`: the cell's, if known)."""
        player = self.current_player
        followers = self.followers[player] > 0
        abbot = self.abbots[player] > 0
        if not (followers or abbot):
            return ()
        farmers = self.options.farmers
        taken = 0
        if followers:
            occupied, joins = contacts or self.board.contacts(cell)
            if occupied:
                masks = spot_table(tile, rot, farmers).segment_masks
                taken = occupied_segments(masks, occupied, joins)
        return offered_spots(tile, rot, farmers, followers, abbot, taken)

    # -- internals: applying -----------------------------------------------------------------

    def _apply(self, tile: str, move: Move) -> list[ScoreEvent]:
        player = self.current_player
        first_event = len(self.events)
        if self._order is None:  # a seeded game took it from the bag when it drew it
            self.bag[tile] -= 1
        self.drawn_tile = None
        o = oriented(tile, move.rot)
        cell = (move.x, move.y)
        board = self.board
        base = len(board.parent)
        roots, joined = board.place(o, move.x, move.y)
        if self.river is not None and is_river_tile(tile):
            self.river.advance(tile, move.placement)
        self.last = cell
        rec = self._recording
        if rec is not None:
            rec.tile = {"x": move.x, "y": move.y, "tile": tile, "rot": move.rot}
            for root in roots:
                if root >= base:  # else it joined a feature that was there
                    rec.created[root] = None
            for old in sorted(joined):
                now = board.find(old)
                if now != old:
                    rec.merged.append((old, now))
                rec.change(now)
        record: dict[str, Any] = {
            "player": player,
            "tile": tile,
            "x": move.x,
            "y": move.y,
            "rot": move.rot,
            "meeple": move.meeple.to_dict() if move.meeple else None,
        }
        if move.return_abbot:
            record["return_abbot"] = True
        self.turns.append(record)
        turn = len(self.turns)
        events: list[ScoreEvent] = []

        meeple = move.meeple
        if meeple is not None:
            if meeple.at == CENTRE:
                self._put_figure(player, meeple.kind, cell, CENTRE, None)
            else:
                seg = base + o.slot_segment[SLOT_INDEX[meeple.at]]
                self._put_figure(player, meeple.kind, cell, meeple.at, seg)
        if move.return_abbot:
            abbot_cell = self._abbot_at[player]
            assert abbot_cell is not None
            figure_id = self._centre_figures.pop(abbot_cell)
            self._return_figure(figure_id)
            worth = CENTRE_FEATURES[board.centres[abbot_cell]].value(board, abbot_cell)
            cells = self._cells(abbot_cell)
            events.append(self._score(turn, ABBOT, worth, (player,), False, cells))

        seen: set[int] = set()
        for root, segment in zip(roots, o.segments, strict=True):
            root = board.find(root)
            feature = SEGMENT_FEATURES.get(segment.kind)
            if feature is None or root in seen:
                continue
            seen.add(root)
            if not feature.complete(board, root):
                continue
            if rec is not None:
                rec.completed[root] = None
                for field_root in board.bordering_field_roots(root):  # worth more now
                    rec.change(field_root)
            if board.figures[root]:
                events.append(self._score_feature(turn, root))
        for around in board.cells_around(cell):
            kind = board.centres.get(around)
            if kind is None:
                continue
            complete = CENTRE_FEATURES[kind].complete(board, around)
            if rec is not None:
                if around == cell:
                    rec.created[around] = None
                else:
                    rec.change(around)  # one more tile round it
                if complete:
                    rec.completed[around] = None
            if complete and around in self._centre_figures:
                events.append(self._score_centre(turn, around))

        self.events.extend(events)
        self.current_player = (player + 1) % len(self.players)
        # The last tile ends the game: its final scoring belongs to this turn's events too.
        if self._order is not None:
            self._draw()
        elif self.tiles_left == 0:
            self._finish()
        return self.events[first_event:]

    def _draw(self) -> None:
        """Seeded games: draw the next tile, setting aside tiles that fit nowhere."""
        order = self._order
        assert order is not None
        while order:
            tile = order.pop()
            self.bag[tile] -= 1
            # Listing the placements now also fills the cache the player's turn reads.
            if self._turn_moves(tile).placements:
                self.drawn_tile = tile
                return
            self.turns.append({"player": self.current_player, "discarded": tile})
        self.drawn_tile = None
        self._finish()

    # -- internals: recording what a call changes ---------------------------------------------

    def _start_change(self) -> None:
        self._recording = ChangeRecorder(self.turns, self.events)

    def _close_change(self) -> None:
        rec = self._recording
        assert rec is not None
        rec.close(self.scores, self.followers, self.abbots, self.drawn_tile, self.finished)
        self._recording = None
        self._recorded = rec
        self._change = None

    def _put_figure(self, player: int, kind: str, cell: Cell, slot: str, seg: int | None) -> None:
        figure_id = self._next_figure_id
        self._next_figure_id += 1
        self._figures[figure_id] = figure = _Figure(player, kind, cell, slot, seg)
        if self._recording is not None:
            self._recording.figures_placed.append(self._figure_dict(figure))
        if kind == ABBOT:
            self.abbots[player] -= 1
            self._abbot_at[player] = cell
        else:
            self.followers[player] -= 1
        if seg is None:
            self._centre_figures[cell] = figure_id
        else:
            self.board.add_figure(seg, figure_id)

    def _return_figure(self, figure_id: int) -> None:
        figure = self._figures.pop(figure_id)
        rec = self._recording
        if rec is not None:
            rec.figures_removed.append(self._figure_dict(figure))
            if figure.segment is None:  # a scored monastery's, or the abbot taken back
                rec.change(figure.cell)
        if figure.kind == ABBOT:
            self.abbots[figure.player] += 1
            self._abbot_at[figure.player] = None
        else:
            self.followers[figure.player] += 1

    def _score(
        self,
        turn: int,
        kind: str,
        worth: Worth,
        players: tuple[int, ...],
        final: bool,
        cells: tuple[Cell, ...],
    ) -> ScoreEvent:
        for p in players:
            self.scores[p] += worth.points
        return ScoreEvent(
            turn, kind, worth.points, players, final, worth.tiles, worth.pennants, worth.cities,
            cells,
        )  # fmt: skip

    def _majority(self, figure_ids: list[int]) -> tuple[int, ...]:
        counts = [0] * len(self.players)
        for figure_id in figure_ids:
            counts[self._figures[figure_id].player] += 1
        best = max(counts)
        return tuple(p for p, n in enumerate(counts) if n == best) if best else ()

    def _cells(self, key: int | Cell) -> tuple[Cell, ...]:
        """The cells a score event names: a road's, city's or field's tiles; the tiles of a
        monastery's or garden's nine cells."""
        board = self.board
        if isinstance(key, tuple):
            return tuple(sorted(c for c in board.cells_around(key) if c in board.cells))
        tiles = board.tiles[key]
        assert tiles is not None
        return tuple(sorted(tiles))

    def _score_feature(self, turn: int, root: int) -> ScoreEvent:
        """Score a completed road or city and return its figures to their owners."""
        board = self.board
        kind = board.kind(root)
        figure_ids = board.clear_figures(root)
        winners = self._majority(figure_ids)
        for figure_id in figure_ids:
            self._return_figure(figure_id)
        worth = SEGMENT_FEATURES[kind].worth(board, root, True)
        return self._score(turn, kind, worth, winners, False, self._cells(root))

    def _score_centre(self, turn: int, cell: Cell) -> ScoreEvent:
        """Score a surrounded monastery or garden and return its figure."""
        kind = self.board.centres[cell]
        figure_id = self._centre_figures.pop(cell)
        player = self._figures[figure_id].player
        self._return_figure(figure_id)
        worth = CENTRE_FEATURES[kind].worth(self.board, cell, True)
        return self._score(turn, kind, worth, (player,), False, self._cells(cell))

    def _final_scorings(self) -> list[tuple[int | Cell, str, Worth, tuple[int, ...]]]:
        """What end-of-game scoring would give, without changing anything: for each feature
        with figures, (root or centre cell, kind, worth, players who score)."""
        board = self.board
        roots = {board.find(f.segment) for f in self._figures.values() if f.segment is not None}
        out: list[tuple[int | Cell, str, Worth, tuple[int, ...]]] = []
        for root in sorted(roots):
            kind = board.kind(root)
            figure_ids = board.figures[root]
            assert figure_ids
            worth = SEGMENT_FEATURES[kind].value(board, root)
            out.append((root, kind, worth, self._majority(figure_ids)))
        for cell, figure_id in sorted(self._centre_figures.items()):
            kind = board.centres[cell]
            worth = CENTRE_FEATURES[kind].value(board, cell)
            out.append((cell, kind, worth, (self._figures[figure_id].player,)))
        return out

    def _finish(self) -> list[ScoreEvent]:
        """End-of-game scoring of every unfinished feature with figures, farms included.

        Figures leave the board without going back to the supply.
        """
        turn = len(self.turns)
        events: list[ScoreEvent] = []
        rec = self._recording
        for where, kind, worth, players in self._final_scorings():
            if rec is not None:  # its figures go
                rec.change(where)
            if not isinstance(where, tuple):
                self.board.clear_figures(where)
            if worth.points and players:
                events.append(self._score(turn, kind, worth, players, True, self._cells(where)))
        if rec is not None:
            rec.figures_removed += map(self._figure_dict, self._figures.values())
        self._figures.clear()
        self._centre_figures.clear()
        self.events.extend(events)
        self.finished = True
        self.drawn_tile = None
        return events

    # -- public views ----------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """The whole public state, JSON-ready: never the bag order or the seed."""
        return {
            **self.turn_view(),
            "board": [
                {"x": t.x, "y": t.y, "tile": t.tile.id, "rot": t.tile.rot} for t in self.board.order
            ],
            "figures": self.figures(),
        }

    def turn_view(self) -> dict[str, Any]:
        """`view()` without `board` and `figures`: what changes from turn to turn at a cost
        that does not grow with the board (a server keeps the board and the figures up to date
        from `last_change`)."""
        return {
            "turn": self.turn,
            "current_player": None if self.finished else self.current_player,
            "drawn_tile": self.drawn_tile,
            "finished": self.finished,
            "ended_early": self.ended_early,
            "options": self.options.to_dict(),
            "players": [
                {
                    "name": p.name,
                    "color": p.color,
                    "score": self.scores[i],
                    "followers": self.followers[i],
                    "abbot": self.abbots[i],
                }
                for i, p in enumerate(self.players)
            ],
            "bag": self.bag_counts(),
            "tiles_left": self.tiles_left,
            "last": None if self.last is None else {"x": self.last[0], "y": self.last[1]},
            **self._river_view(),
        }

    def _river_view(self) -> dict[str, Any]:
        """`{"river": {"open": {"x", "y"} | None}}` in a River game; nothing otherwise."""
        if self.river is None:
            return {}
        cell = self.river.open_cell
        return {"river": {"open": None if cell is None else {"x": cell[0], "y": cell[1]}}}

    def figures(self) -> list[dict[str, Any]]:
        """Every figure on the board: owner, kind, cell, slot and the feature it stands on."""
        return [self._figure_dict(figure) for figure in self._figures.values()]

    def _figure_dict(self, figure: _Figure) -> dict[str, Any]:
        if figure.segment is None:
            feature = self.board.centres[figure.cell]
        else:
            feature = self.board.kind(figure.segment)
        return {
            "player": figure.player,
            "kind": figure.kind,
            "x": figure.cell[0],
            "y": figure.cell[1],
            "at": figure.slot,
            "feature": feature,
        }

    def features(self) -> list[dict[str, Any]]:
        """Every road, city, field, monastery (and garden, with The Abbot) on the board; never
        the river, which is no feature.

        Each has its parts (cells and slots), whether it is complete, followers per player,
        `points_now` (what it scores when complete, at its present size: road 1 and city 2 per
        tile, city 2 per pennant, monastery or garden 9; a field 3 per completed city) and
        `points_end` (what final scoring would give it as it stands).
        """
        board = self.board
        groups: dict[int, list[int]] = {}
        for seg in range(len(board.parent)):
            groups.setdefault(board.find(seg), []).append(seg)
        out = []
        for root, segs in groups.items():
            if board.kind(root) in SEGMENT_FEATURES:  # not the river
                out.append(self._segment_feature(root, segs))
        for cell, kind in board.centres.items():
            if self._is_listed(kind):
                out.append(self._centre_feature(cell))
        return out

    def field_lesson(self) -> dict[str, Any] | None:
        """The field to show at the end of a game played without farmers: what one field of
        the final map would have scored had somebody farmed it (the introductory game's
        ending). None while the game runs, in a game with farmers (its fields were scored),
        and when no field borders a finished city.

        The field is the one bordering the most finished cities; on a tie the larger (more
        tiles), then the oldest (its id made first). Returns `{"field": ..., "cities": [...],
        "per_city": 3, "points": ...}`: the field and the finished cities it borders (oldest
        first) as `features()` lists them, what a field scores per finished city, and what
        this one would have scored. A city the field touches in several places counts once;
        an unfinished city counts nothing. Costs less than a `features()` call: it looks at
        each feature's root once and builds the dicts of the field and its cities only.
        """
        if not self.finished or self.options.farmers:
            return None
        board = self.board
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
        field = self._segment_feature(root, board.segments_of(root))
        return {
            "field": field,
            "cities": [self._segment_feature(c, board.segments_of(c)) for c in sorted(best_cities)],
            "per_city": FIELD_POINTS_PER_CITY,
            "points": field["points_end"],
        }

    def _is_listed(self, centre: str) -> bool:
        """Gardens are features with The Abbot only; otherwise they are a picture."""
        return centre != GARDEN or self.options.abbot

    def _segment_feature(self, root: int, segments: list[int]) -> dict[str, Any]:
        """The dict of a road, city or field made of `segments` (in placement order)."""
        board = self.board
        parts: dict[Cell, list[str]] = {}
        for seg in segments:
            placed = board.segment_tile[seg]
            parts.setdefault((placed.x, placed.y), []).extend(
                SLOTS[s] for s in board.segment(seg).slots
            )
        followers = [0] * len(self.players)
        for figure_id in board.figures[root] or ():
            followers[self._figures[figure_id].player] += 1
        parts_list = [{"x": c[0], "y": c[1], "slots": slots} for c, slots in parts.items()]
        feature = SEGMENT_FEATURES[board.kind(root)]
        return self._feature_dict(f"s{root}", feature, root, parts_list, followers)

    def _centre_feature(self, cell: Cell) -> dict[str, Any]:
        followers = [0] * len(self.players)
        figure_id = self._centre_figures.get(cell)
        if figure_id is not None:
            followers[self._figures[figure_id].player] += 1
        feature = CENTRE_FEATURES[self.board.centres[cell]]
        parts = [{"x": cell[0], "y": cell[1], "slots": [CENTRE]}]
        return self._feature_dict(f"c{cell[0]},{cell[1]}", feature, cell, parts, followers)

    def _feature_dict(
        self,
        feature_id: str,
        feature: Feature[Key],
        key: Key,
        parts: list[dict[str, Any]],
        followers: list[int],
    ) -> dict[str, Any]:
        board = self.board
        complete = feature.complete(board, key)
        now = feature.worth(board, key, True)
        end = now if complete else feature.worth(board, key, False)
        return {
            "id": feature_id,
            "kind": feature.kind,
            "complete": complete,
            "parts": parts,
            "tiles": end.tiles,
            "pennants": end.pennants,
            "followers": followers,
            "points_now": now.points,
            "points_end": end.points,
        }

    def results(self) -> dict[str, Any]:
        """Scores with a per-player breakdown by category, the ranking and the winners.

        Before the game is over this is the standing so far (final scoring not applied).
        """
        breakdown = [dict.fromkeys(CATEGORIES, 0) for _ in self.players]
        for event in self.events:
            for p in event.players:
                breakdown[p][event.feature] += event.points
        best = max(self.scores)
        ranking = sorted(range(len(self.players)), key=lambda p: -self.scores[p])
        return {
            "finished": self.finished,
            "ended_early": self.ended_early,
            "scores": list(self.scores),
            "breakdown": breakdown,
            "ranking": [
                {
                    "player": p,
                    "score": self.scores[p],
                    "rank": 1 + sum(s > self.scores[p] for s in self.scores),
                }
                for p in ranking
            ],
            "winners": [p for p, s in enumerate(self.scores) if s == best],
        }

    def final_scores(self) -> list[int]:
        """The scores if the game ended now; this game is left unchanged."""
        scores = list(self.scores)
        if not self.finished:
            for _, _, worth, players in self._final_scorings():
                for p in players:
                    scores[p] += worth.points
        return scores

    def copy(self, shuffle: random.Random | None = None) -> Game:
        """An independent copy. With `shuffle`, the unseen tiles are shuffled anew by it from
        their public counts, so a bot searching the copy never learns the real order (the
        drawn tile stays drawn)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.board = self.board.copy()
        other.bag = dict(self.bag)
        other.turns = list(self.turns)
        other.events = list(self.events)
        other.scores = list(self.scores)
        other.followers = list(self.followers)
        other.abbots = list(self.abbots)
        other._figures = dict(self._figures)
        other._centre_figures = dict(self._centre_figures)
        other._abbot_at = list(self._abbot_at)
        other.river = None if self.river is None else self.river.copy()
        other._moves = None
        if shuffle is not None and not self.finished:
            # Built from the public counts, never from the real order, so what a bot does
            # with the copy depends on public facts and its own generator alone.
            other._order = drawing_order(self.bag, shuffle)
            if other.drawn_tile is None:
                # A log-driven game becomes a seeded one: the copy draws for itself.
                other._draw()
        elif self._order is not None:
            other._order = list(self._order)
        return other

    # -- move logs (see log.py) ------------------------------------------------------------

    def to_log(self, include_seed: bool = False) -> dict[str, Any]:
        """This game's `carcassonne-log/1` move log (the seed only when asked)."""
        from .log import to_log

        return to_log(self, include_seed)

    def play_turn(self, turn: dict[str, Any]) -> list[ScoreEvent]:
        """Apply one turn written in the `carcassonne-log/1` form (a placement or a discard)
        to a game driven by a move log; return its score events. Raises `InvalidLogError`
        for a turn of the wrong shape and `IllegalMoveError` for one that breaks a rule."""
        from .log import apply_turn, check_turn_shape

        check_turn_shape(turn, self.turn + 1)
        return apply_turn(self, turn)

    @classmethod
    def from_log(cls, log: object) -> Game:
        """Rebuild a game from a move log; see `app.engine.log.from_log`."""
        from .log import from_log

        return from_log(log)

    @classmethod
    def restore(
        cls, players: Sequence[Player], options: Options, seed: int, turns: Sequence[dict[str, Any]]
    ) -> Game:
        """Rebuild a seeded game from its stored turns; see `app.engine.log.restore`."""
        from .log import restore

        return restore(players, options, seed, turns)
