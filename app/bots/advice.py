"""Advice at the table: a suggested move with one sentence of why, and the coach's warning.

    >>> import random
    >>> from app.engine import Game, Player
    >>> from app.bots import suggest, warn
    >>> game = Game([Player("Ann", "red"), Player("Bo", "blue")], seed=7)
    >>> advice = suggest(game, random.Random(1), budget_s=None, playouts=20)
    >>> advice.move in game.legal_moves() and advice.reason.endswith(".")
    True
    >>> warn(game, advice.move) is None  # nothing on the board is Bo's yet
    True

`suggest()` asks the strong bot for the move of the player to move, from public facts only
(the public replica every bot plays from), and `explain()` says what that move does. Both
`explain()` and `warn()` play the move on a copy and read what it changed (`last_change`):
the move's score events and the features its tile became part of or lies next to, as they
are after the move, with the figures each of their pieces held before it. Sentences name the
other players by name and speak to the player to move as "you"; each states a fact about the
move, never a guess about the rest of the game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from app.engine import FIELD_POINTS_PER_CITY, Game, Move, ScoreEvent

from .bot import DEFAULT_BUDGET_S
from .public import public_replica
from .strong import strong_move

# What finishing each kind of feature is called.
_FINISH = {"city": "closes", "road": "completes", "monastery": "surrounds", "garden": "surrounds"}
# The followers on roads, cities and fields (a monastery or garden holds one figure at most).
_FOLLOWERS = {
    "city": ("knight", "knights"),
    "road": ("thief", "thieves"),
    "field": ("farmer", "farmers"),
}
_CENTRES = ("monastery", "garden")
_PLURAL = {"city": "cities", "road": "roads", "monastery": "monasteries", "garden": "gardens"}
# Which of the player's features a growth names, when the tile grows several.
_GROWTH_ORDER = ("city", "road", "monastery", "garden")
_AROUND = 9  # a monastery or garden counts its own tile and its eight neighbours


@dataclass(frozen=True, slots=True)
class Advice:
    """A suggested move, one sentence of why, and the points the move itself scores for the
    player (what it completes, the abbot taken back; never the final count)."""

    move: Move
    reason: str
    points_now: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: `{"x", "y", "rot", "meeple": None | {"kind", "at"}, "return_abbot",
        "reason", "points"}`."""
        move = self.move
        return {
            "x": move.x,
            "y": move.y,
            "rot": move.rot,
            "meeple": None if move.meeple is None else move.meeple.to_dict(),
            "return_abbot": move.return_abbot,
            "reason": self.reason,
            "points": self.points_now,
        }


def suggest(
    game: Game,
    rng: random.Random,
    budget_s: float | None = DEFAULT_BUDGET_S,
    tile: str | None = None,
    *,
    playouts: int | None = None,
    timer: Callable[[], float] = time.perf_counter,
) -> Advice:
    """The strong bot's move for the player to move in `game` (left unchanged), with why.

    Public information only: the move and its reason are worked out on a replica rebuilt from
    the public log, so the hidden order of the bag cannot change the advice. The call keeps
    to `budget_s` seconds of `timer`, the replica included, but for the reply the search is
    weighing when the time runs out (see `strong_move`); with `budget_s=None` and a number of
    `playouts` the advice depends on the public state and `rng` alone. `tile` names the drawn
    tile when `game` is log-driven.
    """
    start = timer()
    tile = tile or game.drawn_tile
    if tile is None:
        raise ValueError("no tile to place: the game is over")
    replica = public_replica(game)
    left = None if budget_s is None else max(0.0, budget_s - (timer() - start))
    move = strong_move(game, rng, left, playouts, replica, tile=tile, timer=timer)
    return explain(replica, move, tile)


