"""The room page's first view, drawn by the server: what a room link shows before any script
runs or the socket answers, so that the first paint already says something (measured: the
largest paint waited for the websocket's snapshot).

From the room's public summary (`state.room`, as `GET /api/rooms/{code}` gives it): the room's
code in the top bar and the title; for a room in its lobby before its first game, the lobby
open with its title (the client draws the rest once the snapshot is in, with the same title);
for no such room, the not-found notice. A room at play, or after a game (its results come
first), shows its page's frame, the rest drawn by the client.
"""

from __future__ import annotations

import html
import re
from typing import Any

from app.server.web.language import Catalogue, words

TITLE = '<title data-i18n="app.name">'
LINK_STATE = re.compile(r'<span id="link-state" [^>]*>[^<]*</span>')


def room_view(page: str, code: str, room: dict[str, Any] | None, catalogue: Catalogue) -> str:
    """The room page `page` (worded in `catalogue`) as the first view of room `code`, whose
    summary is `room` (None: no such room)."""
    shown = code.upper()
    page = page.replace('<strong id="room-code"></strong>',
                        f'<strong id="room-code">{html.escape(shown)}</strong>', 1)
    if room is None:
        page = _shown(page, "gone")
        # the line's state as the client says it for a room that is gone (its words hidden on
        # a phone, where the top bar has room for the code only then)
        state = (f'<span id="link-state" class="link-state" data-link="gone" role="status" '
                 f'data-i18n="link.gone">{html.escape(words(catalogue, "link.gone", {}))}</span>')
        page = LINK_STATE.sub(lambda _: state, page, count=1)
        return _titled(page, words(catalogue, "gone.pageTitle", {}))
    page = _titled(page, words(catalogue, "room.pageTitle", {"code": shown}))
    if room["status"] != "lobby" or room["games_played"]:
        # at play, or after a game (whose results the client shows first): the board's frame
        return page
    title = words(catalogue, "lobby.title", {"code": shown})
    page = _shown(page, "lobby")
    return page.replace(
        '<div id="lobby-panel" class="panel lobby"></div>',
        f'<div id="lobby-panel" class="panel lobby"><div class="lobby-head">'
        f'<h2>{html.escape(title, quote=False)}</h2></div></div>', 1)


def _titled(page: str, title: str) -> str:
    start = page.index(TITLE) + len(TITLE)
    return page[:start] + html.escape(title, quote=False) + page[page.index("</title>", start):]


def _shown(page: str, overlay: str) -> str:
    return page.replace(f'<div id="{overlay}" class="overlay" hidden>',
                        f'<div id="{overlay}" class="overlay">', 1)
