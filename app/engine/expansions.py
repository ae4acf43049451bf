"""Which rules a game's options bring: the one place an option's rule is registered.

An expansion is a rule object in a module of its own (with its tiles in `tiles/`); its option
is a field of `Options`, and `ruleset_for` below adds its rule when the option is on.
"""

from __future__ import annotations

from functools import cache

from .inns import InnsAndCathedrals
from .options import Options
from .river import River
from .rules import Abbot, BaseGame, NoFarmers, Rule, Ruleset
from .traders import TradersAndBuilders

NO_FARMERS = NoFarmers()
ABBOT_RULE = Abbot()
RIVER_RULE = River()  # a template: each game plays with its own copy (`Ruleset.new_rules`)
INNS_RULE = InnsAndCathedrals()
TRADERS_RULE = TradersAndBuilders()  # a template, as the River's

# Every rule an option may bring, in the order a game applies them. A game without one still
# knows its tiles and figures, to refuse them in its words.
OPTION_RULES: tuple[Rule, ...] = (NO_FARMERS, ABBOT_RULE, RIVER_RULE, INNS_RULE, TRADERS_RULE)

# Every figure kind some game may have, by name (a log may name no other).
FIGURE_NAMES: tuple[str, ...] = tuple(
    kind.name
    for figures in (BaseGame.figures, *(r.figures for r in OPTION_RULES))
    for kind in figures
)


@cache
def ruleset_for(options: Options) -> Ruleset:
    """The rules a game with `options` is played by, put together (made once per options)."""
    rules: list[Rule] = [BaseGame(options.tileset)]
    if not options.farmers:
        rules.append(NO_FARMERS)
    if options.abbot:
        rules.append(ABBOT_RULE)
    if options.river:
        rules.append(RIVER_RULE)
    if options.inns_cathedrals:
        rules.append(INNS_RULE)
    if options.traders_builders:
        rules.append(TRADERS_RULE)
    return Ruleset(rules, [rule for rule in OPTION_RULES if rule not in rules])


def colors_for(options: Options) -> tuple[str, ...]:
    """The colours players may choose in a game with `options`, in the order a room offers
    them: the base game's five, and `pink` with Inns & Cathedrals."""
    return ruleset_for(options).colors


def max_players_for(options: Options) -> int:
    """How many may play a game with `options`: 5, or 6 with Inns & Cathedrals."""
    return ruleset_for(options).max_players


# The most players any game may have (with every option that brings more).
MOST_PLAYERS: int = max(BaseGame.max_players, *(rule.max_players for rule in OPTION_RULES))

__all__ = [
    "FIGURE_NAMES", "MOST_PLAYERS", "OPTION_RULES", "colors_for", "max_players_for", "ruleset_for",
]
