"""The public state of a room, built by pure functions from the room's parts.

What everyone may see and nothing more: never a token, the seed of a running game or the
order of the bag.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app.server.broadcast import Peer
from app.server.lobby import Lobby
from app.server.match import Match
from app.server.patch import reuse_unchanged


def room_view(code: str, lobby: Lobby, playing: bool, peers: Iterable[Peer]) -> dict[str, Any]:
    """`state.room` (PROTOCOL.md): seats with presence, options, who watches."""
    peers = list(peers)
    online = {peer.seat for peer in peers if peer.seat is not None}
    host_seat = lobby.host_seat()
    seats = []
    for position in range(max(lobby.options.seats, max(lobby.seats, default=-1) + 1)):
        seat = lobby.seats.get(position)
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
            "bot_for_person": seat is not None and seat.bot_for_person,
        })
    watchers = sorted((peer for peer in peers if peer.seat is None), key=lambda q: q.id)
    return {
        "code": code,
        "status": "playing" if playing else "lobby",
        "options": lobby.options.to_dict(),
        "seats": seats,
        "host_seat": host_seat,
        "host_online": any(peer.host for peer in peers),
        "spectators": {"count": len(watchers), "names": [peer.name for peer in watchers]},
        "games_played": lobby.games_played,
    }


def legal_message(match: Match) -> dict[str, Any] | None:
    """The `legal` message for the player to move (PROTOCOL.md): every legal placement of the
    drawn tile with its figure spots. None when nobody is to move."""
    game = match.game
    if game.finished or game.drawn_tile is None:
        return None
    moves = game.legal_moves()
    placements = [
        {
            "x": placement.x,
            "y": placement.y,
            "rot": placement.rot,
            # The spot's other slots follow from `at` and the tile catalog.
            "spots": [{"kind": s.kind, "at": s.at, "feature": s.feature} for s in spots],
        }
        for placement, spots in moves.spots_by_placement().items()
    ]
    return {
        "type": "legal",
        "turn": game.turn,
        "tile": game.drawn_tile,
        "placements": placements,
        "can_return_abbot": moves.can_return_abbot,
    }


def features_message(match: Match | None) -> dict[str, Any]:
    """The `features` message (PROTOCOL.md): every road, city, field, monastery and garden on
    the board with its parts, followers and value, as the game stands."""
    if match is None:
        return {"type": "features", "game": None, "turn": 0, "features": []}
    game = match.game
    return {"type": "features", "game": match.id, "turn": game.turn, "features": game.features()}


def game_view(match: Match | None, previous: dict[str, Any] | None) -> dict[str, Any] | None:
    """`state.game` (PROTOCOL.md): the engine's public view plus what the room adds.

    Items equal to those of `previous` (the view last sent) are the previous objects, so the
    diff skips them by identity.
    """
    if match is None:
        return None
    game = match.game
    view = _wire(game.view())
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
    view = {**previous, **_wire(game.turn_view())}
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


def _wire(view: dict[str, Any]) -> dict[str, Any]:
    """The engine's view as sent: without `last` (the last entry of `board`) and `tiles_left`
    (the sum of `bag`), which would cost every move an op each for what the state says
    already."""
    view.pop("last", None)
    view.pop("tiles_left", None)
    return view


def _add_status(view: dict[str, Any], match: Match) -> None:
    game = match.game
    view["hints"] = list(match.hints)
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
