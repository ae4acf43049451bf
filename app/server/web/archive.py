"""Stored games in the shapes the archive and the replay page need.

Replays are computed by replaying the stored log with the engine; a finished game never changes,
so its replay is cached.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from app.engine import Game, Options, Player, play_turn, restore, to_log
from app.server.web import schemas
from app.server.wire.options import RoomOptions
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
    looked = list(record.analysis or ())
    return [
        schemas.PlayerResult(
            name=pl["name"],
            color=pl["color"],
            seat=pl.get("seat"),
            score=scores[i] if scores is not None and i < len(scores) else None,
            winner=i in winners,
            hints=hints[i] if i < len(hints) else 0,
            analysis=bool(looked[i]) if i < len(looked) else False,
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
    game = restore(_players(record), _game_options(record), record.seed, record.moves)
    if record.ended_early and not game.finished:
        game.end_early()
    return to_log(game, include_seed=record.finished)


_NOT_SUPPLY = frozenset({"name", "color", "score"})


def _figures_before_final(before: Game, turn: dict[str, Any]) -> list[dict[str, Any]]:
    """The figures on the board once `turn`, the game's last, is played and before the final
    scoring takes them all off: the turn is played on a copy of `before` that holds one more
    copy of the turn's tile, so that the copy's bag is not empty and its game goes on."""
    probe = before.copy()
    tile: str = turn["tile"] if "tile" in turn else turn["discarded"]
    probe.bag[tile] += 1
    play_turn(probe, turn)
    figures: list[dict[str, Any]] = probe.view()["figures"]
    return figures


def _state(
    game: Game,
    turn: dict[str, Any] | None,
    events: list[Any],
    figures: list[dict[str, Any]] | None = None,
) -> schemas.ReplayState:
    """The replay's state after `turn`; `figures` (default: the board's) for the last turn,
    whose final scoring has taken the figures off the board."""
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
        # What each player holds, as the view's player entries say it: followers and abbot,
        # and the expansions' large follower, builder, pig and goods where the game has them.
        supply=[
            {key: value for key, value in player.items() if key not in _NOT_SUPPLY}
            for player in view["players"]
        ],
        figures=view["figures"] if figures is None else figures,
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
        before = game.copy()
        play_turn(game, turn)
        new = game.events[seen:]
        final += [e for e in new if e.final]
        # The last step shows the board as the last turn left it, figures and all; the final
        # scores are the replay's `final_scores`.
        figures = _figures_before_final(before, turn) if game.finished else None
        states.append(_state(game, turn, new, figures))
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
