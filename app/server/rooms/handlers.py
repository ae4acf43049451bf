"""What each intent does to a room, declared next to the message it answers.

Every handler but a few that do not change the room runs under the room's lock (`handles` says
which). It checks first and raises `GameError` (sent back to its sender only) before changing
anything; then it writes to the store, changes the room in memory and publishes, in that order.
"""

from __future__ import annotations

from app.bots import WarningCode, warn
from app.engine import Game, IllegalMoveError, Meeple, Move, Player
from app.server.ports import Peer
from app.server.rooms.broadcast import you
from app.server.rooms.identity import bot_marker, clean_name, new_token
from app.server.rooms.lobby import Seat
from app.server.rooms.match import Match, match_at_turn
from app.server.rooms.room import Room, handles
from app.server.rooms.timing import stamp
from app.server.wire import intents as i
from app.server.wire import messages as m
from app.server.wire.errors import ErrorCode, GameError
from app.store import Conflict, SeatRecord

# -- any connection -----------------------------------------------------------------------------


@handles(i.Hello, locked=False)
async def hello_again(room: Room, peer: Peer, intent: i.Hello) -> None:
    """A connection says hello once, before it is in a room."""
    raise GameError(ErrorCode.BAD_MESSAGE, "Hello was already received.")


@handles(i.Sync)
async def sync(room: Room, peer: Peer, intent: i.Sync) -> None:
    """A fresh snapshot (after a gap in `seq`), and the placements if it is the peer's turn."""
    peer.send(room.broadcast.snapshot(room.chat.lines, room.clock.now()))
    room.deal_legal({peer})


@handles(i.Chat, locked=False)
async def chat(room: Room, peer: Peer, intent: i.Chat) -> None:
    """A chat line to everyone in the room."""
    seat = room.lobby.seats.get(peer.seat) if peer.seat is not None else None
    line = room.chat.say(peer, intent.text, seat.color if seat else None, room.clock.now())
    room.broadcast.send_all(m.encode(line))


@handles(i.Features)
async def features(room: Room, peer: Peer, intent: i.Features) -> None:
    """The board's features as the game stands: under the lock, so that a move whose write is
    still pending (or failed, and was undone) is never described."""
    peer.send(room.turn_cache.features(room.match))


def _require_host(peer: Peer) -> None:
    if not peer.host:
        raise GameError(ErrorCode.NOT_HOST, "Only the host can do that.")


def _require_lobby(room: Room) -> None:
    if room.running:
        raise GameError(ErrorCode.GAME_RUNNING, "Not while a game is running.")


async def _seat(room: Room, seat: Seat) -> None:
    """Store a new seat (a race for it loses with `seat_taken`), then keep it."""
    record = SeatRecord(seat.position, seat.name, seat.color, seat.token_hash, seat.bot)
    try:
        await room.store.take_seat(record)
    except Conflict:
        raise GameError(ErrorCode.SEAT_TAKEN, "That seat is taken.") from None
    room.lobby.seats[seat.position] = seat


# -- the lobby ------------------------------------------------------------------------------


@handles(i.TakeSeat)
async def take_seat(room: Room, peer: Peer, intent: i.TakeSeat) -> None:
    """Sit down; a new token unless the connection's token already names the host."""
    _require_lobby(room)
    if peer.seat is not None:
        raise GameError(ErrorCode.ALREADY_SEATED, "You already have a seat.")
    room.lobby.check_free(intent.seat, intent.color)
    name = clean_name(intent.name)
    token = None
    digest = peer.token_hash
    if digest is None or room.lobby.seat_with(digest) is not None:
        token, digest = new_token()
    await _seat(room, Seat(intent.seat, name, intent.color, digest))
    others = room.broadcast.with_token(digest) - {peer}  # the same person in other tabs
    for other in others | {peer}:
        other.token_hash, other.seat, other.name = digest, intent.seat, name
    room.publish(room=True)
    for other in others:
        other.send(m.encode(m.YouChanged(you=you(other))))
    peer.send(m.encode(m.Seated(seat=intent.seat, token=token, you=you(peer))))


@handles(i.LeaveSeat)
async def leave_seat(room: Room, peer: Peer, intent: i.LeaveSeat) -> None:
    """Stand up: the seat's token stops naming it."""
    _require_lobby(room)
    if peer.seat is None:
        raise GameError(ErrorCode.NOT_SEATED, "You have no seat to leave.")
    await _free(room, peer.seat)


@handles(i.RemoveSeat)
async def remove_seat(room: Room, peer: Peer, intent: i.RemoveSeat) -> None:
    """The host frees someone's seat (or a bot's)."""
    _require_host(peer)
    _require_lobby(room)
    if intent.seat not in room.lobby.seats:
        raise GameError(ErrorCode.SEAT_INVALID, f"Seat {intent.seat} is not taken.",
                        seat=intent.seat)
    await _free(room, intent.seat)


