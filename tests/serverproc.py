"""`python -m app` in a subprocess on a free port: started, watched, stopped or killed.

Shared by the tests (tests/conftest.py) and the benchmarks (bench/server.py).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerProcess:
    """`python -m app` on a free port with the given database and extra env."""

    def __init__(self, database_url: str, log_path: Path, **env: str) -> None:
        self.database_url = database_url
        self.log_path = log_path
        self.extra_env = env
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        """Base HTTP URL."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        """Base websocket URL."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        """Start and wait until /api/health answers."""
        env = {
            **os.environ,
            "HOST": "127.0.0.1",
            "PORT": str(self.port),
            "DATABASE_URL": self.database_url,
            "CARC_LOG_LEVEL": "warning",
            **self.extra_env,
        }
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app"], cwd=ROOT, env=env, stdout=log, stderr=log
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: see {self.log_path}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + "/api/health", timeout=1) as resp:
                    if resp.status == 200:
                        return self
            except (urllib.error.URLError, OSError):
                time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"server did not start in {timeout}s:\n{self.log_tail()}")

    def log_tail(self) -> str:
        """The end of the server's output."""
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def stop(self) -> int | None:
        """Clean shutdown (SIGTERM); returns the exit status."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode if self.proc else None

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def cpu_seconds(self) -> float:
        """User + system CPU seconds the server has used so far."""
        assert self.proc is not None
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS

    def memory_mb(self) -> tuple[float, float]:
        """(current RSS, peak RSS) in MiB."""
        assert self.proc is not None
        rss = peak = 0.0
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
            elif line.startswith("VmHWM:"):
                peak = int(line.split()[1]) / 1024
        return rss, peak
