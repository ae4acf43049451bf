"""How much thinking (strong-bot moves, hints) the rooms of this process may ask of the worker
processes at once, so that one client cannot fill their queue and slow every other game.

A hint is admitted only while its room has fewer than `hints_per_room` hints being thought
over, its client's address fewer than `hints_per_address` (however many rooms and seats it
holds), within `hints_per_address_minute` a minute (a token bucket of two: one address
keeps a worker busy a fifth of the time at most, with the shipped settings), and the process
fewer than `thinking_per_worker` jobs per worker process waiting or running (hints and
strong-bot moves together); otherwise it is refused at once with `busy` (`args.limit`:
`room`, `address` or `server`), and the player may ask again. A bot's move is
never refused (its game would stop): it is counted, so that hints give way to it. In which
order the admitted jobs run is the worker scheduler's business, not this module's.

With several processes (Redis), an address's hints are counted in all of them as well
(`Cluster.start_hint`): `hints_per_address` at once and `hints_per_address_minute` and one
more (the bucket's burst) in any minute, however its rooms are spread over the processes.
If Redis does not answer, each process's own bounds still hold.
"""

from __future__ import annotations

import secrets
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager

from app.server.observe.outages import Outages
from app.server.ports import Cluster
from app.server.settings import Settings
from app.server.wire.errors import ErrorCode, GameError
from app.server.wire.rates import FrameRate


class Admission:
    """The thinking jobs of this process in flight, by room and by client address."""

    def __init__(self, settings: Settings, cluster: Cluster, outages: Outages) -> None:
        self.cluster = cluster
        self.outages = outages
        # A hint of a process that died is forgotten after this (a hint takes `hint_seconds`
        # once it runs; this leaves room for the queue before it).
        self.longest = 10 * settings.hint_seconds + 30
        self.per_room = settings.hints_per_room
        self.per_address = settings.hints_per_address
        self.at_once = max(1, settings.bot_workers) * settings.thinking_per_worker
        self.per_minute = settings.hints_per_address_minute
        self.in_flight = 0  # hints and strong-bot moves, waiting or running
        self._started: dict[str, FrameRate] = {}  # hints started, per address
        self._rooms: Counter[str] = Counter()
        self._addresses: Counter[str] = Counter()

    @asynccontextmanager
    async def hint(self, room: str, address: str) -> AsyncIterator[None]:
        """Hold a place for one hint of `room`, asked from `address`, while inside; raises
        `GameError(BUSY)` (nothing changes) when a bound is reached."""
        limit = self._limit(room, address)
        if limit is None:
            # Held here before the cluster is asked, so that no second hint of the address
            # passes this process's bounds meanwhile.
            self._hold(room, address, 1)
            ticket = secrets.token_hex(8)
            if not await self._everywhere(address, ticket):
                self._hold(room, address, -1)
                limit = "address"
        if limit is not None:
            raise GameError(ErrorCode.BUSY, "The server is thinking for others: ask again in a "
                            "moment.", limit=limit)
        try:
            yield
        finally:
            self._hold(room, address, -1)
            await self._ended(address, ticket)

    def _limit(self, room: str, address: str) -> str | None:
        """The bound of this process that a hint of `room` from `address` would pass."""
        if self._rooms[room] >= self.per_room:
            return "room"
        if self._addresses[address] >= self.per_address:
            return "address"
        if self.in_flight >= self.at_once:
            return "server"
        if not self._rate(address):  # last: only a hint that may start takes a token
            return "address"
        return None

    def _hold(self, room: str, address: str, count: int) -> None:
        self._rooms[room] += count
        self._addresses[address] += count
        self.in_flight += count
        for counts, key in ((self._rooms, room), (self._addresses, address)):
            if counts[key] <= 0:
                del counts[key]

    async def _everywhere(self, address: str, ticket: str) -> bool:
        """The hint counted in every process; True if Redis cannot say (nothing counted)."""
        try:
            started = await self.cluster.start_hint(address, ticket, self.per_address,
                                                    self.per_minute + 1, self.longest)
        except Exception:
            self.outages.failed("hints", "could not count a hint in the cluster; this "
                                "process's own bounds hold meanwhile")
            return True
        self.outages.recovered("hints")
        return started

    async def _ended(self, address: str, ticket: str) -> None:
        try:
            await self.cluster.end_hint(address, ticket)
        except Exception:
            # Forgotten by itself `longest` seconds on: until then it counts against the address.
            self.outages.failed("hints", "could not end a hint in the cluster")

    def _rate(self, address: str) -> bool:
        """Count a hint started from `address` now; False when it has had its share."""
        if len(self._started) > 10_000:  # forget the addresses whose bucket is full again
            now = time.monotonic()
            self._started = {a: r for a, r in self._started.items()
                             if now - r.refilled < r.burst / r.per_second}
        rate = self._started.get(address)
        if rate is None:
            rate = self._started[address] = FrameRate(2, self.per_minute / 60)
        return rate.allow()

    @contextmanager
    def bot(self) -> Iterator[None]:
        """Count one bot move being thought over while inside; never refused."""
        self.in_flight += 1
        try:
            yield
        finally:
            self.in_flight -= 1

