"""What the server sends: every message a client gets, as a model, their union, and `encode`.

The union `ServerMessage` is the protocol's server side (the client side is
`intents.ClientMessage`): the type list, PROTOCOL.md's check and the client's protocol.js are
read off it. Messages are built only here, as these models, and encoded once however many
connections they go to.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, get_args

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, with_config
from typing_extensions import TypedDict  # pydantic reads typing's own only from Python 3.12

from app.bots import HintCode, WarningCode
from app.server.wire.errors import ErrorArg, ErrorCode, GameError
from app.server.wire.facts import PROTOCOL_VERSION
from app.server.wire.intents import Ref
from app.server.wire.patch import Op
from app.server.wire.state import State, You


class Message(BaseModel):
    """Base of every server message: exactly its fields, `type` first."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    # Fields left out of the encoded message while they are None (PROTOCOL.md marks them `?`).
    omitted_when_none: ClassVar[frozenset[str]] = frozenset()


class Welcome(Message):
    """The answer to a hello: the protocol spoken, the room, who you are in it."""

    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL_VERSION
    room: str
    you: You


class Chat(Message):
    """A chat line, to everyone in the room (and in later snapshots' `chat`)."""

    type: Literal["chat"] = "chat"
    name: str
    seat: int | None
    color: str | None
    text: str
    at: str = Field(description="ISO 8601, UTC, to the second")


class Snapshot(Message):
    """The whole state as of change `seq`, the latest chat lines, the server's time."""

    type: Literal["snapshot"] = "snapshot"
    seq: int
    state: State
    chat: list[Chat]
    now: float = Field(description="the server's wall time (Unix s) when it was sent")


class Diff(Message):
    """Change `seq` of the state, as JSON Patch operations (`add`, `remove`, `replace`)."""

    type: Literal["diff"] = "diff"
    seq: int
    ops: list[Op]


# The parts of messages are typed JSON objects (checked as the message is made, kept as plain
# dicts): a late turn's `legal` lists a hundred placements, and a model each would cost ten
# times the message.


@with_config(ConfigDict(extra="forbid"))
class Spot(TypedDict):
    """Where a figure may go with a placement: its kind, one slot of the segment, the
    feature it would stand on."""

    kind: str
    at: str
    feature: str


@with_config(ConfigDict(extra="forbid"))
class Placement(TypedDict):
    """A legal placement of the drawn tile, with the figure spots allowed there."""

    x: int
    y: int
    rot: int
    spots: list[Spot]


class Legal(Message):
    """The legal placements of the drawn tile, to the player to move only."""

    type: Literal["legal"] = "legal"
    turn: int
    tile: str
    placements: list[Placement]
    can_return_abbot: bool


class Features(Message):
    """The board's features (`Game.features()`) after `turn` turns of game `game`."""

    type: Literal["features"] = "features"
    game: int | None
    turn: int
    features: list[dict[str, Any]]


@with_config(ConfigDict(extra="forbid"))
class OpenSquare(TypedDict):
    """An open square with the tiles left that fit it (tile id -> copies) and their count
    (0: the square is dead)."""

    x: int
    y: int
    fits: dict[str, int]
    count: int


@with_config(ConfigDict(extra="forbid"))
class FeatureOutlook(TypedDict):
    """An unfinished road, city, monastery or garden: its open squares (`[x, y]`) with the
    tiles left that fit each, whether it can still be closed, each player's chance."""

    id: str
    kind: str
    squares: list[list[int]]
    counts: list[int]
    closable: bool
    chance: list[float]


class Analysis(Message):
    """What the table knows after `turn` turns of game `game` (`table_analysis` of the
    engine): the tiles left, each player's draws, the open squares, the dead ones, the
    unfinished features' odds."""

    type: Literal["analysis"] = "analysis"
    game: int | None
    turn: int
    tiles: dict[str, int]
    draws: list[int]
    squares: list[OpenSquare]
    dead: list[list[int]]
    features: list[FeatureOutlook]


@with_config(ConfigDict(extra="forbid"))
class Figure(TypedDict):
    """A figure placed with a move."""

    kind: str
    at: str


class MoveAnswer(Message):
    """Base of the answers about a move the player to move may make: the move itself."""

    type: str
    turn: int
    x: int
    y: int
    rot: int
    meeple: Figure | None
    return_abbot: bool


@with_config(ConfigDict(extra="forbid"))
class HintReason(TypedDict):
    """Why a hint's move is good: a code (`HintCode`) and its arguments, for a client to word
    (PROTOCOL.md lists each code's arguments)."""

    code: HintCode
    args: dict[str, Any]


@with_config(ConfigDict(extra="forbid"))
class CheckWarning(TypedDict):
    """What a checked move hands to an opponent: a code (`WarningCode`) and its arguments."""

    code: WarningCode
    args: dict[str, Any]


