"""A room's lobby: its seats and options, what carries over from one game to the next.

Checks only: the room applies what they allow (store first, then memory, then broadcast).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from app.engine import MIN_PLAYERS
from app.server.ports import Peer
from app.server.rooms.identity import BOT_MARK, clean_text, hash_token
from app.server.wire.errors import ErrorCode, GameError
from app.server.wire.facts import NAME_MAX
from app.server.wire.options import RoomOptions
from app.store import RoomRecord


@dataclass(frozen=True)
class Seat:
    """A taken seat; `bot` is the level of the bot playing it, None for a person."""

    position: int
    name: str
    color: str
    token_hash: str
    bot: str | None = None

    @property
    def bot_only(self) -> bool:
        """A seat a bot took in the lobby (no person behind it)."""
        return self.token_hash.startswith(BOT_MARK)

    @property
    def bot_for_person(self) -> bool:
        """A bot plays this seat for a person, who may take it back."""
        return self.bot is not None and not self.bot_only


class Lobby:
    """Seats, options, the host, and who started the last game."""

    def __init__(self, record: RoomRecord) -> None:
        self.host_hash = record.host_token_hash
        self.options = RoomOptions.from_stored(record.options)
        self.last_starter = record.last_starter
        self.games_played = record.games_played
        self.seats: dict[int, Seat] = {
            s.position: Seat(s.position, s.name, s.color, s.token_hash, s.bot)
            for s in record.seats
        }

    def identify(self, peer: Peer, name: str | None, token: str | None) -> bool:
        """Who a new connection is: the seat (and host flag) its token names, the name it
        gave. False for a token that names nothing here (it then watches)."""
        if name:
            peer.name = clean_text(name)[:NAME_MAX] or peer.name
        if not token:
            return True
        digest = hash_token(token)
        seat = self.seat_with(digest)
        if seat is None and digest != self.host_hash:
            return False
        peer.token_hash = digest
        peer.host = digest == self.host_hash
        peer.seat = seat.position if seat else None
        if seat:
            peer.name = seat.name
        return True

    def seat_with(self, token_hash: str) -> Seat | None:
        """The seat a token (by its hash) names, if any."""
        return next((s for s in self.seats.values() if s.token_hash == token_hash), None)

    def host_seat(self) -> int | None:
        """The seat the host sits in, if any."""
        seat = self.seat_with(self.host_hash)
        return seat.position if seat else None

    def check_free(self, position: int, color: str | None) -> None:
        """Raise unless `position` is a free seat and `color` (if given) is not used."""
        if not 0 <= position < self.options.seats:
            raise GameError(ErrorCode.SEAT_INVALID, f"There is no seat {position}.",
                            seat=position)
        if position in self.seats:
            raise GameError(ErrorCode.SEAT_TAKEN, "That seat is taken.")
        if color is not None:
            self.options.check_color(color)
        if color is not None and any(s.color == color for s in self.seats.values()):
            raise GameError(ErrorCode.COLOR_TAKEN, f"Someone already plays {color}.",
                            color=color)

    def free_color(self) -> str:
        """The first colour no seat uses (there are as many colours as seats at most)."""
        used = {s.color for s in self.seats.values()}
        return next(c for c in self.options.colors() if c not in used)

    def check_options(self, options: RoomOptions) -> None:
        """Raise unless `options` can apply to the seats as they are."""
        if any(position >= options.seats for position in self.seats):
            raise GameError(
                ErrorCode.BAD_OPTIONS, "Free the higher seats before lowering the seat count.",
                seats=options.seats,
            )
        for seat in self.seats.values():
            if seat.color not in options.colors():
                raise GameError(
                    ErrorCode.BAD_OPTIONS,
                    f"Seat {seat.position} plays {seat.color}, which these rules do not have.",
                    seat=seat.position, color=seat.color,
                )

    def play_order(self, chance: random.Random) -> list[int]:
        """The taken seats in playing order for a new game.

        The first game's first player is drawn by `chance` (the rules leave it to the table);
        a rematch starts with the next taken seat after the one that started last time.
        """
        positions = sorted(self.seats)
        if len(positions) < 2:
            raise GameError(ErrorCode.NOT_ENOUGH_PLAYERS, "At least two seats must be taken.",
                            min=MIN_PLAYERS)
        if self.last_starter is None:
            starter = chance.choice(positions)
        else:
            later = [pos for pos in positions if pos > self.last_starter]
            starter = later[0] if later else positions[0]
        i = positions.index(starter)
        return positions[i:] + positions[:i]
