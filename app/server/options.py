"""A room's options for its next game: the engine's game options plus what only a room has
(how many seats, a turn clock). The one place where they are validated and defaulted: the
lobby's `set_options`, `POST /api/rooms`, the stored rows and the state all go through
`RoomOptions`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
    model_validator,
)

from app.engine import TILESETS, Options

_GAME = Options()  # the engine's defaults


def _known_tileset(name: str) -> str:
    if name not in TILESETS:
        raise ValueError(f"use one of {', '.join(sorted(TILESETS))}")
    return name


Tileset = Annotated[
    str,
    Field(json_schema_extra={"enum": sorted(TILESETS)}),
    AfterValidator(_known_tileset),
]


class ClockOption(BaseModel):
    """A turn clock: a time bank per player plus an increment after each of their turns."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)
    bank: Annotated[StrictInt, Field(ge=10, le=7200)]
    increment: Annotated[StrictInt, Field(ge=0, le=600)] = 0


class RoomOptions(BaseModel):
    """Options of the next game in a room (strict JSON types: `1` is not `true`)."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)
    tileset: Tileset = _GAME.tileset
    farmers: StrictBool = _GAME.farmers
    abbot: StrictBool = _GAME.abbot
    river: StrictBool = _GAME.river
    seats: Annotated[StrictInt, Field(ge=2, le=5)] = 5
    clock: ClockOption | None = None
    # Strategic advice the table agreed on: none, a suggested move on request, or that plus
    # a warning before a move that hands points to an opponent.
    hints: Literal["off", "request", "coach"] = "off"
    # Live (everyone at the table now, with or without `clock`) or turn-based: a move within
    # `move_hours` of the turn's start, the game played across days.
    pace: Literal["live", "turn"] = "live"
    move_hours: Literal[12, 24, 48, 72] = 24
    game_days: Literal[3, 7, 14, 30] | None = None  # turn-based: the whole game's limit
    # Turn-based, when a player's time runs out: an easy bot plays that turn for them
    # (`bot_turn`), or the seat is handed to an easy bot for the rest of the game (`bot_seat`).
    on_timeout: Literal["bot_turn", "bot_seat"] = "bot_turn"

    @model_validator(mode="after")
    def _one_clock(self) -> RoomOptions:
        if self.pace == "turn" and self.clock is not None:
            raise ValueError("a turn-based game has its time per move, not a live clock")
        return self

    def game_options(self) -> Options:
        """The engine's options for a game started with these."""
        return Options.from_dict({key: getattr(self, key) for key in _GAME.to_dict()})

    def with_changes(self, changes: dict[str, Any]) -> RoomOptions:
        """These options with `changes` applied (validated; raises `ValueError`)."""
        return RoomOptions.model_validate({**self.model_dump(), **changes})

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, as stored and as shown in the room's state."""
        return self.model_dump()

    @classmethod
    def from_stored(cls, raw: dict[str, Any]) -> RoomOptions:
        """Options read back from the database; keys this version does not know are dropped
        and a value that no longer validates falls back to its default."""
        known = {key: value for key, value in raw.items() if key in cls.model_fields}
        try:
            return cls.model_validate(known)
        except ValidationError:
            good = {}
            for key, value in known.items():
                try:
                    cls.model_validate({key: value})
                except ValidationError:
                    continue
                good[key] = value
            return cls.model_validate(good)


def option_changes(raw: dict[str, Any]) -> dict[str, Any]:
    """The option keys of a message (unknown keys are ignored, as everywhere in the protocol)."""
    return {key: value for key, value in raw.items() if key in RoomOptions.model_fields}
