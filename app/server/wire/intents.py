"""What a client sends: every intent as a strict pydantic model, their union, and `decode`.

`app/server/PROTOCOL.md` documents every message; a test keeps the two in step.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

import orjson
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
)

from app.server.wire.errors import ErrorCode, GameError
from app.server.wire.facts import (
    COLOR_HEX,
    NESTING_MAX,
    REF_MAX,
    SAFE_INTEGER,
    SLOT_MAX,
    TOKEN_MAX,
)
from app.server.wire.options import VALUES_ALONE, RoomOptions, option_changes

# Every colour some game may have; which of them a room's rules allow, the room checks.
COLORS = tuple(COLOR_HEX)


def _known_color(color: str) -> str:
    if color not in COLORS:
        raise ValueError(f"use one of {', '.join(COLORS)}")
    return color


Color = Annotated[StrictStr, Field(json_schema_extra={"enum": list(COLORS)}),
                  AfterValidator(_known_color)]
Ref = (
    Annotated[StrictInt, Field(ge=-SAFE_INTEGER, le=SAFE_INTEGER)]
    | Annotated[StrictStr, Field(max_length=REF_MAX)]
    | None
)


class Intent(BaseModel):
    """Base of every client message: strict types, unknown keys ignored, optional `ref`
    echoed back in errors so a client can tell which of its messages failed."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)
    ref: Ref = None


# A name as typed. The room cleans it (`rooms.identity.clean_name`): what is left must be 1 to
# `NAME_MAX` visible characters (else `bad_name`); a frame's size bounds what is typed.
Name = StrictStr


class Hello(Intent):
    """First message of every connection."""

    type: Literal["hello"]
    protocol: StrictInt
    token: Annotated[StrictStr, Field(max_length=TOKEN_MAX)] | None = None
    name: Name | None = None


class Ping(Intent):
    """Client heartbeat; the server answers `pong`."""

    type: Literal["ping"]


class Pong(Intent):
    """Answer to the server's `ping`."""

    type: Literal["pong"]


class Sync(Intent):
    """Ask for a full snapshot (after a gap in `seq`)."""

    type: Literal["sync"]


class Features(Intent):
    """Ask for the features of the board as it stands (answered by `features`)."""

    type: Literal["features"]


class Analysis(Intent):
    """Ask what the table knows as the game stands (answered by `analysis`): the tiles left
    that fit each open square, dead squares, the odds of closing each unfinished feature."""

    type: Literal["analysis"]


class TakeSeat(Intent):
    """Sit down at a free seat (lobby only)."""

    type: Literal["take_seat"]
    seat: StrictInt
    name: Name
    color: Color


class LeaveSeat(Intent):
    """Stand up (lobby only); the seat's token stops working."""

    type: Literal["leave_seat"]


class RemoveSeat(Intent):
    """Host: free someone else's seat (lobby only)."""

    type: Literal["remove_seat"]
    seat: StrictInt


class SetOptions(Intent):
    """Host: change the options of the next game: any keys of `RoomOptions` (`state.room.
    options`); omitted ones stay as they are (`"clock": null` turns the clock off)."""

    model_config = ConfigDict(strict=True, extra="allow", frozen=True)
    type: Literal["set_options"]

    def changes(self) -> dict[str, Any]:
        """The options this message sets."""
        return option_changes(self.model_extra or {})


class Start(Intent):
    """Host: start the game (also a rematch after a finished game)."""

    type: Literal["start"]


