"""`Store`: the one object through which the server reads and writes rooms and games."""

from __future__ import annotations

from app.store.archive import ArchiveQueries
from app.store.database import Database
from app.store.group_commit import TurnWriter
from app.store.rooms import RoomQueries
from app.store.writes import RoomWriter


class Store(RoomQueries, ArchiveQueries):
    """Persistence for rooms and games. Every method is one transaction: the room queries
    (`rooms.py`), the archive and My games (`archive.py`), and each room's fenced writes
    (`writer`), whose moves share one group commit."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.turn_writer = TurnWriter(db)

    def writer(self, room_id: int, epoch: int) -> RoomWriter:
        """The writes of a room loaded at `epoch` (each refused with `Fenced` once another
        process has loaded the room since)."""
        return RoomWriter(self.db, self.turn_writer, room_id, epoch)
