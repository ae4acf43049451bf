"""First load on a phone, as Lighthouse sees it: the home page and a room page (its lobby, as
a friend's invite link opens it), Lighthouse's default mobile profile with simulated
throttling, `--runs` runs each; the median and the spread of the performance score, the
largest contentful paint, the total blocking time, and the accessibility score, and whether
every text answer is compressed and every static file kept by the browser (the
`uses-text-compression` and `uses-long-cache-ttl` audits).

Lighthouse is no dependency of the project; install it in a scratch folder:

    mkdir -p /tmp/lh && cd /tmp/lh && npm i -E lighthouse@12.2.3
    CHROME_PATH=/usr/bin/chromium .venv/bin/python -m bench.lighthouse \\
        --lighthouse /tmp/lh/node_modules/.bin/lighthouse [--runs 3]

It starts its own server on a temporary SQLite file. A run that Lighthouse itself fails (it
now and then records no trace here) is made again, and said.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path

from bench.client import create_room
from tests.serverproc import ServerProcess

FLAGS = "--headless=new --no-sandbox --disable-gpu"


# Lighthouse now and then fails to record its trace on this machine ("NO_NAVSTART", exit 1):
# such a run is made again, this many times at most, and the failures are counted
ATTEMPTS = 3


def audit(lighthouse: str, url: str, out: Path, failures: list[str]) -> dict:
    """One Lighthouse run of `url`: the figures this benchmark reports. A run Lighthouse
    itself fails is made again (`failures` gets the URL of each)."""
    for attempt in range(ATTEMPTS):
        done = subprocess.run(
            [lighthouse, url, "--quiet", "--output=json", f"--output-path={out}",
             "--only-categories=performance,accessibility", f"--chrome-flags={FLAGS}"],
            check=attempt == ATTEMPTS - 1,
            env={**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")},
        )
        if done.returncode == 0:
            break
        failures.append(url)
    report = json.loads(out.read_text())
    audits = report["audits"]
    metrics = audits["metrics"]["details"]["items"][0]
    return {
        "performance": round(report["categories"]["performance"]["score"] * 100),
        "lcp_ms": round(audits["largest-contentful-paint"]["numericValue"]),
        "observed_lcp_ms": round(metrics["observedLargestContentfulPaint"]),
        "fcp_ms": round(audits["first-contentful-paint"]["numericValue"]),
        "tbt_ms": round(audits["total-blocking-time"]["numericValue"]),
        "accessibility": round(report["categories"]["accessibility"]["score"] * 100),
        "compressed": audits["uses-text-compression"]["score"] == 1,
        "cached": audits["uses-long-cache-ttl"]["score"] == 1,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lighthouse", required=True, help="the lighthouse command")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="a folder to keep Lighthouse's reports in")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        reports = args.keep or Path(tmp)
        reports.mkdir(parents=True, exist_ok=True)
        server = ServerProcess(f"sqlite+aiosqlite:///{tmp}/lighthouse.db", Path(tmp) / "server.log")
        server.start()
        try:
            room = create_room(server.url)
            for name, url in (("home", server.url + "/"), ("room", server.url + room["link"])):
                failures: list[str] = []
                runs = [audit(args.lighthouse, url, reports / f"{name}-{i}.json", failures)
                        for i in range(args.runs)]
                again = f" ({len(failures)} failed in Lighthouse, made again)" if failures else ""
                print(f"{name} ({url}), {args.runs} runs{again}:")
                for key in ("performance", "lcp_ms", "fcp_ms", "tbt_ms", "accessibility",
                            "observed_lcp_ms"):
                    values = [r[key] for r in runs]
                    print(f"  {key}: median {statistics.median(values)}, "
                          f"spread {min(values)}-{max(values)}  {values}")
                for key in ("compressed", "cached"):
                    print(f"  {key}: {all(r[key] for r in runs)}")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
