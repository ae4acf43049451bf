"""Figures: the kinds a game has (`FigureKind`), each player's in hand, and each one on the board.

A kind is data: how many each player gets, the segment kinds and tile centres it may stand
on, what it counts in a majority, and whether it goes only where its owner already has a
follower. The base game has the follower; The Abbot adds the abbot (`rules.py`); Inns &
Cathedrals the large follower, Traders & Builders the builder and the pig (`inns.py`,
`traders.py`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Cell

FOLLOWER, ABBOT = "follower", "abbot"


@dataclass(frozen=True, slots=True)
class FigureKind:
    """A kind of figure: `supply` per player, the segment kinds (`segments`) and centres
    (`centres`, in the order a message lists them) it may stand on, what one counts in a
    majority (`strength`: a follower 1, a large follower 2), and what a player is told who
    has none left (`none_left`, `{player}` naming them).

    A `companion` (the builder, the pig) is no follower: it goes only on a feature that
    already holds a follower (of either size) of its owner, never makes a feature occupied
    and counts nothing (`strength` 0); one that is `open_only` (the builder) never goes on a
    feature the tile it comes with completes."""

    name: str
    supply: int
    segments: frozenset[str]
    centres: tuple[str, ...]
    none_left: str
    strength: int = 1
    companion: bool = False
    open_only: bool = False


class Figure:
    """A figure on the board. `segment` is None for one on a monastery or garden."""

    __slots__ = ("cell", "kind", "player", "segment", "slot", "strength")

    def __init__(
        self, player: int, kind: FigureKind, cell: Cell, slot: str, segment: int | None
    ) -> None:
        self.player = player
        self.kind = kind.name
        self.strength = kind.strength
        self.cell = cell
        self.slot = slot
        self.segment = segment


class Figures:
    """Every player's figures: how many of each kind are in hand, and where each placed one
    stands (by figure id; the board's features hold the ids of the figures on them)."""

    def __init__(self, kinds: tuple[FigureKind, ...], players: int) -> None:
        self.kinds = {kind.name: kind for kind in kinds}
        # Per kind (in the order of `kinds`), per player: how many are in hand.
        self.hands: dict[str, list[int]] = {kind.name: [kind.supply] * players for kind in kinds}
        self._none = [0] * players  # the hand of a kind this game lacks
        self.on_board: dict[int, Figure] = {}
        self.on_centres: dict[Cell, int] = {}  # the figure on each monastery or garden
        self.abbot_at: list[Cell | None] = [None] * players  # The Abbot: it may come back
        self._next_id = 0

    def copy(self) -> Figures:
        """An independent copy (figures are never changed once placed, so they are shared)."""
        other = Figures.__new__(Figures)
        other.kinds = self.kinds
        other.hands = {kind: list(counts) for kind, counts in self.hands.items()}
        other._none = self._none
        other.on_board = dict(self.on_board)
        other.on_centres = dict(self.on_centres)
        other.abbot_at = list(self.abbot_at)
        other._next_id = self._next_id
        return other

    def in_hand(self, player: int, kind: str) -> int:
        """How many figures of `kind` `player` has in hand (0 for a kind this game lacks)."""
        return self.hands.get(kind, self._none)[player]

    def hand_mask(self, player: int) -> int:
        """The kinds `player` has in hand, as a bitmask over `kinds` (bit i for kind i)."""
        mask = 0
        for i, counts in enumerate(self.hands.values()):
            if counts[player]:
                mask |= 1 << i
        return mask

    def supply(self, player: int) -> tuple[int, int]:
        """`player`'s (followers, abbots) in hand."""
        followers, abbots = self.supply_counts()
        return followers[player], abbots[player]

    def supply_counts(self) -> tuple[list[int], list[int]]:
        """Followers and abbots in hand, each per player (live: they change with the game)."""
        hands, none = self.hands, self._none
        return hands.get(FOLLOWER, none), hands.get(ABBOT, none)

    def put(self, player: int, kind: str, cell: Cell, slot: str, segment: int | None) -> int:
        """Take a figure of `kind` from `player`'s hand and stand it on `segment` of the tile at
        `cell` (None: its centre); return its id. The caller checked that it may."""
        self.hands[kind][player] -= 1
        figure_id = self._next_id
        self._next_id += 1
        self.on_board[figure_id] = Figure(player, self.kinds[kind], cell, slot, segment)
        if segment is None:
            self.on_centres[cell] = figure_id
        if kind == ABBOT:
            self.abbot_at[player] = cell
        return figure_id

    def take_back(self, figure_id: int) -> Figure:
        """The figure `figure_id` leaves the board for its owner's hand; return it."""
        figure = self.on_board.pop(figure_id)
        self.hands[figure.kind][figure.player] += 1
        if figure.segment is None:
            del self.on_centres[figure.cell]
        if figure.kind == ABBOT:
            self.abbot_at[figure.player] = None
        return figure

    def clear(self) -> None:
        """Every figure leaves the board without going back to a hand (the end of the game)."""
        self.on_board.clear()
        self.on_centres.clear()

    def majority(self, figure_ids: list[int], players: int) -> tuple[int, ...]:
        """The players with the greatest strength among `figure_ids` (none if it is 0)."""
        strength = self.strength_by_player(figure_ids, players)
        best = max(strength)
        return tuple(p for p, n in enumerate(strength) if n == best) if best else ()

    def count_by_player(self, figure_ids: list[int] | None, players: int) -> list[int]:
        """How many followers (of either size: not builders or pigs) among `figure_ids` each
        player owns."""
        counts = [0] * players
        for figure_id in figure_ids or ():
            figure = self.on_board[figure_id]
            if figure.strength:
                counts[figure.player] += 1
        return counts

    def strength_by_player(self, figure_ids: list[int] | None, players: int) -> list[int]:
        """What the figures `figure_ids` count in a majority, per player."""
        strength = [0] * players
        for figure_id in figure_ids or ():
            figure = self.on_board[figure_id]
            strength[figure.player] += figure.strength
        return strength

    def has_follower(self, figure_ids: list[int] | None, player: int) -> bool:
        """Whether a follower (of either size) of `player` is among `figure_ids`."""
        on_board = self.on_board
        for figure_id in figure_ids or ():
            figure = on_board[figure_id]
            if figure.player == player and figure.strength:
                return True
        return False

    def placed(self, player: int, kind: str) -> Figure | None:
        """A figure of `kind` that `player` has on the board (the first placed), or None."""
        for figure in self.on_board.values():
            if figure.kind == kind and figure.player == player:
                return figure
        return None


__all__ = ["ABBOT", "FOLLOWER", "Figure", "FigureKind", "Figures"]
