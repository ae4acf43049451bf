"""Request and response shapes of the HTTP API (what the OpenAPI page shows)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from app.server.rooms.identity import clean_name
from app.server.wire.errors import GameError
from app.server.wire.intents import Color
from app.server.wire.options import RoomOptions


class Liveness(BaseModel):
    """The process runs (it answers)."""

    status: Literal["ok"]
    process: str


class Readiness(BaseModel):
    """Whether this process can serve: what it depends on, each checked now."""

    status: Literal["ready", "not ready"]
    database: bool
    schema_current: bool = Field(description="the database is at this code's newest migration")
    writes: bool = Field(description="the database takes a write (false: a full disk, or it "
                         "refuses writes)")
    redis: bool | None = Field(description="Redis answers (null: this process runs alone)")
    process: str


class Health(BaseModel):
    """Liveness and database reachability, and which server process answered."""

    status: Literal["ok", "degraded"]
    database: bool
    protocol: int
    process: str = Field(description="the answering process ('local' when it runs alone)")


def _display_name(raw: str) -> str:
    try:
        return clean_name(raw)
    except GameError as exc:
        raise ValueError(exc.message) from None


# A name as shown: control and format characters dropped, spaces collapsed, 1 to NAME_MAX left.
DisplayName = Annotated[str, AfterValidator(_display_name)]


class CreateRoom(BaseModel):
    """Who creates the room: they become its host and sit in seat 0."""

    model_config = ConfigDict(extra="forbid")
    name: DisplayName = "Host"
    color: Color = "red"
    options: RoomOptions = RoomOptions()


class RoomCreated(BaseModel):
    """The new room. Keep `token` secret: it is the host's seat; `personal_link` carries it in
    the URL fragment (never sent to a server) to take the seat to another device."""

    code: str
    link: str
    token: str
    seat: int
    personal_link: str


class HeldSeat(BaseModel):
    """A seat this browser holds: the room's code and the seat's token."""

    model_config = ConfigDict(extra="forbid")
    room: str = Field(max_length=32)
    token: str = Field(max_length=64)


class MyGamesRequest(BaseModel):
    """Every seat token this browser keeps (in the body, so no token is ever in a URL)."""

    model_config = ConfigDict(extra="forbid")
    seats: list[HeldSeat] = Field(max_length=100)


class MyGamePlayer(BaseModel):
    """A player of a room in My games, in turn order once a game runs (seat order before)."""

    seat: int
    name: str
    color: str
    score: int | None = Field(description="null before the first game")
    goods: dict[str, int] | None = Field(
        default=None,
        description="Traders & Builders: the goods tokens held ({wine, grain, cloth}); null "
                    "without it or before the first game")
    bot: str | None = Field(description="the level of the bot playing this seat, if one is")
    you: bool


class LastMove(BaseModel):
    """The last tile placed in the game."""

    seat: int
    name: str
    tile: str
    x: int
    y: int
    at: datetime


class MyGame(BaseModel):
    """One room this browser sits in, as its home page lists it."""

    room: str
    link: str = Field(description="the room's page (the token stays in the browser)")
    seat: int = Field(description="your seat")
    status: Literal["lobby", "playing", "finished"]
    pace: Literal["live", "turn"]
    your_turn: bool = Field(description="the game waits for you (not for a bot on your seat)")
    to_move: int | None = Field(description="the seat to move while the game runs")
    move_deadline: datetime | None = Field(description="turn-based: when this turn's time ends")
    game_deadline: datetime | None = Field(description="turn-based: when the game's time ends")
    turn: int = Field(description="turns played")
    tiles_left: int | None
    players: list[MyGamePlayer]
    last_move: LastMove | None
    winners: list[int] = Field(description="the winners' seats once the game is over")
    updated: datetime = Field(description="the last move, or when the game or room began")


class MyGames(BaseModel):
    """The rooms of the seats sent that still hold: games waiting for you first (soonest
    deadline first), then running games, lobbies and finished games (latest first)."""

    now: datetime = Field(description="the server's time, to count the time left from")
    your_turn: int = Field(description="how many games wait for you")
    games: list[MyGame]


class PlayerResult(BaseModel):
    """A player of an archived game, in turn order."""

    name: str
    color: str
    seat: int | None = None
    score: int | None = None
    winner: bool = False
    hints: int = Field(default=0, description="the hints this player asked for")
    analysis: bool = Field(
        default=False, description="this player looked at the table's analysis (the odds)"
    )


class RuleOptions(BaseModel):
    """The rules a game was played with (a move log's `options`, LOG_FORMAT.md)."""

    tileset: str
    farmers: bool
    abbot: bool
    river: bool = False
    inns_cathedrals: bool = False
    traders_builders: bool = False


class LogOptions(RuleOptions):
    """A move log's `options` as the engine writes them: an expansion that is off is left out
    (LOG_FORMAT.md: missing is `false`), so a log without expansions reads as it always did."""

    inns_cathedrals: bool | None = None  # type: ignore[assignment]
    traders_builders: bool | None = None  # type: ignore[assignment]


class GameOptions(RuleOptions):
    """Options a game was played with: its rules, and how the table played it."""

    hints: Literal["off", "request", "coach"] = Field(
        default="off", description="the advice the table agreed on"
    )
    pace: Literal["live", "turn"] = "live"


class GameSummary(BaseModel):
    """A game in the archive."""

    id: int
    room: str
    number: int
    status: Literal["running", "finished"]
    ended_early: bool
    options: GameOptions
    players: list[PlayerResult]
    winners: list[int]
    turns: int
    started_at: datetime
    finished_at: datetime | None


class GamePage(BaseModel):
    """One page of finished games, newest first."""

    items: list[GameSummary]
    page: int
    per_page: int
    total: int


class Breakdown(BaseModel):
    """Points of one player by feature kind."""

    model_config = ConfigDict(extra="allow")
    road: int = 0
    city: int = 0
    monastery: int = 0
    garden: int = 0
    abbot: int = 0
    field: int = 0


class GameDetail(GameSummary):
    """A game with the per-player breakdown (finished games) and its score events."""

    breakdown: list[Breakdown] | None
    ranking: list[Any] | None
    events: list[dict[str, Any]]


class LogPlayer(BaseModel):
    """A player in a log."""

    name: str
    color: str


class GameLog(BaseModel):
    """A `carcassonne-log/1` file; `seed` only for finished games."""

    model_config = ConfigDict(extra="allow")
    format: Literal["carcassonne-log/1"] = "carcassonne-log/1"
    options: LogOptions
    players: list[LogPlayer]
    turns: list[dict[str, Any]]
    seed: int | None = None
    ended_early: bool = False


class ReplayState(BaseModel):
    """The public state after one turn (for the replay page)."""

    turn: int
    log: dict[str, Any] | None = Field(None, description="the log turn applied (None at start)")
    placed: dict[str, Any] | None = Field(None, description='{"x","y","tile","rot"} or None')
    current_player: int | None
    scores: list[int]
    supply: list[dict[str, Any]] = Field(
        description="per player: followers and abbot in hand; with Inns & Cathedrals the large "
                    "follower, with Traders & Builders the builder, the pig (1 in hand, 0 on the "
                    "board) and goods ({wine, grain, cloth})")
    figures: list[dict[str, Any]]
    events: list[dict[str, Any]] = Field(description="score events caused by this turn")
    tiles_left: int


class Replay(BaseModel):
    """A game step by step: `states[0]` is the start, `states[n]` follows log turn n. Board
    tiles are cumulative: the board after turn n is `start_board` plus `placed` of 1..n."""

    id: int
    status: Literal["running", "finished"]
    ended_early: bool
    options: GameOptions
    players: list[PlayerResult]
    start_board: list[dict[str, Any]]
    states: list[ReplayState]
    final_events: list[dict[str, Any]]
    final_scores: list[int]


class TileSegment(BaseModel):
    """One segment of a tile in its canonical orientation."""

    model_config = ConfigDict(extra="allow")
    kind: str
    slots: list[str]
    pennant: bool = False
    adj_cities: list[int] = Field(default_factory=list)


class TileInfo(BaseModel):
    """A tile as the client draws it (see TILES.md)."""

    model_config = ConfigDict(extra="allow")
    edges: str = Field(description="N E S W as C/R/F, e.g. 'CRFR'")
    segments: list[TileSegment]
    centre: str | None
    count: dict[str, int] = Field(description="copies per tileset")


class ErrorBody(BaseModel):
    """An HTTP error: in English (`detail`), and as a code with arguments for a client to
    word (`HttpErrorCode`, or a room's `ErrorCode` when a room cannot be created)."""

    detail: str
    code: str
    args: dict[str, int | float | str | bool | None]
