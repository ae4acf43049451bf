"""Turn-based rooms with time under the test's control: a move a day, the game across days.

No test sleeps through a day: the fake clock jumps, and the timers it passes fire in order.
"""

from __future__ import annotations

import pytest
from fakes import FakeClock, FakeStore, Room, first_legal, services
from test_room import ANN, BO, CODE, _xyr, join, make_room, mover, placed, start

from app.engine import Move
from app.server.rooms.timing import stamp
from app.server.wire import intents as i
from app.server.wire.options import RoomOptions

HOUR, DAY = 3600.0, 86400.0


async def test_a_late_player_gets_one_easy_bot_move_and_the_next_a_whole_day() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock, options={"pace": "turn", "move_hours": 24})
    ann, bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    await start(room, ann)
    began = clock.now()
    late = room.match.game.current_player  # type: ignore[union-attr]
    assert ann.game["deadline"] == {"move": began + DAY, "game": None}
    assert ann.game["clock"] is None
    # Due in the store too, so a server that has unloaded the room comes back for it.
    assert store.rooms[CODE].wake_at == stamp(began + DAY)
    await clock.advance(DAY - 1)
    assert placed(room) == []
    await clock.advance(2)
    assert placed(room) == [late], "an easy bot played the turn whose time ran out"
    # The seat stays the person's; the next player has a whole day from the bot's move,
    # played when the time ran out.
    assert not ann.state["room"]["seats"][ann.game["seats"][late]]["bot"]  # type: ignore[index]
    assert ann.game["deadline"]["move"] == began + 2 * DAY
    assert ann.state == bo.state == room.state()
    # The next player moves within the day: their move, and a whole day for the late one.
    await clock.advance(5 * HOUR)
    other = mover(ann.game, ann, bo)
    await room.handle(other, i.Place(type="place", turn=1, **_xyr(first_legal(other))))
    assert placed(room) == [late, 1 - late]
    assert ann.game["deadline"]["move"] == clock.now() + DAY


async def test_with_bot_seat_a_late_player_hands_the_seat_to_a_bot_until_taken_back() -> None:
    store, clock = FakeStore(), FakeClock()
    options = {"pace": "turn", "move_hours": 12, "on_timeout": "bot_seat"}
    room = await make_room(store, clock, options=options, bot_pause_seconds=1.0)
    ann, bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    await start(room, ann)
    match = room.match
    assert match is not None
    late_seat = match.seat_to_move()
    late = ann if late_seat == 0 else bo
    await clock.advance(12 * HOUR + 0.5)
    seat = ann.state["room"]["seats"][late_seat]  # type: ignore[index]
    assert seat["bot"] == "easy" and seat["bot_for_person"], "an easy bot plays the seat now"
    assert store.rooms[CODE].seats[late_seat].bot == "easy", "and the store says so"
    await clock.advance(1.0)
    assert len(placed(room)) == 1, "the bot moved after its pause"
    # Whenever the seat's turn comes round again, the bot plays it after its pause.
    other = mover(ann.game, ann, bo)
    await room.handle(other, i.Place(type="place", turn=1, **_xyr(first_legal(other))))
    await clock.advance(1.0)
    assert placed(room)[-1] == match.players.index(
        next(pl for pl in match.players if pl["seat"] == late_seat)
    )
    # The person takes the seat back and has the full time per move again.
    await room.handle(late, i.TakeBack(type="take_back", seat=late_seat))
    assert not ann.state["room"]["seats"][late_seat]["bot"]  # type: ignore[index]


async def test_a_hand_over_to_a_bot_the_store_refused_is_tried_again_until_stored() -> None:
    store, clock = FakeStore(), FakeClock()
    options = {"pace": "turn", "move_hours": 12, "on_timeout": "bot_seat"}
    room = await make_room(store, clock, options=options, bot_pause_seconds=1.0,
                           retry_first_seconds=0.5)
    ann, _bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    await start(room, ann)
    assert room.match is not None
    late_seat = room.match.seat_to_move()
    store.fail_next_write = True  # the database is away when the time runs out
    await clock.advance(12 * HOUR + 0.1)
    assert not ann.state["room"]["seats"][late_seat]["bot"], "nothing changed"  # type: ignore[index]
    assert store.rooms[CODE].seats[late_seat].bot is None
    await clock.advance(0.5)  # tried again: stored, shown, and the bot plays after its pause
    assert ann.state["room"]["seats"][late_seat]["bot"] == "easy"  # type: ignore[index]
    assert store.rooms[CODE].seats[late_seat].bot == "easy"
    await clock.advance(1.0)
    assert len(placed(room)) == 1


async def test_the_whole_game_ends_when_its_days_are_up() -> None:
    store, clock = FakeStore(), FakeClock()
    options = {"pace": "turn", "move_hours": 48, "game_days": 3}
    room = await make_room(store, clock, options=options)
    ann, _bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    await start(room, ann)
    began = clock.now()
    assert ann.game["deadline"] == {"move": began + 2 * DAY, "game": began + 3 * DAY}
    await clock.advance(2 * DAY + 1)
    assert len(placed(room)) == 1  # the first player's time ran out
    # The second player's 48 hours would end on day 4: the game's three days end first.
    assert store.rooms[CODE].wake_at == stamp(began + 3 * DAY)
    await clock.advance(DAY)
    assert ann.game["finished"] and ann.game["ended_early"]
    assert ann.game["deadline"] == {"move": None, "game": began + 3 * DAY}
    assert ann.game["results"] is not None and store.rooms[CODE].wake_at is None
    (game,) = store.games.values()
    assert game.record.status == "finished" and game.record.ended_early
    assert clock.pending() == []


