"""How the processes serving the same rooms find each other: who owns a room, and messages
between processes.

One process at a time owns a room (holds it in memory, applies its moves, runs its bots and
clock); the others relay their connections' frames to it. `LocalCluster` is the embedded
default, one process that owns every room. `RedisCluster` shares rooms between processes
through Redis: an owner lease per room (a key with a time to live, renewed by its holder),
a liveness key per process, and one pub/sub channel per process for the frames relayed to
it. Redis is never the truth: the database fences every write by the room's epoch, so a
process that lost its lease (frozen, cut off) can commit nothing, and a Redis restart loses
no accepted move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import orjson

log = logging.getLogger(__name__)

Message = dict[str, Any]
Handler = Callable[[Message], Awaitable[None]]


class Cluster(Protocol):
    """Room ownership and messages between the processes serving rooms."""

    process: str

    async def start(self, on_message: Handler, on_lost: Callable[[str], None],
                    on_resubscribed: Callable[[], None]) -> None:
        """Begin; `on_message` gets every message sent to this process, `on_lost` the code
        of each room whose ownership this process lost, `on_resubscribed` a call each time
        the messages reach this process again after a break (some may have been lost)."""

    async def stop(self) -> None:
        """Release every room this process owns and stop."""

    async def claim(self, code: str) -> bool:
        """Become the owner of room `code` unless another process is; True when this one is."""
        ...

    async def release(self, code: str) -> None:
        """Give up room `code` (it left this process's memory)."""

    async def owners(self, codes: list[str]) -> list[str | None]:
        """The process owning each room, or None."""
        ...

    async def alive(self, processes: list[str]) -> list[bool]:
        """Whether each process is still running (renews its liveness)."""
        ...

    def post(self, process: str, message: Message) -> None:
        """Send `message` to `process` (in order with every other message posted here)."""

    async def reachable(self) -> bool | None:
        """Whether the means of sharing rooms answers now (None: nothing to reach)."""
        ...


class LocalCluster:
    """One process: it owns every room it loads, and there is nobody to talk to."""

    def __init__(self) -> None:
        self.process = "local"

    async def start(self, on_message: Handler, on_lost: Callable[[str], None],
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


# Renew a lease only while we still hold it (compare and set, atomically).
_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
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
        self._outbox: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._on_message: Handler | None = None
        self._on_lost: Callable[[str], None] | None = None
        self._on_resubscribed: Callable[[], None] = lambda: None

    def _owner_key(self, code: str) -> str:
        return f"{self.prefix}:owner:{code}"

    def _alive_key(self, process: str) -> str:
        return f"{self.prefix}:alive:{process}"

    def _channel(self, process: str) -> str:
        return f"{self.prefix}:to:{process}"

    async def start(self, on_message: Handler, on_lost: Callable[[str], None],
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
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
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

    def post(self, process: str, message: Message) -> None:
        """Queue `message` for `process`; one task publishes, so the order is kept."""
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
                # Pub/sub is not the truth: a lost frame is a client that resyncs.
                log.warning("publishing %d message(s) failed: %r", len(batch), exc)

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
