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

`suggest()` asks the expert bot for the move of the player to move, from public facts only
(the public replica every bot plays from), and `explain()` says what that move does. Both
`explain()` and `warn()` play the move on a copy and read what it changed (`last_change`):
the move's score events and the features its tile became part of or lies next to, as they
are after the move, with the figures each of their pieces held before it. Each sentence is a
`Phrase` (`phrases.py`): a code and its arguments, which a client words in its reader's own
language, and the English sentence, which names the other players and speaks to the player to
move as "you"; each states a fact about the move, never a guess about the rest of the game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from app.engine import FIELD_POINTS_PER_CITY, Game, Move, ScoreEvent, from_log

from .bot import DEFAULT_BUDGET_S
from .expert import expert_move
from .phrases import FOLLOWERS, HintCode, Phrase, WarningCode, phrase
from .public import public_replica

_CENTRES = ("monastery", "garden")
GOODS = "goods"  # the score event of goods taken (Traders & Builders)
GOOD_KINDS = ("wine", "grain", "cloth")
# From this many tiles left, the coach warns of a figure put on an open inn road or
# cathedral city (it scores 0 if still open at the end).
RISKY_LATE_TILES = 15
# Which of the player's features a growth names, when the tile grows several.
_GROWTH_ORDER = ("city", "road", "monastery", "garden")
# A clause of a reason before it is worded: its code and arguments.
_Said = tuple[HintCode, dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Advice:
    """A suggested move, one sentence of why (`why`: its code, arguments and English), and
    the points the move itself scores for the player (what it completes, the abbot taken
    back; never the final count)."""

    move: Move
    why: Phrase
    points_now: int

    @property
    def reason(self) -> str:
        """Why, in English."""
        return self.why.text

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: `{"x", "y", "rot", "meeple": None | {"kind", "at"}, "return_abbot",
        "reason", "why": {"code", "args"}, "points"}`."""
        move = self.move
        return {
            "x": move.x,
            "y": move.y,
            "rot": move.rot,
            "meeple": None if move.meeple is None else move.meeple.to_dict(),
            "return_abbot": move.return_abbot,
            "reason": self.reason,
            "why": self.why.to_dict(),
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
    """The expert bot's move for the player to move in `game` (left unchanged), with why.

    Public information only: the move and its reason are worked out on a replica rebuilt from
    the public log, so the hidden order of the bag cannot change the advice. The call keeps
    to `budget_s` seconds of `timer`, the replica included, but for the reply the search is
    weighing when the time runs out (see `expert_move`); with `budget_s=None` and a number of
    `playouts` the advice depends on the public state and `rng` alone. `tile` names the drawn
    tile when `game` is log-driven.
    """
    start = timer()
    tile = tile or game.drawn_tile
    if tile is None:
        raise ValueError("no tile to place: the game is over")
    replica = public_replica(game)
    left = None if budget_s is None else max(0.0, budget_s - (timer() - start))
    move = expert_move(game, rng, left, playouts, replica, tile, timer)
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
    return suggest(from_log(log), random.Random(seed), budget_s, tile, playouts=playouts)


def explain(game: Game, move: Move, tile: str | None = None) -> Advice:
    """`move` for the player to move, with one sentence of what it does for them.

    The first that applies: what it scores ("Closes your city: +8."), and with it the figure
    it places if that stays on the board; the figure it places ("Puts a knight in an open city
    of 3 tiles (worth 6 if closed, 3 if not)."); a feature of theirs it joins to another
    player's ("Joins Bo's city to share it."); a field of theirs now next to more finished
    cities ("Your field is now next to 2 finished cities (6 so far)."); a feature of theirs it
    grows ("Extends your road to 4 tiles.", "Adds to your monastery: 6 of its 9 tiles are
    down."); else "Places the tile without a figure." (The codes: `phrases.HintCode`.) Raises
    `IllegalMoveError` for an illegal move.
    """
    outcome = _Outcome(game, move, tile)
    taken = [e for e in outcome.events if not e.final and outcome.player in e.players]
    mine = [e for e in taken if e.feature != GOODS]
    points = sum(e.points for e in mine)
    figure = _figure_clause(outcome)
    goods = [e for e in taken if e.feature == GOODS]
    if outcome.bonus:
        said: _Said = (HintCode.BONUS_TURN, {"points": points})
    elif mine:
        said = (HintCode.SCORES, {
            "points": points,
            "done": scored(mine),
            "figure": None if figure is None else {"code": figure[0], "args": figure[1]},
        })
    elif goods:
        said = (HintCode.TAKES_GOODS, {kind: sum(e.to_dict().get(kind, 0) for e in goods)
                                       for kind in GOOD_KINDS})
    else:
        said = (
            figure
            or _join_clause(outcome)
            or _field_clause(outcome)
            or _growth_clause(outcome)
            or (HintCode.NO_FIGURE, {})
        )
    code, args = said
    return Advice(move, phrase(code, outcome.player_names, **args), points)


def warn(game: Game, move: Move, tile: str | None = None) -> Phrase | None:
    """The coach's look at a player's `move` before they confirm it: None when it hands
    nothing to an opponent, else the phrase saying what it hands (the first that applies; the
    codes: `phrases.WarningCode`):

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
    me, names = outcome.player, outcome.player_names
    gifts = [e for e in outcome.events if not e.final and e.players and me not in e.players]
    if gifts:
        gift = max(gifts, key=lambda e: e.points)
        return phrase(WarningCode.GIFT, names, kind=gift.feature, takers=list(gift.players),
                      points=gift.points)
    for touched in outcome.touched:
        if touched.kind not in FOLLOWERS or touched.completed:
            continue
        held = any(piece[me] and piece[me] >= _most_but(piece, me) for piece in touched.pieces)
        after = touched.after
        if held and _most_but(after, me) > after[me]:
            return phrase(WarningCode.OUTNUMBERED, names, kind=touched.kind, figures=after[me],
                          leaders=_leaders(after, me))
    for touched in outcome.touched:  # one surrounded would be a gift above
        if touched.kind in _CENTRES:
            owners = [p for p, n in enumerate(touched.before) if n and p != me]
            if owners:
                return phrase(WarningCode.ADDS_NEXT_TO, names, kind=touched.kind, owners=owners,
                              tiles=touched.feature["tiles"])
    left = outcome.tiles_left
    if left <= RISKY_LATE_TILES:
        for touched in outcome.touched:
            if touched.new_figure and outcome.strength and _risky(touched):
                return phrase(WarningCode.RISKY_LATE, names, kind=touched.kind,
                              tiles=touched.feature["tiles"], left=left)
    return None


def _risky(touched: _Touched) -> bool:
    """An open inn road or cathedral city: worth something once finished, 0 if still open at
    the end (`points_end` 0)."""
    feature = touched.feature
    return (touched.kind in ("road", "city") and not touched.completed
            and not feature["points_end"] and bool(feature["points_now"]))


# -- what a move does ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Touched:
    """A feature the move's tile became part of or lies next to, or a field whose city it
    closed, as the feature is after the move; with the figures per player of each piece it
    was made of before the move, and the figures once the move's own figure stands (those of
    a feature scored by the move included), each counted by what it weighs in a majority (a
    large follower 2)."""

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
        self.player_names = [player.name for player in game.players]
        after = game.copy()
        self.events: list[ScoreEvent] = after.play(move, tile=tile)
        change = after.last_change
        assert change is not None
        # The builder's double turn: the tile earned the player another one at once.
        self.bonus = bool(after.turn_view().get("bonus_turn")) and after.current_player == me
        self.tiles_left = after.tiles_left
        # What the move's figure counts in a majority: a follower 1, a large follower 2, a
        # builder or a pig (beside the followers) nothing.
        self.strength = 0 if move.meeple is None else next(
            kind.strength for kind in game.ruleset.figures if kind.name == move.meeple.kind)
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
            # Majorities by strength where a kind counts more than 1 (Inns & Cathedrals).
            counts = [tuple(piece.get("strength", piece["followers"])) for piece in pieces]
            before = tuple(map(sum, zip(*counts, strict=True))) if counts else none
            new_figure = meeple is not None and any(
                (part["x"], part["y"]) == cell and meeple.at in part["slots"]
                for part in feature["parts"]
            )
            added = self.strength if new_figure else 0
            after_counts = tuple(n + (added if p == me else 0) for p, n in enumerate(before))
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

    def sharers(self, touched: _Touched) -> list[int]:
        """The other players with as many figures on `touched` as the player to move (for a
        feature where the player to move is not outnumbered): whom they share it with."""
        mine = touched.after[self.player]
        return [p for p, n in enumerate(touched.after) if n == mine and p != self.player]

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


def scored(events: list[ScoreEvent]) -> list[dict[str, Any]]:
    """What the player's score `events` completed, per kind in the order scored: `[{"kind":
    "city", "count": 1}, {"kind": "road", "count": 2}]` (`abbot`: the abbot taken back)."""
    counts: dict[str, int] = {}
    for event in events:
        counts[event.feature] = counts.get(event.feature, 0) + 1
    return [{"kind": kind, "count": n} for kind, n in counts.items()]


def _figure_clause(outcome: _Outcome) -> _Said | None:
    """Where the move's figure stands, unless the move scored it at once."""
    meeple = outcome.move.meeple
    for touched in outcome.touched:
        if not touched.new_figure or touched.completed:
            continue
        feature = touched.feature
        kind = None if meeple is None else meeple.kind
        if kind == "builder":
            return HintCode.PLACES_BUILDER, {"kind": touched.kind, "tiles": feature["tiles"]}
        if kind == "pig":
            return HintCode.PLACES_PIG, _cities(feature)
        if _risky(touched):
            return HintCode.PLACES_RISKY, {"kind": touched.kind, "tiles": feature["tiles"],
                                           "closed": feature["points_now"],
                                           "large": kind == "large"}
        if kind == "large" and touched.kind in ("road", "city"):
            return HintCode.PLACES_LARGE, {"kind": touched.kind, "tiles": feature["tiles"],
                                           "closed": feature["points_now"],
                                           "open": feature["points_end"]}
        if touched.kind == "city":
            return HintCode.PLACES_KNIGHT, {"tiles": feature["tiles"],
                                            "closed": feature["points_now"],
                                            "open": feature["points_end"]}
        if touched.kind == "road":
            return HintCode.PLACES_THIEF, {"tiles": feature["tiles"],
                                           "points": feature["points_end"]}
        if touched.kind == "field":
            return HintCode.PLACES_FARMER, _cities(feature)
        abbot = meeple is not None and meeple.kind == "abbot"
        code = HintCode.PLACES_ABBOT if abbot else HintCode.PLACES_MONK
        return code, {"kind": touched.kind, "tiles": feature["tiles"]}
    return None


def _cities(field: dict[str, Any]) -> dict[str, Any]:
    """How many finished cities a field lies next to, and what they give it so far."""
    return {"cities": field["points_end"] // FIELD_POINTS_PER_CITY, "points": field["points_end"]}


def _join_clause(outcome: _Outcome) -> _Said | None:
    """A feature of the player's that the tile joins to one that only others held."""
    me = outcome.player
    for touched in outcome.touched:
        if touched.kind not in FOLLOWERS or touched.completed:
            continue
        theirs = [piece for piece in touched.pieces if not piece[me] and any(piece)]
        if not theirs or not any(piece[me] for piece in touched.pieces):
            continue
        owners = sorted({p for piece in theirs for p, n in enumerate(piece) if n})
        after, lead = touched.after, _most_but(touched.after, me)
        if after[me] > lead:
            return HintCode.TAKES_OVER, {"kind": touched.kind, "owners": owners}
        if after[me] == lead:
            return HintCode.JOINS_TO_SHARE, {"kind": touched.kind, "owners": owners}
        return HintCode.JOINS_OUTNUMBERED, {"kind": touched.kind, "owners": owners,
                                            "leaders": _leaders(after, me)}
    return None


def _field_clause(outcome: _Outcome) -> _Said | None:
    """A field of the player's that is worth more now: next to more finished cities (one
    beside it was closed, or the tile took the field to one)."""
    for touched in outcome.touched:
        worth = touched.feature["points_end"]
        if touched.kind == "field" and outcome.holds(touched) and worth > touched.value_before:
            return HintCode.FIELD_GROWS, {**_cities(touched.feature),
                                          "sharers": outcome.sharers(touched)}
    return None


def _growth_clause(outcome: _Outcome) -> _Said | None:
    """A road, city, monastery or garden of the player's that the tile grows (a new one would
    carry the move's figure, a finished one would have scored: both are told before)."""
    grown = [t for t in outcome.touched if t.kind in _GROWTH_ORDER and outcome.holds(t)]
    if not grown:
        return None
    touched = min(grown, key=lambda t: _GROWTH_ORDER.index(t.kind))
    args = {"kind": touched.kind, "tiles": touched.feature["tiles"],
            "sharers": outcome.sharers(touched)}
    return (HintCode.ADDS_TO if touched.kind in _CENTRES else HintCode.EXTENDS), args
