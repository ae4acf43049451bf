"""The rules a game is played by, as data and small rule objects: where expansions plug in.

The base game and each option are a `Rule`. A rule says, as data, what it puts in the bag,
the figures it gives each player (kind, supply, where each may stand, its strength in a
majority), which features exist and which marks change their worth (`Modifier`), which
segment kinds no figure may stand on, its colours and how many may play. What a table cannot
say it says in hooks: which tiles are drawn first and when a tile may be drawn, where its own
tiles may go, what follows a tile laid and a road or city completed, who moves next, how a
feature's points are shared at the end, points at the end. Every attribute left at its
default adds nothing, every hook left alone does nothing.

A `Ruleset` is the rules of one set of options put together (`expansions.py` chooses them):
the facts the game, the move generator and the views read, worked out once.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from .board import Board, Cell, Placement
from .errors import IllegalMoveError
from .events import ScoreEvent
from .features import (
    CITY_FEATURE,
    FIELD_FEATURE,
    GARDEN_FEATURE,
    MONASTERY_FEATURE,
    ROAD_FEATURE,
    Feature,
    Modifier,
    Worth,
)
from .figures import ABBOT, FOLLOWER, FigureKind, Figures
from .options import Player
from .tiles import TILESETS
from .tiles.classic import START_TILE
from .tiles.shapes import CITY, FIELD, GARDEN, MONASTERY, ROAD

COLORS: tuple[str, ...] = ("red", "blue", "green", "yellow", "black")
MIN_PLAYERS, MAX_PLAYERS = 2, 5
FOLLOWERS_PER_PLAYER = 7

FOLLOWER_KIND = FigureKind(
    FOLLOWER,
    FOLLOWERS_PER_PLAYER,
    frozenset({ROAD, CITY, FIELD}),
    (MONASTERY,),
    "you have no follower left in your supply",
)
ABBOT_KIND = FigureKind(
    ABBOT, 1, frozenset(), (MONASTERY, GARDEN), "your abbot is already on the board"
)

_NONE: Mapping[str, Any] = MappingProxyType({})


class Rule:
    """One part of the rules: the base game, or what an option adds to it or changes.

    A rule that keeps state through a game (where the river goes on) returns a fresh copy from
    `copy()`, so that each game, and each copy of a game, plays with its own; a game calls the
    hooks on its copies. `first_draws` and `draw_error` read no state of a game: the bag asks
    them of the ruleset's own rules.
    """

    name = ""
    option = ""
    """The field of `Options` that brings this rule ("" for the base game)."""
    tiles: Mapping[str, int] = _NONE
    """Tile id -> copies this rule puts in the bag."""
    start_tile: str | None = None
    """The tile at (0, 0) rotation 0, instead of the one of the rules before."""
    figures: tuple[FigureKind, ...] = ()
    segment_features: tuple[Feature[int], ...] = ()
    centre_features: tuple[Feature[Cell], ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    closed: Mapping[str, str] = _NONE
    """Segment kind -> why no figure may stand on one (without farmers: fields)."""
    colors: tuple[str, ...] = ()
    max_players = 0
    """How many may play with this rule (0: it changes nothing)."""
    goods: tuple[str, ...] = ()
    """Marks on cities that are goods: taken when the city is completed."""
    box: frozenset[str] = frozenset()
    """The tiles that are this rule's own: only a game with it has them."""
    absent = ""
    """Why a tile of `box` cannot be drawn in a game without this rule (`{tile}` names it)."""
    drawn_first: frozenset[str] = frozenset()
    """Tiles drawn before all the others, in the order `first_draws` makes."""
    places: frozenset[str] = frozenset()
    """Tiles whose placements this rule decides (`placements`, `placement_error`, `placed`)."""
    placing = "go"
    """What placing one of `places` does, for a message ("continue the river")."""

    def copy(self) -> Rule:
        """This rule for another game: itself, unless it keeps state."""
        return self

    def first_draws(self, bag: Mapping[str, int], rng: random.Random) -> list[str]:
        """The tiles of `drawn_first` in `bag`, in the order they are drawn (shuffled by `rng`
        after the other tiles were)."""
        return []

    def draw_error(self, tile: str, left: Mapping[str, int]) -> IllegalMoveError | None:
        """Why `tile` cannot be drawn now (the error to raise), `left` counting the tiles not
        yet drawn (with or without `tile`), or None."""
        return None

    def placements(self, board: Board, tile: str) -> list[Placement]:
        """Every legal placement of `tile` (one of `places`)."""
        return board.placements(tile)

    def placement_error(
        self, board: Board, tile: str, placement: Placement
    ) -> IllegalMoveError | None:
        """Why `tile` (one of `places`) may not go at `placement` (the error to raise), or
        None. Whether its edges match is the board's business."""
        return None

    def placed(self, tile: str, placement: Placement) -> None:
        """`tile` (one of `places`) was just placed legally at `placement`."""

    def laid(self, board: Board, figures: Figures, player: int, roots: list[int]) -> None:
        """`player` has just placed a tile, its segments now in the features `roots`, before
        its figure is put and anything is scored (the builder's feature grew)."""

    def completed(
        self, board: Board, turn: int, player: int, root: int, kind: str
    ) -> list[ScoreEvent]:
        """Events this rule adds when the tile `player` placed on turn `turn` completed the
        road or city `root` (of `kind`), whoever stands on it (goods)."""
        return []

    def shares(
        self,
        board: Board,
        figures: Figures,
        root: int,
        kind: str,
        worth: Worth,
        winners: tuple[int, ...],
    ) -> list[tuple[Worth, tuple[int, ...]]] | None:
        """How the end-of-game `worth` of the feature `root` (of `kind`) goes to its `winners`,
        as parts (worth, players), when this rule changes that (the pig); None when it does
        not. The first rule that answers decides."""
        return None

    def next_player(self, board: Board, player: int, players: int) -> int:
        """Who moves after `player` has placed the board's last tile, in a game of `players`.
        The last rule of a game that implements this decides (the base game: the next player
        in turn order)."""
        raise NotImplementedError

    def final_events(self, board: Board, turn: int, players: int) -> list[ScoreEvent]:
        """Points this rule gives at the end of the game, beyond its features."""
        return []

    def view(self, finished: bool) -> dict[str, Any]:
        """What this rule adds to the public view of a game (`finished`: the game is over)."""
        return {}

    def player_view(self, player: int) -> dict[str, Any]:
        """What this rule adds to `player`'s entry in the public view (and the replay's
        supply): their goods."""
        return {}


