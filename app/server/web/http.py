"""HTTP routes: rooms, the archive, the tile catalog, health, the pages and static files."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import math
import time
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Body, Depends, HTTPException, Query, Request, Response, WebSocket
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.engine import tile_catalog
from app.server.cluster.registry import Rooms, normalize_code
from app.server.observe.metrics import CONTENT_TYPE as METRICS_CONTENT_TYPE
from app.server.settings import Settings
from app.server.web import archive, firstview, language, mygames, review, schemas
from app.server.web.assets import ASK_AGAIN, Assets
from app.server.web.language import Catalogue
from app.server.wire.errors import ErrorArg, GameError, HttpErrorCode
from app.server.wire.facts import PROTOCOL_VERSION, Close
from app.server.wire.state import RoomView
from app.server.wire.ws import serve
from app.store import GameRecord, Store, is_outage


class _StrictJSONRequest(Request):
    """A request whose JSON body is read strictly: no NaN or Infinity, no number out of range,
    valid UTF-8 without lone surrogates. Anything else is a `json_invalid` error (422), never a
    value that cannot be written back as JSON."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = orjson.loads(await self.body())  # its error is a JSONDecodeError
        return self._json


class _StrictRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handle = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handle(_StrictJSONRequest(request.scope, request.receive))

        return strict


log = logging.getLogger(__name__)
api = APIRouter(prefix="/api", route_class=_StrictRoute)
pages = APIRouter(include_in_schema=False)


def get_rooms(request: Request) -> Rooms:
    """The process's room registry."""
    return request.app.state.rooms


def get_store(request: Request) -> Store:
    """The process's store."""
    return request.app.state.store


def get_replays(request: Request) -> archive.ReplayCache:
    """The replay cache."""
    return request.app.state.replays


def get_reviews(request: Request) -> review.Reviews:
    """The reviews of this process."""
    return request.app.state.reviews


RoomsDep = Annotated[Rooms, Depends(get_rooms)]
StoreDep = Annotated[Store, Depends(get_store)]
ReplaysDep = Annotated[archive.ReplayCache, Depends(get_replays)]
ReviewsDep = Annotated[review.Reviews, Depends(get_reviews)]
NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"model": schemas.ErrorBody}}


class Refused(HTTPException):
    """A refused request: its status, the English `detail`, and a `code` with `args` that a
    client words in its reader's language (`refused` writes the body)."""

    def __init__(self, status: int, code: str, detail: str, **args: ErrorArg) -> None:
        # A refusal that says when to come back (`retry_after`) says it in the header too.
        wait = args.get("retry_after")
        super().__init__(status, detail, {"Retry-After": str(wait)} if wait else None)
        self.code = code
        self.details = args


def refused(request: Request, exc: Exception) -> JSONResponse:
    """The body of a `Refused`: `{"detail", "code", "args"}`."""
    assert isinstance(exc, Refused)
    detail: object = exc.detail
    if exc.status_code == 422:
        # every 422 has the shape the API documents for it (FastAPI's validation errors)
        detail = [{"loc": ["body"], "msg": exc.detail, "type": exc.code}]
    return JSONResponse({"detail": detail, "code": exc.code, "args": exc.details},
                        status_code=exc.status_code, headers=exc.headers)


async def method_not_allowed(request: Request, exc: Exception) -> Response:
    """A 405's `Allow` names every method of the path: a path served by two routes (GET and
    POST of a review) is two routes to Starlette, which names the first one's alone."""
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code != 405:
        return await http_exception_handler(request, exc)
    allowed = sorted({method for route in request.app.routes
                      if isinstance(route, APIRoute) and route.path_regex.match(request.url.path)
                      for method in route.methods or ()})
    return JSONResponse({"detail": exc.detail}, status_code=405,
                        headers={"Allow": ", ".join(allowed)})


RETRY_AFTER_SECONDS = 5  # what a 503 asks a client to wait before it tries again


