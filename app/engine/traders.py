"""Traders & Builders (TRADERS_AND_BUILDERS.md) as a rule: its 24 tiles, the goods tokens, the
builder and its double turn, the pig.

Its state through a game (copied into each game, as the River's): each player's tokens, and
where the turn stands: whether the tile just placed earned a bonus turn, and whether the turn
being played is one. The builder and the pig are figure kinds that go only where their owner
has a follower (`FigureKind.companion`, offered by `legal.py`); the rest are hooks: `laid`
(did the tile join the builder's feature?), `next_player` (the bonus turn), `completed`
(goods to the player who closed a city), `shares` (the pig's field) and `final_events` (the
goods majorities).
"""

from __future__ import annotations

from typing import Any

from .board import Board
from .events import GOODS, ScoreEvent
from .features import FIELD_POINTS_PER_CITY, Worth, feature_id
from .figures import FigureKind, Figures
from .position import Position
from .rules import Rule
from .scoring import event_cells
from .tiles import traders
from .tiles.shapes import CITY, FIELD, ROAD
from .tiles.traders import GOODS as GOOD_KINDS

BUILDER, PIG = "builder", "pig"

# Rule 5: on a road or city of the placed tile that holds its owner's follower and that the
# tile does not complete. Rule 8: in a field that holds its owner's farmer.
BUILDER_KIND = FigureKind(
    BUILDER,
    1,
    frozenset({ROAD, CITY}),
    (),
    "player {player} has no builder in supply",
    strength=0,
    companion=True,
    open_only=True,
)
PIG_KIND = FigureKind(
    PIG, 1, frozenset({FIELD}), (), "player {player} has no pig in supply", strength=0,
    companion=True,
)  # fmt: skip

# Rule 4: what the greatest count of a kind of token scores at the end (each tied player).
GOODS_MAJORITY_POINTS = 10
# Rule 9: a field's winner with a pig in it scores one more per completed city.
PIG_POINTS_PER_CITY = FIELD_POINTS_PER_CITY + 1

Tokens = tuple[int, int, int]  # wine, grain, cloth
_NO_TOKENS: Tokens = (0, 0, 0)


