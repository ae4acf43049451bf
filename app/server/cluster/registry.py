"""The rooms of this process, and how it shares them with other processes.

A room lives in the database; a process takes it into memory (owns it) while it is in use:
on the first connection, or when its next automatic move is due (`rooms.wake_at`, found by
the scheduler), and lets it go when it has been idle a while. With several processes
(`ownership.RedisCluster`) one of them owns a room at a time; a connection that reaches another
process is relayed to the owner (`relay.RoomProxy`), and when the owner goes away (killed,
frozen) a process that needs the room takes it over from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Coroutine
from datetime import timedelta
from typing import Any

from app.server.cluster.relay import RemotePeer, RoomProxy
from app.server.ports import Cluster, Message, Moved
from app.server.rooms.identity import clean_name, new_token
from app.server.rooms.lobby import Lobby
from app.server.rooms.room import Room
from app.server.rooms.services import Services
from app.server.rooms.timing import stamp
from app.server.rooms.views import room_view
from app.server.wire import intents as i
from app.server.wire.errors import ErrorCode, GameError
from app.server.wire.facts import Close
from app.server.wire.options import RoomOptions
from app.server.wire.ws import Connection
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
    """The rooms this process owns (in memory) or relays to their owner, keyed by code."""

    def __init__(self, store: Store, services: Services) -> None:
        self.store = store
        self.services = services
        self.settings = services.settings
        self.clock = services.clock
        self.cluster: Cluster = services.cluster
        self._rooms: dict[str, Room] = {}
        self._proxies: dict[str, RoomProxy] = {}
        # On the owner: the connections other processes hold, by (process, connection id).
        self._remote: dict[tuple[str, int], tuple[RemotePeer, str]] = {}
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()

    async def create(self, name: str, color: str, options: RoomOptions) -> tuple[str, str]:
        """Create a room with its creator (the host) in seat 0; returns (code, token)."""
        name = clean_name(name)
        options.check_color(color)
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

    # -- connections ---------------------------------------------------------------------------

    async def enter(self, code: str, conn: Connection) -> bool:
        """Join `conn` (which said hello) to room `code`, here or at its owner; False when
        there is no such room. Raises `GameError(SERVER_ERROR)` if it cannot be rebuilt."""
        canonical = normalize_code(code)
        if canonical is None:
            return False
        assert conn.hello is not None
        while True:
            try:
                entry = await self._entry(canonical)
            except GameError:
                raise
            except Exception:
                # Redis or the database away: the hello is answered, and the client comes back.
                self.services.metrics.outages.failed("enter", f"room {canonical}: could not "
                                                     "find its owner")
                raise GameError(ErrorCode.UNAVAILABLE, "This room cannot be reached just now; "
                                "try again in a moment.") from None
            self.services.metrics.outages.recovered("enter")
            if entry is None:
                return False
            conn.room = entry
            try:
                await entry.join(conn, conn.hello)
            except Moved:
                continue  # it changed hands while we looked: look again
            return True

    async def leave(self, conn: Connection) -> None:
        """`conn` went away."""
        if conn.room is not None:
            await conn.room.drop(conn)

    async def summary(self, code: str) -> dict[str, Any] | None:
        """`state.room` of room `code`, or None if there is no such room: as its connections
        see it when this process holds the room, else as stored (nobody shown online). An
        HTTP look never brings a room into memory."""
        canonical = normalize_code(code)
        if canonical is None:
            return None
        room = self._rooms.get(canonical)
        if room is not None:
            return room.state()["room"]
        record = await self.store.load_room(canonical)
        if record is None:
            return None
        playing = record.game is not None and not record.game.finished
        return room_view(canonical, Lobby(record), playing, ())

    async def _entry(self, code: str) -> Room | RoomProxy | None:
        room = self._rooms.get(code)
        if room is not None:
            room.last_activity = self.clock.now()
            return room
        async with self._lock:
            room = self._rooms.get(code)
            if room is not None:
                return room
            proxy = self._proxies.get(code)
            if proxy is not None:
                return proxy
            (owner,) = await self.cluster.owners([code])
            if owner is None or owner == self.cluster.process:
                room = await self._take(code)
                if room is not None:
                    return room
                (owner,) = await self.cluster.owners([code])
                if owner is None:
                    return None  # no such room
            proxy = self._proxies[code] = RoomProxy(code, owner, self.cluster)
            return proxy

    async def _take(self, code: str) -> Room | None:
        """Own room `code`: claim it, load it (raising its epoch), start its work. None when
        another process owns it or there is no such room. Under `_lock`. A room this process
        holds already is that room: a second copy would fence the first off mid-move."""
        held = self._rooms.get(code)
        if held is not None and not held.closed:
            return held
        if not await self.cluster.claim(code):
            return None
        try:
            record = await self.store.load_room(code, claim=True)
        except Exception:
            await self.cluster.release(code)
            raise
        if record is None:
            await self.cluster.release(code)
            return None
        try:
            room = Room(record, self.services)
        except Exception:
            await self.cluster.release(code)
            log.exception("room %s: could not rebuild its game", code)
            raise GameError(
                ErrorCode.SERVER_ERROR, "This room's game could not be restored."
            ) from None
        room.on_lost = lambda: self.lose(code, room)
        self._rooms[code] = room
        await room.start()
        return room

    # -- the owner's side of relayed connections ---------------------------------------------

    async def on_message(self, message: Message) -> None:
        """A message from another process (`cluster.post`)."""
        kind, code = message["t"], message["room"]
        if kind in ("send", "fanout", "close", "undelivered"):
            proxy = self._proxies.get(code)
            if proxy is not None:
                proxy.deliver(message)
            return
        if kind == "moved":
            self._spawn(self._follow([code]))
            return
        key = (message["from"], message["conn"])
        if kind == "join":
            room = self._rooms.get(code)
            if room is None or room.closed:  # not ours (any more): the proxy must look again
                self.cluster.post(key[0], {"t": "moved", "room": code})
                return
            old = self._remote.pop(key, None)
            if old is not None:  # the same connection again (its process lost contact)
                old[0].stop()
                await room.drop(old[0])
            peer = RemotePeer(self.cluster, key[0], key[1], code, self.settings,
                              str(message.get("address", "?")))
            self._remote[key] = (peer, code)
            peer.start(room)
            await room.join(peer, i.Hello.model_validate(message["hello"]))
        elif kind == "intent":
            held = self._remote.get(key)
            if held is not None:
                held[0].inbox.put_nowait(i.decode_relayed(message["intent"]))
        elif kind == "drop":
            held = self._remote.pop(key, None)
            room = self._rooms.get(code)
            if held is not None:
                held[0].stop()
                if room is not None:
                    await room.drop(held[0])

    def resync_relayed(self) -> None:
        """Messages between the processes were broken off (Redis went away and came back):
        frames for the connections relayed here may be lost, so each says hello to its
        room's owner again and gets a fresh snapshot (until then no diff reaches it, so none
        sees a gap)."""
        for proxy in self._proxies.values():
            proxy.rejoin()

    def lose(self, code: str, room: Room | None = None) -> None:
        """This process no longer owns room `code` (its lease was taken; with `room`, that
        copy's epoch was): forget it; its connections here reconnect (1012), those relayed
        look for the new owner. A copy it no longer holds is let go of already."""
        held = self._rooms.get(code)
        if held is None or held.closed or (room is not None and held is not room):
            return
        del self._rooms[code]
        log.warning("room %s: another process took it over", code)
        held.closed = True
        held.dispose()
        processes = set()
        for peer in list(held.peers):
            if peer.process is None:
                peer.close(Close.RESTART, "room moved")
            else:
                processes.add(peer.process)
        for key, (peer, peer_code) in list(self._remote.items()):
            if peer_code == code:
                peer.stop()
                del self._remote[key]
        for process in processes:
            self.cluster.post(process, {"t": "moved", "room": code})

    # -- the work of every second --------------------------------------------------------------

    async def run(self) -> None:
        """Forever: follow the owners of relayed rooms, take the rooms whose time has come,
        drop relayed connections of processes that died, let idle rooms go."""
        settings = self.settings
        ticks = 0
        while True:
            await asyncio.sleep(settings.scheduler_seconds)
            ticks += 1
            failed = False
            for step in (
                lambda: self._follow(list(self._proxies)),
                self._wake_due,
                self._sweep_remote,
                self._unload_idle,
            ):
                try:
                    await step()
                except asyncio.CancelledError:
                    raise
                except Exception:
                    # Every second while the database or Redis is away: said once, counted.
                    self.services.metrics.outages.failed("upkeep", "room upkeep failed")
                    failed = True
            if not failed:
                self.services.metrics.outages.recovered("upkeep")

    async def _follow(self, codes: list[str]) -> None:
        """For relayed rooms: keep up with their owner; take over a room nobody owns."""
        owners = await self.cluster.owners(codes)
        for code, owner in zip(codes, owners, strict=True):
            proxy = self._proxies.get(code)
            if proxy is None:
                continue
            if not proxy.conns:
                del self._proxies[code]
            elif owner is None or owner == self.cluster.process:
                await self._take_over(proxy)
            elif owner != proxy.owner:
                proxy.retarget(owner)
            else:
                proxy.rejoin_unanswered(self.settings.lease_seconds)

    async def _take_over(self, proxy: RoomProxy) -> None:
        """The owner of a relayed room is gone: own it here, and join its connections."""
        async with self._lock:
            if self._proxies.get(proxy.code) is not proxy:
                return
            room = await self._take(proxy.code)
            if room is None:
                return  # another process was quicker: `_follow` retargets next time
            del self._proxies[proxy.code]
            proxy.closed = True  # a connection entering now finds the room instead
            moving = list(proxy.conns.values())
        log.info("room %s: taken over from its lost owner", proxy.code)
        for conn in moving:
            conn.room = room
            assert conn.hello is not None
            try:
                await room.join(conn, conn.hello)
            except Moved:
                # lost again while its connections came in: each looks for its owner anew
                if not await self.enter(proxy.code, conn):
                    conn.close(Close.RESTART, "room moved")

    async def _wake_due(self) -> None:
        """Take the rooms whose next automatic move is due and that nobody owns."""
        horizon = self.clock.now() + self.settings.scheduler_seconds * 2
        due = [c for c in await self.store.due_rooms(stamp(horizon)) if c not in self._rooms]
        owners = await self.cluster.owners(due)
        for code, owner in zip(due, owners, strict=True):
            if owner is None:
                async with self._lock:
                    if code not in self._rooms:
                        with contextlib.suppress(GameError):  # logged; the others go on
                            await self._take(code)

    async def _sweep_remote(self) -> None:
        """Drop the relayed connections of processes that stopped."""
        processes = sorted({process for process, _ in self._remote})
        alive = await self.cluster.alive(processes)
        dead = {process for process, ok in zip(processes, alive, strict=True) if not ok}
        for key, (peer, code) in list(self._remote.items()):
            if key[0] in dead:
                peer.stop()
                del self._remote[key]
                room = self._rooms.get(code)
                if room is not None:
                    await room.drop(peer)

    async def _unload_idle(self) -> None:
        """Let go of rooms nobody is connected to that have nothing due soon."""
        now = self.clock.now()
        quiet = self.settings.room_unload_seconds
        for code, room in list(self._rooms.items()):
            due = room.wake_at()
            if room.peers or room.lock.locked() or now - room.last_activity < quiet:
                continue
            if due is not None and due.timestamp() < now + quiet:
                continue
            async with self._lock:
                if self._rooms.get(code) is room and not room.peers:
                    del self._rooms[code]
                    room.closed = True
                    room.dispose()
                    await self.cluster.release(code)

    async def expire(self) -> int:
        """Delete from the store rooms that never had a game and nobody used for
        `room_idle_hours` (none in memory here). Games are never deleted."""
        idle = self.settings.room_idle_hours * 3600
        keep = {room.id for room in self._rooms.values()}
        return await self.store.expire_rooms(timedelta(seconds=idle), keep)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @property
    def loaded(self) -> int:
        """How many rooms this process holds in memory."""
        return len(self._rooms)

    @property
    def running_games(self) -> int:
        """How many of them have a game running."""
        return sum(1 for room in self._rooms.values() if room.running)

    def close_all(self, code: int, reason: str) -> None:
        """Close every connection of every room and stop their timers (shutdown)."""
        for room in self._rooms.values():
            room.close_all(code, reason)
            room.dispose()
        for proxy in self._proxies.values():
            for conn in list(proxy.conns.values()):
                conn.close(code, reason)