def unavailable(request: Request, exc: Exception) -> JSONResponse:
    """A request the database could not serve (away, refusing connections, full): a JSON 503
    with `Retry-After`, its traceback logged once a spell (`observe/outages.py`). Any other
    database error is a fault of ours: a JSON 500, logged with its traceback."""
    if not is_outage(exc):
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        return JSONResponse({"detail": "Something went wrong on the server.",
                             "code": HttpErrorCode.SERVER_ERROR, "args": {}}, status_code=500)
    request.app.state.metrics.outages.failed(
        "database", f"{request.method} {request.url.path}: the database failed", exc)
    return JSONResponse(
        {"detail": "The database is not answering; try again shortly.",
         "code": HttpErrorCode.UNAVAILABLE, "args": {"retry_after": RETRY_AFTER_SECONDS}},
        status_code=503, headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


@api.get("/health", response_model=schemas.Health)
async def health(store: StoreDep, rooms: RoomsDep) -> schemas.Health:
    """Is the server up, and does the database answer?"""
    ok = await store.db.ping()
    return schemas.Health(
        status="ok" if ok else "degraded", database=ok, protocol=PROTOCOL_VERSION,
        process=rooms.cluster.process,
    )


@api.get("/health/live", response_model=schemas.Liveness)
async def live(rooms: RoomsDep) -> schemas.Liveness:
    """Liveness: the process runs and its event loop answers (restart it if not)."""
    return schemas.Liveness(status="ok", process=rooms.cluster.process)


@api.get(
    "/health/ready", response_model=schemas.Readiness, responses={503: {"model": schemas.Readiness}}
)
async def ready(store: StoreDep, rooms: RoomsDep) -> JSONResponse:
    """Readiness: the database answers, takes a write and its schema is current. 503 when
    not (a load balancer sends no one here). Whether Redis answers is told but does not
    decide: without it every process is cut off alike, and each still serves its own rooms
    (those of the others get `unavailable`), so none should be dropped for it."""
    database = await store.db.ping()
    schema = database and await store.db.schema_current()
    writes = schema and await store.db.writable()
    redis = await rooms.cluster.reachable()
    ok = database and schema and writes
    body = schemas.Readiness(
        status="ready" if ok else "not ready", database=database, schema_current=schema,
        writes=writes, redis=redis, process=rooms.cluster.process,
    )
    return JSONResponse(body.model_dump(), status_code=200 if ok else 503)


Networks = tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]


def trusted_networks(setting: str) -> Networks:
    """The networks of `trusted_proxies` ("10.0.0.0/8, 127.0.0.1")."""
    return tuple(ipaddress.ip_network(part.strip(), strict=False)
                 for part in setting.split(",") if part.strip())


def client_address(request: Request | WebSocket, trusted: Networks) -> str:
    """Who sent the request: the socket's peer, or, when that peer is a trusted proxy, the
    last address in X-Forwarded-For that is not one of ours (the one our proxies saw)."""
    peer = request.client.host if request.client else "?"
    if not trusted or not _within(peer, trusted):
        return peer
    hops = [hop.strip() for hop in request.headers.get("x-forwarded-for", "").split(",")]
    for hop in reversed([hop for hop in hops if hop]):
        if not _within(hop, trusted):
            return hop
    return peer


def client_of(scope: Any, trusted: Networks) -> str:
    """`client_address` of an ASGI scope (HTTP or websocket)."""
    return client_address(Request(scope), trusted)


def _within(address: str, networks: Networks) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False  # not an address: certainly not one of our proxies
    return any(ip in network for network in networks)


