"""The FastAPI application: wiring, start-up (migrations, restoring games) and shut-down."""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from brotli_asgi import BrotliMiddleware
from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.server.cluster.ownership import LocalCluster, RedisCluster
from app.server.cluster.registry import Rooms
from app.server.observe.logs import RequestLog
from app.server.observe.metrics import Metrics
from app.server.ports import Cluster
from app.server.rooms.admission import Admission
from app.server.rooms.botpool import Bots
from app.server.rooms.scheduler import Scheduler
from app.server.rooms.services import Services
from app.server.rooms.timing import SystemClock
from app.server.settings import Settings
from app.server.web import archive, clients, errors, http, mygames, pages, review
from app.server.web.assets import Assets, ClientFiles
from app.server.web.headers import HeaderLimit, SecurityHeaders
from app.server.wire.facts import Close
from app.store import OUTAGE_ERRORS, Database, Store

log = logging.getLogger("app.server")


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the application. Nothing touches the database until the lifespan starts."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        logging.getLogger("uvicorn.error").addFilter(QuietBadFrames(settings.bad_frame_log_seconds))
        db = Database(settings.database_url)
        await db.wait_ready(settings.database_wait_seconds)
        await db.migrate()
        store = Store(db)
        # One scheduler for every job of the worker processes: live bot moves and hints first,
        # reviews in processes of their own at the lowest CPU priority (`scheduler.py`).
        scheduler = Scheduler(settings.bot_workers, settings.review_workers)
        bots = Bots(settings.bot_strong_seconds, settings.bot_workers, settings.hint_seconds,
                    scheduler=scheduler)
        reviews = review.Reviews(store, scheduler, metrics, settings.reviews_at_once,
                                 settings.review_turns_per_job, settings.reviews_waiting_max)
        cluster: Cluster = (
            RedisCluster(settings.redis_url, settings.lease_seconds)
            if settings.redis_url else LocalCluster()
        )
        clock = SystemClock(settings.time_offset_seconds)
        admission = Admission(settings, cluster, metrics.outages)
        rooms = Rooms(store, Services(store, settings, clock, bots, cluster, admission, metrics))
        metrics.watch(lambda: rooms.loaded, lambda: rooms.running_games)
        await cluster.start(rooms.on_message, rooms.lose, rooms.resync_relayed)
        app.state.store = store
        app.state.rooms = rooms
        app.state.reviews = reviews
        # Rooms come into memory when used or due (the scheduler in `rooms.run`), not here:
        # start-up costs nothing per stored game.
        log.info("database ready; process %s", cluster.process)
        # A server holds thousands of long-lived objects (games, sockets); full collections
        # that walk them all stalled every room for up to a second under load. Keep what
        # start-up built out of the collector, and collect young objects less often.
        gc.freeze()
        gc.set_threshold(50_000, 20, 100)
        upkeep = [
            asyncio.create_task(rooms.run()),
            asyncio.create_task(db.checkpoint_forever(settings.sqlite_checkpoint_seconds)),
            asyncio.create_task(_expire_forever(rooms, settings.expiry_check_seconds)),
        ]
        try:
            yield
        finally:
            for task in upkeep:
                task.cancel()
            # uvicorn already sent 1012 to open sockets; this covers any other server.
            rooms.close_all(Close.RESTART, "server restart")
            await cluster.stop()
            reviews.close()
            bots.shutdown()
            await asyncio.sleep(0.1)
            await db.dispose()

    app = FastAPI(
        title="Winter Carcassonne online",
        version="1",
        lifespan=lifespan,
        description="Rooms, live play over `/ws/{code}` (see app/server/PROTOCOL.md), archive.",
    )
    metrics = Metrics()
    app.state.settings = settings
    app.state.metrics = metrics
    app.state.replays = archive.ReplayCache()
    app.state.room_quota = clients.Quota(settings.rooms_per_window, settings.rooms_window_seconds)
    app.state.my_games_quota = clients.Quota(settings.my_games_per_minute, 60.0)
    app.state.glances = mygames.Glances()
    app.state.trusted_proxies = clients.trusted_networks(settings.trusted_proxies)
    app.state.assets = Assets.of(pages.static_dir(settings))
    app.state.sockets_by_address = Counter()  # open websockets per client address
    app.add_exception_handler(RequestValidationError, errors.validation_error)
    app.add_exception_handler(errors.Refused, errors.refused)
    app.add_exception_handler(StarletteHTTPException, errors.method_not_allowed)
    for outage in OUTAGE_ERRORS:
        app.add_exception_handler(outage, errors.unavailable)
    app.include_router(http.api)
    app.include_router(pages.pages)
    app.add_api_websocket_route("/ws/{code}", http.websocket)
    app.mount("/static", ClientFiles(app.state.assets), name="static")
    # every text answer compressed (pages, scripts, styles, JSON): a third of the bytes or less;
    # Brotli for the browsers that ask for it (over HTTPS), gzip for the others. Quality 5
    # costs a request about what gzip's level 9 does and sends 6 % fewer bytes of the client's
    # files (quality 11 would save 14 % for 35 times the CPU)
    app.add_middleware(BrotliMiddleware, quality=5, minimum_size=500, gzip_fallback=True)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(HeaderLimit, limit=settings.max_header_bytes)
    trusted = app.state.trusted_proxies
    app.add_middleware(RequestLog, metrics=metrics, client=lambda scope: clients.client_of(
        scope, trusted))
    return app


class QuietBadFrames(logging.Filter):
    """A text frame that is not UTF-8 costs one short log line at most every `period` seconds,
    never a traceback (uvicorn logs one per frame, so any client could flood the log)."""

    def __init__(self, period: float) -> None:
        super().__init__()
        self.period = period
        self.last = float("-inf")
        self.quiet = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith("Invalid UTF-8"):
            return True
        now = time.monotonic()
        if now - self.last < self.period:
            self.quiet += 1
            return False
        record.exc_info, record.exc_text, record.levelno = None, None, logging.WARNING
        record.levelname = "WARNING"
        record.msg = f"a client sent a text frame that is not UTF-8 (closed 1007; {self.quiet} " \
                     "more since the last such line)"
        self.last, self.quiet = now, 0
        return True


async def _expire_forever(rooms: Rooms, period: float) -> None:
    while True:
        await asyncio.sleep(period)
        try:
            removed = await rooms.expire()
        except Exception:
            # A failed sweep (say, the database is briefly away) must not stop later ones.
            log.exception("expiring idle rooms failed")
            continue
        if removed:
            log.info("expired %d idle room(s)", removed)
