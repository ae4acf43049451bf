"""Several server processes, one world: three `python -m app` processes on one PostgreSQL
database and a Redis server of the test's own; players and watchers spread over them.

Owners are killed (SIGKILL) or frozen (SIGSTOP) mid-game and Redis is restarted: the game
goes on from the other processes, every move any client saw is stored exactly once, and the
archived log replays to the same final scores. Nothing here waits for time to pass: every
wait is for an event (a frame, a closed socket), bounded by a generous timeout.
"""

from __future__ import annotations

import asyncio
import random
import signal
from collections.abc import Callable
from typing import Any

import httpx
import pytest
import redis
import websockets
from wsclient import PROTOCOL, Client, choose_move, create_room

from app.engine import from_log
from app.server.wire.client import ProtocolViolation
from tests.redisproc import RedisProcess

pytestmark = pytest.mark.asyncio(loop_scope="function")

# Short leases so that a takeover takes a second or two, not the production few seconds.
FAST = {"CARC_LEASE_SECONDS": "1.2", "CARC_SCHEDULER_SECONDS": "0.2", "CARC_BOT_PAUSE_SECONDS": "0",
        "CARC_LOG_LEVEL": "info"}


class Cluster:
    """The test's Redis, database and server processes."""

    def __init__(self, factory: Callable[..., Any], database: str, redis_server: RedisProcess):
        self.factory = factory
        self.database = database
        self.redis = redis_server
        self.servers: list[Any] = []

    def start(self, count: int = 1, **env: str) -> list[Any]:
        started = [
            self.factory(self.database, REDIS_URL=self.redis.url, **FAST, **env)
            for _ in range(count)
        ]
        self.servers += started
        return started

    def live(self) -> list[Any]:
        return [s for s in self.servers if s.proc.poll() is None and not getattr(s, "frozen", 0)]

    async def process_of(self, server: Any) -> str:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            return (await http.get("/api/health")).json()["process"]

    async def owner(self, code: str) -> Any | None:
        """The server process that owns room `code` now, if any."""
        value = redis.Redis(port=self.redis.port).get(f"carc:owner:{code}")
        if value is None:
            return None
        for server in self.servers:
            if server.proc.poll() is None and await self.process_of(server) == value.decode():
                return server
        return None


@pytest.fixture
def cluster(server_factory, fresh_postgres_url, tmp_path):
    redis_server = RedisProcess(tmp_path).start()
    try:
        yield Cluster(server_factory, fresh_postgres_url, redis_server)
    finally:
        redis_server.kill()


# A process answers `unavailable` until its Redis subscription is back after an outage: how
# often and how far apart a player says hello again (the browser waits about as long).
UNAVAILABLE_TRIES = 40
UNAVAILABLE_PAUSE = 0.25


