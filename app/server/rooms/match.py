"""A game played in a room: the engine's `Game`, who plays it, and its turn clock."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.engine import Game, Player, restore
from app.server.rooms.turnclock import TurnClock
from app.server.wire.errors import ErrorCode, GameError
from app.server.wire.options import RoomOptions
from app.store import Finish, GameRecord


@dataclass
class Match:
    """One game of a room. `players` are in turn order: name, colour and seat of each."""

    id: int
    number: int
    options: RoomOptions
    players: list[dict[str, Any]]
    seed: int
    game: Game
    clock: TurnClock | None
    hints: list[int] = field(default_factory=list)  # hints each player asked for
    # Which players looked at the table's analysis (`analysis`) in this game.
    analysis: list[bool] = field(default_factory=list)
    started: float = 0.0  # when the game started (Unix seconds)
    turn_started: float = 0.0  # when the turn it is at began: the last move's commit

    def __post_init__(self) -> None:
        if not self.hints:
            self.hints = [0] * len(self.players)
        if not self.analysis:
            self.analysis = [False] * len(self.players)

    @classmethod
    def new(
        cls, id: int, number: int, options: RoomOptions, players: list[dict[str, Any]],
        seed: int, game: Game, at: float,
    ) -> Match:
        """A game that starts at `at` (its clock, if any, starts then)."""
        clock = None
        if options.clock is not None:
            clock = TurnClock.start(options.clock.bank, options.clock.increment, len(players))
            clock.resume(game.current_player, at)
        return cls(id, number, options, players, seed, game, clock, started=at, turn_started=at)

    @classmethod
    def restore(cls, record: GameRecord, room_options: RoomOptions, at: float) -> Match:
        """A stored game rebuilt from its moves; the turn clock from when each was stored
        (the time until `at` is charged to nobody). Raises if the moves do not replay."""
        # Games stored before the clock was kept with the game take the room's.
        stored = RoomOptions.from_stored({**room_options.to_dict(), **record.options})
        players = record.players
        game = restore(_engine_players(players), stored.game_options(), record.seed,
                       record.moves)
        if record.ended_early and not game.finished:
            game.end_early()
        started = record.started_at.timestamp()
        last = record.move_times[-1].timestamp() if record.move_times else started
        match = cls(record.id, record.number, stored, players, record.seed, game, None,
                    list(record.hints or ()), list(record.analysis or ()), started=started,
                    turn_started=last)
        if stored.clock is not None:
            clock = TurnClock.start(stored.clock.bank, stored.clock.increment, len(players))
            clock.replay(
                record.moves,
                record.started_at.timestamp(),
                [moment.timestamp() for moment in record.move_times],
            )
            clock.resume(None if game.finished else game.current_player, at)
            match.clock = clock
        return match

    @property
    def running(self) -> bool:
        """True until the game is over."""
        return not self.game.finished

    def deadlines(self, turn_started: float | None = None) -> list[tuple[str, float]]:
        """The turn-based deadlines of the game as it stands: the move's (`late`, the turn
        starting at `turn_started`, default the match's) and the whole game's (`limit`), if
        any."""
        options = self.options
        if options.pace != "turn":
            return []
        started = self.turn_started if turn_started is None else turn_started
        due = [("late", started + options.move_hours * 3600)]
        if options.game_days is not None:
            due.append(("limit", self.started + options.game_days * 86400))
        return due

    def deadline_view(self) -> dict[str, float | None] | None:
        """`state.game.deadline` (PROTOCOL.md): in a turn-based game, when the turn's time
        runs out (`move`, while the game runs) and the whole game's (`game`), Unix seconds."""
        if self.options.pace != "turn":
            return None
        due = {reason: round(when, 3) for reason, when in self.deadlines()}
        return {"move": due.get("late") if self.running else None, "game": due.get("limit")}

    def seat_to_move(self) -> int:
        """The seat of the player to move."""
        return int(self.players[self.game.current_player]["seat"])

    def results(self) -> dict[str, Any]:
        """The engine's results, with the hints each player asked for, which players looked at
        the table's analysis and, for a game played without farmers, the field the
        introduction shows at the end (`Game.field_lesson`)."""
        return {
            **self.game.results(),
            "hints": list(self.hints),
            "analysis": list(self.analysis),
            "field_lesson": self.game.field_lesson(),
        }

    def finish(self) -> Finish | None:
        """What the store keeps of the game once it is over (None while it runs)."""
        if not self.game.finished:
            return None
        results = self.results()
        return Finish(list(results["scores"]), list(results["winners"]), results,
                      bool(self.game.ended_early))

    def rebuilt(self, turns: int) -> Game:
        """The game as it was after `turns` turns (all of them stored)."""
        return restore(
            _engine_players(self.players),
            self.game.options,
            self.seed,
            [dict(t) for t in self.game.turns[:turns]],
        )


def _engine_players(players: list[dict[str, Any]]) -> list[Player]:
    return [Player(str(pl["name"]), str(pl["color"])) for pl in players]


def match_at_turn(match: Match | None, turn: int) -> Match:
    """`match`, if it is running and `turn` is its current turn; else the refusal to send."""
    if match is None or not match.running:
        raise GameError(ErrorCode.NO_GAME, "No game is running.")
    if turn != match.game.turn:
        raise GameError(
            ErrorCode.STALE_TURN,
            f"That was meant for turn {turn}, but {match.game.turn} turns have been played.",
            turn=turn, played=match.game.turn,
        )
    return match
