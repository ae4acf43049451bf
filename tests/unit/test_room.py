"""A room in-process: a fake store, a fake clock, connections that keep what they get.

The same rules the integration tests check over real sockets, here with time under the
test's control: bots, the turn clock, stored-before-sent, a restart's clock.
"""

from __future__ import annotations

import asyncio

import pytest
from fakes import (
    FakeClock,
    FakePeer,
    FakeStore,
    FakeWriter,
    Room,
    first_legal,
    services,
    settle,
)

from app.server.rooms.identity import bot_marker, hash_token
from app.server.rooms.timing import stamp
from app.server.wire import intents as i
from app.server.wire.errors import ErrorCode, GameError
from app.server.wire.facts import PROTOCOL_VERSION
from app.store import SeatRecord

CODE = "abcdefgh"
ANN, BO = "ann-token", "bo-token"


def hello(token: str | None = None, name: str = "Guest") -> i.Hello:
    return i.Hello(type="hello", protocol=PROTOCOL_VERSION, token=token, name=name)


async def make_room(store: FakeStore, clock: FakeClock, *, bot: str | None = None,
                    clock_option: dict | None = None, options: dict | None = None,
                    **settings) -> Room:
    """A two-seat room: Ann (the host, red) in seat 0; Bo (blue) or a bot in seat 1."""
    seats = [SeatRecord(0, "Ann", "red", hash_token(ANN))]
    if bot:
        seats.append(SeatRecord(1, "Bot", "blue", bot_marker(), bot))
    else:
        seats.append(SeatRecord(1, "Bo", "blue", hash_token(BO)))
    store.add_room(CODE, hash_token(ANN), {"seats": 2, "clock": clock_option, **(options or {})},
                   seats)
    room = Room(store.load(CODE), services(store, clock, **settings))
    await room.start()
    return room


async def join(room: Room, token: str | None, name: str) -> FakePeer:
    peer = FakePeer(name)
    await room.join(peer, hello(token, name))
    return peer


async def start(room: Room, host: FakePeer) -> None:
    await room.handle(host, i.Start(type="start"))
    await settle()


def mover(game: dict, *peers: FakePeer) -> FakePeer:
    return next(q for q in peers if q.seat == game["seats"][game["current_player"]])


async def started(store: FakeStore, clock: FakeClock) -> tuple[Room, FakePeer, FakePeer, FakePeer]:
    """A room of Ann and Bo with Cy watching, its game started."""
    room = await make_room(store, clock)
    ann, bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    watcher = await join(room, None, "Cy")
    await start(room, ann)
    return room, ann, bo, watcher


async def test_a_move_is_stored_before_anyone_hears_of_it_and_reaches_everyone() -> None:
    store, clock = FakeStore(), FakeClock()
    room, ann, bo, watcher = await started(store, clock)
    player = mover(ann.game, ann, bo)
    move = first_legal(player)
    place = i.Place(type="place", turn=0, x=move.x, y=move.y, rot=move.rot)
    await room.handle(player, place)
    (game,) = store.games.values()
    assert [t["x"] for t, _ in game.moves] == [move.x]
    assert ann.state == bo.state == watcher.state == room.state()
    assert watcher.game["turn"] == 1 and watcher.game["board"][-1]["x"] == move.x
    # The same intent again names a turn that is over: refused, never applied twice.
    with pytest.raises(GameError) as refused:
        await room.handle(player, place)
    assert refused.value.code == ErrorCode.STALE_TURN
    assert refused.value.details == {"turn": 0, "played": 1}  # what a client words it with
    assert len(game.moves) == 1