class Player:
    """A client that follows its room across server processes: when its server goes away it
    connects to another one with the same token."""

    def __init__(self, cluster: Cluster, code: str, name: str, token: str | None = None):
        self.cluster = cluster
        self.code = code
        self.name = name
        self.token = token
        self.client: Client | None = None
        self.seen: list[list[dict[str, Any]]] = []  # every turn list this player saw

    async def connect(self, server: Any) -> Player:
        """Connect to `server`; a hello it answers `unavailable` (its Redis not back yet after
        an outage) is said again, as a browser does, a few times at the most."""
        for _attempt in range(UNAVAILABLE_TRIES):
            try:
                self.client = await Client.connect(server.ws_url, self.code, token=self.token,
                                                   name=self.name)
                break
            except ProtocolViolation as refused:
                if "'code': 'unavailable'" not in str(refused):
                    raise
                await asyncio.sleep(UNAVAILABLE_PAUSE)  # a browser's pause before it asks again
        else:
            raise AssertionError(f"{self.name}: {server.url} stayed unavailable")
        self.server = server
        self._remember()
        return self

    def _remember(self) -> None:
        game = self.client.game if self.client else None
        if game is not None and (not self.seen or self.seen[-1] != game["turns"]):
            self.seen.append(list(game["turns"]))

    async def until(self, predicate: Callable[[Client], bool], timeout: float = 30) -> None:
        """Read until `predicate` holds, reconnecting elsewhere if the server goes away;
        `TimeoutError` once `timeout` seconds have passed, reconnections included."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            assert self.client is not None
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"{self.name}: not so within {timeout} s")
            try:
                await self.client.until(lambda c: (self._remember(), predicate(c))[1], left)
                return
            except websockets.ConnectionClosed:
                await self._elsewhere()

    async def send(self, **message: Any) -> None:
        """Send, or (the server went away) reconnect elsewhere without sending."""
        assert self.client is not None
        try:
            await self.client.send(**message)
        except websockets.ConnectionClosed:
            await self._elsewhere()

    async def relay_restored(self) -> None:
        """After an `unavailable` from a process that lost Redis: await the fresh snapshot it
        sends each of its relayed connections once its subscription is back."""
        assert self.client is not None
        seen = _snapshots(self.client)
        await self.until(lambda c: _snapshots(c) > seen, timeout=15)

    async def _elsewhere(self) -> None:
        others = [s for s in self.cluster.live() if s is not self.server]
        await self.connect(random.choice(others or self.cluster.live()))

    @property
    def game(self) -> dict[str, Any]:
        assert self.client is not None and self.client.game is not None
        return self.client.game


def _snapshots(client: Client) -> int:
    """How many snapshots `client` has had."""
    return sum(frame.startswith('{"type":"snapshot"') for frame in client.frames)


async def seated(cluster: Cluster, servers: list[Any], **options: Any) -> list[Player]:
    """Ann (host) and Bo seated, Cy watching: each on its own server."""
    room = await create_room(servers[0].url, seats=2, **options)
    code = room["code"]
    ann = await Player(cluster, code, "Ann", room["token"]).connect(servers[0])
    bo = await Player(cluster, code, "Bo").connect(servers[1 % len(servers)])
    await bo.client.send(type="take_seat", seat=1, name="Bo", color="blue")
    await bo.client.expect("seated")
    bo.token = bo.client.token
    cy = await Player(cluster, code, "Cy").connect(servers[2 % len(servers)])
    return [ann, bo, cy]


async def same_turn(players: list[Player], turn: int) -> None:
    for player in players:
        await player.until(lambda c, t=turn: c.game is not None and c.game["turn"] >= t)


async def play(players: list[Player], rng: random.Random) -> None:
    """The player to move plays a random legal move (sent again if it got lost in a
    takeover); everyone sees it."""
    ann = players[0]
    turn = ann.game["turn"]
    for _attempt in range(10):  # each lost intent costs a takeover: a few at the most
        mover = next(p for p in players if p.client and p.client.my_turn())
        await mover.until(lambda c: c.legal is not None and c.legal["turn"] == c.game["turn"])
        if mover.game["turn"] != turn:
            break  # played meanwhile
        await mover.send(**choose_move(mover.client, rng))
        try:
            await mover.until(lambda c: c.game["turn"] > turn, timeout=6)
            break
        except TimeoutError:
            continue  # the intent went to an owner that died: make it again
        except ProtocolViolation as refused:
            # Redis came back a moment ago and this process does not know it yet: it answered
            # `unavailable` (nothing was sent): make it again
            if "'code': 'unavailable'" not in str(refused):
                raise
            await mover.relay_restored()
            continue
    else:
        raise AssertionError(f"turn {turn} was sent 10 times and never played")
    await same_turn(players, turn + 1)


async def archived_log(server: Any, game_id: int) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        return (await http.get(f"/api/games/{game_id}/log")).json()


def assert_every_seen_move_stored_once(players: list[Player], log: dict[str, Any]) -> None:
    """What any client saw is a prefix of the stored log (nothing lost, nothing forked), and
    the log replays by the rules (a move applied twice would not)."""
    for player in players:
        for turns in player.seen:
            assert log["turns"][: len(turns)] == turns, f"{player.name} saw a lost move"
    from_log(log)


async def start_game(players: list[Player]) -> None:
    """The host starts the game; every player sees turn 0."""
    await players[0].client.send(type="start")
    await same_turn(players, 0)


async def end_and_check(players: list[Player], server: Any) -> dict[str, Any]:
    """The host ends the game; every player sees it finished, and the log `server` archived
    holds every move anyone saw, once. Returns that log."""
    ann = players[0]
    await ann.send(type="end_game", turn=ann.game["turn"])
    for player in players:
        await player.until(lambda c: c.game["finished"])
    log = await archived_log(server, ann.game["id"])
    assert_every_seen_move_stored_once(players, log)
    return log


async def test_players_on_three_processes_play_a_whole_game(cluster):
    servers = cluster.start(3)
    ann, bo, cy = players = await seated(cluster, servers)
    # Presence and chat cross the processes.
    await ann.until(lambda c: c.state["room"]["spectators"]["names"] == ["Cy"])
    await ann.until(lambda c: c.state["room"]["seats"][1]["presence"] == "online")
    await cy.client.send(type="chat", text="good luck")
    for player in (ann, bo):
        await player.until(lambda c: any(line["text"] == "good luck" for line in c.chat))
    await start_game(players)
    rng = random.Random(4)
    while not ann.game["finished"]:
        await play(players, rng)
    for player in players:
        await player.until(lambda c: c.game["finished"])
    assert ann.client.state == bo.client.state == cy.client.state
    assert await cy.client.resync() == ann.client.state
    assert not cy.client.legal, "a watcher never gets placements"
    log = await archived_log(servers[2], ann.game["id"])
    assert_every_seen_move_stored_once(players, log)
    assert from_log(log).scores == [p["score"] for p in ann.game["players"]]


def published(redis_server: RedisProcess) -> int:
    """How many messages the processes have published through Redis so far (every relayed
    hello, intent, frame and goodbye is one)."""
    stats = redis.Redis(port=redis_server.port).info("commandstats")
    return int(stats.get("cmdstat_publish", {}).get("calls", 0))


async def test_routed_by_room_no_move_crosses_redis(cluster):
    # As behind docker-compose's HAProxy (a hash of `/ws/CODE`): every socket of the room
    # reaches one process, which owns the room; HTTP goes anywhere.
    servers = cluster.start(2)
    routed = servers[1]
    room = await create_room(servers[0].url, seats=2)
    ann = await Player(cluster, room["code"], "Ann", room["token"]).connect(routed)
    bo = await Player(cluster, ann.code, "Bo").connect(routed)
    await bo.client.send(type="take_seat", seat=1, name="Bo", color="blue")
    await bo.client.expect("seated")
    cy = await Player(cluster, ann.code, "Cy").connect(routed)
    players = [ann, bo, cy]
    assert await cluster.owner(ann.code) is routed
    before = published(cluster.redis)
    await start_game(players)
    rng = random.Random(6)
    for _ in range(6):
        await play(players, rng)
    await cy.client.send(type="chat", text="well played")
    await ann.until(lambda c: any(line["text"] == "well played" for line in c.chat))
    assert published(cluster.redis) == before, "a move or a chat line crossed Redis"
    # A socket that reaches the other process (a takeover's moment) is relayed, as before.
    async with httpx.AsyncClient(base_url=servers[0].url, timeout=10) as http:
        assert (await http.get(f"/api/rooms/{ann.code}")).status_code == 200
    late = await Player(cluster, ann.code, "Di").connect(servers[0])
    await play([*players, late], rng)
    assert published(cluster.redis) > before
    assert late.client.state == ann.client.state
    assert await cluster.owner(ann.code) is routed


async def test_killing_the_owner_again_and_again_loses_no_move(cluster):
    servers = cluster.start(3)
    players = await seated(cluster, servers)
    ann = players[0]
    await start_game(players)
    code = ann.code
    rng = random.Random(11)
    for round_ in range(5):
        for _ in range(rng.randint(1, 4)):
            await play(players, rng)
        owner = await cluster.owner(code)
        assert owner is not None
        owner.kill()  # SIGKILL: no goodbye, no release
        cluster.start(1)  # keep three processes up
        turn = ann.game["turn"]
        # Everyone gets the game back (a fresh snapshot from whoever took it over).
        await same_turn(players, turn)
        assert (await cluster.owner(code)) is not owner, f"round {round_}"
    for _ in range(3):
        await play(players, rng)
    log = await end_and_check(players, cluster.live()[0])
    assert ann.game["turn"] == len(log["turns"])


async def test_a_frozen_owner_that_wakes_up_commits_nothing(cluster):
    servers = cluster.start(3)
    players = await seated(cluster, servers)
    ann = players[0]
    await start_game(players)
    rng = random.Random(5)
    await play(players, rng)
    code = ann.code
    owner = await cluster.owner(code)
    # Whoever is to move talks to the owner directly from now on.
    mover = next(p for p in players if p.client.my_turn())
    await mover.until(lambda c: c.legal is not None and c.legal["turn"] == c.game["turn"])
    stale_move = choose_move(mover.client, rng)
    direct = await Client.connect(owner.ws_url, code, token=mover.token, name="Again")
    await direct.until(lambda c: c.legal is not None and c.legal["turn"] == c.game["turn"])
    owner.proc.send_signal(signal.SIGSTOP)
    owner.frozen = 1
    # The frozen owner still receives (the kernel buffers) a move it will try to apply.
    await direct.send(**stale_move)
    for player in players:
        if player.server is owner:
            await player.client.close()
            await player.connect(next(s for s in cluster.live() if s is not owner))
    # Another process takes the room over; a different move is played for that turn there.
    turn = ann.game["turn"]
    await same_turn(players, turn)
    await play(players, rng)  # made again until a process took the room over
    kept = ann.game["turns"][turn]
    owner.proc.send_signal(signal.SIGCONT)
    owner.frozen = 0
    # Woken, it finds its lease gone (and lets the room go: 1012), or first applies the
    # buffered move to its old game, which the database refuses (an error, then 1012).
    try:
        await direct.until(lambda c: bool(c.errors), timeout=30, errors_ok=True)
        assert direct.errors[-1]["code"] == "server_error"
    except websockets.ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == 1012
    for _ in range(2):
        await play(players, rng)
    log = await archived_log(servers[1] if servers[1] is not owner else servers[2],
                             ann.game["id"])
    assert log["turns"][turn] == kept, "the frozen owner's move was not stored"
    assert_every_seen_move_stored_once(players, log)


async def test_bots_and_the_clock_play_on_after_a_takeover(cluster):
    servers = cluster.start(2)
    room = await create_room(servers[0].url, seats=2, clock={"bank": 10, "increment": 0})
    code = room["code"]
    ann = await Player(cluster, code, "Ann", room["token"]).connect(servers[0])
    await ann.client.send(type="add_bot", seat=1, level="easy")
    await ann.until(lambda c: c.state["room"]["seats"][1]["bot"] == "easy")
    await ann.client.send(type="start")
    await ann.until(lambda c: c.game is not None)
    # Ann leaves her seat to a bot too: nobody at the table is a person.
    await ann.client.send(type="hand_to_bot", seat=0, level="easy")
    await ann.until(lambda c: c.game["turn"] >= 4)
    watcher = await Player(cluster, code, "Cy").connect(servers[1])
    owner = await cluster.owner(code)
    owner.kill()
    # Nobody is connected to the owner's successor yet: the room is taken because its next
    # move is due, and the bots go on.
    cluster.start(1)
    turn = watcher.game["turn"]
    await watcher.until(lambda c: c.game["turn"] >= turn + 6, timeout=60)
    await watcher.until(lambda c: c.game["clock"] is not None)
    assert (await cluster.owner(code)) is not owner


async def test_a_redis_restart_loses_nothing(cluster):
    servers = cluster.start(3)
    players = await seated(cluster, servers)
    await start_game(players)
    rng = random.Random(8)
    for _ in range(3):
        await play(players, rng)
    cluster.redis.kill()
    async with httpx.AsyncClient(base_url=servers[0].url, timeout=10) as http:
        unready = await http.get("/api/health/ready")
    # Ready still: each process serves its own rooms (and says Redis is away).
    assert unready.status_code == 200 and unready.json()["redis"] is False
    cluster.redis.start()
    for _ in range(5):
        await play(players, rng)
    await end_and_check(players, servers[0])


async def next_of(client: Client, kind: str, timeout: float) -> dict[str, Any]:
    """The next message of `kind` this client gets (errors included), within `timeout`."""
    while (msg := await client.recv(timeout))["type"] != kind:
        pass
    return msg


async def test_during_a_redis_outage_the_other_process_answers_and_resyncs(cluster):
    owner, other = cluster.start(2)
    players = await seated(cluster, [owner, other, other])  # Ann owns; Bo, Cy relayed
    ann, bo, cy = players
    await start_game(players)
    rng = random.Random(6)
    if ann.client.my_turn():
        await play(players, rng)
    await bo.until(lambda c: c.legal is not None and c.legal["turn"] == c.game["turn"])
    move = choose_move(bo.client, rng)
    cluster.redis.kill()
    # Bo's move cannot reach the owner: he is told so, at once.
    await bo.client.send(**move, ref="m1")
    refused = await next_of(bo.client, "error", timeout=5)
    assert (refused["code"], refused["ref"]) == ("unavailable", "m1")
    # A newcomer's hello on the same process is answered too (and the socket closed: 1011).
    di = await Client.connect(other.ws_url, ann.code, name="Di", hello=False)
    await di.send(type="hello", protocol=PROTOCOL, name="Di")
    assert (await next_of(di, "error", timeout=8))["code"] == "unavailable"
    assert await di.closed() == 1011
    # The owner still serves its own clients.
    assert (await ann.client.resync())["game"]["turn"] == bo.game["turn"]
    cluster.redis.start()
    # Redis is back: the relayed connections get a fresh snapshot (from the owner, or from
    # their own process if it took the room over), and the game goes on.
    await next_of(bo.client, "snapshot", timeout=30)
    await next_of(cy.client, "snapshot", timeout=30)
    assert bo.client.my_turn()
    for _ in range(3):
        await play(players, rng)
    await end_and_check(players, owner)
