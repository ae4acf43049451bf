"""The messages of one turn that go to some connections only, each built once a turn and only
when somebody needs it: the placements (to the player to move), the board's features and
the table's analysis (on request), the hint (to the player who asked)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from app.server.ports import Peer
from app.server.rooms.lobby import Lobby
from app.server.rooms.match import Match
from app.server.rooms.views import analysis_message, features_message, legal_message
from app.server.wire import messages as m


class TurnCache:
    """Encoded messages, each for the (game id, turn, game over) it was built at."""

    def __init__(self) -> None:
        self._built: dict[str, tuple[tuple[int, int, bool], str]] = {}

    def get(self, name: str, match: Match | None) -> str | None:
        """The message `name` built for the turn `match` is at, if any."""
        kept = self._built.get(name)
        return kept[1] if kept is not None and kept[0] == _key(match) else None

    def put(self, name: str, match: Match | None, text: str) -> str:
        """Keep `text` as message `name` of the turn `match` is at."""
        self._built[name] = (_key(match), text)
        return text

    def build(self, name: str, match: Match | None,
              make: Callable[[Match | None], m.Message | None]) -> str | None:
        """Message `name` of this turn, made by `make` the first time (None: no message)."""
        kept = self._built.get(name)
        if kept is None or kept[0] != _key(match):
            message = make(match)
            self.put(name, match, m.encode(message) if message is not None else "")
        text = self._built[name][1]
        return text or None

    def legal(self, match: Match) -> str | None:
        """The `legal` message of the turn (None when nobody is to move)."""
        return self.build("legal", match, lambda m: legal_message(m) if m else None)

    def deal_legal(self, match: Match | None, lobby: Lobby, peers: Iterable[Peer]) -> None:
        """Send the `legal` message to those of `peers` that hold the seat of the person to
        move; nobody else ever gets it, and nobody while a bot plays the seat."""
        if match is None or not match.running:
            return
        seat = match.seat_to_move()
        taken = lobby.seats.get(seat)
        if taken is None or taken.bot is not None:
            return
        movers = [peer for peer in peers if peer.seat == seat]
        text = self.legal(match) if movers else None
        if text is not None:
            for peer in movers:
                peer.send(text)

    def features(self, match: Match | None) -> str:
        """The `features` message of the board as it is."""
        text = self.build("features", match, features_message)
        assert text is not None
        return text

    def analysis(self, match: Match | None) -> str:
        """The `analysis` message of the board as it is (what the table knows)."""
        text = self.build("analysis", match, analysis_message)
        assert text is not None
        return text


def _key(match: Match | None) -> tuple[int, int, bool]:
    # Ending a game early adds no turn but changes what it looks like (no tile left to draw,
    # the figures gone): the game's end is part of the key.
    if match is None:
        return (0, 0, False)
    return (match.id, match.game.turn, match.game.finished)