class Quota:
    """At most `limit` requests of one kind per client address per `window` seconds (new
    rooms cost a row each and nobody needs many; My games costs a replay per game moved)."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit, self.window = limit, window
        self._times: defaultdict[str, deque[float]] = defaultdict(deque)

    def wait(self, address: str) -> int:
        """Count one request of `address`: 0, or when over the quota the whole seconds until
        it may ask again (counting nothing)."""
        now = time.monotonic()
        times = self._times[address]
        while times and now - times[0] > self.window:
            times.popleft()
        if len(times) >= self.limit:
            return max(1, math.ceil(times[0] + self.window - now))
        times.append(now)
        if len(self._times) > 10_000:  # forget idle addresses
            for key in [k for k, v in self._times.items() if not v]:
                del self._times[key]
        return 0


@api.post(
    "/rooms",
    response_model=schemas.RoomCreated,
    status_code=201,
    responses={429: {"model": schemas.ErrorBody}},
)
async def create_room(
    request: Request, rooms: RoomsDep, body: Annotated[schemas.CreateRoom | None, Body()] = None
) -> schemas.RoomCreated:
    """Create a room; its creator is the host and sits in seat 0."""
    address = client_address(request, request.app.state.trusted_proxies)
    if wait := request.app.state.room_quota.wait(address):
        raise Refused(429, HttpErrorCode.RATE_LIMITED,
                      "Too many new rooms from this address; try again later.",
                      retry_after=wait)
    body = body or schemas.CreateRoom()
    try:
        code, token = await rooms.create(body.name, body.color, body.options)
    except GameError as exc:
        raise Refused(422, exc.code, exc.message, **exc.details) from None
    return schemas.RoomCreated(
        code=code,
        link=f"/r/{code}",
        token=token,
        seat=0,
        personal_link=f"/r/{code}#token={token}",
    )


@api.post(
    "/my-games", response_model=schemas.MyGames, responses={429: {"model": schemas.ErrorBody}}
)
async def my_games(
    request: Request, store: StoreDep, rooms: RoomsDep, body: schemas.MyGamesRequest
) -> schemas.MyGames:
    """The rooms the seat tokens sent still sit in: players, whose turn, time left, last
    move and score; the games waiting for you first. Tokens that name no seat (given up,
    the room gone, never valid) are left out without a word."""
    address = client_address(request, request.app.state.trusted_proxies)
    if wait := request.app.state.my_games_quota.wait(address):
        raise Refused(429, HttpErrorCode.RATE_LIMITED,
                      "Too many requests from this address; try again in a minute.",
                      retry_after=wait)
    return await mygames.my_games(store, request.app.state.glances, body.seats,
                                  rooms.clock.now())


@api.get("/rooms/{code}", response_model=RoomView, responses=NOT_FOUND)
async def room_info(code: str, rooms: RoomsDep) -> RoomView:
    """Public summary of a room: its `state.room`, as its connections see it."""
    view = await rooms.summary(code)
    if view is None:
        raise Refused(404, HttpErrorCode.ROOM_NOT_FOUND, "No such room.")
    return RoomView.model_validate(view)


@api.get("/games", response_model=schemas.GamePage)
async def list_games(
    store: StoreDep,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    per_page: Annotated[int, Query(ge=1, le=100)] = 20,
) -> schemas.GamePage:
    """Finished games, newest first."""
    result = await store.finished_games(page, per_page)
    return schemas.GamePage(
        items=[archive.summary(g) for g in result.items],
        page=page,
        per_page=per_page,
        total=result.total,
    )


@api.get("/games/{game_id}", response_model=schemas.GameDetail, responses=NOT_FOUND)
async def game_detail(game_id: int, store: StoreDep, replays: ReplaysDep) -> schemas.GameDetail:
    """One game with the per-player breakdown and every score event."""
    record = await _game(store, game_id, with_moves=True)
    result = archive.detail(record)
    played = await _replay(record, replays)
    result.events = [e for state in played.states for e in state.events] + played.final_events
    return result


@api.get(
    "/games/{game_id}/log",
    response_model=schemas.GameLog,
    response_model_exclude_none=True,
    responses=NOT_FOUND,
)
async def game_log(game_id: int, store: StoreDep) -> dict[str, Any]:
    """The game's `carcassonne-log/1` file (with the seed once the game is over)."""
    return archive.log(await _game(store, game_id, with_moves=True))


@api.get("/games/{game_id}/replay", response_model=schemas.Replay, responses=NOT_FOUND)
async def game_replay(game_id: int, store: StoreDep, replays: ReplaysDep) -> schemas.Replay:
    """Every state of the game, for the replay page."""
    return await _replay(await _game(store, game_id, with_moves=True), replays)