class MeepleIn(BaseModel):
    """A figure to place with the tile."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)
    # The figure kinds of every game (`large`: Inns & Cathedrals; `builder`, `pig`: Traders &
    # Builders); whether this game has the kind, the engine says (`illegal_move`).
    kind: Literal["follower", "abbot", "large", "builder", "pig"]
    at: Annotated[StrictStr, Field(min_length=1, max_length=SLOT_MAX)]


class Placement(Intent):
    """A placement of the drawn tile for `turn`: where, turned how, with which figure or taking
    the abbot back. Placed by `place`, asked about by `check`."""

    turn: StrictInt
    x: StrictInt
    y: StrictInt
    rot: Literal[0, 90, 180, 270]
    meeple: MeepleIn | None = None
    return_abbot: StrictBool = False


class Place(Placement):
    """Place the drawn tile, with an optional figure or taking the abbot back."""

    type: Literal["place"]


class Hint(Intent):
    """The player to move asks for a suggested move (rooms with hints on)."""

    type: Literal["hint"]
    turn: StrictInt


class Check(Placement):
    """The player to move asks the coach about a move before confirming it (rooms with the
    coach on): is it handing points to an opponent?"""

    type: Literal["check"]


class Trace(Intent):
    """The player to move asks which whole feature a figure would stand on if the tile went
    there (to trace it before confirming)."""

    type: Literal["trace"]
    turn: StrictInt
    x: StrictInt
    y: StrictInt
    rot: Literal[0, 90, 180, 270]
    at: Annotated[StrictStr, Field(min_length=1, max_length=SLOT_MAX)]


class EndGame(Intent):
    """Host: end the running game now, scored as if the bag were empty."""

    type: Literal["end_game"]
    turn: StrictInt


# The bot levels a host can seat, weakest first (`app.bots.LEVELS`; the client's BOT_LEVELS).
BotLevel = Literal["easy", "strong", "expert"]


class AddBot(Intent):
    """Host: a bot takes a free seat (lobby only)."""

    type: Literal["add_bot"]
    seat: StrictInt
    level: BotLevel = "easy"
    color: Color | None = None
    name: Name | None = None


class HandToBot(Intent):
    """Host: a bot plays a seat of the running game until the seat is taken back."""

    type: Literal["hand_to_bot"]
    seat: StrictInt
    level: BotLevel = "easy"


class TakeBack(Intent):
    """Host, or the seat's own player: a person plays the seat again."""

    type: Literal["take_back"]
    seat: StrictInt


class Chat(Intent):
    """A chat line (plain text; clients render it as text, never as HTML)."""

    type: Literal["chat"]
    text: StrictStr


ClientMessage = Annotated[
    Hello | Ping | Pong | Sync | Features | Analysis | TakeSeat | LeaveSeat | RemoveSeat
    | SetOptions | Start | Place | Hint | Check | Trace | EndGame | AddBot | HandToBot | TakeBack
    | Chat,
    Field(discriminator="type"),
]
_adapter: TypeAdapter[Any] = TypeAdapter(ClientMessage)
# The `type` of every client message, read off the message union itself (in its order).
MESSAGE_TYPES: tuple[str, ...] = tuple(
    get_args(model.model_fields["type"].annotation)[0]
    for model in get_args(get_args(ClientMessage)[0])
)


def decode(text: str) -> Intent:
    """Parse one client frame into its typed message, or raise `GameError`."""
    try:
        raw = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise GameError(ErrorCode.BAD_JSON, "The message is not valid JSON.") from None
    if not isinstance(raw, dict):
        raise GameError(ErrorCode.BAD_MESSAGE, "A message must be a JSON object.")
    if _deeper_than(raw, NESTING_MAX):
        raise GameError(ErrorCode.BAD_MESSAGE,
                        f"The message is nested deeper than {NESTING_MAX} levels; none is.")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
        raise GameError(ErrorCode.UNKNOWN_TYPE, f"Unknown message type {str(kind)[:40]!r}.",
                        type=str(kind)[:40])
    try:
        message: Intent = _adapter.validate_python(raw)
        if isinstance(message, SetOptions):
            # Each value must be valid on its own; whether they fit the room is the room's call.
            RoomOptions.model_validate(message.changes(), context={VALUES_ALONE: True})
    except ValueError as exc:
        raise GameError(ErrorCode.BAD_MESSAGE, _describe(exc)) from None
    return message


def _deeper_than(value: Any, limit: int) -> bool:
    """True when `value` nests objects and arrays more than `limit` deep (walked without
    recursion: a frame may nest a thousand levels)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item
        for child in children:
            if isinstance(child, dict | list):
                if depth + 1 > limit:
                    return True
                stack.append((child, depth + 1))
    return False


def decode_relayed(raw: dict[str, Any]) -> Intent:
    """An intent another process decoded already and relayed as `model_dump(mode="json")`."""
    message: Intent = _adapter.validate_python(raw)
    return message


def _describe(exc: ValueError) -> str:
    errors = getattr(exc, "errors", None)
    if not callable(errors):
        return "The message has the wrong shape."
    parts = []
    for err in errors()[:3]:
        loc = err.get("loc", ())
        # A union member's errors start with its tag (the message type); option errors don't.
        where = ".".join(str(p) for p in (loc[1:] if loc and loc[0] in MESSAGE_TYPES else loc))
        where = where or "message"
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return "Invalid message: " + "; ".join(parts)


def ref_of(text: str) -> Any:
    """The `ref` of a frame that failed to decode, when it can be read, so errors carry it."""
    try:
        raw = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    ref = raw.get("ref") if isinstance(raw, dict) else None
    if isinstance(ref, bool):
        return None
    if isinstance(ref, int):
        return ref if -SAFE_INTEGER <= ref <= SAFE_INTEGER else None
    return ref if isinstance(ref, str) and len(ref) <= REF_MAX else None