async def _free(room: Room, position: int) -> None:
    await room.store.free_seat(position)
    del room.lobby.seats[position]
    moved = [other for other in room.peers if other.seat == position]
    for other in moved:
        other.seat = None
    room.publish(room=True)
    for other in moved:
        other.send(m.encode(m.YouChanged(you=you(other))))


@handles(i.SetOptions)
async def set_options(room: Room, peer: Peer, intent: i.SetOptions) -> None:
    """The host changes the options of the next game."""
    _require_host(peer)
    _require_lobby(room)
    try:
        options = room.lobby.options.with_changes(intent.changes())
    except ValueError as exc:
        raise GameError(ErrorCode.BAD_OPTIONS, f"Those options are not valid: {exc}") from None
    room.lobby.check_options(options)
    await room.store.set_options(options.to_dict())
    room.lobby.options = options
    room.publish(room=True)


@handles(i.AddBot)
async def add_bot(room: Room, peer: Peer, intent: i.AddBot) -> None:
    """The host seats a bot in a free seat."""
    _require_host(peer)
    _require_lobby(room)
    room.lobby.check_free(intent.seat, intent.color)
    color = intent.color or room.lobby.free_color()
    # The level is shown beside the name, in each viewer's language (state.room: `bot`).
    name = clean_name(intent.name or f"Bot {intent.seat + 1}")
    await _seat(room, Seat(intent.seat, name, color, bot_marker(), intent.level))
    room.publish(room=True)


@handles(i.Start)
async def start(room: Room, peer: Peer, intent: i.Start) -> None:
    """The host starts a game (also the rematch): new shuffle, players in seat order from the
    starter."""
    _require_host(peer)
    _require_lobby(room)
    lobby = room.lobby
    order = lobby.play_order(room.services.chance)
    seats = [lobby.seats[position] for position in order]
    players = [{"name": s.name, "color": s.color, "seat": s.position} for s in seats]
    options = lobby.options
    seed = room.services.chance.getrandbits(63)
    game = Game([Player(s.name, s.color) for s in seats], options.game_options(), seed)
    at = room.clock.now()
    number = lobby.games_played + 1
    game_id = await room.store.create_game(
        number, options.to_dict(), players, seed, order[0], list(game.turns), stamp(at)
    )
    room.match = Match.new(game_id, number, options, players, seed, game, at)
    lobby.games_played = number
    lobby.last_starter = order[0]
    room.publish(room=True, game=True)
    room.deal_legal()
    await room.reschedule()


# -- the game -------------------------------------------------------------------------------


@handles(i.Place)
async def place(room: Room, peer: Peer, intent: i.Place) -> None:
    """The player to move places the drawn tile."""
    seat = room.lobby.seats.get(peer.seat) if peer.seat is not None else None
    if seat is not None and seat.bot is not None:
        raise GameError(ErrorCode.NOT_YOUR_TURN, "A bot plays your seat; take it back first.",
                        bot=True)
    meeple = Meeple(intent.meeple.kind, intent.meeple.at) if intent.meeple else None
    await room.play(peer.seat, intent.turn, Move(intent.x, intent.y, intent.rot, meeple,
                                                 intent.return_abbot))


@handles(i.EndGame)
async def end_game(room: Room, peer: Peer, intent: i.EndGame) -> None:
    """End the game now, scored as if the bag were empty. While the host is gone any seated
    player may, so that a game never waits forever on someone who left."""
    host_away = not any(other.host for other in room.peers)
    if not (peer.host or (host_away and peer.seat is not None)):
        raise GameError(ErrorCode.NOT_HOST, "Only the host can end the game.")
    match_at_turn(room.match, intent.turn)
    await room.commit(lambda game: game.end_early())


@handles(i.HandToBot)
async def hand_to_bot(room: Room, peer: Peer, intent: i.HandToBot) -> None:
    """The host lets a bot play a seat of the running game."""
    _require_host(peer)
    match = room.match
    if match is None or not match.running:
        raise GameError(ErrorCode.NO_GAME, "No game is running.")
    if intent.seat not in {pl["seat"] for pl in match.players}:
        raise GameError(ErrorCode.SEAT_INVALID, f"Seat {intent.seat} does not play.",
                        seat=intent.seat)
    await room.set_bot(intent.seat, intent.level)


@handles(i.TakeBack)
async def take_back(room: Room, peer: Peer, intent: i.TakeBack) -> None:
    """The seat's person (or the host) plays the seat again."""
    if not (peer.host or peer.seat == intent.seat):
        raise GameError(ErrorCode.NOT_HOST, "Only the host or the seat's player can.")
    seat = room.lobby.seats.get(intent.seat)
    if seat is None or not seat.bot_for_person:
        raise GameError(ErrorCode.NOT_A_BOT, "No bot plays that seat for a person.")
    await room.set_bot(intent.seat, None)


# -- advice (rooms that agreed on it) -------------------------------------------------------


def _require_hints(room: Room, *levels: str) -> None:
    if room.lobby.options.hints not in levels:
        raise GameError(ErrorCode.HINTS_OFF, "This table agreed on no such advice.")


