"""A room's chat: plain text lines, cleaned and bounded, with the latest kept for newcomers."""

from __future__ import annotations

from collections import deque
from typing import Any

from app.server.broadcast import Peer
from app.server.identity import clean_text
from app.server.protocol import ErrorCode, GameError
from app.server.settings import Settings
from app.server.timing import stamp


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


class Chat:
    """The chat lines of a room (the latest `chat_history` of them)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.lines: deque[dict[str, Any]] = deque(maxlen=settings.chat_history)

    def say(self, peer: Peer, raw: str, color: str | None, now: float) -> dict[str, Any]:
        """The `chat` message for what `peer` wrote at `now`, kept in the history; raises
        `GameError` for an empty or too long line, or one over the chat rate."""
        text = clean_text(raw, single_line=False)
        if not text:
            raise GameError(ErrorCode.BAD_MESSAGE, "A chat message cannot be empty.")
        limit = self.settings.chat_max_chars
        if len(text) > limit:
            raise GameError(
                ErrorCode.CHAT_TOO_LONG, f"A chat message has at most {limit} characters."
            )
        if not peer.allow_chat(now):
            raise GameError(ErrorCode.CHAT_RATE, "Slow down: too many chat messages.")
        line = {
            "type": "chat",
            "name": peer.name,
            "seat": peer.seat,
            "color": color,
            "text": text,
            "at": stamp(now).isoformat(timespec="seconds"),
        }
        self.lines.append(line)
        return line