@api.post(
    "/games/{game_id}/review",
    response_model=schemas.Review,
    status_code=202,
    responses={200: {"model": schemas.Review, "description": "the stored review"},
               503: {"model": schemas.ErrorBody}, **NOT_FOUND},
)
async def start_review(game_id: int, store: StoreDep, reviews: ReviewsDep,
                       response: Response) -> dict[str, Any]:
    """Ask for the review of a finished game: 202 and how far it got while it is computed
    (started now, or already asked for), 200 and the review once stored. 404 for an unknown
    game or one still being played; 503 when too many reviews wait already."""
    record = await _game(store, game_id, with_moves=True)
    if not record.finished:
        raise Refused(404, HttpErrorCode.GAME_NOT_FINISHED, "The game is not finished.")
    try:
        stored, answer = await reviews.start(record)
    except review.Busy:
        raise Refused(503, HttpErrorCode.REVIEWS_BUSY,
                      "Too many reviews are waiting; ask again later.") from None
    response.status_code = 200 if stored else 202
    return answer


@api.get("/games/{game_id}/review", response_model=schemas.Review, responses=NOT_FOUND)
async def game_review(game_id: int, reviews: ReviewsDep) -> dict[str, Any]:
    """The review of a game as far as it got (`running`) or whole (`done`); 404 when nobody
    asked for it (POST first)."""
    answer = await reviews.status(game_id) if 0 < game_id < 2**62 else None
    if answer is None:
        raise Refused(404, HttpErrorCode.REVIEW_NOT_FOUND, "Nobody asked for this review.")
    return answer


async def _reviewed(store: Store, game_id: int) -> GameRecord:
    record = await _game(store, game_id, with_moves=True)
    if not record.finished:
        raise Refused(404, HttpErrorCode.GAME_NOT_FINISHED, "The game is not finished.")
    return record


def _no_review() -> Refused:
    return Refused(404, HttpErrorCode.REVIEW_NOT_FOUND, "This game's review is not stored yet.")


def _not_a_placement(turn: int) -> Refused:
    return Refused(422, HttpErrorCode.BAD_REQUEST, f"Turn {turn} is not a placement.")


@api.get("/games/{game_id}/review/puzzles/{turn}", response_model=schemas.Puzzle,
         responses=NOT_FOUND)
async def review_puzzle(game_id: int, turn: int, store: StoreDep,
                        reviews: ReviewsDep) -> dict[str, Any]:
    """Turn `turn` (0-based, as in the review) of a reviewed game as a puzzle: the tile and
    every legal move of it. 404 before the review is stored; 422 for a turn that is no
    placement."""
    try:
        answer = await reviews.puzzle(await _reviewed(store, game_id), turn)
    except ValueError:
        raise _not_a_placement(turn) from None
    if answer is None:
        raise _no_review()
    return answer


@api.post("/games/{game_id}/review/puzzles/{turn}", response_model=schemas.PuzzleAnswer,
          responses=NOT_FOUND)
async def try_puzzle(game_id: int, turn: int, tried: schemas.PuzzleTry, store: StoreDep,
                     reviews: ReviewsDep) -> dict[str, Any]:
    """Judge a move tried in a puzzle against the best found from what the player knew. 404
    before the review is stored; 422 for a turn that is no placement or a move the rules
    forbid (`illegal_move`, with the engine's reason)."""
    try:
        answer = await reviews.try_move(await _reviewed(store, game_id), turn,
                                        tried.model_dump())
    except ValueError:
        raise _not_a_placement(turn) from None
    if answer is None:
        raise _no_review()
    if "illegal" in answer:
        raise Refused(422, HttpErrorCode.ILLEGAL_MOVE, answer["detail"], reason=answer["illegal"])
    return answer


@api.get("/tiles", response_model=dict[str, schemas.TileInfo])
async def tiles() -> dict[str, Any]:
    """Every tile: edges, segments, centre and counts per tileset (what the client draws)."""
    return tile_catalog()


async def _game(store: Store, game_id: int, *, with_moves: bool) -> GameRecord:
    if not 0 < game_id < 2**62:
        raise Refused(404, HttpErrorCode.GAME_NOT_FOUND, "No such game.")
    record = await store.get_game(game_id, with_moves=with_moves)
    if record is None:
        raise Refused(404, HttpErrorCode.GAME_NOT_FOUND, "No such game.")
    return record


async def _replay(record: GameRecord, replays: archive.ReplayCache) -> schemas.Replay:
    cached = replays.get(record.id) if record.finished else None
    if cached is not None:
        return cached
    result = await asyncio.to_thread(archive.replay, record)
    if record.finished:
        replays.put(record.id, result)
    return result


