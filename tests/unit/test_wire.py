"""The server's messages: each made as its model, encoded once, read back as the same message;
the room view in the state is the one `RoomView`."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from app.engine import IllegalMoveError
from app.server.wire import messages as m
from app.server.wire.errors import ErrorCode, GameError
from app.server.wire.options import ClockOption, RoomOptions
from app.server.wire.state import RoomView, SeatView, Spectators, State, You

YOU = You(seat=1, host=False, name="Bo")
ROOM = RoomView(
    code="k7m2q9xa", status="lobby", options=RoomOptions(clock=ClockOption(bank=60, increment=5)),
    colors=["red", "blue", "green", "yellow", "black"], max_seats=5,
    seats=[SeatView(seat=0, taken=True, name="Ann", color="red", presence="online", host=True,
                    bot=None, bot_for_person=False)],
    host_seat=0, host_online=True, spectators=Spectators(count=1, names=["Cy"]), games_played=0,
)
LINE = m.Chat(name="Bo", seat=1, color="blue", text="<b>hi</b>", at="2024-06-01T18:02:11+00:00")
EXAMPLES: list[m.Message] = [
    m.Welcome(room="k7m2q9xa", you=YOU),
    m.Snapshot(seq=17, state=State(room=ROOM, game={"turn": 4, "board": []}), chat=[LINE],
               now=1796100000.125),
    m.Diff(seq=18, ops=[{"op": "replace", "path": "/room/seats/0/presence", "value": "away"}]),
    m.Legal(turn=4, tile="V", can_return_abbot=False, placements=[
        {"x": 1, "y": 0, "rot": 90, "spots": [{"kind": "follower", "at": "W", "feature": "road"}]},
    ]),
    m.Features(game=12, turn=4, features=[{"id": "s0", "kind": "city"}]),
    m.Analysis(game=12, turn=4, tiles={"E": 2, "U": 1}, draws=[2, 1], squares=[
        {"x": 0, "y": -1, "fits": {"E": 2}, "count": 2},
        {"x": 1, "y": 0, "fits": {}, "count": 0},
    ], dead=[[1, 0]], features=[
        {"id": "s0", "kind": "city", "squares": [[0, -1]], "counts": [2], "closable": True,
         "chance": [0.6667, 0.6667]},
    ]),
    m.Hint(turn=9, x=2, y=1, rot=0, meeple={"kind": "follower", "at": "N"}, return_abbot=False,
           reason="Closes your city: +8.",
           why={"code": "scores", "args": {"points": 8, "done": [{"kind": "city", "count": 1}],
                                           "figure": None}}, points=8),
    m.Check(turn=9, x=2, y=1, rot=0, meeple=None, return_abbot=True, warning=None, why=None),
    m.Trace(turn=9, x=2, y=1, rot=0, at="N", feature=None),
    m.Seated(seat=1, token="kR2Qw", you=YOU),
    m.YouChanged(you=YOU),
    LINE,
    m.error(ErrorCode.STALE_TURN, "That was meant for turn 3.", 7, turn=3, played=4),
    m.Ping(),
    m.Pong(ref=None),
    m.Reload(),
]


def test_the_examples_cover_every_server_message() -> None:
    assert [m.type_of(type(example)) for example in EXAMPLES] == list(m.SERVER_MESSAGE_TYPES)


@pytest.mark.parametrize("message", EXAMPLES, ids=lambda message: m.type_of(type(message)))
def test_a_message_is_encoded_as_its_model_says_and_read_back_the_same(message: m.Message) -> None:
    text = m.encode(message)
    assert text.startswith(m.prefix(type(message)))
    omitted = type(message).omitted_when_none  # left out of the frame when None
    dump = message.model_dump(mode="json")
    assert json.loads(text) == {k: v for k, v in dump.items() if v is not None or k not in omitted}
    assert m.decode(text) == message


def test_an_error_leaves_out_a_ref_it_has_not_and_a_pong_never_does() -> None:
    assert json.loads(m.encode(m.error(ErrorCode.BAD_JSON, "Not JSON."))) == {
        "type": "error", "code": "bad_json", "message": "Not JSON.", "args": {}}
    assert json.loads(m.encode(m.error(ErrorCode.BAD_JSON, "Not JSON.", "a")))["ref"] == "a"
    assert json.loads(m.encode(m.Pong())) == {"type": "pong", "ref": None}
    stale = GameError(ErrorCode.STALE_TURN, "That was meant for turn 3.")
    assert json.loads(m.encode(m.refusal(stale, 7))) == {
        "type": "error", "code": "stale_turn", "message": "That was meant for turn 3.", "args": {},
        "ref": 7}


def test_an_illegal_move_carries_the_engine_s_reason_and_arguments() -> None:
    refused = GameError.illegal_move(
        IllegalMoveError("that city is already occupied", code="occupied", args={"feature": "city"})
    )
    assert json.loads(m.encode(m.refusal(refused))) == {
        "type": "error", "code": "illegal_move", "message": "that city is already occupied",
        "reason": "occupied", "args": {"feature": "city"}}


def test_an_advice_code_is_one_of_its_kind() -> None:
    with pytest.raises(ValidationError):
        m.Check(turn=9, x=2, y=1, rot=0, meeple=None, return_abbot=False, warning="Careful.",
                why={"code": "scores", "args": {}})  # a hint's code, not a warning's
    assert m.ADVICE_CODES["check"] == ("gift", "outnumbered", "adds_next_to", "risky_late")


def test_a_message_has_exactly_its_fields() -> None:
    with pytest.raises(ValidationError):
        m.decode('{"type": "ping", "extra": 1}')
    with pytest.raises(ValidationError):
        m.decode('{"type": "diff", "seq": 1}')
    with pytest.raises(ValidationError):
        m.decode('{"type": "nonsense"}')
    with pytest.raises(ValidationError):
        m.Legal(turn=1, tile="A", can_return_abbot=False,
                placements=[{"x": 0, "y": 1, "rot": 0, "spots": [], "score": 3}])


def test_the_room_view_reads_back_from_the_state_as_it_was() -> None:
    held = ROOM.model_dump()
    assert RoomView.model_validate(held) == ROOM
    assert held["spectators"] == {"count": 1, "names": ["Cy"]}
    assert held["options"]["clock"] == {"bank": 60, "increment": 5}


def test_the_wire_offers_every_bot_level() -> None:
    from typing import get_args

    from app.bots import LEVELS
    from app.server.wire import intents

    assert get_args(intents.BotLevel) == LEVELS
