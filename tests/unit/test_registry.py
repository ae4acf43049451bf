"""The rooms of one process (`cluster.registry.Rooms`): one copy of each room at most, and a
copy that lost its room never lets go of another's, in-process with the room test fakes."""

from __future__ import annotations

from fakes import FakeClock, FakeStore, services

from app.server.cluster.registry import Rooms
from app.server.rooms.identity import hash_token
from app.store import RoomRecord, SeatRecord

CODE = "abcdefgh"
ANN = "ann-token"


class RoomsStore(FakeStore):
    """The fake store with the one read the registry makes of a room."""

    async def load_room(self, code: str, claim: bool = False) -> RoomRecord | None:
        return self.load(code) if code in self.rooms else None


def registry() -> Rooms:
    store = RoomsStore()
    store.add_room(CODE, hash_token(ANN), {"seats": 2},
                   [SeatRecord(0, "Ann", "red", hash_token(ANN))])
    return Rooms(store, services(store, FakeClock()))  # type: ignore[arg-type]


async def test_a_room_held_here_is_never_taken_a_second_time() -> None:
    """Its due move and its relayed connections both take it (the scheduler and the follow
    of a lost owner): a second copy would fence the first off mid-move and strand both."""
    rooms = registry()
    first = await rooms._take(CODE)
    again = await rooms._take(CODE)
    assert first is not None and again is first
    assert rooms.loaded == 1 and not first.closed


async def test_a_copy_that_lost_its_room_lets_go_of_nothing_else() -> None:
    rooms = registry()
    room = await rooms._take(CODE)
    assert room is not None
    room.closed = True  # this copy left memory (moved, or unloaded)
    newer = await rooms._take(CODE)
    assert newer is not None and newer is not room
    room.on_lost()  # the old copy's write is fenced off: it reports its loss
    assert rooms.loaded == 1 and not newer.closed
    newer.on_lost()  # the copy held here: it goes
    assert rooms.loaded == 0 and newer.closed
