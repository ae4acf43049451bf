"""The Redis cluster in this process against a real Redis server: a publish that fails while the
subscription stays up (Redis stops taking writes for longer than the socket's timeout) is not
the end of relaying: once Redis answers again the process says it is connected and resyncs its
relayed connections, as it does after a lost subscription."""

from __future__ import annotations

import asyncio

import pytest
import redis.asyncio as aioredis

from app.server.cluster.ownership import RedisCluster
from tests.redisproc import RedisProcess

pytestmark = pytest.mark.asyncio(loop_scope="function")


async def test_a_failed_publish_is_followed_by_a_resync_once_redis_answers(tmp_path):
    server = RedisProcess(tmp_path).start()
    cluster = RedisCluster(server.url, lease_seconds=30)
    resynced = asyncio.Event()
    told: list[dict] = []

    async def on_message(message: dict) -> None:
        told.append(message)

    try:
        await cluster.start(on_message, lambda code: None, resynced.set)
        admin = aioredis.Redis(port=server.port)
        # Writes (PUBLISH among them) wait for 7 s: longer than the cluster's 5 s timeout.
        await admin.execute_command("CLIENT", "PAUSE", "7000", "WRITE")
        cluster.post("elsewhere", {"t": "intent", "room": "abcd", "from": cluster.process,
                                   "conn": 7, "intent": {"type": "sync", "ref": "r1"}})
        await asyncio.wait_for(resynced.wait(), timeout=30)
        assert cluster.connected
        # The sender of the lost intent was told it did not arrive.
        assert told == [{"t": "undelivered", "room": "abcd", "conn": 7, "ref": "r1"}]
        await admin.aclose()
    finally:
        await cluster.stop()
        server.kill()
