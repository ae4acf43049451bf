"""Time as a room sees it: the machine's clock behind the `ports.Clock` seam (injected, so
that tests drive the turn clock and the bots with a fake clock instead of waiting), and the
helpers every user of a clock needs.

Times are Unix seconds (wall time): they are stored with moves and sent to clients, and a
deadline must mean the same moment after a restart.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import UTC, datetime

from app.server.ports import Clock, Timer


class SystemClock:
    """The machine's clock, shifted by `offset` seconds (a drill setting: lets a test start a
    server as if a day had passed while it was down)."""

    def __init__(self, offset: float = 0.0) -> None:
        self.offset = offset

    def now(self) -> float:
        """Unix seconds."""
        return time.time() + self.offset

    def call_at(self, when: float, callback: Callable[[], object]) -> Timer:
        """Run `callback` once `now()` reaches `when` (at once if it has)."""
        delay = max(0.0, when - self.now())
        return asyncio.get_running_loop().call_later(delay, callback)


async def sleep_until(clock: Clock, when: float) -> None:
    """Wait until `clock.now()` reaches `when`."""
    if clock.now() >= when:
        return
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def wake() -> None:
        if not done.done():
            done.set_result(None)

    timer = clock.call_at(when, wake)
    try:
        await done
    finally:
        timer.cancel()


def stamp(at: float) -> datetime:
    """Unix seconds as an aware UTC datetime (what the store keeps)."""
    return datetime.fromtimestamp(at, UTC)
