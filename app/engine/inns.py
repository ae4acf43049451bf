"""Inns & Cathedrals (INNS_AND_CATHEDRALS.md) as a rule: its 18 tiles, the large follower, the
inn roads and cathedral cities, the sixth colour.

Everything here is data for the rules seam: the large follower is a figure kind of strength 2
placed by the follower's rules (`spots.py`), an inn or a cathedral a mark whose `Modifier`
changes what its road or city scores, complete and unfinished (`features.py`).
"""

from __future__ import annotations

from .features import Modifier
from .figures import FigureKind
from .rules import Rule
from .tiles import inns
from .tiles.inns import CATHEDRAL, INN
from .tiles.shapes import CITY, FIELD, MONASTERY, ROAD

LARGE = "large"
PINK = "pink"

# Rule 3: placed like a follower (never on a garden), rule 5: counts 2 in a majority.
LARGE_KIND = FigureKind(
    LARGE,
    1,
    frozenset({ROAD, CITY, FIELD}),
    (MONASTERY,),
    "player {player} has no large follower in supply",
    strength=2,
)
# Rules 7 and 8: a completed inn road 2 per tile, a completed cathedral city 3 per tile and
# pennant; either unfinished at the end, nothing. A second inn or cathedral adds nothing.
INN_ROADS = Modifier(ROAD, INN, complete=2, unfinished=0)
CATHEDRAL_CITIES = Modifier(CITY, CATHEDRAL, complete=3, unfinished=0)


class InnsAndCathedrals(Rule):
    """The option `inns_cathedrals`: tiles I01..I18 in the bag, a large follower each, inns
    and cathedrals, and pink for a sixth player (2 to 6 play)."""

    name = "inns & cathedrals"
    option = "inns_cathedrals"
    tiles = inns.COUNTS
    box = frozenset(inns.TILES)
    absent = "tile '{tile}' is an Inns & Cathedrals tile and options.inns_cathedrals is not set"
    figures = (LARGE_KIND,)
    modifiers = (INN_ROADS, CATHEDRAL_CITIES)
    colors = (PINK,)
    max_players = 6


__all__ = ["CATHEDRAL_CITIES", "INN_ROADS", "LARGE", "LARGE_KIND", "PINK", "InnsAndCathedrals"]
