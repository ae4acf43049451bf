"""Response and request shapes of a finished game's review and its puzzles (the HTTP
contract of PROTOCOL.md's "Game review")."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class ReviewTurn(BaseModel):
    """One turn of a review: the move played and the best found, in the move log's turn form
    (`LOG_FORMAT.md`), the points of expected final margin the move gave away (`loss`, 0 when
    it is the best found, never negative), its class, every player's expected final score
    after it (`expected`, the chart), and when the best differs, what it does (`why`: a
    phrase's code and arguments; `reason`: the English)."""

    model_config = ConfigDict(populate_by_name=True)

    turn: int
    player: int
    played: dict[str, Any]
    best: dict[str, Any]
    loss: float
    class_: Literal["good", "inaccuracy", "mistake", "blunder"] = Field(alias="class")
    expected: list[float]
    why: dict[str, Any] | None = None
    reason: str | None = None


class ReviewPlayer(BaseModel):
    """A player's summary: placements judged, mean loss, how many moves of each class."""

    player: int
    moves: int
    mean_loss: float
    counts: dict[str, int]


class Review(BaseModel):
    """A game's review, or how far it got: `progress` 0.0-1.0; `place` in the queue of
    reviews waiting (0: being computed; null once done); the turns judged so far; the players'
    summaries once done."""

    status: Literal["running", "done"]
    progress: float
    place: int | None
    turns: list[ReviewTurn]
    players: list[ReviewPlayer]


class PuzzleMove(BaseModel):
    """A legal placement of a puzzle's tile, with the figures it may take."""

    x: int
    y: int
    rot: int
    spots: list[dict[str, str]]


class Puzzle(BaseModel):
    """A turn of a reviewed game as a puzzle ("learn from your mistakes"): the player to
    move and their tile, every legal move of it, and the loss under which a move tried is as
    good as the best found (`tolerance`, points of expected final margin)."""

    turn: int
    player: int
    tile: str
    moves: list[PuzzleMove]
    tolerance: float


class PuzzleMeeple(BaseModel):
    """The figure of a move tried: its kind and slot, as in the move log."""

    model_config = ConfigDict(extra="forbid")
    kind: str = Field(max_length=16)
    at: str = Field(max_length=8)


class PuzzleTry(BaseModel):
    """A move tried in a puzzle, in the move log's turn form without player and tile."""

    model_config = ConfigDict(extra="forbid")
    x: int = Field(ge=-1000, le=1000)
    y: int = Field(ge=-1000, le=1000)
    rot: Literal[0, 90, 180, 270]
    meeple: PuzzleMeeple | None = None


class PuzzleAnswer(BaseModel):
    """The judge's answer to a move tried: the move and the best found in the move log's
    turn form, the points of expected final margin it gives away against the best (`loss`,
    0 when it is the best or better), and whether that is under the tolerance (`solved`)."""

    turn: int
    tried: dict[str, Any]
    best: dict[str, Any]
    loss: float
    solved: bool
    tolerance: float
