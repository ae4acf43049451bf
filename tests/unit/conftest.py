"""Helpers for the engine's unit tests.

Everything a test expects is derived from the binding specs (`../shared/TILES.md`,
`../shared/LOG_FORMAT.md`, `../shared/RIVER.md`) and the rule texts, never from engine output.
So this file holds its own copy of the tile table (typed from TILES.md and RIVER.md), its own
edge and slot rotation, and a checker (`Geometry`) that validates a hand-built log's
placements, River rules included, before the engine ever sees it.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest

from app.engine import Game, Player, from_log
from app.engine.replay import summary

LOGS = Path(__file__).parent / "logs"
COLOR_ORDER = ("red", "blue", "green", "yellow", "black", "pink")  # pink: a sixth player (I&C)

# -- the tile table of TILES.md, typed independently ------------------------------------------

SLOTS = ("NNW", "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW")
EDGE_NAMES = "NESW"
# (dx, dy) across each edge; y grows to the SOUTH (TILES.md).
OFFSETS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}

# Segment notation: "city:NW" (edges), "city+:NW" (with pennant), "road:EW" (one road through
# the middle slots of those edges; "river:EW" likewise), "field:ENE WNW S*" (slots; "S*" is the
# whole S edge). Edges: C city, R road, F field, V river.
# An optional ">N,E" after a field names one edge of each city segment it borders.
_ALL_BUT_S = "N* E* SSE SSW W*"
TILE_TABLE: dict[str, tuple[str, tuple[str, ...], str | None]] = {
    "A": ("FFRF", ("road:S", f"field:{_ALL_BUT_S}"), "monastery"),
    "B": ("FFFF", ("field:N* E* S* W*",), "monastery"),
    "C": ("CCCC", ("city+:NESW",), None),
    "D": ("CRFR", ("city:N", "road:EW", "field:ENE WNW>N", "field:ESE S* WSW"), None),
    "E": ("CFFF", ("city:N", "field:E* S* W*>N"), None),
    "F": ("FCFC", ("city+:EW", "field:N*>E", "field:S*>E"), None),
    "G": ("CFCF", ("city:NS", "field:E*>N", "field:W*>N"), None),
    "H": ("FCFC", ("city:E", "city:W", "field:N* S*>E,W"), None),
    "I": ("CCFF", ("city:N", "city:E", "field:S* W*>N,E"), None),
    "J": ("CRRF", ("city:N", "road:ES", "field:ESE SSE", "field:ENE SSW W*>N"), None),
    "K": ("CFRR", ("city:N", "road:SW", "field:SSW WSW", "field:E* SSE WNW>N"), None),
    "L": (
        "CRRR",
        (
            "city:N",
            "road:E",
            "road:S",
            "road:W",
            "field:ENE WNW>N",
            "field:ESE SSE",
            "field:SSW WSW",
        ),
        None,
    ),
    "M": ("CFFC", ("city+:NW", "field:E* S*>N"), None),
    "N": ("CFFC", ("city:NW", "field:E* S*>N"), None),
    "O": ("CRRC", ("city+:NW", "road:ES", "field:ESE SSE", "field:ENE SSW>N"), None),
    "P": ("CRRC", ("city:NW", "road:ES", "field:ESE SSE", "field:ENE SSW>N"), None),
    "Q": ("CCFC", ("city+:NEW", "field:S*>N"), None),
    "R": ("CCFC", ("city:NEW", "field:S*>N"), None),
    "S": ("CCRC", ("city+:NEW", "road:S", "field:SSW>N", "field:SSE>N"), None),
    "T": ("CCRC", ("city:NEW", "road:S", "field:SSW>N", "field:SSE>N"), None),
    "U": ("RFRF", ("road:NS", "field:NNE E* SSE", "field:SSW W* NNW"), None),
    "V": ("FFRR", ("road:SW", "field:SSW WSW", "field:N* E* SSE WNW"), None),
    "W": (
        "FRRR",
        ("road:E", "road:S", "road:W", "field:WNW N* ENE", "field:ESE SSE", "field:SSW WSW"),
        None,
    ),
    "X": (
        "RRRR",
        (
            "road:N",
            "road:E",
            "road:S",
            "road:W",
            "field:NNE ENE",
            "field:ESE SSE",
            "field:SSW WSW",
            "field:WNW NNW",
        ),
        None,
    ),
    "Z02": ("CFFR", ("city:N", "road:W", "field:WNW>N", "field:E* S* WSW>N"), None),
    "Z03": ("CRFF", ("city:N", "road:E", "field:ENE>N", "field:ESE S* W*>N"), None),
    "Z06": (
        "FRFR",
        ("road:E", "road:W", "field:WNW N* ENE", "field:ESE S* WSW"),
        "monastery",
    ),
    "Z07": ("CFRC", ("city:NW", "road:S", "field:SSW>N", "field:SSE E*>N"), None),
    "Z08": ("CFRF", ("city:N", "road:S", "field:SSW W*>N", "field:SSE E*>N"), None),
    "Z09": (
        "RRRR",
        ("road:NW", "road:SE", "field:NNW WNW", "field:ESE SSE", "field:NNE ENE SSW WSW"),
        None,
    ),
    "Z10": ("CRFC", ("city:NW", "road:E", "field:ENE>N", "field:ESE S*>N"), None),
    "Z11": ("FFRF", ("road:S", f"field:{_ALL_BUT_S}"), None),
}
# RIVER.md's table. R01 is the spring, R12 the lake.
TILE_TABLE.update({
    "R01": ("FVFF", ("river:E", "field:N* ENE ESE S* W*"), None),
    "R02": ("CVCV", ("city:N", "city:S", "river:EW", "field:ENE WNW>N", "field:ESE WSW>S"), None),
    "R03": (
        "CVRV",
        ("city:N", "road:S", "river:EW", "field:ENE>N", "field:WNW>N", "field:ESE SSE",
         "field:SSW WSW"),
        None,
    ),
    "R04": (
        "FVRV",
        ("road:S", "river:EW", "field:WNW N* ENE", "field:ESE SSE", "field:SSW WSW"),
        "monastery",
    ),
    "R05": (
        "RVRV",
        ("road:NS", "river:EW", "field:NNW WNW", "field:NNE ENE", "field:ESE SSE",
         "field:SSW WSW"),
        None,
    ),
    "R06": ("FVFV", ("river:EW", "field:WNW N* ENE", "field:ESE S* WSW"), None),
    "R08": ("CVVC", ("city:NW", "river:ES", "field:ENE SSW>N", "field:ESE SSE"), None),
    "R09": (
        "RRVV",
        ("road:NE", "river:SW", "field:NNE ENE", "field:WNW NNW ESE SSE", "field:SSW WSW"),
        None,
    ),
    "R10": ("FFVV", ("river:SW", "field:N* E* SSE WNW", "field:SSW WSW"), None),
    "R12": ("FFFV", ("river:W", "field:N* E* S* WSW WNW"), None),
})  # fmt: skip
TILE_TABLE["R07"] = TILE_TABLE["R06"]
TILE_TABLE["R11"] = (*TILE_TABLE["R10"][:2], "garden")
RIVER_IDS = tuple(f"R{i:02d}" for i in range(1, 13))
LAND_TILES = tuple(t for t in TILE_TABLE if t not in RIVER_IDS)  # the base game's and Z01..Z12
# INNS_AND_CATHEDRALS.md's and TRADERS_AND_BUILDERS.md's tables: "road/inn:E" is a road with
# an inn, "city/cathedral:NESW" a city with a cathedral, "city/wine:NW" one with a good;
# "field:>N,E" an inner field (no slot) bordering those cities.
IC_TABLE: dict[str, tuple[str, tuple[str, ...], str | None]] = {
    "I01": ("CCCC", ("city/cathedral:NESW",), None),
    "I02": ("CCCC", ("city/cathedral:NESW",), None),
    "I03": ("CCCC", ("city:N", "city:E", "city:S", "city:W", "field:>N,E,S,W"), "garden"),
    "I04": ("CCFC", ("city:N", "city:E", "city:W", "field:S*>N,E,W"), None),
    "I05": ("CFCC", ("city+:NW", "city:S", "field:E*>N,S"), None),
    "I06": ("CFFF", ("city:N", "field:E*>N", "field:S* W*>N"), None),
    "I07": (
        "CRCR",
        (
            "city:N",
            "city:S",
            "road:E",
            "road:W",
            "field:ENE>N",
            "field:WNW>N",
            "field:ESE>S",
            "field:WSW>S",
        ),
        None,
    ),
    "I08": ("CFRF", ("city:N", "road:S", "field:SSW W*>N", "field:SSE E*>N"), None),
    "I09": ("CRFC", ("city:NW", "road:E", "field:ENE>N", "field:ESE S*>N"), None),
    "I10": (
        "RCRC",
        (
            "city+:EW",
            "road:N",
            "road:S",
            "field:NNW>E",
            "field:NNE>E",
            "field:SSE>E",
            "field:SSW>E",
        ),
        None,
    ),
    "I11": ("CFRC", ("city:NW", "road/inn:S", "field:SSW>N", "field:SSE E*>N"), None),
    "I12": ("CFRR", ("city:N", "road/inn:SW", "field:SSW WSW", "field:WNW E* SSE>N"), None),
    "I13": ("CRRC", ("city+:NW", "road/inn:ES", "field:ESE SSE", "field:ENE SSW>N"), None),
    "I14": (
        "FRRR",
        ("road/inn:E", "road:S", "road:W", "field:WNW N* ENE", "field:ESE SSE", "field:SSW WSW"),
        None,
    ),
    "I15": ("FRFR", ("road/inn:EW", "field:WNW N* ENE", "field:ESE S* WSW"), "garden"),
    "I16": ("FFRR", ("road/inn:SW", "field:SSW WSW", "field:N* E* SSE WNW"), None),
    "I17": (
        "RRRR",
        ("road:NW", "road:ES", "field:NNW WNW", "field:ESE SSE", "field:NNE ENE SSW WSW"),
        None,
    ),
    "I18": ("FRFR", ("road:E", "road:W", "field:WNW N* ENE", "field:ESE S* WSW"), "monastery"),
}
TB_TABLE: dict[str, tuple[str, tuple[str, ...], str | None]] = {
    "T01": ("CFFC", ("city/wine:NW", "field:E* S*>N"), None),
    "T02": ("CFFC", ("city/grain:NW", "field:E* S*>N"), None),
    "T03": ("CCFC", ("city/grain:NEW", "field:S*>N"), None),
    "T04": ("FCFC", ("city/wine:EW", "field:N*>E", "field:S*>E"), None),
    "T05": ("FCCC", ("city/wine:EW", "city:S", "field:N*>E", "field:>E,S"), None),
    "T06": ("FCCC", ("city/cloth:EW", "city:S", "field:N*>E", "field:>E,S"), None),
    "T07": ("CCCC", ("city/cloth:NW", "city:E", "city:S", "field:>N,E,S"), None),
    "T08": ("CCCC", ("city/wine:NW", "city:ES", "field:>N,E"), None),
    "T09": ("CCRC", ("city/wine:NEW", "road:S", "field:SSW>N", "field:SSE>N"), None),
    "T10": ("FCRC", ("city/wine:EW", "road:S", "field:N*>E", "field:SSW>E", "field:SSE>E"), None),
    "T11": ("FCRC", ("city/grain:EW", "road:S", "field:N*>E", "field:SSW>E", "field:SSE>E"), None),
    "T12": (
        "RCRC",
        ("city/wine:EW", "road:N", "road:S", "field:NNW>E", "field:NNE>E", "field:SSE>E",
         "field:SSW>E"),
        None,
    ),
    "T13": ("CRFC", ("city/cloth:NW", "road:E", "field:ENE>N", "field:ESE S*>N"), "garden"),
    "T14": ("CRFC", ("city/wine:NW", "road:E", "field:ENE>N", "field:ESE>N", "field:S*>N"), None),
    "T15": ("CFRC", ("city/grain:NW", "road:S", "field:SSW>N", "field:SSE E*>N"), None),
    "T16": ("CFRC", ("city/grain:NW", "road:S", "field:SSW>N", "field:SSE>N", "field:E*>N"), None),
    "T17": (
        "CRRC",
        ("city/wine:NW", "road:E", "road:S", "field:ENE>N", "field:ESE SSE>N", "field:SSW>N"),
        "garden",
    ),
    "T18": (
        "CRRC",
        ("city/cloth:NW", "road:E", "road:S", "field:ENE>N", "field:ESE>N", "field:SSE>N",
         "field:SSW>N"),
        None,
    ),
    "T19": ("CRCC", ("city/cloth:NW", "city:S", "road:E", "field:ENE>N", "field:ESE>N,S"), None),
    "T20": ("CRCC", ("city/grain:NW", "city:S", "road:E", "field:ENE>N", "field:ESE>N,S"), None),
    "T21": ("CRFF", ("city:N", "road:E", "field:ENE>N", "field:ESE S* W*>N"), None),
    "T22": (
        "CFRR",
        ("city:N", "road:S", "road:W", "field:WNW>N", "field:SSW WSW", "field:SSE E*>N"),
        None,
    ),
    "T23": (
        "RRRR",
        ("road:NS", "road:EW", "field:NNW WNW", "field:NNE ENE", "field:ESE SSE", "field:SSW WSW"),
        None,
    ),
    "T24": (
        "FRRR",
        ("road:E", "road:S", "road:W", "field:WNW N* ENE", "field:ESE SSE", "field:SSW WSW"),
        "monastery",
    ),
}  # fmt: skip
IC_IDS = tuple(IC_TABLE)
TB_IDS = tuple(TB_TABLE)
TILE_TABLE.update(IC_TABLE)
TILE_TABLE.update(TB_TABLE)
TILE_TABLE["Z01"] = TILE_TABLE["W"]
TILE_TABLE["Z04"] = TILE_TABLE["J"]
TILE_TABLE["Z05"] = TILE_TABLE["A"]
TILE_TABLE["Z12"] = TILE_TABLE["K"]
GARDEN_LETTERS = ("E", "H", "I", "M", "N", "R", "U", "V")
for _letter in GARDEN_LETTERS:
    _edges, _segments, _ = TILE_TABLE[_letter]
    TILE_TABLE[_letter + "g"] = (_edges, _segments, "garden")

# Total copies of each letter (garden copies included), TILES.md's count column.
BASE_COUNTS = {
    "A": 2, "B": 4, "C": 1, "D": 4, "E": 5, "F": 2, "G": 1, "H": 3, "I": 2, "J": 3, "K": 3,
    "L": 3, "M": 2, "N": 3, "O": 2, "P": 3, "Q": 1, "R": 3, "S": 2, "T": 1, "U": 8, "V": 9,
    "W": 4, "X": 1,
}  # fmt: skip
WINTER_IDS = tuple(f"Z{i:02d}" for i in range(1, 13))
PENNANT_TILES = {"C": 1, "F": 2, "M": 2, "O": 2, "Q": 1, "S": 2}


def expected_counts(
    tileset: str, river: bool = False, inns: bool = False, traders: bool = False
) -> dict[str, int]:
    """Copies per tile id in a game, the start tile included: the whole box; with the River
    its 12 tiles too, and one D less (the spring replaces the start tile, RIVER.md); with Inns
    & Cathedrals its 18, with Traders & Builders its 24 (one of each)."""
    counts: dict[str, int] = {}
    for letter, n in BASE_COUNTS.items():
        if letter in GARDEN_LETTERS:
            counts[letter] = n - 1
            counts[letter + "g"] = 1
        else:
            counts[letter] = n
    if tileset == "winter":
        counts.update(dict.fromkeys(WINTER_IDS, 1))
    if river:
        counts["D"] -= 1
        counts.update(dict.fromkeys(RIVER_IDS, 1))
    if inns:
        counts.update(dict.fromkeys(IC_IDS, 1))
    if traders:
        counts.update(dict.fromkeys(TB_IDS, 1))
    return counts


def _slot_tokens(spec: str) -> frozenset[str]:
    out: set[str] = set()
    for word in spec.split():
        if word.endswith("*"):
            i = SLOTS.index(word[:-1])  # the middle slot of that edge
            out.update(SLOTS[i - 1 : i + 2])
        else:
            out.add(word)
    return frozenset(out)


def segments(tile: str) -> list[dict]:
    """The tile's segments at rotation 0: kind, slots, pennant, its other mark (an inn, a
    cathedral, a good), adjacent city edges."""
    out = []
    for spec in TILE_TABLE[tile][1]:
        kind, _, rest = spec.partition(":")
        rest, _, adj = rest.partition(">")
        kind, _, mark = kind.partition("/")
        pennant = kind.endswith("+")
        kind = kind.rstrip("+")
        if kind == "city":
            slots = frozenset(
                s for e in rest for s in SLOTS[3 * "NESW".index(e) : 3 * "NESW".index(e) + 3]
            )
        elif kind in ("road", "river"):
            slots = frozenset(rest)  # the middle slots are named like their edges
        else:
            slots = _slot_tokens(rest)
        out.append(
            {
                "kind": kind,
                "slots": slots,
                "pennant": pennant,
                "marks": (mark,) if mark else (),
                "adj": tuple(adj.split(",")) if adj else (),
            }
        )
    return out


def rotate_slot(slot: str, rot: int) -> str:
    """TILES.md: rotating by 90 degrees clockwise moves every slot three places clockwise."""
    if slot == "C":
        return "C"
    return SLOTS[(SLOTS.index(slot) + 3 * (rot // 90)) % 12]


def rotated_edges(tile: str, rot: int) -> dict[str, str]:
    """Edge kind (C/R/F/V) on each board side after a clockwise rotation by `rot`."""
    edges = TILE_TABLE[tile][0]
    k = rot // 90
    # rotating clockwise moves canonical edge i to side i + k
    return {EDGE_NAMES[(i + k) % 4]: edges[i] for i in range(4)}


def rotated_segments(tile: str, rot: int) -> list[dict]:
    out = []
    for seg in segments(tile):
        seg = dict(seg)
        seg["slots"] = frozenset(rotate_slot(s, rot) for s in seg["slots"])
        out.append(seg)
    return out


def fits(
    board: dict[tuple[int, int], tuple[str, int]], tile: str, x: int, y: int, rot: int
) -> bool:
    """Independent placement rule: free cell, touches a tile, every touching edge matches."""
    if (x, y) in board:
        return False
    mine = rotated_edges(tile, rot)
    touching = False
    for side, (dx, dy) in OFFSETS.items():
        other = board.get((x + dx, y + dy))
        if other is None:
            continue
        touching = True
        if rotated_edges(*other)[OPPOSITE[side]] != mine[side]:
            return False
    return touching


def legal_cells(board: dict, tile: str) -> set[tuple[int, int, int]]:
    """Every (x, y, rot) where `tile` may go on `board` (by this file's rules)."""
    open_cells = {(x + dx, y + dy) for (x, y) in board for dx, dy in OFFSETS.values()} - set(board)
    return {
        (x, y, rot)
        for x, y in open_cells
        for rot in (0, 90, 180, 270)
        if fits(board, tile, x, y, rot)
    }


def start_board(river: bool = False) -> dict:
    return {(0, 0): ("R01", 0) if river else ("D", 0)}


class Geometry:
    """Where tiles may go, by TILES.md and RIVER.md: the board, and in a River game the
    river's course (the cell in front of its open end, the way it flows into that cell, its
    last bend) and the River tiles drawn so far.

    Bends are told apart by the cross product of the headings in and out: with y growing to
    the south, east then south (a right turn on screen) gives +1, a left turn -1.
    """

    def __init__(self, river: bool = False) -> None:
        self.river = river
        self.board = start_board(river)
        self.open: tuple[int, int] | None = (1, 0) if river else None
        self.heading = OFFSETS["E"]  # the spring's river flows east
        self.last_bend = 0
        self.river_drawn: Counter[str] = Counter()

    def may_draw(self, tile: str) -> bool:
        """RIVER.md rule 2: R02..R11 first, then R12, then the land tiles."""
        if tile in RIVER_IDS:
            if not self.river or tile == "R01":
                return False
            return tile != "R12" or all(self.river_drawn[t] for t in RIVER_IDS[1:11])
        return not self.river or sum(self.river_drawn.values()) == 11

    def bend(self, tile: str, rot: int) -> tuple[int, str | None]:
        """(bend, exit side) of River tile `tile` turned `rot` entering at the open end."""
        back = OFFSETS_SIDE[(-self.heading[0], -self.heading[1])]
        sides = [side for side, kind in rotated_edges(tile, rot).items() if kind == "V"]
        exits = [side for side in sides if side != back]
        if not exits:  # the lake
            return 0, None
        ex, ey = OFFSETS[exits[0]]
        hx, hy = self.heading
        return hx * ey - hy * ex, exits[0]

    def is_legal(self, tile: str, x: int, y: int, rot: int) -> bool:
        if not self.may_draw(tile) or not fits(self.board, tile, x, y, rot):
            return False
        if tile not in RIVER_IDS:
            return True
        # rule 3: at the open end (matching edges then put a river edge against it);
        # rule 4: never the same bend twice in a row
        bend, _ = self.bend(tile, rot) if (x, y) == self.open else (0, None)
        return (x, y) == self.open and (bend == 0 or bend != self.last_bend)

    def legal(self, tile: str) -> set[tuple[int, int, int]]:
        """Every legal (x, y, rot) of `tile`."""
        if tile in RIVER_IDS:
            if self.open is None:
                return set()
            cells = {(*self.open, rot) for rot in (0, 90, 180, 270)}
        else:
            cells = legal_cells(self.board, tile)
        return {c for c in cells if self.is_legal(tile, *c)}

    def discard(self, tile: str) -> None:
        assert self.may_draw(tile) and not self.legal(tile), f"discard of {tile} is illegal"
        if tile in RIVER_IDS:
            self.river_drawn[tile] += 1

    def place(self, tile: str, x: int, y: int, rot: int) -> None:
        assert self.is_legal(tile, x, y, rot), f"{tile} at ({x}, {y}) turned {rot} is illegal"
        if tile in RIVER_IDS:
            self.river_drawn[tile] += 1
            bend, exit_side = self.bend(tile, rot)
            self.last_bend = bend
            if exit_side is None:
                self.open = None
            else:
                self.heading = OFFSETS[exit_side]
                self.open = (x + self.heading[0], y + self.heading[1])
        self.board[(x, y)] = (tile, rot)

    def apply(self, turn: dict) -> None:
        """Apply one log turn, asserting it is legal."""
        if "discarded" in turn:
            self.discard(turn["discarded"])
        else:
            self.place(turn["tile"], turn["x"], turn["y"], turn["rot"])


OFFSETS_SIDE = {offset: side for side, offset in OFFSETS.items()}


def check_geometry(turns: Iterable[dict], upto: int | None = None, river: bool = False) -> None:
    """Assert that the hand-built placements are legal by TILES.md (touching, matching edges)
    and, with `river`, by RIVER.md (drawing order, open end, no U-turn, discards)."""
    geometry = Geometry(river)
    for number, turn in enumerate(turns, start=1):
        if upto is not None and number > upto:
            break
        try:
            geometry.apply(turn)
        except AssertionError as error:
            raise AssertionError(f"hand-built turn {number}: {error}") from None


# -- building and replaying logs ----------------------------------------------------------------


def follower(at: str) -> dict:
    return {"kind": "follower", "at": at}


def abbot() -> dict:
    return {"kind": "abbot", "at": "C"}


def place(
    player: int, tile: str, x: int, y: int, rot: int, meeple: dict | None = None, **extra
) -> dict:
    """One placement turn of a `carcassonne-log/1` log."""
    return {"player": player, "tile": tile, "x": x, "y": y, "rot": rot, "meeple": meeple, **extra}


def discard(player: int, tile: str) -> dict:
    return {"player": player, "discarded": tile}


def make_log(turns: list[dict], options: dict | None = None, players: int = 2) -> dict:
    log = {
        "format": "carcassonne-log/1",
        "players": [{"name": f"P{i}", "color": COLOR_ORDER[i]} for i in range(players)],
        "turns": copy.deepcopy(turns),
    }
    if options is not None:
        log["options"] = dict(options)
    return log


def replay(turns: list[dict], options: dict | None = None, players: int = 2) -> dict:
    """The replay CLI's summary (LOG_FORMAT.md) for a hand-built log."""
    return summary(make_log(turns, options, players))


def game_from(turns: list[dict], options: dict | None = None, players: int = 2) -> Game:
    return from_log(make_log(turns, options, players))


def players(n: int) -> list[Player]:
    return [Player(f"P{i}", COLOR_ORDER[i]) for i in range(n)]


# -- comparing score events ---------------------------------------------------------------------

CORE = ("turn", "feature", "points", "players", "final")
DETAIL = ("tiles", "pennants", "cities")


def _core(event: dict) -> tuple:
    return tuple(tuple(event[k]) if k == "players" else event[k] for k in CORE)


def match_events(actual: list[dict], expected: list[dict]) -> None:
    """Assert the two event lists are equal as multisets (LOG_FORMAT.md: order within a turn
    and of the final events is not significant). Details (`tiles`, `pennants`, `cities`) are
    compared when the expectation names them and the engine reports them."""
    remaining = list(actual)
    for want in expected:
        for i, got in enumerate(remaining):
            if _core(got) == _core(want) and all(
                k not in want or k not in got or got[k] == want[k] for k in DETAIL
            ):
                del remaining[i]
                break
        else:
            pytest.fail(f"missing event {want}\nactual events: {json.dumps(actual)}")
    if remaining:
        pytest.fail(f"unexpected events {remaining}\nexpected: {json.dumps(expected)}")


def check_summary(actual: dict, expected: dict) -> None:
    """Compare the keys `expected` names with a replay summary."""
    for key, want in expected.items():
        if key == "events":
            match_events(actual["events"], want)
        else:
            assert actual[key] == want, f"{key}: expected {want}, got {actual[key]}"


def future_tiles(game: Game, n: int = 12) -> list[str | None]:
    """The next `n` drawn tiles of a copy of `game` always played by its first legal move (two
    games that should hold the same hidden order draw the same tiles)."""
    other = game.copy()
    tiles = []
    for _ in range(n):
        if other.finished:
            break
        tiles.append(other.drawn_tile)
        other.play(next(iter(other.legal_moves())))
    return tiles
