"""Client speed in headless chromium at 1280x800, device pixel ratio 1:

- drawing a full 84-tile board with figures: the median milliseconds per frame, camera still
  and camera moving;
- a live game: from a diff's arrival at a spectator's page to its painted frame (the page's
  `performance.measure('carc:diff-to-paint')`, see `measurePaint` in static/js/pages/room.js),
  over the late game (turn 50 on), for `--games` complete games between a scripted host that
  plays over a websocket and an easy bot.

Usage: .venv/bin/python bench/client.py [--games 3]   (starts its own server on a temporary
SQLite file)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import websockets
from playwright.sync_api import sync_playwright

from app.server.patch import apply
from app.server.protocol import PROTOCOL_VERSION as PROTOCOL

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(directory: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "CARC_LOG_LEVEL": "warning",
           "CARC_BOT_PAUSE_SECONDS": "0.25",
           "DATABASE_URL": f"sqlite+aiosqlite:///{directory}/bench.db"}
    proc = subprocess.Popen([sys.executable, "-m", "app"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            urllib.request.urlopen(url + "/api/health", timeout=1)
            return proc, url
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


def create_room(url: str) -> dict:
    request = urllib.request.Request(url + "/api/rooms", data=b'{"name": "Host"}', method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as resp:
        return json.load(resp)


async def host(url: str, room: dict, started: threading.Event) -> None:
    """Seat 0 over a websocket: adds an easy bot, starts, plays the first legal placement of
    each of its turns (a pause first, so moves arrive at a human-ish pace), until the end."""
    ws_url = url.replace("http", "ws") + "/ws/" + room["code"]
    async with websockets.connect(ws_url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "token": room["token"]}))
        state, played, legal = None, -1, None
        while True:
            msg = json.loads(await ws.recv())
            if msg["type"] == "snapshot":
                state = msg["state"]
                if state["game"] is None and not started.is_set():
                    await ws.send(json.dumps({"type": "add_bot", "seat": 1}))
                    await ws.send(json.dumps({"type": "start"}))
                    started.set()
            elif msg["type"] == "diff":
                state = apply(state, msg["ops"])
            elif msg["type"] == "legal":
                legal = msg
            elif msg["type"] == "ping":
                await ws.send(json.dumps({"type": "pong"}))
            game = state and state["game"]
            if not game:
                continue
            if game["finished"]:
                return
            mine = game["seats"][game["current_player"]] == 0 and game["drawn_tile"]
            if mine and played != game["turn"] and legal and legal["turn"] == game["turn"]:
                played = game["turn"]
                await asyncio.sleep(0.25)
                move = legal["placements"][0]
                await ws.send(json.dumps({"type": "place", "turn": game["turn"], "x": move["x"],
                                          "y": move["y"], "rot": move["rot"], "meeple": None}))


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
        proc, url = start_server(directory)
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
            proc.terminate()
            proc.wait(10)
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
