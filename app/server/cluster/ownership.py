"""How the processes serving the same rooms find each other: who owns a room, and messages
between processes.

One process at a time owns a room (holds it in memory, applies its moves, runs its bots and
clock); the others relay their connections' frames to it. Both clusters here implement
`ports.Cluster`. `LocalCluster` is the embedded default, one process that owns every room.
`RedisCluster` shares rooms between processes through Redis: an owner lease per room (a key
with a time to live, renewed by its holder), a liveness key per process, and one pub/sub
channel per process for the frames relayed to it. Redis is never the truth: the database fences
every write by the room's epoch, so a process that lost its lease (frozen, cut off) can commit
nothing, and a Redis restart loses no accepted move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable

import orjson

from app.server.ports import Message, MessageHandler

log = logging.getLogger(__name__)


class LocalCluster:
    """One process: it owns every room it loads, and there is nobody to talk to."""

    def __init__(self) -> None:
        self.process = "local"
        self.connected = True

    async def start(self, on_message: MessageHandler, on_lost: Callable[[str], None],
                    on_resubscribed: Callable[[], None]) -> None:
        """Nothing to start."""

    async def stop(self) -> None:
        """Nothing to stop."""

    async def claim(self, code: str) -> bool:
        """Always: no other process."""
        return True

    async def release(self, code: str) -> None:
        """Nothing to release."""

    async def owners(self, codes: list[str]) -> list[str | None]:
        """No other process owns anything (this one's rooms are in its registry)."""
        return [None for _ in codes]

    async def alive(self, processes: list[str]) -> list[bool]:
        """Only this process exists."""
        return [process == self.process for process in processes]

    def post(self, process: str, message: Message) -> None:
        """There is no other process to post to."""
        raise RuntimeError("a single process has nobody to post to")

    async def reachable(self) -> bool | None:
        """Nothing to reach."""
        return None

    async def start_hint(self, address: str, ticket: str, at_once: int, per_minute: int,
                         longest: float) -> bool:
        """Always: this process's own bounds (`rooms.admission`) are every process's."""
        return True

    async def end_hint(self, address: str, ticket: str) -> None:
        """Nothing counted."""


# Renew a lease only while we still hold it (compare and set, atomically).
_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
# A hint of one client address, counted across processes: KEYS[1] holds the hints being thought
# over (scored by when each is forgotten anyway), KEYS[2] those started (scored by when). Redis's
# own clock, so that the processes' clocks need not agree.
_START_HINT = """
local t = redis.call('time')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('zremrangebyscore', KEYS[1], '-inf', now)
if redis.call('zcard', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('zremrangebyscore', KEYS[2], '-inf', now - 60000)
if redis.call('zcard', KEYS[2]) >= tonumber(ARGV[3]) then return 0 end
redis.call('zadd', KEYS[1], now + tonumber(ARGV[4]), ARGV[1])
redis.call('pexpire', KEYS[1], ARGV[4])
redis.call('zadd', KEYS[2], now, ARGV[1])
redis.call('pexpire', KEYS[2], 60000)
return 1
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


class RedisCluster:
    """Rooms shared by processes through Redis (`REDIS_URL`)."""

    def __init__(self, url: str, lease_seconds: float, prefix: str = "carc") -> None:
        import redis.asyncio as redis

        self.process = secrets.token_hex(6)
        self.lease_ms = int(lease_seconds * 1000)
        self.prefix = prefix
        self._redis = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        self._owned: set[str] = set()
        self.connected = True  # until a message cannot go out, or the subscription breaks
        self._outbox: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._on_message: MessageHandler | None = None
        self._on_lost: Callable[[str], None] | None = None
        self._on_resubscribed: Callable[[], None] = lambda: None
        self._probe: asyncio.Task[None] | None = None  # `_until_reachable`, after a failed publish

    def _owner_key(self, code: str) -> str:
        return f"{self.prefix}:owner:{code}"

    def _alive_key(self, process: str) -> str:
        return f"{self.prefix}:alive:{process}"

    def _channel(self, process: str) -> str:
        return f"{self.prefix}:to:{process}"

    async def start(self, on_message: MessageHandler, on_lost: Callable[[str], None],
                    on_resubscribed: Callable[[], None]) -> None:
        """Subscribe to this process's channel, then keep its liveness and leases renewed."""
        self._on_message, self._on_lost = on_message, on_lost
        self._on_resubscribed = on_resubscribed
        ready = asyncio.get_running_loop().create_future()
        self._tasks = [
            asyncio.create_task(self._listen(ready)),
            asyncio.create_task(self._send_forever()),
            asyncio.create_task(self._renew_forever()),
        ]
        await ready

    async def stop(self) -> None:
        """Release every lease, stop the tasks, close the connections."""
        for code in list(self._owned):
            await self.release(code)
        with contextlib.suppress(Exception):
            await self._redis.delete(self._alive_key(self.process))
        tasks = [*self._tasks, *([self._probe] if self._probe is not None else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._redis.aclose()

    async def claim(self, code: str) -> bool:
        """SET NX with the lease's time to live (or this process holds it already)."""
        key = self._owner_key(code)
        if await self._redis.set(key, self.process, nx=True, px=self.lease_ms):
            self._owned.add(code)
            return True
        if (await self._redis.get(key)) == self.process.encode():
            self._owned.add(code)
            return True
        return False

    async def release(self, code: str) -> None:
        """Delete the lease if it is still ours."""
        self._owned.discard(code)
        try:
            await self._redis.eval(_RELEASE, 1, self._owner_key(code), self.process)
        except Exception as exc:  # the lease runs out by itself
            log.warning("releasing room %s: %r", code, exc)

    async def owners(self, codes: list[str]) -> list[str | None]:
        """One round trip for all of them."""
        if not codes:
            return []
        values = await self._redis.mget([self._owner_key(code) for code in codes])
        return [value.decode() if value is not None else None for value in values]

    async def alive(self, processes: list[str]) -> list[bool]:
        """Whether each process's liveness key is still there."""
        if not processes:
            return []
        values = await self._redis.mget([self._alive_key(p) for p in processes])
        return [value is not None for value in values]

    async def reachable(self) -> bool | None:
        """Redis answers a PING."""
        try:
            return bool(await self._redis.ping())
        except Exception:
            return False

    async def start_hint(self, address: str, ticket: str, at_once: int, per_minute: int,
                         longest: float) -> bool:
        """Count it in Redis (`_START_HINT`)."""
        keys = (f"{self.prefix}:hints:{address}", f"{self.prefix}:hinted:{address}")
        started = await self._redis.eval(_START_HINT, 2, *keys, ticket, at_once, per_minute,
                                         max(1, int(longest * 1000)))
        return bool(started)

    async def end_hint(self, address: str, ticket: str) -> None:
        """Take it off the hints being thought over (it stays among those started)."""
        await self._redis.zrem(f"{self.prefix}:hints:{address}", ticket)

    def post(self, process: str, message: Message) -> None:
        """Queue `message` for `process`; one task publishes, so the order is kept. An intent
        or a hello that could not be published is answered here (`undelivered`)."""
        self._outbox.put_nowait((self._channel(process), orjson.dumps(message)))

    async def _send_forever(self) -> None:
        while True:
            channel, data = await self._outbox.get()
            batch = [(channel, data)]
            while not self._outbox.empty() and len(batch) < 256:
                batch.append(self._outbox.get_nowait())
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for channel, data in batch:
                        pipe.publish(channel, data)
                    await pipe.execute()
            except Exception as exc:
                # Pub/sub is not the truth: a lost frame is a client that resyncs. But the
                # sender of a lost intent or hello is told, not left waiting.
                if self.connected:
                    log.warning("publishing %d message(s) failed: %r", len(batch), exc)
                self.connected = False
                await self._undelivered([data for _, data in batch])
                if self._probe is None or self._probe.done():
                    self._probe = asyncio.create_task(self._until_reachable())

    async def _until_reachable(self) -> None:
        """After a failed publish: wait until Redis answers again, then say so and resync the
        relayed connections (what was published meanwhile is lost). Without this, a process
        whose relayed intents are all refused while it is cut off would publish nothing more,
        and stay cut off after Redis came back."""
        while True:
            await asyncio.sleep(0.5)
            try:
                await self._redis.ping()
            except Exception:
                continue  # still away: ask again
            break
        if not self.connected:
            log.warning("redis reachable again")
            self.connected = True
            self._on_resubscribed()

    async def _undelivered(self, lost: list[bytes]) -> None:
        """Tell this process's connections whose intent or hello was lost (`undelivered`,
        to the room's proxy)."""
        assert self._on_message is not None
        for data in lost:
            message = orjson.loads(data)
            if message.get("t") in ("intent", "join") and message.get("from") == self.process:
                ref = (message.get("intent") or {}).get("ref")
                await self._on_message({"t": "undelivered", "room": message["room"],
                                        "conn": message["conn"], "ref": ref})

    async def _listen(self, ready: asyncio.Future[None]) -> None:
        """Read this process's channel; reconnect (and say so) when Redis goes away."""
        assert self._on_message is not None
        while True:
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self._channel(self.process))
                if not ready.done():
                    ready.set_result(None)
                else:
                    # Back after a break: what was published meanwhile is gone.
                    log.warning("redis subscription restored")
                    self.connected = True
                    self._on_resubscribed()
                while True:
                    item = await pubsub.get_message(timeout=1.0)
                    if item is None or item.get("type") != "message":
                        continue
                    try:
                        await self._on_message(orjson.loads(item["data"]))
                    except Exception:
                        log.exception("handling a relayed message failed")
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("redis subscription lost (%r); retrying", exc)
                self.connected = False
                if not ready.done():
                    ready.set_exception(exc)
                    return
                await asyncio.sleep(0.5)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    async def _renew_forever(self) -> None:
        """Every third of a lease: renew this process's liveness and every lease it holds;
        a lease found taken by another process (or gone and taken) is lost."""
        period = self.lease_ms / 3000
        while True:
            try:
                await self._renew()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                # Redis away: nobody else can take our rooms meanwhile (no Redis, no lease),
                # and the database fences us off if someone did.
                log.warning("renewing leases failed: %r", exc)
            await asyncio.sleep(period)

    async def _renew(self) -> None:
        await self._redis.set(self._alive_key(self.process), 1, px=self.lease_ms * 2)
        codes = list(self._owned)
        if not codes:
            return
        async with self._redis.pipeline(transaction=False) as pipe:
            for code in codes:
                pipe.eval(_RENEW, 1, self._owner_key(code), self.process, self.lease_ms)
            results = await pipe.execute()
        for code, renewed in zip(codes, results, strict=True):
            if renewed:
                continue
            # Gone (Redis restarted, or we were frozen past the lease): take it again if
            # nobody has; else it is lost.
            if await self._redis.set(self._owner_key(code), self.process, nx=True,
                                     px=self.lease_ms):
                continue
            self._owned.discard(code)
            assert self._on_lost is not None
            self._on_lost(code)