class Hint(MoveAnswer):
    """A suggested move for the player who asked, with one sentence of why: in English
    (`reason`) and as a code with arguments (`why`)."""

    type: Literal["hint"] = "hint"
    reason: str
    why: HintReason
    points: int = Field(description="what the move scores by itself")


class Check(MoveAnswer):
    """The coach's word on a chosen move: the move again, and a warning or None (in English,
    `warning`, and as a code with arguments, `why`)."""

    type: Literal["check"] = "check"
    warning: str | None
    why: CheckWarning | None


class Trace(Message):
    """The whole feature a figure on slot `at` would stand on, were the tile placed there."""

    type: Literal["trace"] = "trace"
    turn: int
    x: int
    y: int
    rot: int
    at: str
    feature: dict[str, Any] | None


class Seated(Message):
    """You took a seat: its token (None: the one you hold names it now) and who you are."""

    type: Literal["seated"] = "seated"
    seat: int
    token: str | None
    you: You


class YouChanged(Message):
    """Who you are changed (your seat was freed, another tab of yours took one)."""

    type: Literal["you"] = "you"
    you: You


class Error(Message):
    """A refusal, to the sender only, with the `ref` of the message it answers if it had one:
    its code, the English `message`, and the `args` a client words the code with. An
    `illegal_move` also carries the engine's `reason` code (one of `ILLEGAL_REASONS`), whose
    arguments are the `args`."""

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str
    reason: str | None = None
    args: dict[str, ErrorArg] = Field(default_factory=dict)
    ref: Ref = None
    omitted_when_none: ClassVar[frozenset[str]] = frozenset({"reason", "ref"})


class Ping(Message):
    """The server's heartbeat: answer with `pong`."""

    type: Literal["ping"] = "ping"


class Pong(Message):
    """The answer to a client's `ping`, with its `ref`."""

    type: Literal["pong"] = "pong"
    ref: Ref = None


class Reload(Message):
    """The client speaks another protocol version: reload the page."""

    type: Literal["reload"] = "reload"
    protocol: int = PROTOCOL_VERSION


def type_of(kind: type[Message]) -> str:
    """The `type` every message of `kind` carries."""
    tag: str = kind.model_fields["type"].default
    return tag


ServerMessage = Annotated[
    Welcome | Snapshot | Diff | Legal | Features | Analysis | Hint | Check | Trace | Seated
    | YouChanged | Chat | Error | Ping | Pong | Reload,
    Field(discriminator="type"),
]
MESSAGE_MODELS: tuple[type[Message], ...] = get_args(get_args(ServerMessage)[0])
# The `type` of every server message, read off the union (in its order).
SERVER_MESSAGE_TYPES: tuple[str, ...] = tuple(type_of(model) for model in MESSAGE_MODELS)
# The codes of advice, by the message that carries them in its `why`.
ADVICE_CODES: dict[str, tuple[str, ...]] = {
    type_of(Hint): tuple(HintCode),
    type_of(Check): tuple(WarningCode),
}
_adapter: TypeAdapter[Any] = TypeAdapter(ServerMessage)


def error(code: ErrorCode, message: str, ref: Any = None, **args: ErrorArg) -> Error:
    """An error for the sender only."""
    return Error(code=code, message=message, args=args, ref=ref)


def refusal(exc: GameError, ref: Any = None) -> Error:
    """The error that tells the sender of an intent why it was refused (with the engine's
    reason and its arguments for an illegal move)."""
    return Error(code=exc.code, message=exc.message, reason=exc.reason, args=exc.details,
                 ref=ref)


def encode(message: Message) -> str:
    """One server message as compact JSON. orjson writes the models' fields as they are (a
    model's `__dict__`), with no copy of the state or the ops: this runs on the path of every
    move, once however many connections the text goes to."""
    return orjson.dumps(message, default=_fields).decode()


def encode_diff(seq: int, ops: list[Op]) -> str:
    """The `Diff` message `seq` with `ops` as compact JSON, as `encode` writes it, without
    making the model: once a move, and the ops come from `patch.diff`, JSON-ready by
    construction (the tests' and benchmarks' clients check every frame against `Diff`)."""
    return orjson.dumps({"type": "diff", "seq": seq, "ops": ops}).decode()


def _fields(value: Any) -> dict[str, Any]:
    if not isinstance(value, BaseModel):
        raise TypeError(f"not a message part: {type(value).__name__}")
    fields = value.__dict__
    omitted = getattr(value, "omitted_when_none", None)
    if omitted:
        return {key: v for key, v in fields.items() if v is not None or key not in omitted}
    return fields


def decode(text: str | bytes) -> Message:
    """A server message read back from its JSON (the tests' and benchmarks' clients), or a
    `pydantic.ValidationError`."""
    message: Message = _adapter.validate_json(text)
    return message


def prefix(kind: type[Message]) -> str:
    """How every encoded message of `kind` begins (its `type` is written first)."""
    return f'{{"type":"{type_of(kind)}"'

