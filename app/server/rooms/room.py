"""A room: its lobby, its game, and everyone connected to it.

`Room` is the only place where a game changes. Every change runs under the room's lock in the
same order: check the intent, change the engine, commit to the store, then broadcast the diff.
A write that fails puts the engine back as it was, so memory never runs ahead of the
database and nobody hears of a move that is not stored. The intents themselves are handled in
`handlers.py`, the turns nobody at the table plays in `autoplay.py`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from app.engine import Game, IllegalMoveError, Move
from app.server.ports import Moved, Peer
from app.server.rooms.autoplay import Autoplay, plan
from app.server.rooms.broadcast import Broadcaster, you
from app.server.rooms.chat import Chat
from app.server.rooms.lobby import Lobby
from app.server.rooms.match import Match, match_at_turn
from app.server.rooms.services import Services
from app.server.rooms.timing import stamp
from app.server.rooms.turncache import TurnCache
from app.server.rooms.views import game_view, next_game_view, room_view
from app.server.wire import intents as i
from app.server.wire import messages as m
from app.server.wire.errors import ErrorCode, GameError, NotStored
from app.server.wire.facts import Close
from app.store import Conflict, Fenced, RoomRecord

log = logging.getLogger(__name__)

Handler = Callable[["Room", Peer, Any], Awaitable[None]]
# What each intent does (`handlers.py`, which fills this table as it is imported): the handler,
# and whether it runs under the room's lock (all but those that wait for something slow).
HANDLERS: dict[type[i.Intent], tuple[Handler, bool]] = {}


def handles(kind: type[i.Intent], *, locked: bool = True) -> Callable[[Handler], Handler]:
    """Register the handler of one intent type."""

    def register(handler: Handler) -> Handler:
        HANDLERS[kind] = (handler, locked)
        return handler

    return register


class Room:
    """A room and its authoritative game."""

    def __init__(self, record: RoomRecord, services: Services) -> None:
        self.id = record.id
        self.code = record.code
        self.services = services
        self.store = services.store.writer(record.id, record.epoch)
        self.clock = services.clock
        self.lobby = Lobby(record)
        self.match: Match | None = None
        if record.game is not None:
            self.match = Match.restore(record.game, self.lobby.options, self.clock.now())
        self.chat = Chat(services.settings)
        self.lock = asyncio.Lock()
        self.last_activity = self.clock.now()
        self.broadcast = Broadcaster(self.code, {
            "room": room_view(self.code, self.lobby, self.running, ()),
            "game": game_view(self.match, None),
        }, services.cluster, services.metrics.diff_bytes.observe)
        self.autoplay = Autoplay(self, services.bots, services.clock, services.settings,
                                 services.admission)
        # When the room next needs a server, as stored (`rooms.wake_at`).
        self._wake = record.wake_at
        # Called when another process has taken the room over (set by the registry).
        self.on_lost: Callable[[], None] = lambda: None
        self.closed = False  # it left this process's memory: connections look for it again
        self.turn_cache = TurnCache()  # the turn's personal messages: placements, features, hint

    @property
    def running(self) -> bool:
        """True while a game is being played."""
        return self.match is not None and self.match.running

    @property
    def peers(self) -> set[Peer]:
        """The connections in this room."""
        return self.broadcast.peers

    # -- life cycle: join, drop, dispose ----------------------------------------------------

    async def start(self) -> None:
        """Begin the room's own work once it is in memory (a bot or a clock to run)."""
        async with self.lock:
            await self.reschedule()

    async def reschedule(self) -> None:
        """Plan the room's automatic move (if any) as the game stands now, and store when it
        is due if that changed, so a scheduler finds the room when nobody has it in memory."""
        match = self.match
        due = plan(match, self.lobby, self.clock.now(), match.clock if match else None)
        self.autoplay.schedule(due)
        wake = stamp(due[1]) if due else None
        if wake != self._wake:
            await self.store.set_wake(wake)
            self._wake = wake

    async def join(self, peer: Peer, hello: i.Hello) -> None:
        """A connection said hello: resolve its token, send it the snapshot, tell the others.
        Raises `Moved` once the room has left this process."""
        async with self.lock:
            if self.closed:
                raise Moved(self.code)
            self.last_activity = self.clock.now()
            bad_token = not self.lobby.identify(peer, hello.name, hello.token)
            watchers = len(self.broadcast.watchers())
            if peer.seat is None and watchers >= self.services.settings.max_spectators:
                peer.send(m.encode(m.error(ErrorCode.ROOM_FULL, "Too many people watching.")))
                peer.close(Close.POLICY, "room full")
                return
            if bad_token:
                # Still let them in to watch: a stale token must not lock anyone out.
                peer.send(m.encode(m.error(
                    ErrorCode.BAD_TOKEN,
                    "This seat token is not valid in this room; you are watching.",
                    hello.ref,
                )))
            self.peers.add(peer)
            # The others get the diff (one more watcher, or a seat back online); the newcomer
            # gets a snapshot that already includes it.
            self.publish(room=True, skip=peer)
            peer.send(m.encode(m.Welcome(room=self.code, you=you(peer))))
            peer.send(self.broadcast.snapshot(self.chat.lines, self.clock.now()))
            self.deal_legal({peer})

    async def drop(self, peer: Peer) -> None:
        """A connection went away (it may come back): show the seat as away."""
        async with self.lock:
            self.last_activity = self.clock.now()
            if peer in self.peers:
                self.peers.discard(peer)
                self.publish(room=True)

    def close_all(self, code: int, reason: str) -> None:
        """Close every connection (shutdown)."""
        for peer in list(self.peers):
            peer.close(code, reason)

    def dispose(self) -> None:
        """Stop the room's timers and bots: it leaves memory."""
        self.autoplay.dispose()

    # -- intents ------------------------------------------------------------------------------

    async def handle(self, peer: Peer, intent: i.Intent) -> None:
        """Carry out one decoded intent (`handlers.py`); raises `GameError` for a refusal
        (sender only)."""
        self.last_activity = self.clock.now()
        handler, locked = HANDLERS[type(intent)]
        try:
            if not locked:
                await handler(self, peer, intent)
                return
            async with self.lock:
                await handler(self, peer, intent)
        except Fenced:
            raise self._moved() from None

    async def play_for(self, seat: int, turn: int, move: Move) -> None:
        """Play `move` for `seat` on turn `turn` (a person, a bot, a clock that ran out):
        validated, stored and broadcast; raises `GameError` when refused."""
        async with self.lock:
            await self.play(seat, turn, move)

    async def set_bot(self, position: int, level: str | None) -> None:
        """A bot of `level` plays seat `position` from now on (None: its person again), under
        the lock: store, keep, publish, replan. Raises `NotStored` if the store did not take
        it (nothing changed: a hand-over on a late turn is then tried again, as a bot's move)."""
        try:
            await self.store.set_seat_bot(position, level)
        except Fenced:
            raise self._moved() from None
        except Exception:
            self.services.metrics.outages.failed("store", f"room {self.code}: could not store "
                                                 f"who plays seat {position}")
            raise NotStored() from None
        self.services.metrics.outages.recovered("store")
        seat = self.lobby.seats[position]
        self.lobby.seats[position] = dataclasses.replace(seat, bot=level)
        self.publish(room=True)
        self.deal_legal()
        await self.reschedule()

    async def play(self, seat: int | None, turn: int, move: Move) -> None:
        """`play_for` under the lock already held."""
        match = match_at_turn(self.match, turn)
        if seat is None or match.seat_to_move() != seat:
            raise GameError(ErrorCode.NOT_YOUR_TURN, "It is not your turn.")
        await self.commit(lambda game: game.play(move))

    # -- the one path of every change to a game ----------------------------------------------

    async def commit(self, change: Callable[[Game], object]) -> None:
        """Apply `change` to the engine, store the new turns (and the result if the game
        ended), then broadcast. If storing fails, rebuild the engine as it was."""
        match = self.match
        assert match is not None
        game = match.game
        before = game.turn
        try:
            change(game)
        except IllegalMoveError as exc:
            raise GameError.illegal_move(exc) from None  # nothing changed
        except Exception:
            # After any other failure we do not trust the engine's state: rebuild it.
            log.exception("room %s: engine failed on turn %d", self.code, before + 1)
            match.game = match.rebuilt(before)
            raise GameError(ErrorCode.SERVER_ERROR, "That move failed on the server.") from None
        finish = match.finish()
        # One reading of the time for the whole commit: the clock, the plan, the stored wake.
        at = self.clock.now()
        to_move = None if game.finished else game.current_player
        clock = match.clock.advanced(to_move, at) if match.clock is not None else None
        due = plan(match, self.lobby, at, clock, turn_started=at)
        wake = stamp(due[1]) if due else None
        try:
            with self.services.metrics.commit_seconds.time():
                await self.store.record_turns(
                    match.id, before + 1, [dict(t) for t in game.turns[before:]], finish,
                    stamp(at), wake,
                )
        except Fenced:
            match.game = match.rebuilt(before)
            raise self._moved() from None
        except Conflict:
            # The store has this turn already: a commit that landed although its answer was
            # lost (the connection died meanwhile). Memory is behind the store: load it again.
            log.warning("room %s: turn %d was stored already; loading the room again",
                        self.code, before + 1)
            match.game = match.rebuilt(before)
            raise self._moved() from None
        except Exception:
            self.services.metrics.outages.failed("store", f"room {self.code}: could not store turn "
                                         f"{before + 1}")
            match.game = match.rebuilt(before)
            raise NotStored() from None
        self.services.metrics.outages.recovered("store")
        match.clock = clock
        match.turn_started = at
        self._wake = wake
        self.services.metrics.moves.inc()
        changes = {"game": next_game_view(match, self.broadcast.state["game"])}
        if game.finished:  # back to the lobby
            changes["room"] = room_view(self.code, self.lobby, self.running, self.peers)
        self.broadcast.publish(changes)
        self.deal_legal()
        self.autoplay.schedule(due)  # stored with the move already

    # -- state ---------------------------------------------------------------------------------

    def publish(self, *, room: bool = False, game: bool = False, skip: Peer | None = None) -> None:
        """Rebuild the changed sections and broadcast their diff with the next `seq`."""
        changes: dict[str, Any] = {}
        if room:
            changes["room"] = room_view(self.code, self.lobby, self.running, self.peers)
        if game:
            changes["game"] = game_view(self.match, self.broadcast.state["game"])
        self.broadcast.publish(changes, skip)

    def deal_legal(self, peers: set[Peer] | None = None) -> None:
        """Send the legal placements to the connections (of `peers`, default all) of the
        person to move (`TurnCache.deal_legal`)."""
        self.turn_cache.deal_legal(self.match, self.lobby, peers or self.peers)

    def _moved(self) -> GameError:
        """This process lost the room to another (its writes are fenced off): let the room
        go; the connections here reconnect and find the new owner."""
        self.on_lost()
        return GameError(ErrorCode.SERVER_ERROR, "This room moved to another server; nothing "
                         "changed. Reconnecting.")

    def wake_at(self) -> datetime | None:
        """When the room's next automatic move is due, as stored (None: nothing is due)."""
        return self._wake

    def state(self) -> dict[str, Any]:
        """The public state as last broadcast (what every client holds)."""
        return self.broadcast.state