async def test_a_failed_write_changes_nothing_and_tells_nobody() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock)
    ann, bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    await start(room, ann)
    player = mover(ann.game, ann, bo)
    before, seq = room.state(), ann.seq
    move = first_legal(player)
    store.fail_next_write = True
    with pytest.raises(GameError) as failed:
        await room.handle(player, i.Place(type="place", turn=0, x=move.x, y=move.y, rot=move.rot))
    assert failed.value.code == ErrorCode.SERVER_ERROR
    assert room.match is not None and room.match.game.turn == 0
    assert room.state() is before and ann.seq == seq
    # The same move goes through once the store works again.
    await room.handle(player, i.Place(type="place", turn=0, x=move.x, y=move.y, rot=move.rot))
    assert room.match.game.turn >= 1 and ann.state == room.state()


def covers(features: dict, x: int, y: int) -> bool:
    """True when some feature of a `features` message has a part on cell (x, y)."""
    return any((part["x"], part["y"]) == (x, y)
               for feature in features["features"] for part in feature["parts"])


async def test_nobody_hears_of_a_move_whose_write_is_pending_or_failed() -> None:
    store, clock = FakeStore(), FakeClock()
    room, ann, bo, watcher = await started(store, clock)
    player = mover(ann.game, ann, bo)
    assert player.legal is not None
    first, *others = player.legal["placements"]
    second = next(o for o in others if (o["x"], o["y"]) != (first["x"], first["y"]))
    held = store.hold_next_write()
    place = i.Place(type="place", turn=0, **_xyr_of(first))
    placing = asyncio.create_task(room.handle(player, place))
    await settle()
    asking = asyncio.create_task(room.handle(watcher, i.Features(type="features")))
    await settle()
    # The move waits for its commit: the watcher's question waits for it too.
    assert [m for m in watcher.messages if m["type"] == "features"] == []
    held.set_exception(OSError("the disk is full"))
    with pytest.raises(GameError) as failed:
        await placing
    assert failed.value.code == ErrorCode.SERVER_ERROR
    await asking
    (answer,) = [m for m in watcher.messages if m["type"] == "features"]
    assert answer["turn"] == 0 and not covers(answer, first["x"], first["y"])
    # Another move on the same turn: its features, never the failed move's again.
    await room.handle(player, i.Place(type="place", turn=0, **_xyr_of(second)))
    await room.handle(watcher, i.Features(type="features"))
    latest = [m for m in watcher.messages if m["type"] == "features"][-1]
    assert latest["turn"] >= 1 and covers(latest, second["x"], second["y"])
    assert not covers(latest, first["x"], first["y"])


async def test_a_commit_stores_when_the_room_next_wakes_and_writes_it_no_second_time() -> None:
    # Time moves on between any two readings of the clock, as it does on a server.
    store, clock = FakeStore(), FakeClock(tick=0.001)
    room = await make_room(store, clock, bot="easy", bot_pause_seconds=1.0,
                           clock_option={"bank": 600, "increment": 0})
    ann = await join(room, ANN, "Ann")
    await start(room, ann)
    match = room.match
    assert match is not None
    writer = room.store
    assert isinstance(writer, FakeWriter)
    started = len(writer.writes)
    while len(placed(room)) < 11:
        if match.seat_to_move() == 0:
            await room.handle(ann, i.Place(type="place", turn=match.game.turn,
                                           **_xyr(first_legal(ann))))
        await clock.advance(1.5)  # the bot's pause
        assert store.rooms[CODE].wake_at == room.wake_at()
    writes = writer.writes[started:]
    assert writes.count("record_turns") >= 11
    assert "set_wake" not in writes, "each commit stored its wake with its move, once"


