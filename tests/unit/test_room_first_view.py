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
