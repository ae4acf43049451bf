"""How fast a connection may talk: the frames of a websocket (a token bucket) and the chat
lines of any connection, a local one or one another process holds."""

from __future__ import annotations

import time
from collections import deque


class FrameRate:
    """A token bucket: `burst` messages at once, `per_second` sustained."""

    def __init__(self, burst: int, per_second: float) -> None:
        self.burst, self.per_second = burst, per_second
        self._tokens = float(burst)
        self.refilled = time.monotonic()

    def allow(self) -> bool:
        """Take one token; False when the client floods."""
        now = time.monotonic()
        self._tokens = min(float(self.burst),
                           self._tokens + (now - self.refilled) * self.per_second)
        self.refilled = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


class ChatRate:
    """A connection's chat rate: at most `limit` lines in any `window` seconds."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit, self.window = limit, window
        self.times: deque[float] = deque()

    def allow(self, now: float) -> bool:
        """Count one line at `now`; False when over the rate."""
        while self.times and now - self.times[0] > self.window:
            self.times.popleft()
        if len(self.times) >= self.limit:
            return False
        self.times.append(now)
        return True
