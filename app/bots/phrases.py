"""What advice says, as a code and its arguments, and the same sentence in English.

A client words a `Phrase` from its `code` and `args` in its reader's language (a catalogue of
sentences per code); `text` is the English one, for logs and for clients without words of
their own. Arguments are numbers, feature kinds (`city`, `road`, `field`, `monastery`,
`garden`) and players as indices in game order, never names: a client names the players
itself (and may call its own reader "you").

    >>> said = phrase("adds_next_to", ["Ann", "Bo"], kind="monastery", owners=[1], tiles=7)
    >>> said.text
    "This adds a tile next to Bo's monastery: 7 of its 9 tiles are down."
    >>> said.to_dict()
    {'code': 'adds_next_to', 'args': {'kind': 'monastery', 'owners': [1], 'tiles': 7, 'around': 9}}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

AROUND = 9  # a monastery or garden counts its own tile and its eight neighbours


class HintCode(StrEnum):
    """Why a suggested move is good for the player to move (a `hint`'s `why`)."""

    SCORES = "scores"  # points, done [{kind, count}], figure (a PLACES_* phrase or None)
    PLACES_KNIGHT = "places_knight"  # tiles, closed, open
    PLACES_THIEF = "places_thief"  # tiles, points
    PLACES_FARMER = "places_farmer"  # cities, points
    PLACES_MONK = "places_monk"  # kind, tiles, around
    PLACES_ABBOT = "places_abbot"  # kind, tiles, around
    TAKES_OVER = "takes_over"  # kind, owners
    JOINS_TO_SHARE = "joins_to_share"  # kind, owners
    JOINS_OUTNUMBERED = "joins_outnumbered"  # kind, owners, leaders
    FIELD_GROWS = "field_grows"  # cities, points, sharers
    EXTENDS = "extends"  # kind, tiles, sharers
    ADDS_TO = "adds_to"  # kind, tiles, around, sharers
    NO_FIGURE = "no_figure"
    # The expansions (shared/INNS_AND_CATHEDRALS.md, shared/TRADERS_AND_BUILDERS.md).
    PLACES_LARGE = "places_large"  # kind, tiles, closed, open
    PLACES_RISKY = "places_risky"  # kind, tiles, closed, large: an inn road or cathedral city
    PLACES_BUILDER = "places_builder"  # kind, tiles
    PLACES_PIG = "places_pig"  # cities, points
    BONUS_TURN = "bonus_turn"  # points (what the first tile scored)
    TAKES_GOODS = "takes_goods"  # wine, grain, cloth


class WarningCode(StrEnum):
    """What a move hands to an opponent (a `check`'s `why`)."""

    GIFT = "gift"  # kind, takers, points
    OUTNUMBERED = "outnumbered"  # kind, figures, leaders
    ADDS_NEXT_TO = "adds_next_to"  # kind, owners, tiles, around
    RISKY_LATE = "risky_late"  # kind, tiles, left: an inn road or cathedral city, late


_COUNTS_AROUND = {HintCode.PLACES_MONK, HintCode.PLACES_ABBOT, HintCode.ADDS_TO,
                  WarningCode.ADDS_NEXT_TO}


@dataclass(frozen=True, slots=True)
class Phrase:
    """One sentence of advice: its code, its arguments (JSON-ready), the English sentence."""

    code: str
    args: Mapping[str, Any]
    text: str

    def to_dict(self) -> dict[str, Any]:
        """`{"code", "args"}`, as the wire carries it (the English goes beside it)."""
        return {"code": self.code, "args": dict(self.args)}


def phrase(code: str, names: Sequence[str], **args: Any) -> Phrase:
    """The phrase of `code` with `args`, worded in English for players called `names`.
    Codes that count a monastery's tiles get `around` (9) added, the figure clause of a
    scoring move's phrase too."""
    if code in _COUNTS_AROUND:
        args["around"] = AROUND
    figure = args.get("figure")
    if isinstance(figure, dict) and figure.get("code") in _COUNTS_AROUND:
        figure["args"] = {**figure["args"], "around": AROUND}
    return Phrase(str(code), args, _capital(_CLAUSES[code](args, names)) + ".")


def clause(code: str, args: Mapping[str, Any], names: Sequence[str]) -> str:
    """The English of `code` as a clause, uncapitalised and without its full stop."""
    return _CLAUSES[code](args, names)


# -- English ------------------------------------------------------------------------------------

# What finishing each kind of feature is called.
_FINISH = {"city": "closes", "road": "completes", "monastery": "surrounds", "garden": "surrounds"}
# The followers on roads, cities and fields (a monastery or garden holds one figure at most).
FOLLOWERS = {
    "city": ("knight", "knights"),
    "road": ("thief", "thieves"),
    "field": ("farmer", "farmers"),
}
_PLURAL = {"city": "cities", "road": "roads", "monastery": "monasteries", "garden": "gardens"}


def _names(players: Sequence[int], names: Sequence[str]) -> str:
    """`Bo`, `Bo and Cy`, `Bo, Cy and Di`."""
    named = [names[p] for p in players]
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


def _tiles(n: int) -> str:
    return f"{n} tile" if n == 1 else f"{n} tiles"


def _have(players: Sequence[int]) -> str:
    return "has" if len(players) == 1 else "have"


def _cities(n: int, points: int) -> str:
    """`next to 2 finished cities (6 so far)`, `next to no finished city yet`."""
    if n == 0:
        return "next to no finished city yet"
    cities = "1 finished city" if n == 1 else f"{n} finished cities"
    return f"next to {cities} ({points} so far)"


def _whose(kind: str, sharers: Sequence[int], names: Sequence[str]) -> str:
    """`your road`, or `the road you share with Bo`."""
    return f"the {kind} you share with {_names(sharers, names)}" if sharers else f"your {kind}"


def _done(done: Sequence[Mapping[str, Any]]) -> str:
    """`closes your city`, `closes your city and completes your 2 roads`."""
    parts = []
    for item in done:
        kind, n = item["kind"], item["count"]
        if kind == "abbot":
            parts.append("takes your abbot back")
        elif n == 1:
            parts.append(f"{_FINISH[kind]} your {kind}")
        else:
            parts.append(f"{_FINISH[kind]} your {n} {_PLURAL[kind]}")
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _scores(a: Mapping[str, Any], names: Sequence[str]) -> str:
    done = _done(a["done"])
    figure = a["figure"]
    if figure is None:
        return f"{done}: +{a['points']}"
    return f"{done} (+{a['points']}) and {clause(figure['code'], figure['args'], names)}"


def _gift(a: Mapping[str, Any], names: Sequence[str]) -> str:
    takers = _names(a["takers"], names)
    scores = "scores" if len(a["takers"]) == 1 else "each score"
    return f"this {_FINISH[a['kind']]} {takers}'s {a['kind']}: {takers} {scores} {a['points']}"


def _outnumbered(a: Mapping[str, Any], names: Sequence[str]) -> str:
    singular, plural = FOLLOWERS[a["kind"]]
    leaders = _names(a["leaders"], names)
    yours = singular if a["figures"] == 1 else plural
    return (f"your {yours} would join {leaders}'s {a['kind']}, "
            f"where {leaders} {_have(a['leaders'])} more {plural}")


# What makes a road or city worth nothing if it is open at the end.
_RISK = {"road": "inn road", "city": "cathedral city"}


def _goods(a: Mapping[str, Any]) -> str:
    """`1 wine and 2 cloth`."""
    parts = [f"{a[kind]} {kind}" for kind in ("wine", "grain", "cloth") if a[kind]]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


_Clause = Callable[[Mapping[str, Any], Sequence[str]], str]
_CLAUSES: dict[str, _Clause] = {
    HintCode.SCORES: _scores,
    HintCode.PLACES_KNIGHT: lambda a, _: (
        f"puts a knight in an open city of {_tiles(a['tiles'])} "
        f"(worth {a['closed']} if closed, {a['open']} if not)"
    ),
    HintCode.PLACES_THIEF: lambda a, _: (
        f"puts a thief on a road of {_tiles(a['tiles'])} (worth {a['points']} so far)"
    ),
    HintCode.PLACES_FARMER: lambda a, _: (
        f"puts a farmer in a field {_cities(a['cities'], a['points'])}"
    ),
    HintCode.PLACES_MONK: lambda a, _: (
        f"puts a monk on a {a['kind']}: {a['tiles']} of its {a['around']} tiles are down"
    ),
    HintCode.PLACES_ABBOT: lambda a, _: (
        f"puts your abbot on a {a['kind']}: {a['tiles']} of its {a['around']} tiles are down"
    ),
    HintCode.TAKES_OVER: lambda a, n: (
        f"takes over {_names(a['owners'], n)}'s {a['kind']}: "
        f"you have more {FOLLOWERS[a['kind']][1]} on it"
    ),
    HintCode.JOINS_TO_SHARE: lambda a, n: (
        f"joins {_names(a['owners'], n)}'s {a['kind']} to share it"
    ),
    HintCode.JOINS_OUTNUMBERED: lambda a, n: (
        f"joins your {a['kind']} to {_names(a['owners'], n)}'s, where "
        f"{_names(a['leaders'], n)} {_have(a['leaders'])} more {FOLLOWERS[a['kind']][1]}"
    ),
    HintCode.FIELD_GROWS: lambda a, n: (
        f"{_whose('field', a['sharers'], n)} is now {_cities(a['cities'], a['points'])}"
    ),
    HintCode.EXTENDS: lambda a, n: (
        f"extends {_whose(a['kind'], a['sharers'], n)} to {_tiles(a['tiles'])}"
    ),
    HintCode.ADDS_TO: lambda a, n: (
        f"adds to {_whose(a['kind'], a['sharers'], n)}: "
        f"{a['tiles']} of its {a['around']} tiles are down"
    ),
    HintCode.NO_FIGURE: lambda a, _: "places the tile without a figure",
    HintCode.PLACES_LARGE: lambda a, _: (
        f"puts your large {FOLLOWERS[a['kind']][0]} on a {a['kind']} of {_tiles(a['tiles'])} "
        f"(worth {a['closed']} if finished, {a['open']} if not), where it counts as two"
    ),
    HintCode.PLACES_RISKY: lambda a, _: (
        f"puts {'your large' if a['large'] else 'a'} {FOLLOWERS[a['kind']][0]} on an open "
        f"{_RISK[a['kind']]} of {_tiles(a['tiles'])}: worth {a['closed']} if finished, "
        f"0 if it is still open at the end"
    ),
    HintCode.PLACES_BUILDER: lambda a, _: (
        f"puts your builder on your {a['kind']} of {_tiles(a['tiles'])}: a later tile that "
        f"extends it gives you another tile at once"
    ),
    HintCode.PLACES_PIG: lambda a, _: (
        f"puts your pig in your field {_cities(a['cities'], a['points'])}: "
        f"4 a city instead of 3 if you win the field"
    ),
    HintCode.BONUS_TURN: lambda a, _: (
        "extends the road or city of your builder: you place another tile at once"
        + (f" (and +{a['points']} now)" if a["points"] else "")
    ),
    HintCode.TAKES_GOODS: lambda a, _: (
        f"closes a city and takes its goods: {_goods(a)} (10 a kind at the end to whoever "
        f"holds the most)"
    ),
    WarningCode.GIFT: _gift,
    WarningCode.OUTNUMBERED: _outnumbered,
    WarningCode.RISKY_LATE: lambda a, _: (
        f"your {FOLLOWERS[a['kind']][0]} would stand on an open {_RISK[a['kind']]} of "
        f"{_tiles(a['tiles'])} with {a['left']} tiles left: if it is still open at the end, "
        f"it scores 0"
    ),
    WarningCode.ADDS_NEXT_TO: lambda a, n: (
        f"this adds a tile next to {_names(a['owners'], n)}'s {a['kind']}: "
        f"{a['tiles']} of its {a['around']} tiles are down"
    ),
}
assert set(_CLAUSES) == {*HintCode, *WarningCode}, "English for every code"
