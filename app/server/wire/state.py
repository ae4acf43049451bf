"""The state every client of a room holds, `{"room": ..., "game": ...}` (PROTOCOL.md, "State,
seq, diffs, resync"), and who a connection is in it (`you`).

`state.room` is described once, here: the room's view in the state and the HTTP read model
(`GET /api/rooms/{code}`) are the same `RoomView`. `state.game` is the engine's public view
with what the room adds (`rooms.views.game_view`), kept as plain JSON: it changes with every
move, and its diff is computed from it as it is.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.server.wire.options import RoomOptions


class View(BaseModel):
    """Base of the state's parts: exactly these fields, never changed once made."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class SeatView(View):
    """One seat of `state.room.seats`."""

    seat: int
    taken: bool
    name: str | None
    color: str | None
    presence: Literal["online", "away", "bot"] | None = Field(
        description="online: a connection holds the seat; bot: nobody, and a bot plays it; "
                    "away: nobody, the seat waits for its player")
    host: bool
    bot: str | None = Field(description="the level of the bot playing the seat, if one does")
    bot_for_person: bool = Field(description="a bot plays the seat for a person who left")


class Spectators(View):
    """Who watches: the connections without a seat, oldest first."""

    count: int
    names: list[str]


class RoomView(View):
    """`state.room`: the room's seats with presence, its options, who watches (the same as
    `GET /api/rooms/{code}`, where nobody is shown online unless a process holds the room)."""

    code: str
    status: Literal["lobby", "playing"]
    options: RoomOptions
    colors: list[str] = Field(description="the colours a player may choose with these options")
    max_seats: int = Field(description="the most seats these options allow (`options.seats` "
                                       "may go up to it)")
    seats: list[SeatView]
    host_seat: int | None
    host_online: bool
    spectators: Spectators
    games_played: int


class State(View):
    """The state as a snapshot carries it."""

    room: RoomView
    game: dict[str, Any] | None = Field(
        description="null before the first game; the engine's view plus what the room adds")


class You(View):
    """Who a connection is in its room: its seat (None: it watches), host flag and name."""

    seat: int | None
    host: bool
    name: str