class BaseGame(Rule):
    """The base game with one tile set: its tiles (one start tile D set aside), the follower,
    roads, cities, fields and monasteries, five colours, 2 to 5 players, turns in order."""

    figures = (FOLLOWER_KIND,)
    segment_features = (ROAD_FEATURE, CITY_FEATURE, FIELD_FEATURE)
    centre_features = (MONASTERY_FEATURE,)
    start_tile = START_TILE
    colors = COLORS
    max_players = MAX_PLAYERS

    def __init__(self, tileset: str) -> None:
        self.name = tileset
        # The start tile D stays out of the bag even when another rule starts elsewhere.
        self.tiles = {**TILESETS[tileset], START_TILE: TILESETS[tileset][START_TILE] - 1}

    def next_player(self, board: Board, player: int, players: int) -> int:
        return (player + 1) % players


class NoFarmers(Rule):
    """The introductory game (`farmers` off): no follower may stand in a field, so no field
    is scored."""

    name = "no farmers"
    option = "farmers"
    closed = MappingProxyType({FIELD: "this game is played without farmers"})


class Abbot(Rule):
    """The Abbot: one abbot per player, for a monastery or a garden; gardens become features.
    (Taking the abbot back is a move of its own: `Move.return_abbot`.)"""

    name = "abbot"
    option = "abbot"
    figures = (ABBOT_KIND,)
    centre_features = (GARDEN_FEATURE,)


def _overriding(rules: Sequence[Rule], hook: str) -> tuple[int, ...]:
    """The indexes of the rules that implement `hook`: a game asks only those, so a hook no
    rule of the game uses costs nothing."""
    default = getattr(Rule, hook)
    return tuple(i for i, rule in enumerate(rules) if getattr(type(rule), hook) is not default)