async def test_a_bot_seat_plays_after_the_pause_and_only_on_its_turn() -> None:
    store, clock = FakeStore(), FakeClock()
    # Seed 5 has the bot begin (seat 1, player 0).
    room = await make_room(store, clock, bot="easy", bot_pause_seconds=2.0, seed=5)
    ann = await join(room, ANN, "Ann")
    await start(room, ann)
    match = room.match
    assert match is not None and match.seat_to_move() == 1
    # While a bot's seat is to move, the room needs a server at once.
    assert store.rooms[CODE].wake_at == stamp(clock.now())
    # The bot waits out its pause, then plays.
    await clock.advance(1.9)
    assert placed(room) == []
    await clock.advance(0.2)
    assert placed(room) == [0] and match.seat_to_move() == 0
    # Ann's turn: nothing happens however long she thinks (no clock in this room).
    assert store.rooms[CODE].wake_at is None
    await clock.advance(3600)
    assert placed(room) == [0] and clock.pending() == []
    turn = match.game.turn
    await room.handle(ann, i.Place(type="place", turn=turn, **_xyr(first_legal(ann))))
    assert match.seat_to_move() == 1
    await clock.advance(1.9)
    assert placed(room) == [0, 1]
    await clock.advance(0.1)
    assert placed(room) == [0, 1, 0], "the bot answered after its pause"
    assert ann.state == room.state()


async def test_the_turn_clock_plays_for_a_person_whose_bank_runs_out() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock, clock_option={"bank": 30, "increment": 5})
    ann, bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    await start(room, ann)
    match = room.match
    assert match is not None and match.clock is not None
    late = match.game.current_player
    assert ann.game["clock"]["running"] == late and ann.game["clock"]["since"] == clock.now()
    # The room is due when the bank runs out, even for a server that has it not in memory.
    assert store.rooms[CODE].wake_at == stamp(clock.now() + 30)
    await clock.advance(29.9)
    assert placed(room) == []
    await clock.advance(0.2)
    assert placed(room) == [late], "an easy bot played the turn whose bank ran out"
    banks = ann.game["clock"]["banks"]
    assert banks[late] == 5  # emptied, plus the increment
    assert ann.game["clock"]["running"] == 1 - late and ann.state == bo.state == room.state()
    # The bot played at 30 s sharp; the other player moves at 42.1 s: 30 - 12.1 + 5 left.
    await clock.advance(12)
    other = mover(ann.game, ann, bo)
    turn = match.game.turn
    await room.handle(other, i.Place(type="place", turn=turn, **_xyr(first_legal(other))))
    assert ann.game["clock"]["banks"][1 - late] == 22.9


async def test_a_restart_keeps_the_banks_and_charges_the_downtime_to_nobody() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock, clock_option={"bank": 300, "increment": 0})
    ann, bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    await start(room, ann)
    first = mover(ann.game, ann, bo)
    await clock.advance(40)
    await room.handle(first, i.Place(type="place", turn=0, **_xyr(first_legal(first))))
    banks = list(ann.game["clock"]["banks"])
    player = ann.game["seats"].index(first.seat)
    assert banks[player] == 260
    room.dispose()
    clock.time += 86_400  # the server was down for a day
    again = Room(store.load(CODE), services(store, clock))
    await again.start()
    watcher = await join(again, None, "Cy")
    assert watcher.game["clock"]["banks"] == banks
    assert watcher.game["clock"]["since"] == clock.now()
    assert watcher.game["board"] == ann.game["board"]


async def test_taking_the_seat_back_stops_the_bot_that_was_about_to_play() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock, bot_pause_seconds=5.0)
    ann, bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    await start(room, ann)
    match = room.match
    assert match is not None
    seat = match.seat_to_move()
    await room.handle(ann, i.HandToBot(type="hand_to_bot", seat=seat, level="easy"))
    assert room.state()["room"]["seats"][seat]["bot_for_person"]
    await clock.advance(1)
    person = ann if seat == 0 else bo
    await room.handle(person, i.TakeBack(type="take_back", seat=seat))
    await clock.advance(10)
    assert placed(room) == [], "the bot's move was dropped"
    place = i.Place(type="place", turn=0, **_xyr(first_legal(person)))
    await room.handle(person, place)
    assert match.game.turn == 1