def _player(match: Match | None, peer: Peer) -> int | None:
    """The player (game order) `peer` is in `match`, or None: it watches, or its seat does
    not play this game."""
    if match is None or peer.seat is None:
        return None
    seats = [pl["seat"] for pl in match.players]
    return seats.index(peer.seat) if peer.seat in seats else None


@handles(i.Analysis)
async def analysis(room: Room, peer: Peer, intent: i.Analysis) -> None:
    """What the table knows (the tiles left that fit each open square, dead squares, the odds
    of closing each feature), at the advice level the game was started with: never at a table
    without advice; for its players with hints on request or the coach, for its watchers too
    with the coach. A player's first look in a running game is stored before the answer goes
    out and shown to everyone (`state.game.analysis`), as hints are counted."""
    match = room.match
    level = match.options.hints if match is not None else room.lobby.options.hints
    player = _player(match, peer)
    plays = player is not None or (match is None and peer.seat is not None)
    if level == "off":
        raise GameError(ErrorCode.ANALYSIS_OFF, "This table agreed on no advice: no analysis.",
                        advice=level, watcher=not plays)
    if not plays and level != "coach":
        raise GameError(ErrorCode.ANALYSIS_OFF, "At this table only the players see the "
                        "analysis.", advice=level, watcher=True)
    if match is not None and match.running and player is not None and not match.analysis[player]:
        looked = [*match.analysis]
        looked[player] = True
        await room.store.set_analysis(match.id, looked)
        match.analysis = looked
        room.publish(game=True)
    peer.send(room.turn_cache.analysis(match))


def _my_turn(room: Room, peer: Peer, turn: int) -> Match:
    match = match_at_turn(room.match, turn)
    seat = room.lobby.seats.get(match.seat_to_move())
    if peer.seat != match.seat_to_move() or seat is None or seat.bot is not None:
        raise GameError(ErrorCode.NOT_YOUR_TURN, "It is not your turn.")
    return match


@handles(i.Hint, locked=False)
async def hint(room: Room, peer: Peer, intent: i.Hint) -> None:
    """A suggested move for the player to move, counted once a turn for everyone to see.

    The thinking takes a second, so it happens outside the room's lock; the hint is counted
    and sent only if the game is still at that turn."""
    async with room.lock:
        _require_hints(room, "request", "coach")
        match = _my_turn(room, peer, intent.turn)
        cached = room.turn_cache.get("hint", match)
        if cached is not None:
            peer.send(cached)
            return
        game = match.game.copy()
    async with room.services.admission.hint(room.code, peer.address):
        advice = await room.services.bots.suggest(game, room.code)
    async with room.lock:
        match = _my_turn(room, peer, intent.turn)
        text = room.turn_cache.get("hint", match)
        if text is None:
            hints = [*match.hints]
            hints[match.game.current_player] += 1
            await room.store.set_hints(match.id, hints)
            match.hints = hints
            text = room.turn_cache.put("hint", match, m.encode(
                m.Hint(turn=intent.turn, **advice.to_dict())
            ))
            room.publish(game=True)
        peer.send(text)


@handles(i.Check)
async def check(room: Room, peer: Peer, intent: i.Check) -> None:
    """The coach's look at a move before it is confirmed."""
    _require_hints(room, "coach")
    match = _my_turn(room, peer, intent.turn)
    meeple = Meeple(intent.meeple.kind, intent.meeple.at) if intent.meeple else None
    move = Move(intent.x, intent.y, intent.rot, meeple, intent.return_abbot)
    try:
        warning = warn(match.game, move)
    except IllegalMoveError as exc:
        raise GameError.illegal_move(exc) from None
    peer.send(m.encode(m.Check(
        turn=intent.turn, x=move.x, y=move.y, rot=move.rot,
        meeple=m.Figure(kind=meeple.kind, at=meeple.at) if meeple else None,
        return_abbot=move.return_abbot,
        warning=None if warning is None else warning.text,
        why=None if warning is None else m.CheckWarning(code=WarningCode(warning.code),
                                                        args=dict(warning.args)),
    )))


@handles(i.Trace)
async def trace(room: Room, peer: Peer, intent: i.Trace) -> None:
    """The whole feature a figure on slot `at` would stand on, were the tile placed there
    (as `features` lists it, after the placement): what a first-turn coach traces before the
    player confirms. Placing the tile on a copy of the game changes nothing."""
    match = _my_turn(room, peer, intent.turn)
    after = match.game.copy()
    try:
        after.play(Move(intent.x, intent.y, intent.rot))
    except IllegalMoveError as exc:
        raise GameError.illegal_move(exc) from None
    feature = next(
        (f for f in after.features()
         if any(part["x"] == intent.x and part["y"] == intent.y and intent.at in part["slots"]
                for part in f["parts"])),
        None,
    )
    peer.send(m.encode(m.Trace(turn=intent.turn, x=intent.x, y=intent.y, rot=intent.rot,
                               at=intent.at, feature=feature)))
