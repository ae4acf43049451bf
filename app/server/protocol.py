"""The websocket wire format: typed client intents, server message builders, error codes.

PROTOCOL.md (next to this file) documents every message; keep the two in step.
"""

from __future__ import annotations

from enum import StrEnum
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

from app.engine import COLORS
from app.server.options import RoomOptions, option_changes

PROTOCOL_VERSION = 2


def _known_color(color: str) -> str:
    if color not in COLORS:
        raise ValueError(f"use one of {', '.join(COLORS)}")
    return color


Color = Annotated[StrictStr, Field(json_schema_extra={"enum": list(COLORS)}),
                  AfterValidator(_known_color)]
# The largest integer a browser reads back exactly (a JavaScript number): 2**53 - 1.
SAFE_INTEGER = 2**53 - 1
Ref = (
    Annotated[StrictInt, Field(ge=-SAFE_INTEGER, le=SAFE_INTEGER)]
    | Annotated[StrictStr, Field(max_length=64)]
    | None
)


class ErrorCode(StrEnum):
    """Error codes sent in `{"type": "error"}` messages (see PROTOCOL.md)."""

    BAD_JSON = "bad_json"
    BAD_MESSAGE = "bad_message"
    UNKNOWN_TYPE = "unknown_type"
    HELLO_REQUIRED = "hello_required"
    PROTOCOL_VERSION = "protocol_version"
    ROOM_NOT_FOUND = "room_not_found"
    BAD_TOKEN = "bad_token"
    NOT_SEATED = "not_seated"
    NOT_HOST = "not_host"
    ALREADY_SEATED = "already_seated"
    SEAT_TAKEN = "seat_taken"
    SEAT_INVALID = "seat_invalid"
    COLOR_TAKEN = "color_taken"
    BAD_NAME = "bad_name"
    BAD_OPTIONS = "bad_options"
    NOT_ENOUGH_PLAYERS = "not_enough_players"
    GAME_RUNNING = "game_running"
    NO_GAME = "no_game"
    NOT_YOUR_TURN = "not_your_turn"
    STALE_TURN = "stale_turn"
    ILLEGAL_MOVE = "illegal_move"
    CHAT_TOO_LONG = "chat_too_long"
    CHAT_RATE = "chat_rate"
    ROOM_FULL = "room_full"
    NOT_A_BOT = "not_a_bot"
    HINTS_OFF = "hints_off"
    SERVER_ERROR = "server_error"


class Close:
    """Websocket close codes the server uses."""

    GOING_AWAY = 1001  # heartbeat lost: the connection looked dead
    INVALID_DATA = 1007  # a text frame that is not UTF-8 (the websocket layer sends it)
    POLICY = 1008  # flooding, or no hello in time
    TOO_BIG = 1009  # a frame above the size limit
    SERVER_ERROR = 1011
    RESTART = 1012  # the server is restarting: reconnect at once
    RELOAD = 4001  # old protocol version: reload the page
    NOT_FOUND = 4004  # no such room


class GameError(Exception):
    """A refused intent: goes back to its sender only, as an error message."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Intent(BaseModel):
    """Base of every client message: strict types, unknown keys ignored, optional `ref`
    echoed back in errors so a client can tell which of its messages failed."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)
    ref: Ref = None


Name = Annotated[StrictStr, Field(min_length=1, max_length=64)]


class Hello(Intent):
    """First message of every connection."""

    type: Literal["hello"]
    protocol: StrictInt
    token: Annotated[StrictStr, Field(max_length=128)] | None = None
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
    kind: Literal["follower", "abbot"]
    at: Annotated[StrictStr, Field(min_length=1, max_length=4)]


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
    at: Annotated[StrictStr, Field(min_length=1, max_length=4)]


class EndGame(Intent):
    """Host: end the running game now, scored as if the bag were empty."""

    type: Literal["end_game"]
    turn: StrictInt


BotLevel = Literal["easy", "strong"]


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
    Hello | Ping | Pong | Sync | Features | TakeSeat | LeaveSeat | RemoveSeat | SetOptions | Start
    | Place | Hint | Check | Trace | EndGame | AddBot | HandToBot | TakeBack | Chat,
    Field(discriminator="type"),
]
_adapter: TypeAdapter[Any] = TypeAdapter(ClientMessage)
SERVER_MESSAGE_TYPES = frozenset(
    ("welcome", "snapshot", "diff", "legal", "features", "hint", "check", "trace", "seated",
     "you", "chat", "error", "ping", "pong", "reload")
)
# The `type` of every client message, read off the message union itself.
MESSAGE_TYPES = frozenset(
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
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
        raise GameError(ErrorCode.UNKNOWN_TYPE, f"Unknown message type {str(kind)[:40]!r}.")
    try:
        message: Intent = _adapter.validate_python(raw)
        if isinstance(message, SetOptions):
            # Each value must be valid on its own; whether they fit the room is the room's call.
            RoomOptions.model_validate(message.changes())
    except ValueError as exc:
        raise GameError(ErrorCode.BAD_MESSAGE, _describe(exc)) from None
    return message


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
    return ref if isinstance(ref, str) and len(ref) <= 64 else None


# -- server messages ---------------------------------------------------------------------------


def error(code: ErrorCode, message: str, ref: Any = None) -> dict[str, Any]:
    """An error for the sender only."""
    msg: dict[str, Any] = {"type": "error", "code": str(code), "message": message}
    if ref is not None:
        msg["ref"] = ref
    return msg


def encode(message: dict[str, Any]) -> str:
    """Serialize one server message (compact JSON). orjson: a tenth of the standard
    library's time, on the path of every move to every connection."""
    return orjson.dumps(message).decode()
