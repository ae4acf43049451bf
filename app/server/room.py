"""A room: its seats, its lobby options, its game, and everyone connected to it.

`Room` is the only place where moves are applied. Every change runs under the room's lock in
the same order: check the intent, change the engine, commit to the store, then broadcast the
diff. A write that fails puts the engine back as it was, so memory never runs ahead of the
database and nobody is told about a move that is not stored.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from app.engine import Game, IllegalMoveError, Meeple, Move, Options, Player
from app.server import protocol as p
from app.server.patch import diff, reuse_unchanged
from app.server.protocol import ErrorCode, GameError
from app.server.settings import Settings
from app.store import Conflict, Finish, RoomRecord, SeatRecord, Store

log = logging.getLogger(__name__)

DEFAULT_OPTIONS: dict[str, Any] = {"tileset": "winter", "farmers": True, "abbot": False, "seats": 5}
NAME_MAX = 24


def new_token() -> tuple[str, str]:
    """A fresh seat token (192 random bits, URL-safe) and the SHA-256 hash we store."""
    token = secrets.token_urlsafe(24)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def clean_text(text: str, *, single_line: bool = True) -> str:
    """`text` without control or format characters, whitespace runs collapsed."""
    kept = []
    for ch in text:
        category = unicodedata.category(ch)
        if ch in "\n\r\t" or category == "Zs":
            kept.append(" " if single_line or ch != "\n" else "\n")
        elif category[0] != "C":  # Cc, Cf, Cs, Co, Cn: controls, bidi overrides, surrogates
            kept.append(ch)
    return " ".join("".join(kept).split()) if single_line else "".join(kept).strip()


def clean_name(name: str) -> str:
    """A display name, or `GameError(BAD_NAME)`."""
    cleaned = clean_text(name)
    if not cleaned or len(cleaned) > NAME_MAX:
        raise GameError(ErrorCode.BAD_NAME, f"A name has 1 to {NAME_MAX} visible characters.")
    return cleaned


class Peer(Protocol):
    """One connection as a room sees it (the websocket layer implements it)."""

    id: int
    name: str
    seat: int | None
    host: bool
    token_hash: str | None
    chat_times: deque[float]

    def send(self, text: str) -> None:
        """Queue an encoded message; never blocks."""

    def close(self, code: int, reason: str = "") -> None:
        """Queue a close after whatever is already queued."""


@dataclass(frozen=True)
class Seat:
    """A taken seat; `bot` is the level of the bot playing it, None for a person."""

    position: int
    name: str
    color: str
    token_hash: str
    bot: str | None = None

    @property
    def bot_only(self) -> bool:
        """A seat a bot took in the lobby (no person behind it)."""
        return self.token_hash.startswith(BOT_MARK)


BOT_MARK = "bot:"  # token_hash prefix of bot seats: no sha256 hex digest starts like this


# Called after every accepted change (a move, a start, a seat handed to a bot or taken back),
# under the room lock: bots watch for their turn here (they must not block: start a task).
Listener = Callable[["Room"], Awaitable[None]]
# Extra keys merged into the game view (e.g. a turn clock).
ViewHook = Callable[["Room"], dict[str, Any]]


class Room:
    """A room and its authoritative game."""

    def __init__(self, record: RoomRecord, store: Store, settings: Settings) -> None:
        self.id = record.id
        self.code = record.code
        self.store = store
        self.settings = settings
        self.host_hash = record.host_token_hash
        self.options = {**DEFAULT_OPTIONS, **record.options}
        self.last_starter = record.last_starter
        self.games_played = record.games_played
        self.seats: dict[int, Seat] = {
            s.position: Seat(s.position, s.name, s.color, s.token_hash, s.bot)
            for s in record.seats
        }
        self.game: Game | None = None
        self.game_id: int | None = None
        self.game_players: list[dict[str, Any]] = []
        self.game_seed = 0
        # A restored game's start and move commit times, from which a turn clock is rebuilt.
        self.restored_times: tuple[int, datetime, list[datetime]] | None = None
        if record.game is not None:
            self.restored_times = (
                record.game.id, record.game.started_at, record.game.move_times
            )
            self.game_id = record.game.id
            self.game_players = record.game.players
            self.game_seed = record.game.seed
            self.game = Game.restore(
                [Player(pl["name"], pl["color"]) for pl in self.game_players],
                _engine_options(record.game.options),
                record.game.seed,
                record.game.moves,
            )
            if record.game.ended_early and not self.game.finished:
                self.game.end_early()
        self.peers: set[Peer] = set()
        self.chat: deque[dict[str, Any]] = deque(maxlen=settings.chat_history)
        self.listeners: list[Listener] = []
        self.view_hooks: list[ViewHook] = []
        self.bots: Any = None  # state of app.server.bots for this room, if it attaches
        self.lock = asyncio.Lock()
        self.seq = 0
        self.last_activity = time.monotonic()
        self._state: dict[str, Any] = {"room": self._room_view(), "game": self._game_view()}

    # -- life cycle ----------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """True while a game is being played."""
        return self.game is not None and not self.game.finished

    async def join(self, peer: Peer, hello: p.Hello) -> None:
        """A connection said hello: resolve its token, send it the snapshot, tell the others."""
        async with self.lock:
            self.last_activity = time.monotonic()
            if hello.name:
                peer.name = clean_text(hello.name)[:NAME_MAX] or peer.name
            bad_token = False
            if hello.token:
                digest = hash_token(hello.token)
                seat = next((s for s in self.seats.values() if s.token_hash == digest), None)
                if seat is not None or digest == self.host_hash:
                    peer.token_hash = digest
                    peer.host = digest == self.host_hash
                    peer.seat = seat.position if seat else None
                    if seat:
                        peer.name = seat.name
                else:
                    bad_token = True
            if peer.seat is None and self._spectator_count() >= self.settings.max_spectators:
                peer.send(p.encode(p.error(ErrorCode.ROOM_FULL, "Too many people watching.")))
                peer.close(p.Close.POLICY, "room full")
                return
            if bad_token:
                # Still let them in to watch: a stale token must not lock anyone out.
                peer.send(p.encode(p.error(
                    ErrorCode.BAD_TOKEN,
                    "This seat token is not valid in this room; you are watching.",
                    hello.ref,
                )))
            self.peers.add(peer)
            # The others get the diff (one more watcher, or a seat back online); the newcomer
            # gets a snapshot that already includes it.
            self._publish(room=True, skip=peer)
            peer.send(p.encode({
                "type": "welcome",
                "protocol": p.PROTOCOL_VERSION,
                "room": self.code,
                "you": self._you(peer),
            }))
            peer.send(self._snapshot())

    async def drop(self, peer: Peer) -> None:
        """A connection went away (it may come back): show the seat as away."""
        async with self.lock:
            self.last_activity = time.monotonic()
            if peer in self.peers:
                self.peers.discard(peer)
                self._publish(room=True)

    def close_all(self, code: int, reason: str) -> None:
        """Close every connection (server shutdown)."""
        for peer in list(self.peers):
            peer.close(code, reason)

    # -- intents -------------------------------------------------------------------------------

    async def handle(self, peer: Peer, intent: p.Intent) -> None:
        """Carry out one decoded intent; raises `GameError` for a refusal (sender only)."""
        self.last_activity = time.monotonic()
        match intent:
            case p.Ping():
                peer.send(p.encode({"type": "pong", "ref": intent.ref}))
            case p.Pong():
                pass
            case p.Sync():
                async with self.lock:
                    peer.send(self._snapshot())
            case p.Hello():
                raise GameError(ErrorCode.BAD_MESSAGE, "Hello was already received.")
            case p.Chat():
                self._chat(peer, intent.text)
            case _:
                handler = self._handlers[type(intent)]
                async with self.lock:
                    await handler(self, peer, intent)

    async def _take_seat(self, peer: Peer, intent: p.TakeSeat) -> None:
        self._require_lobby()
        if peer.seat is not None:
            raise GameError(ErrorCode.ALREADY_SEATED, "You already have a seat.")
        if not 0 <= intent.seat < self.options["seats"]:
            raise GameError(ErrorCode.SEAT_INVALID, f"There is no seat {intent.seat}.")
        if intent.seat in self.seats:
            raise GameError(ErrorCode.SEAT_TAKEN, "That seat is taken.")
        if any(s.color == intent.color for s in self.seats.values()):
            raise GameError(ErrorCode.COLOR_TAKEN, f"Someone already plays {intent.color}.")
        name = clean_name(intent.name)
        token = None
        digest = peer.token_hash
        if digest is None or any(s.token_hash == digest for s in self.seats.values()):
            token, digest = new_token()
        seat = Seat(intent.seat, name, intent.color, digest)
        try:
            await self.store.take_seat(self.id, SeatRecord(seat.position, name, seat.color, digest))
        except Conflict:
            raise GameError(ErrorCode.SEAT_TAKEN, "That seat is taken.") from None
        self.seats[seat.position] = seat
        others = self._peers_with(digest) - {peer}  # the same person in other tabs
        for other in others | {peer}:
            other.token_hash, other.seat, other.name = digest, seat.position, name
        self._publish(room=True)
        for other in others:
            other.send(p.encode({"type": "you", "you": self._you(other)}))
        peer.send(p.encode({
            "type": "seated", "seat": seat.position, "token": token, "you": self._you(peer),
        }))

    async def _leave_seat(self, peer: Peer, intent: p.LeaveSeat) -> None:
        self._require_lobby()
        if peer.seat is None:
            raise GameError(ErrorCode.NOT_SEATED, "You have no seat to leave.")
        await self._free(peer.seat)

    async def _remove_seat(self, peer: Peer, intent: p.RemoveSeat) -> None:
        self._require_host(peer)
        self._require_lobby()
        if intent.seat not in self.seats:
            raise GameError(ErrorCode.SEAT_INVALID, f"Seat {intent.seat} is not taken.")
        await self._free(intent.seat)

    async def _free(self, position: int) -> None:
        await self.store.free_seat(self.id, position)
        del self.seats[position]
        moved = [other for other in self.peers if other.seat == position]
        for other in moved:
            other.seat = None
        self._publish(room=True)
        for other in moved:
            other.send(p.encode({"type": "you", "you": self._you(other)}))

    async def _set_options(self, peer: Peer, intent: p.SetOptions) -> None:
        self._require_host(peer)
        self._require_lobby()
        changes = {
            key: value
            for key in ("tileset", "farmers", "abbot", "seats")
            if (value := getattr(intent, key)) is not None
        }
        if "clock" in intent.model_fields_set:  # null is a choice here: no clock
            changes["clock"] = intent.clock.model_dump() if intent.clock else None
        options = {**self.options, **changes}
        if any(pos >= options["seats"] for pos in self.seats):
            raise GameError(
                ErrorCode.BAD_OPTIONS, "Free the higher seats before lowering the seat count."
            )
        await self.store.set_options(self.id, options)
        self.options = options
        self._publish(room=True)

    async def _start(self, peer: Peer, intent: p.Start) -> None:
        self._require_host(peer)
        self._require_lobby()
        positions = sorted(self.seats)
        if len(positions) < 2:
            raise GameError(ErrorCode.NOT_ENOUGH_PLAYERS, "At least two seats must be taken.")
        if self.last_starter is None:
            starter = secrets.choice(positions)  # the rules leave the first player to the table
        else:
            # A rematch: the next taken seat after the one that started last time.
            later = [pos for pos in positions if pos > self.last_starter]
            starter = later[0] if later else positions[0]
        i = positions.index(starter)
        order = positions[i:] + positions[:i]
        players = [
            {"name": self.seats[s].name, "color": self.seats[s].color, "seat": s} for s in order
        ]
        options = {k: self.options[k] for k in ("tileset", "farmers", "abbot")}
        seed = secrets.randbits(63)
        game = Game(
            [Player(pl["name"], pl["color"]) for pl in players], _engine_options(options), seed
        )
        game_id = await self.store.create_game(
            self.id, self.games_played + 1, options, players, seed, starter, list(game.turns)
        )
        self.game, self.game_id, self.game_players, self.game_seed = game, game_id, players, seed
        self.games_played += 1
        self.last_starter = starter
        self._publish(room=True, game=True)
        await self._notify()

    async def _place(self, peer: Peer, intent: p.Place) -> None:
        seat = self.seats.get(peer.seat) if peer.seat is not None else None
        if seat is not None and seat.bot is not None:
            raise GameError(ErrorCode.NOT_YOUR_TURN, "A bot plays your seat; take it back first.")
        meeple = Meeple(intent.meeple.kind, intent.meeple.at) if intent.meeple else None
        move = Move(intent.x, intent.y, intent.rot, meeple, intent.return_abbot)
        await self._play(peer.seat, intent.turn, move)

    async def play_for(self, seat: int, turn: int, move: Move) -> None:
        """Play `move` for `seat` on turn `turn` without a connection (bots, a turn clock):
        validated, stored and broadcast like any move; raises `GameError` when refused."""
        async with self.lock:
            await self._play(seat, turn, move)

    async def _play(self, seat: int | None, turn: int, move: Move) -> None:
        game = self._require_turn(turn)
        if seat is None or self.game_players[game.current_player]["seat"] != seat:
            raise GameError(ErrorCode.NOT_YOUR_TURN, "It is not your turn.")

        def play() -> None:
            try:
                game.play(move)
            except IllegalMoveError as exc:
                raise GameError(ErrorCode.ILLEGAL_MOVE, str(exc)) from None

        await self._commit(play)

    async def _add_bot(self, peer: Peer, intent: p.AddBot) -> None:
        self._require_host(peer)
        self._require_lobby()
        if not 0 <= intent.seat < self.options["seats"]:
            raise GameError(ErrorCode.SEAT_INVALID, f"There is no seat {intent.seat}.")
        if intent.seat in self.seats:
            raise GameError(ErrorCode.SEAT_TAKEN, "That seat is taken.")
        used = {s.color for s in self.seats.values()}
        color = intent.color or next(c for c in p.COLOR_NAMES if c not in used)
        if color in used:
            raise GameError(ErrorCode.COLOR_TAKEN, f"Someone already plays {color}.")
        name = clean_name(intent.name or f"Bot {intent.seat + 1} ({intent.level})")
        seat = Seat(intent.seat, name, color, BOT_MARK + secrets.token_hex(16), intent.level)
        try:
            await self.store.take_seat(
                self.id, SeatRecord(seat.position, name, color, seat.token_hash, seat.bot)
            )
        except Conflict:
            raise GameError(ErrorCode.SEAT_TAKEN, "That seat is taken.") from None
        self.seats[seat.position] = seat
        self._publish(room=True)

    async def _hand_to_bot(self, peer: Peer, intent: p.HandToBot) -> None:
        self._require_host(peer)
        if not self.running:
            raise GameError(ErrorCode.NO_GAME, "No game is running.")
        if intent.seat not in {pl["seat"] for pl in self.game_players}:
            raise GameError(ErrorCode.SEAT_INVALID, f"Seat {intent.seat} does not play.")
        await self._set_bot(intent.seat, intent.level)

    async def _take_back(self, peer: Peer, intent: p.TakeBack) -> None:
        if not (peer.host or peer.seat == intent.seat):
            raise GameError(ErrorCode.NOT_HOST, "Only the host or the seat's player can.")
        seat = self.seats.get(intent.seat)
        if seat is None or seat.bot is None or seat.bot_only:
            raise GameError(ErrorCode.NOT_A_BOT, "No bot plays that seat for a person.")
        await self._set_bot(intent.seat, None)

    async def _set_bot(self, position: int, level: str | None) -> None:
        await self.store.set_seat_bot(self.id, position, level)
        seat = self.seats[position]
        self.seats[position] = Seat(seat.position, seat.name, seat.color, seat.token_hash, level)
        self._publish(room=True)
        await self._notify()

    async def _end_game(self, peer: Peer, intent: p.EndGame) -> None:
        # While the host is gone, any seated player may end the game, so that a game never
        # waits forever on someone who left.
        host_away = not any(other.host for other in self.peers)
        if not (peer.host or (host_away and peer.seat is not None)):
            raise GameError(ErrorCode.NOT_HOST, "Only the host can end the game.")
        game = self._require_turn(intent.turn)
        await self._commit(game.end_early)

    async def _commit(self, change: Callable[[], Any]) -> None:
        """Apply `change` to the engine, store the new turns (and the result if the game
        ended), then broadcast. If storing fails, rebuild the engine as it was."""
        game = self.game
        assert game is not None and self.game_id is not None
        before = len(game.turns)
        try:
            change()
        except GameError:
            raise  # the engine refused the move before changing anything
        except Exception as exc:
            # The engine promises to change nothing when it refuses; after any other failure
            # we do not trust its state and rebuild it from the stored turns.
            log.exception("room %s: engine failed on turn %d", self.code, before + 1)
            self._rebuild(game, before)
            code = ErrorCode.ILLEGAL_MOVE if isinstance(exc, ValueError) else ErrorCode.SERVER_ERROR
            raise GameError(code, f"That move was refused: {exc}") from None
        turns = [dict(t) for t in game.turns[before:]]
        finish = None
        if game.finished:
            results = game.results()
            finish = Finish(
                final_scores=list(results["scores"]),
                winners=list(results["winners"]),
                results=results,
                ended_early=bool(game.ended_early),
            )
        try:
            await self.store.record_turns(self.game_id, before + 1, turns, finish)
        except Exception:
            log.exception("room %s: could not store turn %d", self.code, before + 1)
            self._rebuild(game, before)
            raise GameError(
                ErrorCode.SERVER_ERROR, "The move could not be saved; nothing changed. Try again."
            ) from None
        self._publish(game=True, room=game.finished)  # the room goes back to its lobby
        await self._notify()

    def _rebuild(self, game: Game, turns: int) -> None:
        """Put the engine back to its state after `turns` turns (all of them stored)."""
        self.game = Game.restore(
            [Player(pl["name"], pl["color"]) for pl in self.game_players],
            game.options,
            self.game_seed,
            [dict(t) for t in game.turns[:turns]],
        )

    async def _notify(self) -> None:
        for listener in list(self.listeners):
            try:
                await listener(self)
            except Exception:
                log.exception("room %s: listener failed", self.code)

    def _chat(self, peer: Peer, raw: str) -> None:
        text = clean_text(raw, single_line=False)
        if not text:
            raise GameError(ErrorCode.BAD_MESSAGE, "A chat message cannot be empty.")
        if len(text) > self.settings.chat_max_chars:
            raise GameError(
                ErrorCode.CHAT_TOO_LONG,
                f"A chat message has at most {self.settings.chat_max_chars} characters.",
            )
        now = time.monotonic()
        window = peer.chat_times
        while window and now - window[0] > self.settings.chat_window_seconds:
            window.popleft()
        if len(window) >= self.settings.chat_per_window:
            raise GameError(ErrorCode.CHAT_RATE, "Slow down: too many chat messages.")
        window.append(now)
        seat = self.seats.get(peer.seat) if peer.seat is not None else None
        line = {
            "type": "chat",
            "name": peer.name,
            "seat": peer.seat,
            "color": seat.color if seat else None,
            "text": text,
            "at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        self.chat.append(line)
        encoded = p.encode(line)
        for other in self.peers:
            other.send(encoded)

    # -- checks --------------------------------------------------------------------------------

    def _require_host(self, peer: Peer) -> None:
        if not peer.host:
            raise GameError(ErrorCode.NOT_HOST, "Only the host can do that.")

    def _require_lobby(self) -> None:
        if self.running:
            raise GameError(ErrorCode.GAME_RUNNING, "Not while a game is running.")

    def _require_turn(self, turn: int) -> Game:
        game = self.game
        if game is None or game.finished:
            raise GameError(ErrorCode.NO_GAME, "No game is running.")
        if turn != game.turn:
            raise GameError(
                ErrorCode.STALE_TURN,
                f"That was meant for turn {turn}, but {game.turn} turns have been played.",
            )
        return game

    # -- state ---------------------------------------------------------------------------------

    def _you(self, peer: Peer) -> dict[str, Any]:
        return {"seat": peer.seat, "host": peer.host, "name": peer.name}

    def _peers_with(self, digest: str) -> set[Peer]:
        return {peer for peer in self.peers if peer.token_hash == digest}

    def _spectator_count(self) -> int:
        return sum(1 for peer in self.peers if peer.seat is None)

    def _snapshot(self) -> str:
        return p.encode({
            "type": "snapshot", "seq": self.seq, "state": self._state, "chat": list(self.chat),
            # Server wall time, so a client can count a turn clock down without trusting its own.
            "now": round(time.time(), 3),
        })

    def snapshot_state(self) -> dict[str, Any]:
        """The public state as last broadcast (what every client holds)."""
        return self._state

    def _publish(self, *, room: bool = False, game: bool = False, skip: Peer | None = None) -> None:
        """Rebuild the changed sections, broadcast their diff with the next `seq`."""
        new = dict(self._state)
        if room:
            new["room"] = self._room_view()
        if game:
            new["game"] = self._game_view()
        ops = diff(self._state, new)
        self._state = new
        if not ops:
            return
        self.seq += 1
        encoded = p.encode({"type": "diff", "seq": self.seq, "ops": ops})
        for peer in self.peers:
            if peer is not skip:
                peer.send(encoded)

    def _room_view(self) -> dict[str, Any]:
        online = {peer.seat for peer in self.peers if peer.seat is not None}
        host_seat = next(
            (s.position for s in self.seats.values() if s.token_hash == self.host_hash), None
        )
        seats = []
        for position in range(max(self.options["seats"], max(self.seats, default=-1) + 1)):
            seat = self.seats.get(position)
            presence = None
            if seat is not None:
                presence = "online" if position in online else "bot" if seat.bot else "away"
            seats.append({
                "seat": position,
                "taken": seat is not None,
                "name": seat.name if seat else None,
                "color": seat.color if seat else None,
                "presence": presence,
                "host": seat is not None and position == host_seat,
                "bot": seat.bot if seat else None,
                # A bot plays this seat for a person, who may take it back.
                "bot_for_person": seat is not None and seat.bot is not None and not seat.bot_only,
            })
        watchers = sorted(
            (peer for peer in self.peers if peer.seat is None), key=lambda peer: peer.id
        )
        return {
            "code": self.code,
            "status": "playing" if self.running else "lobby",
            "options": dict(self.options),
            "seats": seats,
            "host_seat": host_seat,
            "host_online": any(peer.host for peer in self.peers),
            "spectators": {"count": len(watchers), "names": [peer.name for peer in watchers]},
            "games_played": self.games_played,
        }

    def _game_view(self) -> dict[str, Any] | None:
        game = self.game
        if game is None:
            return None
        view = game.view()
        view["id"] = self.game_id
        view["number"] = self.games_played
        view["seats"] = [pl["seat"] for pl in self.game_players]
        view["events"] = [event.to_dict() for event in game.events]
        legal: list[dict[str, Any]] = []
        if not game.finished and game.drawn_tile is not None:
            for placement in game.legal_placements():
                spots = game.figure_spots(placement)
                legal.append({
                    "x": placement.x,
                    "y": placement.y,
                    "rot": placement.rot,
                    # The spot's other slots follow from `at` and the tile catalog; leaving
                    # them out halves the largest part of every diff.
                    "spots": [
                        {"kind": spot.kind, "at": spot.at, "feature": spot.feature}
                        for spot in spots
                    ],
                })
        view["legal"] = legal
        view["can_return_abbot"] = bool(not game.finished and game.can_return_abbot())
        view["results"] = game.results() if game.finished else None
        view["turns"] = [dict(turn) for turn in game.turns]
        view["features"] = game.features()
        for hook in self.view_hooks:
            view.update(hook(self))
        previous = getattr(self, "_state", {}).get("game")
        if previous is not None and previous.get("id") == self.game_id:
            for key in ("board", "figures", "events", "turns", "features"):
                view[key] = reuse_unchanged(previous.get(key), view[key])
        return view

    def publish_game(self) -> None:
        """Broadcast a change of the game view made outside an intent (a view hook's data)."""
        self._publish(game=True)

    _handlers: dict[type, Callable[..., Awaitable[None]]] = {
        p.TakeSeat: _take_seat,
        p.LeaveSeat: _leave_seat,
        p.RemoveSeat: _remove_seat,
        p.SetOptions: _set_options,
        p.Start: _start,
        p.Place: _place,
        p.EndGame: _end_game,
        p.AddBot: _add_bot,
        p.HandToBot: _hand_to_bot,
        p.TakeBack: _take_back,
    }


def _engine_options(options: dict[str, Any]) -> Options:
    return Options(
        tileset=options.get("tileset", "winter"),
        farmers=bool(options.get("farmers", True)),
        abbot=bool(options.get("abbot", False)),
    )
