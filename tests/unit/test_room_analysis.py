"""The table's analysis in a room (in-process: a fake store, a fake clock): refused at a table
without advice, for the players with hints on request, for the watchers too with the coach;
a player's first look counted, stored before the answer goes out, kept in the results and
through a restart."""

from __future__ import annotations

import json

import pytest
from fakes import FakeClock, FakePeer, FakeStore, Room, services
from test_room import ANN, BO, CODE, join, make_room, start

from app.engine import table_analysis
from app.server.wire import intents as i
from app.server.wire.errors import ErrorCode, GameError

ASK = i.Analysis(type="analysis")


def answers(peer: FakePeer) -> list[dict]:
    return [m for m in peer.messages if m["type"] == "analysis"]


async def refused(room: Room, peer: FakePeer) -> ErrorCode:
    with pytest.raises(GameError) as caught:
        await room.handle(peer, ASK)
    return caught.value.code


async def test_a_table_without_advice_gets_no_analysis() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock)  # hints "off", the default
    ann, bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    watcher = await join(room, None, "Cy")
    await start(room, ann)
    for peer in (ann, bo, watcher):
        assert await refused(room, peer) == ErrorCode.ANALYSIS_OFF
        assert answers(peer) == []
    assert ann.game["analysis"] == [False, False]
    assert "set_analysis" not in room.store.writes


async def test_with_hints_on_request_the_players_see_it_and_their_first_look_counts() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock, options={"hints": "request"})
    ann, bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    watcher = await join(room, None, "Cy")
    await start(room, ann)
    match = room.match
    assert match is not None
    # Watchers are left out at this level.
    assert await refused(room, watcher) == ErrorCode.ANALYSIS_OFF
    await room.handle(bo, ASK)
    (answer,) = answers(bo)
    expected = table_analysis(match.game).to_dict()
    assert answer == {"type": "analysis", "game": match.id, "turn": match.game.turn,
                      **json.loads(json.dumps(expected))}
    assert answer["squares"] and answer["features"]
    bo_player = [pl["seat"] for pl in match.players].index(1)
    looked = [False, False]
    looked[bo_player] = True
    # Everyone sees who looked, and the store has it.
    assert watcher.game["analysis"] == looked and ann.game["analysis"] == looked
    (game,) = store.games.values()
    assert game.record.analysis == looked
    # A second look is no new fact: nothing more is written.
    await room.handle(bo, ASK)
    assert room.store.writes.count("set_analysis") == 1
    assert answers(bo)[0] == answers(bo)[1]
    await room.handle(ann, ASK)
    assert ann.game["analysis"] == [True, True]
    assert room.store.writes.count("set_analysis") == 2
    # The results and the record of the finished game say so.
    await room.handle(ann, i.EndGame(type="end_game", turn=match.game.turn))
    assert ann.game["results"]["analysis"] == [True, True]
    assert game.record.results is not None and game.record.results["analysis"] == [True, True]


async def test_with_the_coach_the_watchers_see_it_too_and_are_not_counted() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock, options={"hints": "coach"})
    ann, _bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    watcher = await join(room, None, "Cy")
    await start(room, ann)
    await room.handle(watcher, ASK)
    (answer,) = answers(watcher)
    assert answer["turn"] == room.match.game.turn
    assert watcher.game["analysis"] == [False, False]
    assert "set_analysis" not in room.store.writes


async def test_the_answer_follows_the_game_and_a_look_survives_a_restart() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock, options={"hints": "request"})
    ann, bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    await start(room, ann)
    await room.handle(ann, ASK)
    match = room.match
    mover = ann if match.seat_to_move() == 0 else bo
    placement = mover.legal["placements"][0]
    await room.handle(mover, i.Place(type="place", turn=match.game.turn, x=placement["x"],
                                     y=placement["y"], rot=placement["rot"]))
    await room.handle(ann, ASK)
    first, second = answers(ann)
    assert (first["turn"], second["turn"]) == (0, 1)
    assert second == {"type": "analysis", "game": match.id, "turn": 1,
                      **json.loads(json.dumps(table_analysis(match.game).to_dict()))}
    # Another process loads the room from the store: Ann's look is still known.
    again = Room(store.load(CODE), services(store, clock))
    ann_player = [pl["seat"] for pl in again.match.players].index(0)
    assert again.match.analysis[ann_player] and not again.match.analysis[1 - ann_player]


async def test_before_any_game_the_answer_is_empty() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock, options={"hints": "coach"})
    ann = await join(room, ANN, "Ann")
    await room.handle(ann, ASK)
    assert answers(ann) == [{"type": "analysis", "game": None, "turn": 0, "tiles": {},
                             "draws": [], "squares": [], "dead": [], "features": []}]


async def test_a_game_ended_early_is_analysed_anew() -> None:
    store, clock = FakeStore(), FakeClock()
    room = await make_room(store, clock, options={"hints": "request"})
    ann, _bo = await join(room, ANN, "Ann"), await join(room, BO, "Bo")
    await start(room, ann)
    await room.handle(ann, ASK)
    turn = room.match.game.turn
    await room.handle(ann, i.EndGame(type="end_game", turn=turn))
    await room.handle(ann, ASK)
    before, after = answers(ann)
    assert before["turn"] == after["turn"] == turn  # ending adds no turn
    assert before["tiles"] and after["tiles"] == {} and after["draws"] == [0, 0]
    assert all(not f["closable"] for f in after["features"])
