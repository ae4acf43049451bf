"""The pages (home, room, replay) in the viewer's language, and the metrics page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse

from app.server.cluster.registry import normalize_code
from app.server.observe.metrics import CONTENT_TYPE as METRICS_CONTENT_TYPE
from app.server.settings import Settings
from app.server.web import firstview, language
from app.server.web.assets import ASK_AGAIN, Assets
from app.server.web.errors import Refused
from app.server.web.language import Catalogue
from app.server.wire.errors import HttpErrorCode
from app.store import is_outage

pages = APIRouter(include_in_schema=False)


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
async def room_page(request: Request, code: str) -> HTMLResponse:
    """A room (lobby and game), its first view drawn here (web/firstview.py). A link that
    cannot be a room's gets the room page too, with a 404: the page says the room does not
    exist and offers a way on, as for an unknown code."""
    status = 200 if normalize_code(code) is not None else 404
    try:
        summary = await request.app.state.rooms.summary(code)
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
