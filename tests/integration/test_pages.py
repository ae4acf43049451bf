"""The pages and static files are served from static/."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

STATIC = Path(__file__).resolve().parents[2] / "static"


@pytest.mark.parametrize(
    ("url", "page"),
    [("/", "index.html"), ("/r/k7m2q9xa", "room.html"), ("/games/1", "replay.html")],
)
def test_pages(live_server, url, page):
    if not (STATIC / page).is_file():
        pytest.skip(f"static/{page} is not written yet")
    resp = httpx.get(live_server + url)
    assert resp.status_code == 200
    assert resp.text == (STATIC / page).read_text()


def test_static_files_and_missing_ones(live_server):
    files = sorted(p for p in STATIC.rglob("*") if p.is_file())
    if files:
        rel = files[0].relative_to(STATIC).as_posix()
        assert httpx.get(f"{live_server}/static/{rel}").status_code == 200
    assert httpx.get(f"{live_server}/static/nope/missing.js").status_code == 404
    assert httpx.get(f"{live_server}/static/../pyproject.toml").status_code == 404
    assert httpx.get(f"{live_server}/r/not-a-valid-code!").status_code == 404
