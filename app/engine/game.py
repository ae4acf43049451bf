"""A game of Carcassonne: its state, and the one place that state changes.

`Game` holds the board, the bag, the figures, the turns and the scores, and changes them in
three calls only: `play()`, `discard()` and `end_early()` (a move log is replayed through the
first two). It validates every move before it changes anything, so an illegal move raises
`IllegalMoveError` and leaves the game as it was. The rest reads the game through `Position`:
what is legal (`legal.py`), what things are worth (`features.py`, `scoring.py`), the JSON
views (`views.py`); what the options change is their rules' (`rules.py`, `expansions.py`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from . import views
from .bag import drawing_order, next_tile_counts
from .board import Board, Cell, Placement
from .changes import Change, ChangeRecorder
from .errors import IllegalMoveError
from .events import ScoreEvent
from .expansions import ruleset_for
from .features import Feature, Key
from .figures import ABBOT, Figures
from .legal import LegalMoves, MoveGenerator
from .moves import FigureSpot, Meeple, Move
from .options import Options, Player
from .scoring import (
    FinalTally,
    completed_by,
    final_extras,
    final_scores,
    final_scores_since,
    final_scorings,
    final_tally,
    score_event,
)
from .spots import spot_table
from .tiles import oriented
from .tiles.shapes import OrientedTile


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
        self.options = options or Options()
        self.ruleset = ruleset_for(self.options)
        self.ruleset.check_players(players)
        self.players: tuple[Player, ...] = tuple(players)
        self.seed = seed
        self.rules = self.ruleset.new_rules()
        self.board = Board()
        self.bag: dict[str, int] = dict(self.ruleset.bag)
        self.figures = Figures(self.ruleset.figures, len(players))
        self.turns: list[dict[str, Any]] = []
        self.events: list[ScoreEvent] = []
        self.scores: list[int] = [0] * len(players)
        self.current_player = 0
        self.drawn_tile: str | None = None
        self.finished = False
        self.ended_early = False
        self.last: Cell | None = None
        self._order: list[str] | None = None  # a seeded game's draws, the next one last
        # What the call under way changes, and what the last call changed (see changes.py).
        self._recording: ChangeRecorder | None = None
        self._recorded: ChangeRecorder | None = None
        self._change: Change | None = None
        self._moves = MoveGenerator(self)

        self.board.place(oriented(self.ruleset.start_tile, 0), 0, 0)
        if seed is not None:
            self._order = drawing_order(self.bag, random.Random(seed), self.ruleset)
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
        return next_tile_counts(self.ruleset, self.bag)

    def supply(self, player: int) -> tuple[int, int]:
        """Figures `player` has in hand: (followers, abbots)."""
        return self.figures.supply(player)

    def in_hand(self, player: int, kind: str) -> int:
        """How many figures of `kind` (`"large"`, `"builder"`...) `player` has in hand (0 for
        a kind this game does not have)."""
        return self.figures.in_hand(player, kind)

    def can_return_abbot(self) -> bool:
        """Whether the current player's abbot stands on the board and may be taken back."""
        return self._moves.can_return_abbot(self)

    def legal_moves(self, tile: str | None = None) -> LegalMoves:
        """Every legal move of `tile` (default: the drawn tile) for the player to move: a view
        (iterable of `Move`, `move in ...`, `len`, `placements()`, `spots(placement)`,
        `spots_by_placement()`) that reads the game as it is whenever it is used.

            >>> game = Game([Player("Ann", "red"), Player("Bo", "blue")], seed=7)
            >>> moves = game.legal_moves()
            >>> all(move in moves for move in moves)
            True
        """
        return LegalMoves(self, self._moves, self._moves.query_tile(self, tile))

    def legal_placements(self, tile: str | None = None) -> list[Placement]:
        """`legal_moves(tile).placements()`."""
        return self.legal_moves(tile).placements()

    def figure_spots(self, placement: Placement, tile: str | None = None) -> list[FigureSpot]:
        """`legal_moves(tile).spots(placement)`, as a list."""
        return list(self.legal_moves(tile).spots(placement))

    @property
    def last_change(self) -> Change | None:
        """What the last `play()`, `discard()` or `end_early()` changed (None before the
        first): see `Change`."""
        if self._change is None and self._recorded is not None:
            self._change = self._recorded.build(
                lambda key: views.listed_id(self, key), lambda f: views.figure_dict(self, f)
            )
        return self._change

    # -- the JSON views (views.py) ---------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """The whole public state, JSON-ready (`views.view`)."""
        return views.view(self)

    def turn_view(self) -> dict[str, Any]:
        """`view()` without `board` and `figures` (`views.turn_view`)."""
        return views.turn_view(self)

    def features(self) -> list[dict[str, Any]]:
        """Every feature on the board (`views.features`)."""
        return views.features(self)

    def claims(self) -> list[views.Claim]:
        """The features with a follower on them, with `features()`'s numbers (`views.claims`):
        at the cost of the figures on the board."""
        return views.claims(self)

    def feature(self, feature_id: str) -> dict[str, Any] | None:
        """One feature as `features()` lists it, or None (`views.feature`)."""
        return views.feature(self, feature_id)

    def field_lesson(self) -> dict[str, Any] | None:
        """The field to show at the end of a game without farmers (`views.field_lesson`)."""
        return views.field_lesson(self)

    def results(self) -> dict[str, Any]:
        """Scores, breakdown, ranking and winners (`views.results`)."""
        return views.results(self)

    def final_scores(self, since: FinalTally | None = None) -> list[int]:
        """The scores if the game ended now; this game is left unchanged.

        `since`: the `final_tally()` of the game this one is a copy of, taken just before
        this copy's one `play()`: the same scores, counted again only for the features that
        move changed (what a bot ranking many placements of one tile saves). Raises
        `ValueError` when this game is not one placement on from the tallied position.
        """
        if since is None:
            return final_scores(self)
        rec = self._recorded
        order = self.board.order
        if (
            rec is None
            or rec.tile is None
            or rec.turns_span[0] != since.turns
            or len(order) != since.tiles + 1
            or order[-2] is not since.last
        ):
            raise ValueError("final_scores(since=...): not one placement on from that tally")
        # What the move changed, as the recorder keeps it for `last_change`: the features
        # it made, those it changed (grown, merged into, completed, re-valued, figures on or
        # off) and those merged away.
        gone = [*rec.changed, *(old for old, _ in rec.merged)]
        return final_scores_since(self, since, gone, [*rec.created, *rec.changed])

    def spot_worth(self, meeple: Meeple) -> tuple[int, bool]:
        """What the feature a figure `meeple` would stand on, on the tile placed last, is
        worth as it stands (what its completion or the final scoring gives it), and whether
        it is complete; the game is left unchanged. For a bot weighing a figure on a spot
        without playing it: in a game without Inns & Cathedrals or Traders & Builders, a
        figure goes only on an unclaimed feature, so its owner alone would score this.
        Raises `ValueError` for a spot the tile placed last does not have."""
        board = self.board
        last = board.order[-1]
        targets = spot_table(last.tile.id, last.tile.rot, self.ruleset).targets
        try:
            target = targets[(meeple.kind, meeple.at)]
        except KeyError:
            raise ValueError(f"no spot {meeple.kind} at {meeple.at} on the last tile") from None
        if target is None:  # the tile's monastery or garden
            cell = (last.x, last.y)
            centre = self.ruleset.centre_features[board.centres[cell]]
            return centre.value(board, cell).points, centre.complete(board, cell)
        root = board.find(last.base + target)
        feature = self.ruleset.segment_features[board.kind(root)]
        return feature.value(board, root).points, feature.complete(board, root)

    def final_tally(self) -> FinalTally:
        """What end-of-game scoring would give, feature by feature, for `final_scores(since=)`
        of a copy one placement on."""
        return final_tally(self)

    # -- playing ---------------------------------------------------------------------------

    def play(self, move: Move, tile: str | None = None) -> list[ScoreEvent]:
        """Apply one placement turn for the current player and return its score events.

        In a seeded game `tile` may be omitted (it is the drawn tile). Raises
        `IllegalMoveError` and changes nothing when the move breaks a rule.
        """
        tile = self._moves.tile_to_play(self, tile, self._order is not None)
        self._moves.check_move(self, tile, move)
        self._recording = ChangeRecorder(self.turns, self.events)
        events = self._apply(tile, move)
        self._close_change()
        return events

    def discard(self, tile: str) -> None:
        """Log replay: the current player drew `tile`, which fits nowhere, and sets it aside."""
        if self.finished:
            raise IllegalMoveError("the game is over", code="game_over")
        if self._order is not None:
            raise IllegalMoveError(
                "the engine discards for itself in a seeded game", code="seeded_discard"
            )
        self._moves.check_discard(self, tile)
        self._recording = ChangeRecorder(self.turns, self.events)
        self.bag[tile] -= 1
        self.turns.append({"player": self.current_player, "discarded": tile})
        if self.tiles_left == 0:
            self._finish()
        self._close_change()

    def end_early(self) -> list[ScoreEvent]:
        """End the game now, scored as if the bag were empty; return the final events."""
        if self.finished:
            raise IllegalMoveError("the game is over", code="game_over")
        self._recording = ChangeRecorder(self.turns, self.events)
        self.ended_early = True
        self.drawn_tile = None
        events = self._finish()
        self._close_change()
        return events

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
        other.figures = self.figures.copy()
        other.rules = self.ruleset.copy_rules(self.rules)
        other._moves = MoveGenerator(other)
        if shuffle is not None and not self.finished:
            # Built from the public counts, never from the real order, so what a bot does
            # with the copy depends on public facts and its own generator alone.
            other._order = drawing_order(self.bag, shuffle, self.ruleset)
            if other.drawn_tile is None:
                # A log-driven game becomes a seeded one: the copy draws for itself.
                other._draw()
        elif self._order is not None:
            other._order = list(self._order)
        return other

    # -- internals ---------------------------------------------------------------------------

    def _draw(self) -> None:
        """Seeded games: draw the next tile, setting aside tiles that fit nowhere."""
        order = self._order
        assert order is not None
        while order:
            tile = order.pop()
            self.bag[tile] -= 1
            # Listing the placements now also fills the cache the player's turn reads.
            if self._moves.turn_moves(self, tile).placements:
                self.drawn_tile = tile
                return
            self.turns.append({"player": self.current_player, "discarded": tile})
        self.drawn_tile = None
        self._finish()

    # -- internals: applying a move ----------------------------------------------------------

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
        rule = self._moves.tile_rule(self, tile)
        if rule is not None:  # the rule of its tile follows it (the river goes on)
            rule.placed(tile, move.placement)
        for i in self.ruleset.laid_rules:  # before the figure: did it join the builder's road?
            self.rules[i].laid(board, self.figures, player, roots)
        self.last = cell
        if self._recording is not None:
            placed = {"x": move.x, "y": move.y, "tile": tile, "rot": move.rot}
            self._recording.tile_placed(placed, board, roots, base, joined)
        self.turns.append(move.to_turn(player, tile))
        turn = len(self.turns)
        events: list[ScoreEvent] = []

        meeple = move.meeple
        if meeple is not None:
            target = spot_table(tile, move.rot, self.ruleset).targets[(meeple.kind, meeple.at)]
            segment = None if target is None else base + target
            self._put_figure(player, meeple.kind, cell, meeple.at, segment)
        if move.return_abbot:
            events.append(self._return_abbot(turn, player))
        events += self._score_completed(turn, player, o, cell, roots)

        self.events.extend(events)
        turns = self.rules[self.ruleset.turn_rule]  # who decides who moves next
        self.current_player = turns.next_player(board, player, len(self.players))
        # The last tile ends the game: its final scoring belongs to this turn's events too.
        if self._order is not None:
            self._draw()
        elif self.tiles_left == 0:
            self._finish()
        return self.events[first_event:]

    def _score_completed(
        self, turn: int, player: int, tile: OrientedTile, cell: Cell, roots: list[int]
    ) -> list[ScoreEvent]:
        """Score what the tile `player` just placed on `cell` completed: its roads and cities
        (and what the rules give for completing them: goods), and the monasteries and gardens
        it surrounds."""
        rec = self._recording
        segments, centres = completed_by(self, tile, cell, roots)
        events = []
        completed_rules = self.ruleset.completed_rules
        for root, feature in segments:
            if rec is not None:
                rec.feature_completed(self.board, root)
            if self.board.figures[root]:
                figure_ids = self.board.clear_figures(root)
                events.append(self._score_complete(turn, root, feature, figure_ids))
            for i in completed_rules:
                rule_events = self.rules[i].completed(self.board, turn, player, root, feature.kind)
                events += map(self._score, rule_events)
        for around, centre, complete in centres:
            if rec is not None:
                rec.centre_touched(around, around == cell, complete)
            figure_id = self.figures.on_centres.get(around)
            if complete and figure_id is not None:
                events.append(self._score_complete(turn, around, centre, [figure_id]))
        return events

    def _score_complete(
        self, turn: int, key: Key, feature: Feature[Key], figure_ids: list[int]
    ) -> ScoreEvent:
        """Score the completed feature `key` for the majority of `figure_ids`, the figures on
        it, and return them to their owners."""
        winners = self.figures.majority(figure_ids, len(self.players))
        for figure_id in figure_ids:
            self._return_figure(figure_id)
        worth = feature.worth(self.board, key, True)
        return self._score(score_event(self.board, turn, feature.kind, key, worth, winners, False))

    def _return_abbot(self, turn: int, player: int) -> ScoreEvent:
        """The Abbot: `player` takes the abbot back and scores its monastery or garden now."""
        cell = self.figures.abbot_at[player]
        assert cell is not None
        self._return_figure(self.figures.on_centres[cell])
        worth = self.ruleset.centre_features[self.board.centres[cell]].value(self.board, cell)
        return self._score(score_event(self.board, turn, ABBOT, cell, worth, (player,), False))

    def _score(self, event: ScoreEvent) -> ScoreEvent:
        """Give each of the event's players its points; return it."""
        for p in event.players:
            self.scores[p] += event.points
        return event

    def _finish(self) -> list[ScoreEvent]:
        """End-of-game scoring of every unfinished feature with figures, farms included, and
        the rules' extras. Figures leave the board without going back to the supply."""
        turn = len(self.turns)
        events: list[ScoreEvent] = []
        rec = self._recording
        for where, kind, worth, players in final_scorings(self):
            if rec is not None:  # its figures go
                rec.change(where)
            if not isinstance(where, tuple):
                self.board.clear_figures(where)
            if worth.points and players:
                event = score_event(self.board, turn, kind, where, worth, players, True)
                events.append(self._score(event))
        if rec is not None:
            rec.figures_removed += self.figures.on_board.values()
        self.figures.clear()
        events += map(self._score, final_extras(self))
        self.events.extend(events)
        self.finished = True
        self.drawn_tile = None
        return events

    # -- internals: figures and recording ---------------------------------------------------

    def _put_figure(self, player: int, kind: str, cell: Cell, slot: str, seg: int | None) -> None:
        figure_id = self.figures.put(player, kind, cell, slot, seg)
        if seg is not None:
            self.board.add_figure(seg, figure_id)
        if self._recording is not None:
            self._recording.figures_placed.append(self.figures.on_board[figure_id])

    def _return_figure(self, figure_id: int) -> None:
        figure = self.figures.take_back(figure_id)
        if self._recording is not None:
            self._recording.figure_removed(figure)

    def _close_change(self) -> None:
        rec = self._recording
        assert rec is not None
        rec.close(self.scores, self.figures.supply_counts(), self.drawn_tile, self.finished)
        self._recording = None
        self._recorded = rec
        self._change = None


__all__ = ["Game"]