# -- websocket -----------------------------------------------------------------------------------


async def websocket(ws: WebSocket, code: str) -> None:
    """`/ws/{code}`: the live protocol (PROTOCOL.md), at most `sockets_per_address` open at
    once per client address (more: accepted and closed with 1008, saying why)."""
    app = ws.scope["app"]
    address = client_address(ws, app.state.trusted_proxies)
    open_sockets: Counter[str] = app.state.sockets_by_address
    if open_sockets[address] >= app.state.settings.sockets_per_address:
        await ws.accept()
        await ws.close(Close.POLICY, "too many connections from this address")
        return
    open_sockets[address] += 1
    try:
        await serve(ws, code, app.state.rooms, app.state.settings, app.state.metrics, address)
    finally:
        open_sockets[address] -= 1
        if open_sockets[address] <= 0:
            del open_sockets[address]


# -- pages -----------------------------------------------------------------------------------------


def static_dir(settings: Settings) -> Path:
    """Where the client lives: the setting, else `static/` beside `app/`, else under the cwd."""
    if settings.static_dir:
        return Path(settings.static_dir)
    beside = Path(__file__).resolve().parents[3] / "static"
    return beside if beside.is_dir() else Path.cwd() / "static"


def _page(request: Request, name: str, status_code: int = 200,
          first_view: Callable[[str, Catalogue], str] | None = None) -> HTMLResponse:
    """The page `name` in the viewer's language; `first_view` draws what it shows first."""
    assets: Assets = request.app.state.assets
    lang = language.choose(set(assets.words), request.cookies.get(language.COOKIE),
                           request.headers.get("accept-language"))
    html = assets.page(name, lang)
    if html is None:
        raise Refused(404, HttpErrorCode.NOT_FOUND, f"{name} is missing.")
    if first_view is not None:
        html = first_view(html, assets.catalogue(lang))
    return HTMLResponse(html, status_code=status_code, headers={
        "Cache-Control": ASK_AGAIN, "Vary": "Cookie, Accept-Language"})


@pages.get("/metrics")
async def metrics(request: Request) -> Response:
    """Prometheus metrics of this process (the text exposition format)."""
    return Response(request.app.state.metrics.render(), media_type=METRICS_CONTENT_TYPE)


@pages.get("/")
async def index_page(request: Request) -> HTMLResponse:
    """The start page."""
    return _page(request, "index.html")


@pages.get("/r/{code}")
async def room_page(request: Request, code: str, rooms: RoomsDep) -> HTMLResponse:
    """A room (lobby and game), its first view drawn here (web/firstview.py). A link that
    cannot be a room's gets the room page too, with a 404: the page says the room does not
    exist and offers a way on, as for an unknown code."""
    status = 200 if normalize_code(code) is not None else 404
    try:
        summary = await rooms.summary(code)
    except Exception as exc:
        if not is_outage(exc):
            raise
        # the database is away: the page without its first view, which its socket will say
        return _page(request, "room.html", status)
    return _page(request, "room.html", status,
                 lambda html, words: firstview.room_view(html, code, summary, words))


@pages.get("/games/{game_id}")
async def replay_page(request: Request, game_id: int) -> HTMLResponse:
    """The replay of an archived game."""
    return _page(request, "replay.html")


def validation_error(request: Request, exc: Exception) -> JSONResponse:
    """A request that does not have the expected shape: 422 with where and what, never the
    input itself (which may not even be writable as JSON, such as NaN or a lone surrogate)."""
    errors = exc.errors() if isinstance(exc, RequestValidationError) else []
    return JSONResponse(
        status_code=422,
        content={"detail": [
            {"loc": [str(part) for part in error.get("loc", ())], "msg": _message(error),
             "type": str(error.get("type"))}
            for error in errors
        ], "code": HttpErrorCode.BAD_REQUEST, "args": {}},
    )


def _message(error: dict[str, Any]) -> str:
    reason = (error.get("ctx") or {}).get("error") if error.get("type") == "json_invalid" else None
    # The parser's reason names a position, never the input ("unexpected character: line 1").
    return f"{error.get('msg')}: {reason}" if isinstance(reason, str) else str(error.get("msg"))
