"""The room page's first view, drawn by the server: what a room link shows before any script
runs or the socket answers, so that the first paint already says something (measured: the
largest paint waited for the websocket's snapshot).

From the room's public summary (`state.room`, as `GET /api/rooms/{code}` gives it): the room's
code in the top bar and the title; for a room in its lobby before its first game, the lobby
open with its title (the client draws the rest once the snapshot is in, with the same title);
for no such room, the not-found notice. A room at play, or after a game (its results come
first), shows its page's frame, the rest drawn by the client.

What the client will change is drawn where the client will have it, so that nothing on screen
moves when it takes over (measured: the lobby growing from its title to its full height moved
it by a third of a phone's screen, Lighthouse's layout shift 0.35): in a lobby the players'
panel is hidden (the client shows it with a game) and the chat is in the lobby's own panel
(room/side.js puts it there), so the lobby's height, which the CSS gives it whole, stays.
"""

from __future__ import annotations

import html
import re
from typing import Any

from app.server.web.language import Catalogue, words

TITLE = '<title data-i18n="app.name">'
LINK_STATE = re.compile(r'<span id="link-state" [^>]*>[^<]*</span>')
PLAYERS = '<section id="players" '
# the chat's pane, from its tag to its own end (a form is its last part)
CHAT_PANE = re.compile(r'<div id="chat-pane" ([^>]*) hidden>.*?</form>\s*</div>', re.DOTALL)
LOBBY_CHAT = re.compile(r'(<section id="lobby-chat" [^>]*>.*?)(</section>)', re.DOTALL)


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
    page = page.replace(PLAYERS, PLAYERS + "hidden ", 1)
    page = _chat_in_lobby(page)
    return page.replace(
        '<div id="lobby-panel" class="panel lobby"></div>',
        f'<div id="lobby-panel" class="panel lobby"><div class="lobby-head">'
        f'<h2>{html.escape(title, quote=False)}</h2></div></div>', 1)


def _chat_in_lobby(page: str) -> str:
    """The chat's pane moved from its tab into the lobby's chat panel, shown."""
    pane = CHAT_PANE.search(page)
    if pane is None:
        raise ValueError("the room page has no chat pane")
    shown = pane.group(0).replace(f"{pane.group(1)} hidden>", f"{pane.group(1)}>", 1)
    page = page[:pane.start()] + page[pane.end():]
    return LOBBY_CHAT.sub(lambda m: m.group(1) + shown + m.group(2), page, count=1)


def _titled(page: str, title: str) -> str:
    start = page.index(TITLE) + len(TITLE)
    return page[:start] + html.escape(title, quote=False) + page[page.index("</title>", start):]


def _shown(page: str, overlay: str) -> str:
    return page.replace(f'<div id="{overlay}" class="overlay" hidden>',
                        f'<div id="{overlay}" class="overlay">', 1)
