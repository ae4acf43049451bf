"""The room page's first view (web/firstview.py) for each kind of room: in its lobby, at
play, after a game, and none."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.server.web.firstview import room_view
from app.server.web.language import catalogues, word_page

STATIC = Path(__file__).resolve().parents[2] / "static"
GERMAN = catalogues(STATIC)["de"]
PAGE = word_page((STATIC / "room.html").read_text(encoding="utf-8"), GERMAN, {})
LOBBY_OPEN = '<div id="lobby" class="overlay">'
GONE_OPEN = '<div id="gone" class="overlay">'
HEAD = '<div class="lobby-head"><h2>Raum AB12CD34</h2></div>'


@pytest.mark.parametrize(("room", "lobby", "gone", "title"), [
    ({"status": "lobby", "games_played": 0}, True, False, "Raum AB12CD34 · Carcassonne Winter"),
    ({"status": "playing", "games_played": 0}, False, False, "Raum AB12CD34 · Carcassonne Winter"),
    # after a game the client shows its results first: no lobby over them
    ({"status": "lobby", "games_played": 1}, False, False, "Raum AB12CD34 · Carcassonne Winter"),
    (None, False, True, "Kein solcher Raum · Carcassonne Winter"),
])
def test_each_room_is_shown_as_the_client_will_show_it(room, lobby, gone, title):
    page = room_view(PAGE, "ab12cd34", room, GERMAN)
    assert (LOBBY_OPEN in page, HEAD in page) == (lobby, lobby)
    assert (GONE_OPEN in page) == gone
    # the line's state as the client says it (a phone's top bar then has room for the code)
    assert ('data-link="gone"' in page, 'data-link="connecting"' in page) == (gone, not gone)
    assert f'<title data-i18n="app.name">{title}</title>' in page
    assert '<strong id="room-code">AB12CD34</strong>' in page
    # the page is the same otherwise
    assert page.count("<div") == PAGE.count("<div") + (1 if lobby else 0)


@pytest.mark.parametrize(("room", "lobby"), [
    ({"status": "lobby", "games_played": 0}, True),
    ({"status": "playing", "games_played": 0}, False),
    ({"status": "lobby", "games_played": 1}, False),
    (None, False),
])
def test_a_lobby_is_drawn_as_the_client_will_have_it(room, lobby):
    """Nothing moves when the client takes over: in a lobby the players' panel is hidden and
    the chat is in the lobby's panel, shown; elsewhere both are where room.html has them."""
    page = room_view(PAGE, "ab12cd34", room, GERMAN)
    chat = page.index('<section id="lobby-chat" ')
    pane = page.index('<div id="chat-pane" ')
    assert ('<section id="players" hidden ' in page) == lobby
    assert (chat < pane < page.index("</section>", chat)) == lobby
    pane_tag = '<div id="chat-pane" class="tab-pane chat" data-pane="chat"'
    assert (pane_tag + ">" in page, pane_tag + " hidden>" in page) == (lobby, not lobby)
    # the whole pane, once: its list, its form
    parts = ['id="chat-pane"', 'id="chat-list"', 'id="chat-form"']
    assert [page.count(part) for part in parts] == [1, 1, 1]
    assert sorted(parts, key=page.index) == parts