class Ruleset:
    """Rules put together, in order (the base game first): what a game reads of them.

    `absent` are the rules this game is played without: their tiles and figures are refused
    in their own words. For each hook, the indexes of the rules that implement it
    (`draw_rules`, ...): a game calls those only, on its own copies (`new_rules()`).
    """

    def __init__(self, rules: Sequence[Rule], absent: Sequence[Rule] = ()) -> None:
        self.rules = tuple(rules)
        start = [rule.start_tile for rule in rules if rule.start_tile is not None]
        self.start_tile = start[-1]
        # Tiles drawn first are listed first (`Game.bag_counts()`).
        first = sorted(rules, key=lambda rule: not rule.drawn_first)
        self.bag: dict[str, int] = {t: n for rule in first for t, n in rule.tiles.items()}
        self.drawn_first = frozenset().union(*(rule.drawn_first for rule in rules))
        self.figures = tuple(kind for rule in rules for kind in rule.figures)
        self._figures_by_name = {kind.name: kind for kind in self.figures}
        self.closed = {kind: why for rule in rules for kind, why in rule.closed.items()}
        # Per figure kind, the segment kinds it may stand on in this game.
        self.stands = tuple(kind.segments - self.closed.keys() for kind in self.figures)
        # The kinds (bit i for figures[i]) that go only where their owner has a follower.
        self.companions = sum(1 << i for i, kind in enumerate(self.figures) if kind.companion)
        self.open_only = sum(1 << i for i, kind in enumerate(self.figures) if kind.open_only)
        # Whether some figure counts more than one in a majority (the large follower).
        self.weighted = any(kind.strength > 1 for kind in self.figures)
        # The marks a city's goods are (Traders & Builders), in the order events list them.
        self.goods = tuple(good for rule in rules for good in rule.goods)
        modifiers = tuple(m for rule in rules for m in rule.modifiers)
        self.segment_features = {
            f.kind: f.modified(modifiers) for rule in rules for f in rule.segment_features
        }
        self.centre_features = {
            f.kind: f.modified(modifiers) for rule in rules for f in rule.centre_features
        }
        self.colors = tuple(color for rule in rules for color in rule.colors)
        self.max_players = max(rule.max_players for rule in rules)
        # Per tile of a rule this game is played without: why it cannot be drawn, and the
        # option it needs.
        self.absent = {
            tile: (rule.absent.format(tile=tile), rule.option)
            for rule in absent
            for tile in rule.box
        }
        self.absent_figures = frozenset(kind.name for rule in absent for kind in rule.figures)
        self.placed_by = {tile: i for i, rule in enumerate(rules) for tile in rule.places}
        self.order_rules = _overriding(rules, "first_draws")
        self.draw_rules = _overriding(rules, "draw_error")
        self.turn_rule = _overriding(rules, "next_player")[-1]  # the base game's at least
        self.laid_rules = _overriding(rules, "laid")
        self.completed_rules = _overriding(rules, "completed")
        self.share_rules = _overriding(rules, "shares")
        self.final_rules = _overriding(rules, "final_events")
        self.view_rules = _overriding(rules, "view")
        self.player_view_rules = _overriding(rules, "player_view")
        self.stateful_rules = _overriding(rules, "copy")

    def __repr__(self) -> str:
        return f"<Ruleset {', '.join(rule.name for rule in self.rules)}>"

    def new_rules(self) -> tuple[Rule, ...]:
        """The rules for a new game, each with its own state."""
        return self.copy_rules(self.rules)

    def copy_rules(self, rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
        """A game's `rules` (its copies of these) for a copy of the game: the same, but for the
        rules that keep state (the River), copied."""
        if not self.stateful_rules:
            return rules
        copied = list(rules)
        for i in self.stateful_rules:
            copied[i] = rules[i].copy()
        return tuple(copied)

    def figure(self, name: str) -> FigureKind | None:
        """The figure kind `name`, or None if this game has none."""
        return self._figures_by_name.get(name)

    def check_players(self, players: Sequence[Player]) -> None:
        """Raise `ValueError` unless `players` may play a game by these rules: `MIN_PLAYERS`
        to `max_players` of them, each with a different one of `colors`."""
        if not MIN_PLAYERS <= len(players) <= self.max_players:
            raise ValueError(f"a game needs {MIN_PLAYERS} to {self.max_players} players")
        colors = [p.color for p in players]
        for color in colors:
            if color not in self.colors:
                raise ValueError(f"unknown color {color!r}; use one of {', '.join(self.colors)}")
        if len(set(colors)) != len(colors):
            raise ValueError("each color may be used only once")


__all__ = [
    "ABBOT_KIND",
    "COLORS",
    "FOLLOWERS_PER_PLAYER",
    "FOLLOWER_KIND",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Abbot",
    "BaseGame",
    "NoFarmers",
    "Rule",
    "Ruleset",
]