async def test_a_deadline_passed_while_the_server_was_down_is_played_once_at_start() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock, options={"pace": "turn", "move_hours": 24})
    ann, bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    await start(room, ann)
    first = mover(ann.game, ann, bo)
    await clock.advance(HOUR)
    await room.handle(first, i.Place(type="place", turn=0, **_xyr(first_legal(first))))
    late = room.match.game.current_player  # type: ignore[union-attr]
    room.dispose()
    clock.time += 3 * DAY  # down for three days: two more deadlines would have passed
    again = Room(store.load(CODE), services(store, clock))
    await again.start()
    await clock.advance(0)  # a timer set in the past fires at once
    assert again.match is not None
    assert [t["player"] for t in again.match.game.turns if "tile" in t][1:] == [late]
    watcher = await join(again, None, "Cy")
    assert watcher.game["deadline"]["move"] == clock.now() + DAY
    await clock.advance(DAY - 1)
    assert len(placed(again)) == 2, "exactly one move was played for the late player"


def test_a_turn_based_room_has_no_live_clock() -> None:
    with pytest.raises(ValueError, match="time per move"):
        RoomOptions.model_validate({"pace": "turn", "clock": {"bank": 60, "increment": 0}})
    with pytest.raises(ValueError):
        RoomOptions.model_validate({"pace": "turn", "move_hours": 6})
    options = RoomOptions.model_validate({"pace": "turn", "move_hours": 72, "game_days": 14})
    assert RoomOptions.from_stored(options.to_dict()) == options


def _steered(game) -> tuple[dict, dict | None]:
    """A move for the player to move that seeks the builder's bonus turn: a placement that
    earns one, else the builder, else a follower on a road or city, else the first."""
    moves = game.legal_moves()
    for placement in moves.placements():
        after = game.copy()
        after.play(Move(placement.x, placement.y, placement.rot))
        if not after.finished and after.current_player == game.current_player:
            return {"x": placement.x, "y": placement.y, "rot": placement.rot}, None
    for kind in ("builder", "follower"):
        for placement, spots in moves.spots_by_placement().items():
            for spot in spots:
                if spot.kind == kind and spot.feature in ("road", "city"):
                    return ({"x": placement.x, "y": placement.y, "rot": placement.rot},
                            {"kind": kind, "at": spot.at})
    first = moves.placements()[0]
    return {"x": first.x, "y": first.y, "rot": first.rot}, None


async def _play_until_a_bonus_turn(room, peers, clock, seconds: float) -> int:
    """Steered moves, `seconds` apart, until a tile earns a bonus turn; its player."""
    game = room.match.game
    while not game.finished:
        before = game.current_player
        where, meeple = _steered(game)
        await clock.advance(seconds)
        peer = mover(peers[0].game, *peers)
        await room.handle(peer, i.Place(type="place", turn=game.turn, meeple=meeple, **where))
        if not game.finished and game.current_player == before and peers[0].game["bonus_turn"]:
            return before
    raise AssertionError("no bonus turn in the whole game")


async def test_each_tile_of_a_double_turn_is_a_turn_for_the_clock() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock, clock_option={"bank": 7200, "increment": 5},
                           options={"traders_builders": True, "tileset": "classic"})
    ann, bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    await start(room, ann)
    before = list(ann.game["clock"]["banks"])
    player = await _play_until_a_bonus_turn(room, [ann, bo], clock, 10)
    view = ann.game
    # The same player moves again: their bank runs on, charged 10 s and given the increment
    # for the first tile, as for any turn.
    assert view["current_player"] == player and view["clock"]["running"] == player
    assert view["clock"]["since"] == clock.now()
    turns = [t for t in view["turns"] if "tile" in t and t["player"] == player]
    assert view["clock"]["banks"][player] == before[player] - 5 * len(turns)
    who = mover(view, ann, bo)  # and gets the placements of the bonus tile
    assert who.legal is not None and who.legal["turn"] == view["turn"]


async def test_the_bonus_tile_of_a_turn_based_game_has_its_own_time() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock, options={
        "traders_builders": True, "tileset": "classic", "pace": "turn", "move_hours": 12})
    ann, bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    await start(room, ann)
    player = await _play_until_a_bonus_turn(room, [ann, bo], clock, HOUR)
    assert ann.game["current_player"] == player
    assert ann.game["deadline"]["move"] == clock.now() + 12 * HOUR
    # Its time runs out: an easy bot plays the bonus tile for the seat, then the other player.
    await clock.advance(12 * HOUR + 1)
    assert placed(room)[-2:] == [player, player]
    assert ann.game["current_player"] == 1 - player and not ann.game["bonus_turn"]
