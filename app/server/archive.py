"""Stored games in the shapes the archive and the replay page need.

Replays are computed by replaying the stored log with the engine; a finished game never changes,
so its replay is cached.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from app.engine import Game, Options, Player
from app.server import schemas
from app.server.options import RoomOptions
from app.store import GameRecord


def _game_options(record: GameRecord) -> Options:
    return RoomOptions.from_stored(record.options).game_options()


def _options(record: GameRecord) -> dict[str, Any]:
    room = RoomOptions.from_stored(record.options)
    return {**_game_options(record).to_dict(), "hints": room.hints, "pace": room.pace}


def _players(record: GameRecord) -> list[Player]:
    return [Player(pl["name"], pl["color"]) for pl in record.players]


def _results(record: GameRecord, scores: list[int] | None) -> list[schemas.PlayerResult]:
    winners = set(record.winners or [])
    hints = list(record.hints or ())
    return [
        schemas.PlayerResult(
            name=pl["name"],
            color=pl["color"],
            seat=pl.get("seat"),
            score=scores[i] if scores is not None and i < len(scores) else None,
            winner=i in winners,
            hints=hints[i] if i < len(hints) else 0,
        )
        for i, pl in enumerate(record.players)
    ]


def summary(record: GameRecord) -> schemas.GameSummary:
    """The archive entry of a game."""
    return schemas.GameSummary(
        id=record.id,
        room=record.room_code,
        number=record.number,
        status="finished" if record.finished else "running",
        ended_early=record.ended_early,
        options=schemas.GameOptions(**_options(record)),
        players=_results(record, record.final_scores),
        winners=list(record.winners or []),
        turns=record.turn_count,
        started_at=record.started_at,
        finished_at=record.finished_at,
    )


def detail(record: GameRecord) -> schemas.GameDetail:
    """A game with its per-player breakdown (once finished)."""
    results = record.results or {}
    return schemas.GameDetail(
        **summary(record).model_dump(),
        breakdown=results.get("breakdown"),
        ranking=results.get("ranking"),
        events=[],
    )


def log(record: GameRecord) -> dict[str, Any]:
    """The `carcassonne-log/1` file of a game, written by the engine from the game rebuilt
    from its stored moves; the seed only once the game is over."""
    game = Game.restore(_players(record), _game_options(record), record.seed, record.moves)
    if record.ended_early and not game.finished:
        game.end_early()
    return game.to_log(include_seed=record.finished)


def _state(game: Game, turn: dict[str, Any] | None, events: list[Any]) -> schemas.ReplayState:
    view = game.view()
    placed = None
    if turn is not None and "tile" in turn:
        placed = {"x": turn["x"], "y": turn["y"], "tile": turn["tile"], "rot": turn["rot"]}
    return schemas.ReplayState(
        turn=game.turn,
        log=turn,
        placed=placed,
        current_player=None if game.finished else game.current_player,
        scores=list(game.scores),
        supply=[
            {"followers": f, "abbot": a}
            for f, a in (game.supply(i) for i in range(len(game.players)))
        ],
        figures=view["figures"],
        events=[e.to_dict() for e in events if not e.final],
        tiles_left=game.tiles_left,
    )


def replay(record: GameRecord) -> schemas.Replay:
    """Every state of a game, from the start tile to its last turn (CPU-bound: run in a
    thread for long games)."""
    options = _options(record)
    game = Game(_players(record), _game_options(record))
    start_board = game.view()["board"]
    states = [_state(game, None, [])]
    final: list[Any] = []
    for turn in record.moves:
        seen = len(game.events)
        game.play_turn(turn)
        new = game.events[seen:]
        final += [e for e in new if e.final]
        states.append(_state(game, turn, new))
    if record.ended_early and not game.finished:
        seen = len(game.events)
        game.end_early()
        final += [e for e in game.events[seen:] if e.final]
    return schemas.Replay(
        id=record.id,
        status="finished" if record.finished else "running",
        ended_early=record.ended_early,
        options=schemas.GameOptions(**options),
        players=_results(record, record.final_scores),
        start_board=start_board,
        states=states,
        final_events=[e.to_dict() for e in final],
        final_scores=list(game.scores),
    )


class ReplayCache:
    """A small LRU of finished games' replays."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._items: OrderedDict[int, schemas.Replay] = OrderedDict()

    def get(self, game_id: int) -> schemas.Replay | None:
        """The cached replay, or None."""
        item = self._items.get(game_id)
        if item is not None:
            self._items.move_to_end(game_id)
        return item

    def put(self, game_id: int, item: schemas.Replay) -> None:
        """Remember a finished game's replay."""
        self._items[game_id] = item
        self._items.move_to_end(game_id)
        while len(self._items) > self.size:
            self._items.popitem(last=False)
