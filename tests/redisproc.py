"""`redis-server` in a subprocess on a free port, for the tests and benchmarks of several server
processes (it keeps nothing on disk, so a restart loses everything, as a Redis restart may)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

from tests.serverproc import free_port


def redis_binary() -> str:
    """Where `redis-server` is; raises (failing the test) when it is missing."""
    found = shutil.which("redis-server")
    if found is None:
        raise RuntimeError("redis-server is missing: install it with 'apt-get install "
                           "redis-server'")
    return found


class RedisProcess:
    """A Redis server of the test's (or the benchmark's) own on 127.0.0.1."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """`REDIS_URL` for the servers."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 15.0) -> RedisProcess:
        """Start and wait until it answers PING."""
        log = (self.directory / "redis.log").open("ab")
        self.proc = subprocess.Popen(
            [redis_binary(), "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", str(self.directory)],
            stdout=log, stderr=log,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server did not start on port {self.port}")

    def kill(self) -> None:
        """SIGKILL: everything it held is gone."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
