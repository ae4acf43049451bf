"""The Winter Edition's own tiles (TILES.md): Z01..Z12, one copy each, on top of the base game's
72 (84 tiles). Four of them have the layout of a base tile with winter pictures."""

from __future__ import annotations

from . import classic
from .shapes import MONASTERY, Layout, TileDef, all_but, city, field, road, tile_defs

LAYOUTS: dict[str, Layout] = {
    "Z01": classic.LAYOUTS["W"],
    "Z02": (
        "CFFR",
        (city("N"), road("W"), field("WNW", (0,)), field("whole-E whole-S WSW", (0,))),
        None,
    ),
    "Z03": (
        "CRFF",
        (city("N"), road("E"), field("ENE", (0,)), field("ESE whole-S whole-W", (0,))),
        None,
    ),
    "Z04": classic.LAYOUTS["J"],
    "Z05": classic.LAYOUTS["A"],
    "Z06": (
        "FRFR",
        (road("E"), road("W"), field("WNW whole-N ENE"), field("ESE whole-S WSW")),
        MONASTERY,
    ),
    "Z07": (
        "CFRC",
        (city("NW"), road("S"), field("SSW", (0,)), field("SSE whole-E", (0,))),
        None,
    ),
    "Z08": (
        "CFRF",
        (city("N"), road("S"), field("SSW whole-W", (0,)), field("SSE whole-E", (0,))),
        None,
    ),
    "Z09": (
        "RRRR",
        (road("NW"), road("SE"), field("NNW WNW"), field("ESE SSE"), field("NNE ENE SSW WSW")),
        None,
    ),
    "Z10": (
        "CRFC",
        (city("NW"), road("E"), field("ENE", (0,)), field("ESE whole-S", (0,))),
        None,
    ),
    "Z11": ("FFRF", (road("S"), field(all_but("S"))), None),
    "Z12": classic.LAYOUTS["K"],
}

TILES: dict[str, TileDef] = tile_defs(LAYOUTS)
COUNTS: dict[str, int] = dict.fromkeys(LAYOUTS, 1)
