"""HTTP API routes: rooms, My games, the archive and its reviews, the tile catalog, health, and
the websocket's door (errors.py says how a refusal looks; pages.py serves the pages)."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable, Coroutine
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Body, Depends, Query, Request, Response, WebSocket
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute

from app.engine import tile_catalog
from app.server.cluster.registry import Rooms
from app.server.web import archive, mygames, review, review_schemas, schemas
from app.server.web.clients import client_address
from app.server.web.errors import Refused
from app.server.wire.errors import GameError, HttpErrorCode
from app.server.wire.facts import PROTOCOL_VERSION, Close
from app.server.wire.state import RoomView
from app.server.wire.ws import serve
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


log = logging.getLogger(__name__)
api = APIRouter(prefix="/api", route_class=_StrictRoute)


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
    response_model=review_schemas.Review,
    status_code=202,
    responses={200: {"model": review_schemas.Review, "description": "the stored review"},
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


@api.get("/games/{game_id}/review", response_model=review_schemas.Review, responses=NOT_FOUND)
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


@api.get("/games/{game_id}/review/puzzles/{turn}", response_model=review_schemas.Puzzle,
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


@api.post("/games/{game_id}/review/puzzles/{turn}", response_model=review_schemas.PuzzleAnswer,
          responses=NOT_FOUND)
async def try_puzzle(game_id: int, turn: int, tried: review_schemas.PuzzleTry, store: StoreDep,
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