def suggest_from_log(
    log: dict[str, Any],
    tile: str,
    seed: int,
    budget_s: float | None = DEFAULT_BUDGET_S,
    playouts: int | None = None,
) -> Advice:
    """`suggest()` from the public move log and the drawn tile: picklable arguments and
    result, so that a server can ask a worker process (as `move_from_log` does)."""
    return suggest(Game.from_log(log), random.Random(seed), budget_s, tile, playouts=playouts)


def explain(game: Game, move: Move, tile: str | None = None) -> Advice:
    """`move` for the player to move, with one sentence of what it does for them.

    The first that applies: what it scores ("Closes your city: +8."), and with it the figure
    it places if that stays on the board; the figure it places ("Puts a knight in an open city
    of 3 tiles (worth 6 if closed, 3 if not)."); a feature of theirs it joins to another
    player's ("Joins Bo's city to share it."); a field of theirs now next to more finished
    cities ("Your field is now next to 2 finished cities (6 so far)."); a feature of theirs it
    grows ("Extends your road to 4 tiles.", "Adds to your
    monastery: 6 of its 9 tiles are down."); else "Places the tile without a figure." Raises
    `IllegalMoveError` for an illegal move.
    """
    outcome = _Outcome(game, move, tile)
    mine = [e for e in outcome.events if not e.final and outcome.player in e.players]
    points = sum(e.points for e in mine)
    figure = _figure_clause(outcome)
    if mine:
        scored = _capital(_scored_clause(mine))
        reason = f"{scored} (+{points}) and {figure}." if figure else f"{scored}: +{points}."
    else:
        clause = (
            figure
            or _join_clause(outcome)
            or _field_clause(outcome)
            or _growth_clause(outcome)
            or "places the tile without a figure"
        )
        reason = _capital(clause) + "."
    return Advice(move, reason, points)


def warn(game: Game, move: Move, tile: str | None = None) -> str | None:
    """The coach's look at a player's `move` before they confirm it: None when it hands
    nothing to an opponent, else one sentence saying what it hands (the first that applies):

    - it finishes a feature that scores for opponents and not for the player (they hold it
      alone or have more figures on it): "This closes Bo's city: Bo scores 10." (the biggest
      such gift if there are several);
    - it joins a feature where the player was not outnumbered into one where an opponent has
      more figures: "Your knight would join Bo's city, where Bo has more knights.";
    - it adds a tile next to an opponent's monastery or garden: "This adds a tile next to
      Bo's monastery: 7 of its 9 tiles are down."

    Costs one copy of the game, one `play()` and a look at the features the tile touched.
    Raises `IllegalMoveError` for an illegal move.
    """
    outcome = _Outcome(game, move, tile)
    me = outcome.player
    gifts = [e for e in outcome.events if not e.final and e.players and me not in e.players]
    if gifts:
        gift = max(gifts, key=lambda e: e.points)
        takers = outcome.names(gift.players)
        scores = "scores" if len(gift.players) == 1 else "each score"
        what = f"{_FINISH[gift.feature]} {takers}'s {gift.feature}"
        return f"This {what}: {takers} {scores} {gift.points}."
    for touched in outcome.touched:
        if touched.kind not in _FOLLOWERS or touched.completed:
            continue
        held = any(piece[me] and piece[me] >= _most_but(piece, me) for piece in touched.pieces)
        after = touched.after
        if held and _most_but(after, me) > after[me]:
            leaders = _leaders(after, me)
            names = outcome.names(leaders)
            have = "has" if len(leaders) == 1 else "have"
            singular, plural = _FOLLOWERS[touched.kind]
            yours = singular if after[me] == 1 else plural
            return (
                f"Your {yours} would join {names}'s {touched.kind}, "
                f"where {names} {have} more {plural}."
            )
    for touched in outcome.touched:  # one surrounded would be a gift above
        if touched.kind in _CENTRES:
            owners = [p for p, n in enumerate(touched.before) if n and p != me]
            if owners:
                return (
                    f"This adds a tile next to {outcome.names(owners)}'s {touched.kind}: "
                    f"{touched.feature['tiles']} of its {_AROUND} tiles are down."
                )
    return None


