"""Persistence: SQLAlchemy models, the database handle and the few queries the rooms need.

Nothing here imports the web layer or the engine; rows go in and out as plain values.

- `records`: the frozen records the server reads, and the errors (`Conflict`, `Fenced`);
- `models`: the tables; `rows`: rows into records;
- `rooms`: the room queries (create, load and claim, due rooms, expiry);
- `archive`: the archive and My games queries;
- `writes`: a room's fenced writes (`RoomWriter`);
- `group_commit`: the one writer task that commits every room's moves, a batch at a time;
- `store`: `Store`, all of these behind one object; `database`: the engine and migrations.
"""

from app.store.database import OUTAGE_ERRORS, Database, is_outage, normalize_url
from app.store.records import (
    Conflict,
    Fenced,
    Finish,
    GamePage,
    GameRecord,
    RoomRecord,
    SeatRecord,
)
from app.store.store import Store
from app.store.writes import RoomWriter

__all__ = [
    "OUTAGE_ERRORS",
    "Conflict",
    "Database",
    "Fenced",
    "Finish",
    "GamePage",
    "GameRecord",
    "RoomRecord",
    "RoomWriter",
    "SeatRecord",
    "Store",
    "is_outage",
    "normalize_url",
]
