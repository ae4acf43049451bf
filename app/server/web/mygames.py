"""My games: the rooms a browser sits in, from the seat tokens it keeps.

The browser sends its tokens in a request body; each that still names a seat gives one entry
read from the store (the authority, whichever process owns the room): the players, whose
turn it is, the time left, the last move and the score. Scores come from replaying the
stored moves with the engine, and a replay is kept for as long as its game has not moved.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from app.server.rooms.identity import hash_token
from app.server.rooms.match import Match
from app.server.web import schemas
from app.server.wire.options import RoomOptions
from app.store import GameRecord, RoomRecord, Store


@dataclass(frozen=True)
class Glance:
    """What My games shows of a game after a number of turns."""

    pace: Literal["live", "turn"]
    turn: int
    to_move: int | None  # the seat to move while the game runs
    scores: list[int]  # in turn order
    goods: list[dict[str, int] | None]  # in turn order; None without Traders & Builders
    tiles_left: int
    last_move: dict[str, Any] | None  # player (turn order), tile, x, y of the last placement
    deadlines: dict[str, float]  # turn-based: `late` and `limit`, Unix seconds


class Glances:
    """Glances of the latest games asked about, each computed once per move."""

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self._glances: OrderedDict[tuple[int, int, str], Glance] = OrderedDict()

    def of(self, record: GameRecord, room_options: RoomOptions) -> Glance:
        """The glance of `record` as stored now (moves included)."""
        key = (record.id, record.turn_count, record.status)
        glance = self._glances.get(key)
        if glance is None:
            glance = _glance(Match.restore(record, room_options, at=0.0))
            self._glances[key] = glance
            if len(self._glances) > self.size:
                self._glances.popitem(last=False)
        else:
            self._glances.move_to_end(key)
        return glance


def _glance(match: Match) -> Glance:
    game = match.game
    placed = next((t for t in reversed(game.turns) if "tile" in t), None)
    last_move = None
    if placed is not None:
        last_move = {key: placed[key] for key in ("player", "tile", "x", "y")}
    return Glance(
        pace=match.options.pace,
        turn=game.turn,
        to_move=match.seat_to_move() if match.running else None,
        scores=list(game.scores),
        goods=[player.get("goods") for player in game.turn_view()["players"]],
        tiles_left=game.tiles_left,
        last_move=last_move,
        deadlines=dict(match.deadlines()) if match.running else {},
    )


async def my_games(
    store: Store, glances: Glances, held: list[schemas.HeldSeat], now: float
) -> schemas.MyGames:
    """The entries for the seats `held` that still hold, waiting-for-you first."""
    pairs = list({(seat.room.strip().lower(), hash_token(seat.token)) for seat in held})
    entries = [
        _entry(room, position, glances) for room, position in await store.held_seats(pairs)
    ]
    entries.sort(key=_order)
    return schemas.MyGames(
        now=_time(now),
        your_turn=sum(entry.your_turn for entry in entries),
        games=entries,
    )


def _entry(room: RoomRecord, position: int, glances: Glances) -> schemas.MyGame:
    options = RoomOptions.from_stored(room.options)
    seats = {seat.position: seat for seat in room.seats}
    record = room.game
    if record is None:
        return schemas.MyGame(
            room=room.code, link=f"/r/{room.code}", seat=position, status="lobby",
            pace=options.pace, your_turn=False, to_move=None, move_deadline=None,
            game_deadline=None, turn=0, tiles_left=None,
            players=[
                schemas.MyGamePlayer(seat=s.position, name=s.name, color=s.color, score=None,
                                     bot=s.bot, you=s.position == position)
                for s in room.seats
            ],
            last_move=None, winners=[],
            updated=room.updated_at or datetime.now(UTC),
        )
    glance = glances.of(record, options)
    players = record.players
    mine = seats.get(position)
    your_turn = glance.to_move == position and mine is not None and mine.bot is None
    last = None
    if glance.last_move is not None and record.move_times:
        mover = players[glance.last_move["player"]]
        last = schemas.LastMove(
            seat=mover["seat"], name=mover["name"], tile=glance.last_move["tile"],
            x=glance.last_move["x"], y=glance.last_move["y"], at=record.move_times[-1],
        )
    late, limit = glance.deadlines.get("late"), glance.deadlines.get("limit")
    return schemas.MyGame(
        room=room.code, link=f"/r/{room.code}", seat=position,
        status="finished" if record.finished else "playing",
        pace=glance.pace,
        your_turn=your_turn, to_move=glance.to_move,
        move_deadline=_time(late) if late is not None else None,
        game_deadline=_time(limit) if limit is not None else None,
        turn=glance.turn, tiles_left=glance.tiles_left,
        players=[
            schemas.MyGamePlayer(
                seat=pl["seat"], name=pl["name"], color=pl["color"], score=glance.scores[i],
                goods=glance.goods[i],
                bot=seats[pl["seat"]].bot if pl["seat"] in seats else None,
                you=pl["seat"] == position,
            )
            for i, pl in enumerate(players)
        ],
        last_move=last,
        winners=[players[i]["seat"] for i in record.winners or ()],
        updated=record.move_times[-1] if record.move_times else record.started_at,
    )


_STATUS_ORDER = {"playing": 1, "lobby": 2, "finished": 3}


def _order(entry: schemas.MyGame) -> tuple[int, float]:
    """Waiting for you, soonest deadline first; then the rest, latest activity first."""
    if entry.your_turn:
        deadline = entry.move_deadline.timestamp() if entry.move_deadline else float("inf")
        return 0, deadline
    return _STATUS_ORDER[entry.status], -entry.updated.timestamp()


def _time(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)