# -- what a move does ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Touched:
    """A feature the move's tile became part of or lies next to, or a field whose city it
    closed, as the feature is after the move; with the figures per player of each piece it
    was made of before the move, and the figures once the move's own figure stands (those of
    a feature scored by the move included)."""

    feature: dict[str, Any]
    pieces: tuple[tuple[int, ...], ...]
    before: tuple[int, ...]
    after: tuple[int, ...]
    value_before: int  # the most any piece was worth at the end of the game (`points_end`)
    completed: bool
    new_figure: bool

    @property
    def kind(self) -> str:
        return str(self.feature["kind"])


class _Outcome:
    """`move` played on a copy of `game`: its score events and the features it touched."""

    def __init__(self, game: Game, move: Move, tile: str | None) -> None:
        self.player = me = game.current_player
        self.move = move
        self._players = game.players
        after = game.copy()
        self.events: list[ScoreEvent] = after.play(move, tile=tile)
        change = after.last_change
        assert change is not None
        created, completed = set(change.features_created), set(change.features_completed)
        joined: dict[str, list[str]] = {}
        for old, new in change.features_merged:
            joined.setdefault(new, []).append(old)
        cell, meeple = (move.x, move.y), move.meeple
        none = (0,) * len(game.players)
        self.touched: list[_Touched] = []
        for feature_id in (*change.features_created, *change.features_changed):
            feature = after.feature(feature_id)
            assert feature is not None
            ids = joined.get(feature_id, [])
            if feature_id not in created:
                ids = [feature_id, *ids]
            pieces = [piece for piece in map(game.feature, ids) if piece is not None]
            counts = [tuple(piece["followers"]) for piece in pieces]
            before = tuple(map(sum, zip(*counts, strict=True))) if counts else none
            new_figure = meeple is not None and any(
                (part["x"], part["y"]) == cell and meeple.at in part["slots"]
                for part in feature["parts"]
            )
            after_counts = tuple(n + int(new_figure and p == me) for p, n in enumerate(before))
            self.touched.append(
                _Touched(
                    feature=feature,
                    pieces=tuple(counts),
                    before=before,
                    after=after_counts,
                    value_before=max((piece["points_end"] for piece in pieces), default=0),
                    completed=feature_id in completed,
                    new_figure=new_figure,
                )
            )

    def names(self, players: Sequence[int]) -> str:
        """`Bo`, `Bo and Cy`, `Bo, Cy and Di`."""
        names = [self._players[p].name for p in players]
        return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"

    def whose(self, touched: _Touched) -> str:
        """`your road`, or `the road you share with Bo` (for a feature where the player to
        move is not outnumbered)."""
        mine = touched.after[self.player]
        sharers = [p for p, n in enumerate(touched.after) if n == mine and p != self.player]
        if sharers:
            return f"the {touched.kind} you share with {self.names(sharers)}"
        return f"your {touched.kind}"

    def holds(self, touched: _Touched) -> bool:
        """The player to move has figures on `touched` and nobody has more."""
        after = touched.after
        return after[self.player] > 0 and after[self.player] >= _most_but(after, self.player)


def _most_but(counts: Sequence[int], player: int) -> int:
    """The most figures any other player has."""
    return max((n for p, n in enumerate(counts) if p != player), default=0)


def _leaders(counts: Sequence[int], player: int) -> list[int]:
    """The other players with the most figures (nobody if no other player has one)."""
    lead = _most_but(counts, player)
    return [p for p, n in enumerate(counts) if p != player and n == lead and n]


def _capital(clause: str) -> str:
    return clause[0].upper() + clause[1:]


def _tiles(n: int) -> str:
    return f"{n} tile" if n == 1 else f"{n} tiles"


def _cities(field: dict[str, Any]) -> str:
    """`next to 2 finished cities (6 so far)`, `next to no finished city yet`."""
    n = field["points_end"] // FIELD_POINTS_PER_CITY
    if n == 0:
        return "next to no finished city yet"
    cities = "1 finished city" if n == 1 else f"{n} finished cities"
    return f"next to {cities} ({field['points_end']} so far)"