async def test_a_finished_game_leaves_nothing_scheduled() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock, bot="easy", clock_option={"bank": 60, "increment": 0})
    ann = await join(room, ANN, "Ann")
    await start(room, ann)
    assert clock.pending(), "a bot or a clock is waiting"
    match = room.match
    assert match is not None
    await room.handle(ann, i.EndGame(type="end_game", turn=match.game.turn))
    assert match.game.finished and ann.game["finished"]
    assert room.autoplay.planned is None and clock.pending() == []
    assert store.rooms[CODE].wake_at is None, "nothing is due in a room whose game is over"
    (game,) = store.games.values()
    assert game.record.status == "finished" and game.record.ended_early


def placed(room: Room) -> list[int]:
    """The player of every placement so far (the engine's own discards left out)."""
    assert room.match is not None
    return [t["player"] for t in room.match.game.turns if "tile" in t]


def _xyr(move) -> dict:
    return {"x": move.x, "y": move.y, "rot": move.rot}


def _xyr_of(placement: dict) -> dict:
    return {key: placement[key] for key in ("x", "y", "rot")}


async def test_hints_go_to_the_player_who_asks_and_count_once_a_turn() -> None:
    store, clock = FakeStore(), FakeClock()
    room, ann, bo, watcher = await started(store, clock)
    mover = mover_of(room, ann, bo)
    with pytest.raises(GameError) as refused:
        await room.handle(mover, i.Hint(type="hint", turn=0))
    assert refused.value.code == ErrorCode.HINTS_OFF
    await room.handle(ann, i.EndGame(type="end_game", turn=room.match.game.turn))
    await room.handle(ann, i.SetOptions.model_validate({"type": "set_options", "hints": "request"}))
    await start(room, ann)
    mover = mover_of(room, ann, bo)
    other = bo if mover is ann else ann
    turn = room.match.game.turn
    with pytest.raises(GameError) as refused:
        await room.handle(other, i.Hint(type="hint", turn=turn))
    assert refused.value.code == ErrorCode.NOT_YOUR_TURN
    for _ in range(2):  # the same hint twice, counted once
        await room.handle(mover, i.Hint(type="hint", turn=turn))
    hints = [m for m in mover.messages if m["type"] == "hint"]
    assert len(hints) == 2 and hints[0] == hints[1] and hints[0]["reason"].endswith(".")
    # The reason as a code and arguments too (the seeded game's knight, below), and in English.
    assert hints[0]["why"] == {"code": "places_knight",
                               "args": {"tiles": 2, "closed": 6, "open": 3}}
    assert hints[0]["reason"] == (
        "Puts a knight in an open city of 2 tiles (worth 6 if closed, 3 if not)."
    )
    placements = {(o["x"], o["y"], o["rot"]): o for o in mover.legal["placements"]}
    offered = placements[hints[0]["x"], hints[0]["y"], hints[0]["rot"]]
    # The game and the search follow from the room's seed: this hint places a knight, on a
    # spot the server offered for its placement.
    assert hints[0]["meeple"] is not None
    assert hints[0]["meeple"]["at"] in {s["at"] for s in offered["spots"]}
    player = room.match.game.current_player
    assert watcher.game["hints"][player] == 1 and sum(watcher.game["hints"]) == 1
    assert not any(m["type"] == "hint" for m in watcher.messages + other.messages)
    # A coach's check is for rooms that asked for the coach.
    check = i.Check(type="check", turn=turn, x=hints[0]["x"], y=hints[0]["y"], rot=hints[0]["rot"])
    with pytest.raises(GameError) as refused:
        await room.handle(mover, check)
    assert refused.value.code == ErrorCode.HINTS_OFF
    await room.handle(ann, i.EndGame(type="end_game", turn=turn))
    results = ann.game["results"]
    assert results["hints"] == ann.game["hints"] and results["field_lesson"] is None
    (_, game) = sorted(store.games.items())
    assert game[1].record.hints == results["hints"]


