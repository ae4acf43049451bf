"""Board drawing speed: a full 84-tile board with figures, fitted to 1280x800 at device pixel
ratio 1, drawn in headless chromium; prints the median milliseconds per frame.

Usage: .venv/bin/python bench/client.py   (starts its own server on a temporary SQLite file)
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

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


def main() -> None:
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
                browser.close()
        finally:
            proc.terminate()
            proc.wait(10)
    print(
        f"board bench: {result['tiles']} tiles, {result['figures']} figures, "
        f"{result['width']}x{result['height']} canvas: "
        f"median {result['median']:.2f} ms per frame"
    )


if __name__ == "__main__":
    main()
