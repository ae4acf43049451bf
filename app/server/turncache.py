"""The messages of one turn that go to some connections only, each built once a turn and only
when somebody needs it: the placements (to the player to move), the board's features (on
request), the hint (to the player who asked)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.server import protocol as p
from app.server.match import Match
from app.server.views import features_message, legal_message


class TurnCache:
    """Encoded messages, each for the (game id, turn) it was built at."""

    def __init__(self) -> None:
        self._built: dict[str, tuple[tuple[int, int], str]] = {}

    def get(self, name: str, match: Match | None) -> str | None:
        """The message `name` built for the turn `match` is at, if any."""
        kept = self._built.get(name)
        return kept[1] if kept is not None and kept[0] == _key(match) else None

    def put(self, name: str, match: Match | None, text: str) -> str:
        """Keep `text` as message `name` of the turn `match` is at."""
        self._built[name] = (_key(match), text)
        return text

    def build(self, name: str, match: Match | None,
              make: Callable[[Match | None], dict[str, Any] | None]) -> str | None:
        """Message `name` of this turn, made by `make` the first time (None: no message)."""
        kept = self._built.get(name)
        if kept is None or kept[0] != _key(match):
            message = make(match)
            self.put(name, match, p.encode(message) if message is not None else "")
        text = self._built[name][1]
        return text or None

    def legal(self, match: Match) -> str | None:
        """The `legal` message of the turn (None when nobody is to move)."""
        return self.build("legal", match, lambda m: legal_message(m) if m else None)

    def features(self, match: Match | None) -> str:
        """The `features` message of the board as it is."""
        text = self.build("features", match, features_message)
        assert text is not None
        return text


def _key(match: Match | None) -> tuple[int, int]:
    return (match.id, match.game.turn) if match is not None else (0, 0)