async def test_the_coach_checks_a_move_before_it_is_confirmed() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock)
    ann, bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    await room.handle(ann, i.SetOptions.model_validate({"type": "set_options", "hints": "coach"}))
    await start(room, ann)
    mover = mover_of(room, ann, bo)
    move = first_legal(mover)
    turn = room.match.game.turn
    await room.handle(mover, i.Check(type="check", turn=turn, **_xyr(move)))
    (answer,) = [m for m in mover.messages if m["type"] == "check"]
    # Nothing on the board belongs to anyone yet: no move can hand points to an opponent.
    assert answer["warning"] is None and (answer["x"], answer["y"]) == (move.x, move.y)
    assert answer["why"] is None
    with pytest.raises(GameError) as refused:
        await room.handle(mover, i.Check(type="check", turn=turn, x=99, y=99, rot=0))
    assert refused.value.code == ErrorCode.ILLEGAL_MOVE
    assert (refused.value.reason, refused.value.details) == ("not_adjacent", {"x": 99, "y": 99})
    assert room.match.game.turn == turn, "a check changes nothing"


def mover_of(room: Room, *peers: FakePeer) -> FakePeer:
    assert room.match is not None
    return next(q for q in peers if q.seat == room.match.seat_to_move())


async def test_trace_shows_the_whole_feature_a_figure_would_join_and_changes_nothing() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock)
    ann, bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    await start(room, ann)
    mover = mover_of(room, ann, bo)
    assert mover.legal is not None
    option = next(o for o in mover.legal["placements"] if o["spots"])
    spot = option["spots"][0]
    before = room.state()
    await room.handle(mover, i.Trace(type="trace", turn=0, x=option["x"], y=option["y"],
                                     rot=option["rot"], at=spot["at"]))
    (answer,) = [m for m in mover.messages if m["type"] == "trace"]
    feature = answer["feature"]
    assert feature["kind"] == spot["feature"]
    assert any(part["x"] == option["x"] and part["y"] == option["y"] for part in feature["parts"])
    assert room.state() is before and room.match is not None and room.match.game.turn == 0


async def test_the_sixth_seat_and_pink_come_with_inns_and_cathedrals_only() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock)
    ann = await join(room, ANN, "Ann")
    cy = await join(room, None, "Cy")

    async def refused(peer: FakePeer, intent: i.Intent) -> GameError:
        before = room.state()
        with pytest.raises(GameError) as error:
            await room.handle(peer, intent)
        assert room.state() == before  # a refusal changes nothing
        return error.value

    def options(**changes: object) -> i.SetOptions:
        return i.SetOptions.model_validate({"type": "set_options", **changes})

    assert (await refused(ann, options(seats=6))).code == ErrorCode.BAD_OPTIONS
    room_view = room.state()["room"]
    assert room_view["max_seats"] == 5 and "pink" not in room_view["colors"]
    await room.handle(ann, options(seats=3))
    pink = i.TakeSeat(type="take_seat", seat=2, name="Cy", color="pink")
    assert (await refused(cy, pink)).code == ErrorCode.COLOR_INVALID
    await room.handle(ann, options(inns_cathedrals=True, seats=6))
    room_view = room.state()["room"]
    assert room_view["max_seats"] == 6 and room_view["colors"][-1] == "pink"
    assert len(room_view["seats"]) == 6
    await room.handle(cy, pink)
    # Pink is taken: Inns & Cathedrals cannot be switched off until that seat is free.
    error = await refused(ann, options(inns_cathedrals=False))
    assert error.code == ErrorCode.BAD_OPTIONS and error.details["color"] == "pink"
    await room.handle(cy, i.LeaveSeat(type="leave_seat"))
    await room.handle(ann, i.AddBot(type="add_bot", seat=5))
    assert room.state()["room"]["seats"][5]["color"] == "green"
    # The sixth seat is taken: lowering the seats with the option is refused too.
    error = await refused(ann, options(inns_cathedrals=False))
    assert error.code == ErrorCode.BAD_OPTIONS and error.details["seats"] == 5
    await room.handle(ann, i.RemoveSeat(type="remove_seat", seat=5))
    await room.handle(ann, options(inns_cathedrals=False))
    assert room.state()["room"]["options"]["seats"] == 5
    assert room.state()["room"]["max_seats"] == 5
