"""The pages and static files are served from static/, and nothing outside it is; compressed,
and kept by browsers under versioned URLs (issue 20 item 10)."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import brotli
import httpx
import pytest

from app.server.web.assets import folder_version, module_graph

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"


@pytest.mark.parametrize(
    ("url", "page"),
    [("/", "index.html"), ("/r/k7m2q9xa", "room.html"), ("/games/1", "replay.html")],
)
def test_pages(live_server, url, page):
    resp = httpx.get(live_server + url)
    assert resp.status_code == 200
    assert resp.headers["content-type"].startswith("text/html")
    # A page always asks again, so a new release's page never pairs with an old script; it is
    # worded for the one who asks.
    assert resp.headers["cache-control"] == "no-cache"
    assert resp.headers["vary"].startswith("Cookie, Accept-Language")
    # The page as written, worded, its files under the folder's version.
    version = folder_version(STATIC)
    html = (STATIC / page).read_text()
    assert '"/static/' not in resp.text.replace(f'"/static/v/{version}/', "")
    keys = re.findall(r'data-i18n="([^"]+)"', html)
    if page == "room.html":  # no such room: its first view says the line is gone, not connecting
        keys = ["link.gone" if key == "link.connecting" else key for key in keys]
    assert sorted(re.findall(r'data-i18n="([^"]+)"', resp.text)) == sorted(keys)
    entry = re.search(r'<script type="module" src="/static/([^"]+)"(?: data-preload="(\w[\w-]*)")?',
                      html)
    assert entry
    preloads = re.findall(r'<link rel="modulepreload" href="/static/v/(\w+)/([^"]+)">',
                          resp.text)
    graph = module_graph(STATIC, entry.group(1))
    assert len(graph) >= 10
    if entry.group(2) == "modules":
        # the replay draws its first screen from its script: its modules preloaded
        assert preloads == [(version, m) for m in graph]
    else:
        # the home page's first screen is its HTML, the room's the server's first view:
        # preloads started before the first paint would only delay it
        assert preloads == []
    boot = re.search(r'<script type="module" src="/static/v/(\w+)/js/boot.js" data-entry="([^"]+)"'
                     r' data-modules="([^"]+)" data-fetch="([^"]+)">', resp.text)
    assert bool(boot) == (entry.group(2) == "after-paint") == (page == "room.html")
    if boot:
        # started after the first paint, its whole graph preloaded then, with its first fetches
        base = f"/static/v/{version}/"
        assert boot.group(1) == version and boot.group(2) == base + entry.group(1)
        assert boot.group(3).split() == [base + m for m in [*graph, entry.group(1)]]
        assert boot.group(4).split() == ["/api/tiles", f"{base}i18n/en.json"]


def test_pages_are_worded_in_the_language_asked_for(live_server):
    with httpx.Client(base_url=live_server) as http:
        # the browser's languages, by weight ("de-AT" is German)
        german = http.get("/", headers={"Accept-Language": "xx;q=1, de-AT;q=0.8, fr;q=0.5"})
        assert '<html lang="de">' in german.text
        assert "Carcassonne Winter online" in german.text
        # the switcher's choice (its cookie) comes first
        http.cookies.set("carc_lang", "pl")
        polish = http.get("/r/k7m2q9xa", headers={"Accept-Language": "de"})
        assert '<html lang="pl">' in polish.text
        assert 'aria-label="Przybliż"' in polish.text
        assert f"/static/v/{folder_version(STATIC)}/i18n/pl.json" in polish.text
        # a language the client does not speak: English
        http.cookies.set("carc_lang", "xx")
        other = http.get("/", headers={"Accept-Language": "ja"})
        assert '<html lang="en">' in other.text


def test_the_room_page_shows_its_room_before_any_script(live_server):
    with httpx.Client(base_url=live_server) as http:
        created = http.post("/api/rooms", json={"name": "Ann"}).json()
        code = created["code"]
        page = http.get(created["link"], headers={"Accept-Language": "fr"}).text
        # its code, its title, the lobby open with its title, as the client words them
        assert f'<strong id="room-code">{code.upper()}</strong>' in page
        title = f"Salle {code.upper()} · Carcassonne Hiver"
        assert f'<title data-i18n="app.name">{title}</title>' in page
        assert '<div id="lobby" class="overlay">' in page
        assert f'<div class="lobby-head"><h2>Salle {code.upper()}</h2></div>' in page
        assert '<div id="gone" class="overlay" hidden>' in page
        # a room that is not: the notice that says so, open
        gone = http.get("/r/k7m2q9xa").text
        assert '<div id="gone" class="overlay">' in gone
        assert '<div id="lobby" class="overlay" hidden>' in gone
        assert "<title data-i18n=\"app.name\">No such room · Winter Carcassonne</title>" in gone
        # what the link says is written as text, never as markup
        odd = http.get("/r/%3Cb%3Ex").text
        assert "<b>" not in odd and '<strong id="room-code">&lt;B&gt;X</strong>' in odd


@pytest.mark.parametrize("url", ["/", "/r/k7m2q9xa", "/games/1"])
def test_every_page_has_an_icon(live_server, url):
    with httpx.Client(base_url=live_server) as http:
        icon = re.search(r'<link rel="icon" href="([^"]+)"', http.get(url).text)
        assert icon and icon.group(1).startswith("/static/v/")
        resp = http.get(icon.group(1))
        assert resp.status_code == 200
        assert resp.headers["content-type"].startswith("image/svg+xml")


def test_a_module_graph_is_every_file_imported_however_deep():
    graph = module_graph(STATIC, "js/pages/room.js")
    deep = {"js/state.js", "js/net/protocol.js", "js/board/segmap.js", "js/room/pointer.js"}
    assert deep <= set(graph)
    assert "js/pages/room.js" not in graph and len(graph) == len(set(graph))
    for name in graph:
        assert (STATIC / name).is_file(), name


def test_static_files_are_kept_under_their_version_and_asked_again_without(live_server):
    version = folder_version(STATIC)
    with httpx.Client(base_url=live_server) as http:
        kept = http.get(f"/static/v/{version}/js/state.js")
        assert kept.status_code == 200
        assert kept.content == (STATIC / "js/state.js").read_bytes()
        assert kept.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert http.get("/static/js/state.js").headers["cache-control"] == "no-cache"
        # a page of an older release asks for its version: the files now, asked again
        old = http.get("/static/v/0123456789ab/js/state.js")
        assert old.status_code == 200 and old.headers["cache-control"] == "no-cache"
        assert http.get(f"/static/v/{version}/js/nope.js").status_code == 404
        assert http.get(f"/static/v/{version}/%2e%2e/%2e%2e/pyproject.toml").status_code == 404


@pytest.mark.parametrize("url", ["/", "/r/k7m2q9xa", "/static/js/state.js", "/static/css/room.css",
                                 "/api/tiles"])
def test_every_text_answer_is_compressed(live_server, url):
    with httpx.Client(base_url=live_server) as http:
        resp = http.get(url, headers={"Accept-Encoding": "gzip"})
        assert resp.status_code == 200
        assert resp.headers["content-encoding"] == "gzip"
        raw = http.get(url, headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in raw.headers
        assert resp.content == raw.content  # (httpx decodes it)
        assert int(resp.headers["content-length"]) < len(raw.content) / 2
        # still the same bytes once decoded by hand
        stream = http.build_request("GET", url, headers={"Accept-Encoding": "gzip"})
        sent = http.send(stream, stream=True)
        assert gzip.decompress(b"".join(sent.iter_raw())) == raw.content
        sent.close()


@pytest.mark.parametrize("url", ["/", "/static/js/state.js", "/static/css/room.css", "/api/tiles"])
def test_browsers_that_ask_for_brotli_get_it(live_server, url):
    with httpx.Client(base_url=live_server) as http:
        raw = http.get(url, headers={"Accept-Encoding": "identity"}).content
        sizes = {}
        for coding, decompress in (("br", brotli.decompress), ("gzip", gzip.decompress)):
            request = http.build_request("GET", url,
                                         headers={"Accept-Encoding": f"{coding}, identity"})
            sent = http.send(request, stream=True)
            assert sent.status_code == 200
            assert sent.headers["content-encoding"] == coding
            assert "accept-encoding" in sent.headers["vary"].lower()
            body = b"".join(sent.iter_raw())
            sent.close()
            assert decompress(body) == raw
            sizes[coding] = len(body)
        # Brotli's point: fewer bytes than gzip for the same text
        assert sizes["br"] < sizes["gzip"], sizes


def test_every_static_file_is_served_as_it_is(live_server):
    files = sorted(p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*") if p.is_file())
    # The pages' own scripts and styles are among them (the walk found the client).
    assert {"index.html", "js/state.js", "js/pages/room.js", "css/base.css"} <= set(files)
    with httpx.Client(base_url=live_server) as http:
        for name in files:
            resp = http.get(f"/static/{name}")
            assert resp.status_code == 200, name
            assert resp.content == (STATIC / name).read_bytes(), name


def test_missing_files_and_everything_outside_static_are_not_found(live_server):
    assert (ROOT / "pyproject.toml").is_file()
    with httpx.Client(base_url=live_server) as http:
        assert http.get("/static/nope/missing.js").status_code == 404
        # Written escaped, so that the client sends the dots and the server must refuse them.
        assert http.get("/static/%2e%2e/pyproject.toml").status_code == 404
        assert http.get("/static/..%2fpyproject.toml").status_code == 404
        assert http.get("/static/%2e%2e/%2e%2e/etc/passwd").status_code == 404
        # a link that cannot be a room's: the room page says so (with a 404), not raw JSON
        for bad in ("/r/not-a-valid-code!", "/r/abc", "/r/nosuchroom"):
            resp = http.get(bad)
            assert resp.status_code == 404, bad
            assert resp.headers["content-type"].startswith("text/html"), bad
            assert 'id="gone"' in resp.text, bad
