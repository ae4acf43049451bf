"""The base game's box (TILES.md): the 24 layouts A..X, their garden copies, and how many of
each the box holds (72 tiles, the start tile D included)."""

from __future__ import annotations

from .shapes import (
    GARDEN,
    MONASTERY,
    PENNANT,
    SLOTS,
    Layout,
    TileDef,
    all_but,
    city,
    field,
    road,
    three_roads,
    tile_defs,
)

# Segments are listed cities first, so adjacency indexes are small and stable.
LAYOUTS: dict[str, Layout] = {
    "A": ("FFRF", (road("S"), field(all_but("S"))), MONASTERY),
    "B": ("FFFF", (field(" ".join(SLOTS)),), MONASTERY),
    "C": ("CCCC", (city("NESW", PENNANT),), None),
    "D": (
        "CRFR",
        (city("N"), road("EW"), field("ENE WNW", (0,)), field("ESE whole-S WSW")),
        None,
    ),
    "E": ("CFFF", (city("N"), field("whole-E whole-S whole-W", (0,))), None),
    "F": ("FCFC", (city("EW", PENNANT), field("whole-N", (0,)), field("whole-S", (0,))), None),
    "G": ("CFCF", (city("NS"), field("whole-E", (0,)), field("whole-W", (0,))), None),
    "H": ("FCFC", (city("E"), city("W"), field("whole-N whole-S", (0, 1))), None),
    "I": ("CCFF", (city("N"), city("E"), field("whole-S whole-W", (0, 1))), None),
    "J": (
        "CRRF",
        (city("N"), road("ES"), field("ESE SSE"), field("ENE SSW whole-W", (0,))),
        None,
    ),
    "K": (
        "CFRR",
        (city("N"), road("SW"), field("SSW WSW"), field("whole-E SSE WNW", (0,))),
        None,
    ),
    "L": (
        "CRRR",
        (
            city("N"),
            road("E"),
            road("S"),
            road("W"),
            field("ENE WNW", (0,)),
            field("ESE SSE"),
            field("SSW WSW"),
        ),
        None,
    ),
    "M": ("CFFC", (city("NW", PENNANT), field("whole-E whole-S", (0,))), None),
    "N": ("CFFC", (city("NW"), field("whole-E whole-S", (0,))), None),
    "O": (
        "CRRC",
        (city("NW", PENNANT), road("ES"), field("ESE SSE"), field("ENE SSW", (0,))),
        None,
    ),
    "P": ("CRRC", (city("NW"), road("ES"), field("ESE SSE"), field("ENE SSW", (0,))), None),
    "Q": ("CCFC", (city("NEW", PENNANT), field("whole-S", (0,))), None),
    "R": ("CCFC", (city("NEW"), field("whole-S", (0,))), None),
    "S": ("CCRC", (city("NEW", PENNANT), road("S"), field("SSW", (0,)), field("SSE", (0,))), None),
    "T": ("CCRC", (city("NEW"), road("S"), field("SSW", (0,)), field("SSE", (0,))), None),
    "U": ("RFRF", (road("NS"), field("NNE whole-E SSE"), field("SSW whole-W NNW")), None),
    "V": ("FFRR", (road("SW"), field("SSW WSW"), field("whole-N whole-E SSE WNW")), None),
    "W": three_roads(),
    "X": (
        "RRRR",
        (
            road("N"),
            road("E"),
            road("S"),
            road("W"),
            field("NNE ENE"),
            field("ESE SSE"),
            field("SSW WSW"),
            field("WNW NNW"),
        ),
        None,
    ),
}

# How many copies the box holds, garden copies (TILES.md "Gardens") counted apart.
COUNTS: dict[str, int] = {
    "A": 2,
    "B": 4,
    "C": 1,
    "D": 4,
    "E": 4,
    "Eg": 1,
    "F": 2,
    "G": 1,
    "H": 2,
    "Hg": 1,
    "I": 1,
    "Ig": 1,
    "J": 3,
    "K": 3,
    "L": 3,
    "M": 1,
    "Mg": 1,
    "N": 2,
    "Ng": 1,
    "O": 2,
    "P": 3,
    "Q": 1,
    "R": 2,
    "Rg": 1,
    "S": 2,
    "T": 1,
    "U": 7,
    "Ug": 1,
    "V": 8,
    "Vg": 1,
    "W": 4,
    "X": 1,
}
GARDEN_COPIES: tuple[str, ...] = ("E", "H", "I", "M", "N", "R", "U", "V")
START_TILE = "D"


def _with_gardens(tiles: dict[str, TileDef]) -> dict[str, TileDef]:
    """The layouts and, for each letter of `GARDEN_COPIES`, its garden copy (`Eg`, ...)."""
    copies = {
        letter + "g": TileDef(letter + "g", tiles[letter].edges, tiles[letter].segments, GARDEN)
        for letter in GARDEN_COPIES
    }
    return {**tiles, **copies}


TILES: dict[str, TileDef] = _with_gardens(tile_defs(LAYOUTS))