class TradersAndBuilders(Rule):
    """The option `traders_builders`: tiles T01..T24 in the bag, a builder and a pig each,
    goods tokens, and the builder's bonus turn (the same player places again)."""

    name = "traders & builders"
    option = "traders_builders"
    tiles = traders.COUNTS
    box = frozenset(traders.TILES)
    absent = "tile '{tile}' is a Traders & Builders tile and options.traders_builders is not set"
    figures = (BUILDER_KIND, PIG_KIND)
    goods = GOOD_KINDS

    def __init__(self) -> None:
        self.tokens: dict[int, Tokens] = {}  # per player who holds any
        self.earned = False  # the tile just placed joined its player's builder's feature
        self.bonus = False  # the turn being played is a bonus turn

    def copy(self) -> TradersAndBuilders:
        other = TradersAndBuilders.__new__(TradersAndBuilders)
        other.tokens = dict(self.tokens)
        other.earned = self.earned
        other.bonus = self.bonus
        return other

    def tokens_of(self, player: int) -> Tokens:
        """`player`'s tokens: (wine, grain, cloth)."""
        return self.tokens.get(player, _NO_TOKENS)

    def laid(self, board: Board, figures: Figures, player: int, roots: list[int]) -> None:
        """Rule 6: the first tile of a turn earns a bonus turn when it becomes part of the
        road or city its player's builder stood on (before its own figure is put)."""
        if self.bonus:
            return  # a bonus turn never earns another
        builder = figures.placed(player, BUILDER)
        if builder is not None and builder.segment is not None:
            self.earned = board.find(builder.segment) in roots

    def next_player(self, board: Board, player: int, players: int) -> int:
        """The same player after a tile that earned a bonus turn, else the next in order."""
        self.bonus, self.earned = self.earned, False
        return player if self.bonus else (player + 1) % players

    def completed(
        self, board: Board, turn: int, player: int, root: int, kind: str
    ) -> list[ScoreEvent]:
        """Rule 3: the player who completed a city takes a token per goods symbol in it (an
        event worth 0 points, listed all the same)."""
        marks = board.marks[root]
        if kind != CITY or not marks:
            return []
        taken = tuple(marks.get(good, 0) for good in GOOD_KINDS)
        if not any(taken):
            return []
        held = self.tokens_of(player)
        self.tokens[player] = (held[0] + taken[0], held[1] + taken[1], held[2] + taken[2])
        tiles = board.tiles[root]
        assert tiles is not None
        return [
            ScoreEvent(
                turn, GOODS, 0, (player,), False, len(tiles),
                cells=event_cells(board, root), feature_id=feature_id(root),
                details=tuple(zip(GOOD_KINDS, taken, strict=True)),
            )
        ]  # fmt: skip

    def shares(
        self,
        board: Board,
        figures: Figures,
        root: int,
        kind: str,
        worth: Worth,
        winners: tuple[int, ...],
    ) -> list[tuple[Worth, tuple[int, ...]]] | None:
        """Rule 9: a field's winners whose pig stands in it score 4 per city, the others 3."""
        if kind != FIELD or not worth.cities:
            return None
        pigs = {
            figures.on_board[f].player
            for f in board.figures[root] or ()
            if figures.on_board[f].kind == PIG
        }
        with_pig = tuple(p for p in winners if p in pigs)
        if not with_pig:
            return None
        pig_worth = Worth(
            PIG_POINTS_PER_CITY * worth.cities, worth.tiles, cities=worth.cities,
            flags=(*worth.flags, (PIG, True)),
        )  # fmt: skip
        without = tuple(p for p in winners if p not in pigs)
        return [(worth, without), (pig_worth, with_pig)] if without else [(pig_worth, with_pig)]

    def final_events(self, board: Board, turn: int, players: int) -> list[ScoreEvent]:
        """Rule 4: for each kind of token, 10 to every player with the most (none when nobody
        holds it)."""
        events = []
        for i, good in enumerate(GOOD_KINDS):
            counts = [self.tokens_of(p)[i] for p in range(players)]
            best = max(counts)
            if best:
                winners = tuple(p for p, n in enumerate(counts) if n == best)
                events.append(
                    ScoreEvent(
                        turn, GOODS, GOODS_MAJORITY_POINTS, winners, True, 0,
                        details=(("good", good), ("tokens", best)),
                    )
                )  # fmt: skip
        return events

    def view(self, finished: bool) -> dict[str, Any]:
        """`{"bonus_turn": bool}`: the turn being played is a builder's bonus turn (the player
        to move placed the tile before too); false once the game is over."""
        return {"bonus_turn": self.bonus and not finished}

    def player_view(self, player: int) -> dict[str, Any]:
        """`{"goods": {"wine": n, "grain": n, "cloth": n}}`: the tokens `player` holds."""
        return {"goods": dict(zip(GOOD_KINDS, self.tokens_of(player), strict=True))}


def _rule(game: Position) -> TradersAndBuilders | None:
    return next((r for r in game.rules if isinstance(r, TradersAndBuilders)), None)


def bonus_turn(game: Position) -> bool:
    """Whether the turn `game` waits for is a builder's bonus turn: the player to move placed
    the tile before and places another (False without Traders & Builders, or once over)."""
    rule = _rule(game)
    return rule is not None and rule.bonus and not game.finished


def goods(game: Position, player: int) -> dict[str, int]:
    """The goods tokens `player` holds, per kind (all 0 without Traders & Builders)."""
    rule = _rule(game)
    tokens = _NO_TOKENS if rule is None else rule.tokens_of(player)
    return dict(zip(GOOD_KINDS, tokens, strict=True))


__all__ = [
    "BUILDER",
    "BUILDER_KIND",
    "GOODS_MAJORITY_POINTS",
    "PIG",
    "PIG_KIND",
    "PIG_POINTS_PER_CITY",
    "TradersAndBuilders",
    "bonus_turn",
    "goods",
]
