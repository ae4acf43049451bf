"""The public state of a room, built by pure functions from the room's parts.

What everyone may see and nothing more: never a token, the seed of a running game or the
order of the bag.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from app.engine import table_analysis
from app.server.ports import Peer
from app.server.rooms.lobby import Lobby
from app.server.rooms.match import Match
from app.server.wire import messages as m
from app.server.wire.patch import reuse_unchanged
from app.server.wire.state import RoomView, SeatView, Spectators


def room_view(code: str, lobby: Lobby, playing: bool, peers: Iterable[Peer]) -> dict[str, Any]:
    """`state.room` (PROTOCOL.md, `wire.state.RoomView`) as the state holds it: seats with
    presence, options, who watches."""
    peers = list(peers)
    online = {peer.seat for peer in peers if peer.seat is not None}
    host_seat = lobby.host_seat()
    seats = []
    for position in range(max(lobby.options.seats, max(lobby.seats, default=-1) + 1)):
        seat = lobby.seats.get(position)
        presence: Literal["online", "away", "bot"] | None = None
        if seat is not None:
            presence = "online" if position in online else "bot" if seat.bot else "away"
        seats.append(SeatView(
            seat=position,
            taken=seat is not None,
            name=seat.name if seat else None,
            color=seat.color if seat else None,
            presence=presence,
            host=seat is not None and position == host_seat,
            bot=seat.bot if seat else None,
            bot_for_person=seat is not None and seat.bot_for_person,
        ))
    watchers = sorted((peer for peer in peers if peer.seat is None), key=lambda q: q.id)
    return RoomView(
        code=code,
        status="playing" if playing else "lobby",
        options=lobby.options,
        colors=list(lobby.options.colors()),
        max_seats=lobby.options.max_players(),
        seats=seats,
        host_seat=host_seat,
        host_online=any(peer.host for peer in peers),
        spectators=Spectators(count=len(watchers), names=[peer.name for peer in watchers]),
        games_played=lobby.games_played,
    ).model_dump()


def legal_message(match: Match) -> m.Legal | None:
    """The `legal` message for the player to move (PROTOCOL.md): every legal placement of the
    drawn tile with its figure spots. None when nobody is to move."""
    game = match.game
    if game.finished or game.drawn_tile is None:
        return None
    moves = game.legal_moves()
    placements: list[m.Placement] = [
        {
            "x": placement.x,
            "y": placement.y,
            "rot": placement.rot,
            # The spot's other slots follow from `at` and the tile catalog.
            "spots": [{"kind": s.kind, "at": s.at, "feature": s.feature} for s in spots],
        }
        for placement, spots in moves.spots_by_placement().items()
    ]
    # Built from the engine's own values: not validated again (a late turn's hundred
    # placements would cost more to check than to make); the tests' and benchmarks' clients
    # check every frame they get against the protocol's models.
    return m.Legal.model_construct(turn=game.turn, tile=game.drawn_tile, placements=placements,
                                   can_return_abbot=moves.can_return_abbot)


def features_message(match: Match | None) -> m.Features:
    """The `features` message (PROTOCOL.md): every road, city, field, monastery and garden on
    the board with its parts, followers and value, as the game stands."""
    if match is None:
        return m.Features(game=None, turn=0, features=[])
    game = match.game
    return m.Features(game=match.id, turn=game.turn, features=game.features())


def analysis_message(match: Match | None) -> m.Analysis:
    """The `analysis` message (PROTOCOL.md): what the table knows as the game stands, from
    public information only (the engine's `table_analysis`)."""
    if match is None:
        return m.Analysis(game=None, turn=0, tiles={}, draws=[], squares=[], dead=[],
                          features=[])
    game = match.game
    return m.Analysis(game=match.id, turn=game.turn, **table_analysis(game).to_dict())


def game_view(match: Match | None, previous: dict[str, Any] | None) -> dict[str, Any] | None:
    """`state.game` (PROTOCOL.md): the engine's public view plus what the room adds.

    Items equal to those of `previous` (the view last sent) are the previous objects, so the
    diff skips them by identity.
    """
    if match is None:
        return None
    game = match.game
    view = game.view()
    view["id"] = match.id
    view["number"] = match.number
    view["seats"] = [pl["seat"] for pl in match.players]
    view["figures"] = [_figure(f) for f in view["figures"]]
    view["events"] = [event.to_dict() for event in game.events]
    view["turns"] = [dict(turn) for turn in game.turns]
    _add_status(view, match)
    if previous is not None and previous.get("id") == match.id:
        for key in ("board", "figures", "events", "turns"):
            view[key] = reuse_unchanged(previous.get(key), view[key])
    return view


def next_game_view(match: Match, previous: dict[str, Any]) -> dict[str, Any]:
    """The game view after the engine's last change (`Game.last_change`), from `previous`,
    the view as it was just before that change: the same as `game_view`, at a cost that does
    not grow with the board. The board, figures, events and turns are the previous lists
    (the same objects, so the diff skips them) with what the move added or took away."""
    game = match.game
    change = game.last_change
    assert change is not None and previous["id"] == match.id
    view = {**previous, **game.turn_view()}
    if change.tile is not None:
        view["board"] = [*previous["board"], dict(change.tile)]
    if change.figures_placed or change.figures_removed:
        gone = {_figure_id(f) for f in change.figures_removed}
        view["figures"] = [f for f in previous["figures"] if f["id"] not in gone] + [
            _figure(f) for f in change.figures_placed if _figure_id(f) not in gone
        ]
    if change.events:
        view["events"] = [*previous["events"], *(event.to_dict() for event in change.events)]
    if change.turns:
        view["turns"] = [*previous["turns"], *(dict(turn) for turn in change.turns)]
    _add_status(view, match)
    return view


def _add_status(view: dict[str, Any], match: Match) -> None:
    game = match.game
    view["hints"] = list(match.hints)
    view["analysis"] = list(match.analysis)
    view["advice"] = match.options.hints
    view["results"] = match.results() if game.finished else None
    view["clock"] = match.clock.view() if match.clock is not None else None
    view["deadline"] = match.deadline_view()


def _figure_id(figure: dict[str, Any]) -> str:
    return f"{figure['x']},{figure['y']},{figure['at']}"


def _figure(figure: dict[str, Any]) -> dict[str, Any]:
    """A figure of the view, known by where it stands (one figure per segment of a tile), so
    one that leaves the board costs one `remove`, whatever its place in the list."""
    return {"id": _figure_id(figure), **figure}
