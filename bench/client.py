"""Client speed in headless chromium at 1280x800, device pixel ratio 1:

- drawing a full 84-tile board with figures: the median milliseconds per frame, camera still
  and camera moving;
- a live game: from a diff's arrival at a spectator's page to its painted frame (the page's
  `performance.measure('carc:diff-to-paint')`, see `measurePaint` in static/js/pages/room.js),
  over the late game (turn 50 on), for `--games` complete games between a scripted host that
  plays over a websocket and an easy bot.

Usage: .venv/bin/python -m bench.client [--games 3]   (starts its own server on a temporary
SQLite file)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import threading
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

from app.server.wire.client import WireClient
from tests.serverproc import ServerProcess

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def create_room(url: str) -> dict:
    request = urllib.request.Request(url + "/api/rooms", data=b'{"name": "Host"}', method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as resp:
        return json.load(resp)


async def host(url: str, room: dict, started: threading.Event) -> None:
    """Seat 0 over a websocket: adds an easy bot, starts, plays the first legal placement of
    each of its turns (a pause first, so moves arrive at a human-ish pace), until the end."""
    me = await WireClient.connect(url.replace("http", "ws"), room["code"], token=room["token"],
                                  name="Host", record=False)
    await me.send(type="add_bot", seat=1)
    await me.send(type="start")
    started.set()
    played = -1

    def to_play(c: WireClient) -> bool:
        game = c.game
        return game is not None and (game["finished"] or (
            c.my_turn() and c.legal is not None and c.legal["turn"] == game["turn"]
            and game["turn"] != played))

    while True:
        await me.until(to_play, timeout=120)
        game = me.game
        assert game is not None
        if game["finished"]:
            await me.close()
            return
        played = game["turn"]
        await asyncio.sleep(0.25)
        move = (await me.placements())[0]
        await me.send(type="place", turn=game["turn"], x=move["x"], y=move["y"],
                      rot=move["rot"], meeple=None)


def live_game(browser, url: str) -> tuple[list[float], list[float], list[float]]:
    """Milliseconds at a spectator, turn 50 on: from a diff's arrival to its painted frame; the
    diff's handling (patch and DOM); the frame's own work (from its start to painted)."""
    room = create_room(url)
    page = browser.new_page(viewport={"width": 1280, "height": 800}, device_scale_factor=1)
    page.goto(url + room["link"])
    page.wait_for_function("window.__game && window.__game.state.room")
    page.evaluate("""window.__late = {'carc:diff-to-paint': [], 'carc:diff-applied': [],
        'carc:frame-to-paint': []};
        new PerformanceObserver((list) => { for (const e of list.getEntries()) {
            const late = (window.__game.state.game?.turn ?? 0) >= 50;
            if (late) window.__late[e.name]?.push(e.duration); } })
          .observe({entryTypes: ['measure']});""")
    started = threading.Event()
    driver = threading.Thread(target=lambda: asyncio.run(host(url, room, started)))
    driver.start()
    driver.join(timeout=900)
    page.wait_for_function("window.__game.state.game?.finished", timeout=60000)
    late = page.evaluate("window.__late")
    page.close()
    return late["carc:diff-to-paint"], late["carc:diff-applied"], late["carc:frame-to-paint"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3, help="live games to measure")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        server = ServerProcess(f"sqlite+aiosqlite:///{directory}/bench.db",
                               Path(directory) / "server.log", CARC_BOT_PAUSE_SECONDS="0.25")
        url = server.start().url
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                page = browser.new_page(
                    viewport={"width": 1280, "height": 800}, device_scale_factor=1
                )
                page.goto(url + "/static/bench.html")
                page.wait_for_function("window.__bench", timeout=60000)
                result = page.evaluate("window.__bench")
                page.close()
                medians, works = [], []
                for _ in range(args.games):
                    late, applied, frame = live_game(browser, url)
                    medians.append(statistics.median(late))
                    works.append(statistics.median(applied) + statistics.median(frame))
                    print(f"live game: diff handled (patch and DOM): median "
                          f"{statistics.median(applied):.1f} ms; frame start to painted: median "
                          f"{statistics.median(frame):.1f} ms ({len(frame)} frames)")
                    print(f"live game: {len(late)} late-game diffs, diff to painted frame: "
                          f"median {medians[-1]:.1f} ms, p90 "
                          f"{statistics.quantiles(late, n=10)[-1]:.1f} ms, max {max(late):.1f} ms")
                browser.close()
        finally:
            server.stop()
    print(
        f"board bench: {result['tiles']} tiles, {result['figures']} figures, "
        f"{result['width']}x{result['height']} canvas: "
        f"median {result['median']:.2f} ms per frame with the camera still, "
        f"{result['moving']:.2f} ms moving"
    )
    print(f"diff to painted frame, late game, median of {len(medians)} games: "
          f"{statistics.median(medians):.1f} ms ({min(medians):.1f}-{max(medians):.1f}); "
          f"the work in it (handling + frame): {statistics.median(works):.1f} ms "
          f"({min(works):.1f}-{max(works):.1f}); load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