def _scored_clause(events: list[ScoreEvent]) -> str:
    """`closes your city`, `closes your city and completes your 2 roads`."""
    counts: dict[str, int] = {}
    for event in events:
        counts[event.feature] = counts.get(event.feature, 0) + 1
    parts = []
    for kind, n in counts.items():
        if kind == "abbot":
            parts.append("takes your abbot back")
        elif n == 1:
            parts.append(f"{_FINISH[kind]} your {kind}")
        else:
            parts.append(f"{_FINISH[kind]} your {n} {_PLURAL[kind]}")
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _figure_clause(outcome: _Outcome) -> str | None:
    """Where the move's figure stands, unless the move scored it at once."""
    meeple = outcome.move.meeple
    for touched in outcome.touched:
        if not touched.new_figure or touched.completed:
            continue
        feature = touched.feature
        if touched.kind == "city":
            return (
                f"puts a knight in an open city of {_tiles(feature['tiles'])} "
                f"(worth {feature['points_now']} if closed, {feature['points_end']} if not)"
            )
        if touched.kind == "road":
            return (
                f"puts a thief on a road of {_tiles(feature['tiles'])} "
                f"(worth {feature['points_end']} so far)"
            )
        if touched.kind == "field":
            return f"puts a farmer in a field {_cities(feature)}"
        figure = "your abbot" if meeple is not None and meeple.kind == "abbot" else "a monk"
        return (
            f"puts {figure} on a {touched.kind}: {feature['tiles']} of its {_AROUND} tiles are down"
        )
    return None


def _join_clause(outcome: _Outcome) -> str | None:
    """A feature of the player's that the tile joins to one that only others held."""
    me = outcome.player
    for touched in outcome.touched:
        if touched.kind not in _FOLLOWERS or touched.completed:
            continue
        theirs = [piece for piece in touched.pieces if not piece[me] and any(piece)]
        if not theirs or not any(piece[me] for piece in touched.pieces):
            continue
        holders = sorted({p for piece in theirs for p, n in enumerate(piece) if n})
        owned = f"{outcome.names(holders)}'s {touched.kind}"
        after, lead = touched.after, _most_but(touched.after, me)
        if after[me] > lead:
            return f"takes over {owned}: you have more {_FOLLOWERS[touched.kind][1]} on it"
        if after[me] == lead:
            return f"joins {owned} to share it"
        leaders = _leaders(after, me)
        have = "has" if len(leaders) == 1 else "have"
        return (
            f"joins your {touched.kind} to {outcome.names(holders)}'s, where "
            f"{outcome.names(leaders)} {have} more {_FOLLOWERS[touched.kind][1]}"
        )
    return None


def _field_clause(outcome: _Outcome) -> str | None:
    """A field of the player's that is worth more now: next to more finished cities (one
    beside it was closed, or the tile took the field to one)."""
    for touched in outcome.touched:
        worth = touched.feature["points_end"]
        if touched.kind == "field" and outcome.holds(touched) and worth > touched.value_before:
            return f"{outcome.whose(touched)} is now {_cities(touched.feature)}"
    return None


def _growth_clause(outcome: _Outcome) -> str | None:
    """A road, city, monastery or garden of the player's that the tile grows (a new one would
    carry the move's figure, a finished one would have scored: both are told before)."""
    grown = [t for t in outcome.touched if t.kind in _GROWTH_ORDER and outcome.holds(t)]
    if not grown:
        return None
    touched = min(grown, key=lambda t: _GROWTH_ORDER.index(t.kind))
    tiles = touched.feature["tiles"]
    if touched.kind in _CENTRES:
        return f"adds to {outcome.whose(touched)}: {tiles} of its {_AROUND} tiles are down"
    return f"extends {outcome.whose(touched)} to {_tiles(tiles)}"
