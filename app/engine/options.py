"""How a game is set up: its options and its players."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from .errors import InvalidOptionsError
from .tiles import TILESETS

# The options that bring a big expansion (INNS_AND_CATHEDRALS.md, TRADERS_AND_BUILDERS.md).
EXPANSIONS: tuple[str, ...] = ("inns_cathedrals", "traders_builders")


@dataclass(frozen=True, slots=True)
class Options:
    """Game options: tileset `winter` (84 tiles) or `classic` (72), farmers, The Abbot, The
    River, Inns & Cathedrals, Traders & Builders. The defaults are those of a log without
    options (LOG_FORMAT.md; a missing expansion is off).

        >>> Options.from_dict({"tileset": "classic", "river": True}).river
        True
        >>> Options.from_dict({"tileset": "classic"}).inns_cathedrals
        False
        >>> sorted(Options(inns_cathedrals=True).to_dict())
        ['abbot', 'farmers', 'inns_cathedrals', 'river', 'tileset']
    """

    tileset: str = "winter"
    farmers: bool = True
    abbot: bool = False
    river: bool = False
    inns_cathedrals: bool = False
    traders_builders: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.tileset, str) or self.tileset not in TILESETS:
            raise InvalidOptionsError(
                f"tileset must be one of {', '.join(sorted(TILESETS))}, not {self.tileset!r}"
            )
        for option in fields(self):
            value = getattr(self, option.name)
            if isinstance(option.default, bool) and not isinstance(value, bool):
                raise InvalidOptionsError(f"{option.name} must be true or false, not {value!r}")

    @classmethod
    def from_dict(cls, raw: object) -> Options:
        """Options from a JSON object: missing keys take their defaults, keys that name no
        option are ignored. Raises `InvalidOptionsError` for a wrong type or value."""
        if not isinstance(raw, Mapping):
            raise InvalidOptionsError("options must be an object")
        given = {option.name: raw[option.name] for option in fields(cls) if option.name in raw}
        return cls(**given)

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON object (`Options.from_dict` reads it back). An expansion that
        is off is left out, so the log and the view of a game without expansions read exactly
        as they did before there were any."""
        return {
            option.name: value
            for option in fields(self)
            if (value := getattr(self, option.name)) or option.name not in EXPANSIONS
        }


@dataclass(frozen=True, slots=True)
class Player:
    """A player: a name and one of the game's colours (`COLORS`)."""

    name: str
    color: str


__all__ = ["EXPANSIONS", "Options", "Player"]
