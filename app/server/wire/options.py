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
    ValidationInfo,
    model_validator,
)

from app.engine import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    MOST_PLAYERS,
    TILESETS,
    Options,
    colors_for,
    max_players_for,
)
from app.server.wire.errors import ErrorCode, GameError

_GAME = Options()  # the engine's defaults
# A validation context key: check each given value on its own, not what they allow together
# (a `set_options` names some options; the room's others decide the rest).
VALUES_ALONE = "values_alone"


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
    # The expansions (shared/INNS_AND_CATHEDRALS.md, shared/TRADERS_AND_BUILDERS.md).
    inns_cathedrals: StrictBool = _GAME.inns_cathedrals
    traders_builders: StrictBool = _GAME.traders_builders
    # At most the most players of any game; `_seats_allowed` bounds it by the rules.
    seats: Annotated[StrictInt, Field(ge=MIN_PLAYERS, le=MOST_PLAYERS)] = MAX_PLAYERS
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

    @model_validator(mode="after")
    def _seats_allowed(self, info: ValidationInfo) -> RoomOptions:
        if info.context and info.context.get(VALUES_ALONE):
            return self  # only each value on its own is checked: the others are not known
        most = self.max_players()
        if self.seats > most:
            raise ValueError(f"a game with these rules has at most {most} players")
        return self

    def max_players(self) -> int:
        """How many may play a game with these rules (the sixth seat needs Inns & Cathedrals)."""
        return max_players_for(self.game_options())

    def colors(self) -> tuple[str, ...]:
        """The colours the players of a game with these rules choose from, in their order."""
        return colors_for(self.game_options())

    def check_color(self, color: str) -> None:
        """Raise `GameError(COLOR_INVALID)` unless a player may have `color` in these rules."""
        if color not in self.colors():
            raise GameError(ErrorCode.COLOR_INVALID,
                            f"{color} is not a colour of a game with these rules.", color=color)

    def game_options(self) -> Options:
        """The engine's options for a game started with these."""
        return Options.from_dict(self.model_dump())  # the keys of no game option are ignored

    def with_changes(self, changes: dict[str, Any]) -> RoomOptions:
        """These options with `changes` applied (validated; raises `ValueError`). Rules that
        allow fewer players lower `seats` with them unless `changes` names it (the lobby
        refuses that while a higher seat is taken)."""
        merged = {**self.model_dump(), **changes}
        if "seats" not in changes:
            most = RoomOptions.model_validate({**merged, "seats": MIN_PLAYERS}).max_players()
            merged["seats"] = min(merged["seats"], most)
        return RoomOptions.model_validate(merged)

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
