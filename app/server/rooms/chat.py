"""A room's chat: plain text lines, cleaned and bounded, with the latest kept for newcomers."""

from __future__ import annotations

from collections import deque

from app.server.ports import Peer
from app.server.rooms.identity import clean_text
from app.server.rooms.timing import stamp
from app.server.settings import Settings
from app.server.wire import messages as m
from app.server.wire.errors import ErrorCode, GameError


class Chat:
    """The chat lines of a room (the latest `chat_history` of them)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.lines: deque[m.Chat] = deque(maxlen=settings.chat_history)

    def say(self, peer: Peer, raw: str, color: str | None, now: float) -> m.Chat:
        """The `chat` message for what `peer` wrote at `now`, kept in the history; raises
        `GameError` for an empty or too long line, or one over the chat rate."""
        text = clean_text(raw, single_line=False)
        if not text:
            raise GameError(ErrorCode.BAD_MESSAGE, "A chat message cannot be empty.")
        limit = self.settings.chat_max_chars
        if len(text) > limit:
            raise GameError(
                ErrorCode.CHAT_TOO_LONG, f"A chat message has at most {limit} characters.",
                max=limit,
            )
        if not peer.allow_chat(now):
            raise GameError(ErrorCode.CHAT_RATE, "Slow down: too many chat messages.",
                            lines=self.settings.chat_per_window,
                            seconds=self.settings.chat_window_seconds)
        line = m.Chat(name=peer.name, seat=peer.seat, color=color, text=text,
                      at=stamp(now).isoformat(timespec="seconds"))
        self.lines.append(line)
        return line
