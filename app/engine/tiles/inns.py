"""Inns & Cathedrals' 18 tiles (INNS_AND_CATHEDRALS.md): I01..I18, one copy each.

Inns and cathedrals are marks on a road or city segment (`INN`, `CATHEDRAL`); what they do to
a feature's score is the rule's (`app/engine/inns.py`). I03's inner field covers no slot and is
named `C`; I03 and I15 are the garden copies, I18 has a monastery.
"""

from __future__ import annotations

from . import shapes, winter
from .shapes import GARDEN, PENNANT, Layout, TileDef, city, field, road, tile_defs

INN, CATHEDRAL = "inn", "cathedral"

LAYOUTS: dict[str, Layout] = {
    "I01": ("CCCC", (city("NESW", CATHEDRAL),), None),
    "I02": ("CCCC", (city("NESW", CATHEDRAL),), None),
    "I03": (
        "CCCC",
        (city("N"), city("E"), city("S"), city("W"), field("", (0, 1, 2, 3))),
        GARDEN,
    ),
    "I04": ("CCFC", (city("N"), city("E"), city("W"), field("whole-S", (0, 1, 2))), None),
    "I05": ("CFCC", (city("NW", PENNANT), city("S"), field("whole-E", (0, 1))), None),
    # The city's wall runs to the south-east corner: the east strip is a field of its own.
    "I06": ("CFFF", (city("N"), field("whole-E", (0,)), field("whole-S whole-W", (0,))), None),
    # The roads end at a crossing; its short stubs to the gates are no roads but split fields.
    "I07": (
        "CRCR",
        (
            city("N"),
            city("S"),
            road("E"),
            road("W"),
            field("ENE", (0,)),
            field("WNW", (0,)),
            field("ESE", (1,)),
            field("WSW", (1,)),
        ),
        None,
    ),
    "I08": winter.LAYOUTS["Z08"],
    "I09": winter.LAYOUTS["Z10"],
    "I10": shapes.band_between_roads(PENNANT),
    "I11": (
        "CFRC",
        (city("NW"), road("S", INN), field("SSW", (0,)), field("SSE whole-E", (0,))),
        None,
    ),
    "I12": (
        "CFRR",
        (city("N"), road("SW", INN), field("SSW WSW"), field("WNW whole-E SSE", (0,))),
        None,
    ),
    "I13": (
        "CRRC",
        (city("NW", PENNANT), road("ES", INN), field("ESE SSE"), field("ENE SSW", (0,))),
        None,
    ),
    "I14": shapes.three_roads(east=(INN,)),
    "I15": (
        "FRFR",
        (road("EW", INN), field("WNW whole-N ENE"), field("ESE whole-S WSW")),
        GARDEN,
    ),
    "I16": ("FFRR", (road("SW", INN), field("SSW WSW"), field("whole-N whole-E SSE WNW")), None),
    "I17": winter.LAYOUTS["Z09"],
    "I18": winter.LAYOUTS["Z06"],
}
TILES: dict[str, TileDef] = tile_defs(LAYOUTS)
COUNTS: dict[str, int] = dict.fromkeys(LAYOUTS, 1)
