"""The River's twelve tiles (RIVER.md): the spring R01, ten river tiles, the lake R12.

Their rules (where they go, the order they are drawn in) are `app/engine/river.py`'s.
"""

from __future__ import annotations

from .shapes import GARDEN, MONASTERY, Layout, TileDef, all_but, city, field, river, road, tile_defs

# RIVER.md: the spring R01 is the start tile of a River game, the lake R12 ends the river.
_RIVER_STRAIGHT: Layout = (
    "FVFV",
    (river("EW"), field("WNW whole-N ENE"), field("ESE whole-S WSW")),
    None,
)
_RIVER_CURVE: Layout = (
    "FFVV",
    (river("SW"), field("whole-N whole-E SSE WNW"), field("SSW WSW")),
    None,
)
LAYOUTS: dict[str, Layout] = {
    "R01": ("FVFF", (river("E"), field(all_but("E"))), None),
    "R02": (
        "CVCV",
        (city("N"), city("S"), river("EW"), field("ENE WNW", (0,)), field("ESE WSW", (1,))),
        None,
    ),
    # The bridge's road runs from the south edge into the city and cuts the north bank in two.
    "R03": (
        "CVRV",
        (
            city("N"),
            road("S"),
            river("EW"),
            field("ENE", (0,)),
            field("WNW", (0,)),
            field("ESE SSE"),
            field("SSW WSW"),
        ),
        None,
    ),
    "R04": (
        "FVRV",
        (
            road("S"),
            river("EW"),
            field("WNW whole-N ENE"),
            field("ESE SSE"),
            field("SSW WSW"),
        ),
        MONASTERY,
    ),
    "R05": (
        "RVRV",
        (
            road("NS"),
            river("EW"),
            field("NNW WNW"),
            field("NNE ENE"),
            field("ESE SSE"),
            field("SSW WSW"),
        ),
        None,
    ),
    "R06": _RIVER_STRAIGHT,
    "R07": _RIVER_STRAIGHT,
    "R08": ("CVVC", (city("NW"), river("ES"), field("ENE SSW", (0,)), field("ESE SSE")), None),
    "R09": (
        "RRVV",
        (
            road("NE"),
            river("SW"),
            field("NNE ENE"),
            field("WNW NNW ESE SSE"),
            field("SSW WSW"),
        ),
        None,
    ),
    "R10": _RIVER_CURVE,
    "R11": (*_RIVER_CURVE[:2], GARDEN),
    "R12": ("FFFV", (river("W"), field(all_but("W"))), None),
}
RIVER_TILES: tuple[str, ...] = tuple(LAYOUTS)
SPRING, LAKE = "R01", "R12"
TILES: dict[str, TileDef] = tile_defs(LAYOUTS)
# The box holds one of each; the spring is the start tile, so a game draws only the others.
COUNTS: dict[str, int] = dict.fromkeys(LAYOUTS, 1)
