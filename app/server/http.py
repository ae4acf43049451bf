"""HTTP routes: rooms, the archive, the tile catalog, health, the pages and static files."""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections import defaultdict, deque
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Body, Depends, HTTPException, Query, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.routing import APIRoute

from app.engine import tile_catalog
from app.server import archive, mygames, schemas
from app.server.metrics import CONTENT_TYPE as METRICS_CONTENT_TYPE
from app.server.options import RoomOptions
from app.server.protocol import PROTOCOL_VERSION, GameError
from app.server.rooms import Rooms, normalize_code
from app.server.settings import Settings
from app.server.ws import serve
from app.store import GameRecord, Store


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


RoomsDep = Annotated[Rooms, Depends(get_rooms)]
StoreDep = Annotated[Store, Depends(get_store)]
ReplaysDep = Annotated[archive.ReplayCache, Depends(get_replays)]
NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"model": schemas.ErrorBody}}


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
    """Readiness: the database answers and its schema is current, and Redis answers when this
    process shares rooms with others. 503 when not (a load balancer sends no one here)."""
    database = await store.db.ping()
    schema = database and await store.db.schema_current()
    redis = await rooms.cluster.reachable()
    ok = database and schema and redis is not False
    body = schemas.Readiness(
        status="ready" if ok else "not ready", database=database, schema_current=schema,
        redis=redis, process=rooms.cluster.process,
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

    def allow(self, address: str) -> bool:
        """Count one request of `address`; False when over the quota."""
        now = time.monotonic()
        times = self._times[address]
        while times and now - times[0] > self.window:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(now)
        if len(self._times) > 10_000:  # forget idle addresses
            for key in [k for k, v in self._times.items() if not v]:
                del self._times[key]
        return True


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
    if not request.app.state.room_quota.allow(address):
        raise HTTPException(429, "Too many new rooms from this address; try again later.")
    body = body or schemas.CreateRoom()
    try:
        code, token = await rooms.create(body.name, body.color, body.options)
    except GameError as exc:
        raise HTTPException(422, exc.message) from None
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
    if not request.app.state.my_games_quota.allow(address):
        raise HTTPException(429, "Too many requests from this address; try again in a minute.")
    return await mygames.my_games(store, request.app.state.glances, body.seats,
                                  rooms.clock.now())


@api.get("/rooms/{code}", response_model=schemas.RoomInfo, responses=NOT_FOUND)
async def room_info(code: str, rooms: RoomsDep) -> schemas.RoomInfo:
    """Public summary of a room."""
    view = await rooms.summary(code)
    if view is None:
        raise HTTPException(404, "No such room.")
    return schemas.RoomInfo(
        code=view["code"],
        status=view["status"],
        options=RoomOptions.model_validate(view["options"]),
        seats=[schemas.SeatInfo(**seat) for seat in view["seats"]],
        host_seat=view["host_seat"],
        spectators=view["spectators"]["count"],
        games_played=view["games_played"],
    )


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


@api.get("/tiles", response_model=dict[str, schemas.TileInfo])
async def tiles() -> dict[str, Any]:
    """Every tile: edges, segments, centre and counts per tileset (what the client draws)."""
    return tile_catalog()


async def _game(store: Store, game_id: int, *, with_moves: bool) -> GameRecord:
    if not 0 < game_id < 2**62:
        raise HTTPException(404, "No such game.")
    record = await store.get_game(game_id, with_moves=with_moves)
    if record is None:
        raise HTTPException(404, "No such game.")
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
    """`/ws/{code}`: the live protocol (PROTOCOL.md)."""
    app = ws.scope["app"]
    await serve(ws, code, app.state.rooms, app.state.settings,
                client_address(ws, app.state.trusted_proxies))


# -- pages -----------------------------------------------------------------------------------------


def static_dir(settings: Settings) -> Path:
    """Where the client lives: the setting, else `static/` beside `app/`, else under the cwd."""
    if settings.static_dir:
        return Path(settings.static_dir)
    beside = Path(__file__).resolve().parents[2] / "static"
    return beside if beside.is_dir() else Path.cwd() / "static"


def _page(request: Request, name: str) -> FileResponse:
    path = request.app.state.static_dir / name
    if not path.is_file():
        raise HTTPException(404, f"{name} is missing.")
    return FileResponse(path, headers={"Cache-Control": "no-cache"})


@pages.get("/metrics")
async def metrics(request: Request) -> Response:
    """Prometheus metrics of this process (the text exposition format)."""
    return Response(request.app.state.metrics.render(), media_type=METRICS_CONTENT_TYPE)


@pages.get("/")
async def index_page(request: Request) -> FileResponse:
    """The start page."""
    return _page(request, "index.html")


@pages.get("/r/{code}")
async def room_page(request: Request, code: str) -> FileResponse:
    """A room (lobby and game)."""
    if normalize_code(code) is None:
        raise HTTPException(404, "No such room.")
    return _page(request, "room.html")


@pages.get("/games/{game_id}")
async def replay_page(request: Request, game_id: int) -> FileResponse:
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
        ]},
    )


def _message(error: dict[str, Any]) -> str:
    reason = (error.get("ctx") or {}).get("error") if error.get("type") == "json_invalid" else None
    # The parser's reason names a position, never the input ("unexpected character: line 1").
    return f"{error.get('msg')}: {reason}" if isinstance(reason, str) else str(error.get("msg"))
