"""Traders & Builders' 24 tiles (TRADERS_AND_BUILDERS.md): T01..T24, one copy each.

Goods are marks on a city segment (`WINE`, `GRAIN`, `CLOTH`: one symbol on each of T01..T20);
who takes them is the rule's (`app/engine/traders.py`). T05..T08 have inner fields (no slot,
named `C`), T13 and T17 are the garden copies, T24 has a monastery. T22's west road and T23's
roads cross others on bridges: separate roads that never meet.
"""

from __future__ import annotations

from . import shapes
from .shapes import GARDEN, MONASTERY, Layout, TileDef, city, field, road, tile_defs

WINE, GRAIN, CLOTH = "wine", "grain", "cloth"
GOODS: tuple[str, ...] = (WINE, GRAIN, CLOTH)


def _corner(good: str) -> Layout:
    """T01, T02: a city on N and W (N's shape) with `good`."""
    return ("CFFC", (city("NW", good), field("whole-E whole-S", (0,))), None)


def _band_and_cap(good: str) -> Layout:
    """T05, T06: a city band E-W with `good`, a separate cap S, an inner field between."""
    return ("FCCC", (city("EW", good), city("S"), field("whole-N", (0,)), field("", (0, 1))), None)


def _band_with_road(good: str) -> Layout:
    """T10, T11: a city band E-W with `good`, a road from S ending at it."""
    return (
        "FCRC",
        (
            city("EW", good),
            road("S"),
            field("whole-N", (0,)),
            field("SSW", (0,)),
            field("SSE", (0,)),
        ),
        None,
    )


def _corner_road_and_cap(good: str) -> Layout:
    """T19, T20: a city on N and W with `good`, a cap S, a road from E ending at the N-W city."""
    return (
        "CRCC",
        (city("NW", good), city("S"), road("E"), field("ENE", (0,)), field("ESE", (0, 1))),
        None,
    )


LAYOUTS: dict[str, Layout] = {
    "T01": _corner(WINE),
    "T02": _corner(GRAIN),
    "T03": ("CCFC", (city("NEW", GRAIN), field("whole-S", (0,))), None),
    "T04": ("FCFC", (city("EW", WINE), field("whole-N", (0,)), field("whole-S", (0,))), None),
    "T05": _band_and_cap(WINE),
    "T06": _band_and_cap(CLOTH),
    "T07": ("CCCC", (city("NW", CLOTH), city("E"), city("S"), field("", (0, 1, 2))), None),
    "T08": ("CCCC", (city("NW", WINE), city("ES"), field("", (0, 1))), None),
    "T09": ("CCRC", (city("NEW", WINE), road("S"), field("SSW", (0,)), field("SSE", (0,))), None),
    "T10": _band_with_road(WINE),
    "T11": _band_with_road(GRAIN),
    "T12": shapes.band_between_roads(WINE),
    "T13": (
        "CRFC",
        (city("NW", CLOTH), road("E"), field("ENE", (0,)), field("ESE whole-S", (0,))),
        GARDEN,
    ),
    # T14, T16, T18: the city's wall runs out to the south-east corner and splits the field.
    "T14": (
        "CRFC",
        (
            city("NW", WINE),
            road("E"),
            field("ENE", (0,)),
            field("ESE", (0,)),
            field("whole-S", (0,)),
        ),
        None,
    ),
    "T15": (
        "CFRC",
        (city("NW", GRAIN), road("S"), field("SSW", (0,)), field("SSE whole-E", (0,))),
        None,
    ),
    "T16": (
        "CFRC",
        (
            city("NW", GRAIN),
            road("S"),
            field("SSW", (0,)),
            field("SSE", (0,)),
            field("whole-E", (0,)),
        ),
        None,
    ),
    # T17 is not P: its two roads end at the city separately.
    "T17": (
        "CRRC",
        (
            city("NW", WINE),
            road("E"),
            road("S"),
            field("ENE", (0,)),
            field("ESE SSE", (0,)),
            field("SSW", (0,)),
        ),
        GARDEN,
    ),
    "T18": (
        "CRRC",
        (
            city("NW", CLOTH),
            road("E"),
            road("S"),
            field("ENE", (0,)),
            field("ESE", (0,)),
            field("SSE", (0,)),
            field("SSW", (0,)),
        ),
        None,
    ),
    "T19": _corner_road_and_cap(CLOTH),
    "T20": _corner_road_and_cap(GRAIN),
    "T21": (
        "CRFF",
        (city("N"), road("E"), field("ENE", (0,)), field("ESE whole-S whole-W", (0,))),
        None,
    ),
    # The west road passes over the south road on a bridge and ends beyond it (a dead end).
    "T22": (
        "CFRR",
        (
            city("N"),
            road("S"),
            road("W"),
            field("WNW", (0,)),
            field("SSW WSW"),
            field("SSE whole-E", (0,)),
        ),
        None,
    ),
    # Two roads crossing on a bridge, not a crossroads: four fields.
    "T23": (
        "RRRR",
        (
            road("NS"),
            road("EW"),
            field("NNW WNW"),
            field("NNE ENE"),
            field("ESE SSE"),
            field("SSW WSW"),
        ),
        None,
    ),
    "T24": shapes.three_roads(centre=MONASTERY),
}

TILES: dict[str, TileDef] = tile_defs(LAYOUTS)
COUNTS: dict[str, int] = dict.fromkeys(LAYOUTS, 1)
