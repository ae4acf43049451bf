"""The rooms of this process: created, loaded from the store on first use, restored at start,
expired when idle, closed at shutdown."""

from __future__ import annotations

import asyncio
import logging
import secrets
from datetime import timedelta

from app.server.identity import clean_name, new_token
from app.server.options import RoomOptions
from app.server.protocol import ErrorCode, GameError
from app.server.room import Room
from app.server.services import Services
from app.store import Conflict, SeatRecord, Store

log = logging.getLogger(__name__)

# No 0/o, 1/i/l: codes are read aloud and typed from a phone.
CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
CODE_LENGTH = 8  # 31**8, about 40 bits: not guessable by walking through codes


def new_code() -> str:
    """A random room code."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(code: str) -> str | None:
    """The canonical form of a code typed by a person (case and dashes ignored), or None."""
    cleaned = code.strip().lower().replace("-", "")
    if len(cleaned) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in cleaned):
        return None
    return cleaned


class Rooms:
    """Registry of live rooms, keyed by code."""

    def __init__(self, store: Store, services: Services) -> None:
        self.store = store
        self.services = services
        self.settings = services.settings
        self.clock = services.clock
        self._rooms: dict[str, Room] = {}
        self._lock = asyncio.Lock()

    async def create(self, name: str, color: str, options: RoomOptions) -> tuple[str, str]:
        """Create a room with its creator (the host) in seat 0; returns (code, token)."""
        name = clean_name(name)
        token, digest = new_token()
        for _ in range(10):
            code = new_code()
            try:
                seat = SeatRecord(0, name, color, digest)
                await self.store.create_room(code, digest, options.to_dict(), seat)
            except Conflict:
                continue  # a code collision: roll again
            return code, token
        raise GameError(ErrorCode.SERVER_ERROR, "Could not find a free room code.")

    async def get(self, code: str) -> Room | None:
        """The live room with that code, loaded from the store if needed; None if unknown.
        Raises `GameError(SERVER_ERROR)` if its game cannot be rebuilt."""
        canonical = normalize_code(code)
        if canonical is None:
            return None
        room = self._rooms.get(canonical)
        if room is None:
            async with self._lock:
                room = self._rooms.get(canonical)
                if room is None:
                    room = await self._load(canonical)
                    if room is None:
                        return None
                    self._rooms[canonical] = room
        room.last_activity = self.clock.now()
        return room

    async def _load(self, code: str) -> Room | None:
        record = await self.store.load_room(code, claim=True)
        if record is None:
            return None
        try:
            room = Room(record, self.services)
        except Exception:
            log.exception("room %s: could not rebuild its game", code)
            raise GameError(
                ErrorCode.SERVER_ERROR, "This room's game could not be restored."
            ) from None
        await room.start()
        return room

    async def restore_running(self) -> int:
        """Load every room whose game is unfinished (at start). Returns how many loaded."""
        count = 0
        for code in await self.store.running_room_codes():
            try:
                if await self.get(code) is not None:
                    count += 1
            except GameError:
                pass  # logged in _load; the other rooms still come back
        return count

    async def expire(self) -> int:
        """Forget rooms that are idle, and delete from the store rooms that never had a game
        and nobody used for `room_idle_hours`. Games are never deleted."""
        idle = self.settings.room_idle_hours * 3600
        now = self.clock.now()
        keep: set[int] = set()
        async with self._lock:
            for code, room in list(self._rooms.items()):
                if room.peers or room.running or now - room.last_activity < idle:
                    keep.add(room.id)
                elif not room.lock.locked():
                    del self._rooms[code]
                    room.dispose()
                else:
                    keep.add(room.id)
            return await self.store.expire_rooms(timedelta(seconds=idle), keep)

    def close_all(self, code: int, reason: str) -> None:
        """Close every connection of every room and stop their timers (shutdown)."""
        for room in self._rooms.values():
            room.close_all(code, reason)
            room.dispose()
