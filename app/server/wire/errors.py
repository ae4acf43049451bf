"""The refusals of the protocol: the error codes a client may get, and the exception that
carries one back to the sender of an intent."""

from __future__ import annotations

from enum import StrEnum

from app.engine import IllegalMoveError


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
    COLOR_INVALID = "color_invalid"
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
    ANALYSIS_OFF = "analysis_off"
    BUSY = "busy"
    UNAVAILABLE = "unavailable"
    SERVER_ERROR = "server_error"


class HttpErrorCode(StrEnum):
    """Codes of the HTTP API's refusals (`{"detail", "code", "args"}`), beside the error codes
    a room's refusals keep (`bad_name`, `bad_options`... when a room cannot be created)."""

    BAD_REQUEST = "bad_request"  # 422: the body or query does not have the expected shape
    RATE_LIMITED = "rate_limited"  # 429: too many requests from this address
    ROOM_NOT_FOUND = "room_not_found"  # 404
    GAME_NOT_FOUND = "game_not_found"  # 404
    GAME_NOT_FINISHED = "game_not_finished"  # 404: a running game has no review yet
    REVIEW_NOT_FOUND = "review_not_found"  # 404: nobody asked for this game's review
    REVIEWS_BUSY = "reviews_busy"  # 503: too many reviews wait already; ask again later
    ILLEGAL_MOVE = "illegal_move"  # 422: a puzzle's move tried breaks a rule (`args.reason`)
    NOT_FOUND = "not_found"  # 404: no such page
    HEADERS_TOO_LARGE = "headers_too_large"  # 431: a request's headers over the bound
    REQUEST_TIMEOUT = "request_timeout"  # 408: a request's line and headers came too slowly
    UNAVAILABLE = "unavailable"  # 503: the database is away or full; `Retry-After` says when
    SERVER_ERROR = "server_error"  # 500: a fault of the server


# What an error's `args` may hold: the numbers, seats, colours and names its words need.
ErrorArg = int | float | str | bool | None


class GameError(Exception):
    """A refused intent: goes back to its sender only, as an error message: its code, the
    English `message` (for logs and clients without words of their own) and the `details` a
    client words the code with (`args` on the wire; for an illegal move, the engine's
    `reason` and its arguments: `GameError(STALE_TURN, ..., turn=3,
    played=4)`)."""

    def __init__(
        self, code: ErrorCode, message: str, *, reason: str | None = None, **details: ErrorArg
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason  # an illegal move's reason code (`ILLEGAL_REASONS`)
        self.details = details

    @classmethod
    def illegal_move(cls, exc: IllegalMoveError) -> GameError:
        """The refusal of a move the engine found illegal: its message, its reason code and
        the reason's arguments (`args` on the wire)."""
        return cls(ErrorCode.ILLEGAL_MOVE, str(exc), reason=exc.code, **exc.reason_args)


class NotStored(GameError):
    """A change the store did not take (the database refused or went away): nothing changed,
    and the same intent may be sent again once the database is back."""

    def __init__(self) -> None:
        super().__init__(
            ErrorCode.SERVER_ERROR, "The move could not be saved; nothing changed. Try again."
        )
