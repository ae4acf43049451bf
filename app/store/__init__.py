"""Persistence: SQLAlchemy models, the database handle and the few queries the rooms need.

Nothing here imports the web layer or the engine; rows go in and out as plain values.
"""

from app.store.database import Database, normalize_url
from app.store.repository import (
    Conflict,
    Fenced,
    Finish,
    GamePage,
    GameRecord,
    RoomRecord,
    RoomWriter,
    SeatRecord,
    Store,
)

__all__ = [
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
    "normalize_url",
]
