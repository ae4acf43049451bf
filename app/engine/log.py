"""Move logs in the `carcassonne-log/1` format (LOG_FORMAT.md): export, shape checks, replay."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import IllegalMoveError, InvalidLogError, InvalidOptionsError
from .events import ScoreEvent
from .expansions import FIGURE_NAMES, ruleset_for
from .game import Game
from .moves import Meeple, Move
from .options import Options, Player
from .tiles.shapes import ALL_SLOT_NAMES, ROTATIONS
from .traders import bonus_turn

LOG_FORMAT = "carcassonne-log/1"


def to_log(game: Game, include_seed: bool = False) -> dict[str, Any]:
    """The game's move log. The seed is written only when asked (never for a running game)."""
    log: dict[str, Any] = {
        "format": LOG_FORMAT,
        "options": game.options.to_dict(),
        "players": [{"name": p.name, "color": p.color} for p in game.players],
        "turns": [dict(t) for t in game.turns],
    }
    if game.ended_early:
        log["ended_early"] = True
    if include_seed and game.seed is not None:
        log["seed"] = game.seed
    return log


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_options(raw: object) -> Options:
    if raw is None:  # no options at all: every default
        return Options()
    try:
        return Options.from_dict(raw)
    except InvalidOptionsError as error:
        raise InvalidLogError(f"options: {error}") from None


def _check_players(raw: object, options: Options) -> list[Player]:
    if not isinstance(raw, list):
        raise InvalidLogError("players must be a list")
    players = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise InvalidLogError(f"players[{i}] must be an object")
        color = entry.get("color")
        if not isinstance(color, str):
            raise InvalidLogError(f"players[{i}].color must be a color name")
        name = entry.get("name", color)
        if not isinstance(name, str):
            raise InvalidLogError(f"players[{i}].name must be a string")
        players.append(Player(name, color))
    try:
        ruleset_for(options).check_players(players)
    except ValueError as error:
        raise InvalidLogError(f"players: {error}") from None
    return players


def check_turn_shape(turn: object, number: int) -> None:
    """Raise `InvalidLogError` unless `turn` has the shape of a log turn."""
    where = f"turn {number}"
    if not isinstance(turn, dict):
        raise InvalidLogError(f"{where}: must be an object")
    if not _is_int(turn.get("player")):
        raise InvalidLogError(f"{where}: player must be an integer")
    placement_keys = ("tile", "x", "y", "rot", "meeple")
    if "discarded" in turn:
        if any(k in turn for k in placement_keys):
            raise InvalidLogError(f"{where}: a discard cannot also be a placement")
        if not isinstance(turn["discarded"], str):
            raise InvalidLogError(f"{where}: discarded must be a tile id")
        return
    missing = [k for k in placement_keys if k not in turn]
    if missing:
        raise InvalidLogError(f"{where}: missing {', '.join(missing)}")
    if not isinstance(turn["tile"], str):
        raise InvalidLogError(f"{where}: tile must be a tile id")
    for key in ("x", "y", "rot"):
        if not _is_int(turn[key]):
            raise InvalidLogError(f"{where}: {key} must be an integer")
    if turn["rot"] not in ROTATIONS:
        raise InvalidLogError(f"{where}: rot must be 0, 90, 180 or 270")
    meeple = turn["meeple"]
    if meeple is not None:
        if not isinstance(meeple, dict):
            raise InvalidLogError(f"{where}: meeple must be null or an object")
        if not isinstance(meeple.get("kind"), str) or meeple["kind"] not in FIGURE_NAMES:
            raise InvalidLogError(f"{where}: meeple.kind must be {' or '.join(FIGURE_NAMES)}")
        if not isinstance(meeple.get("at"), str) or meeple["at"] not in ALL_SLOT_NAMES:
            raise InvalidLogError(f"{where}: meeple.at must be a slot name")
    if "return_abbot" in turn and not isinstance(turn["return_abbot"], bool):
        raise InvalidLogError(f"{where}: return_abbot must be true or false")


def move_from_turn(turn: dict[str, Any]) -> Move:
    """The `Move` of a placement turn (shape already checked)."""
    meeple = turn["meeple"]
    return Move(
        turn["x"],
        turn["y"],
        turn["rot"],
        Meeple(meeple["kind"], meeple["at"]) if meeple else None,
        bool(turn.get("return_abbot", False)),
    )


def apply_turn(game: Game, turn: dict[str, Any]) -> list[ScoreEvent]:
    """Apply one log turn (shape already checked) to a log-driven game; return its events."""
    if game.finished:
        raise IllegalMoveError("the game is over: the bag is empty", code="game_over")
    player = turn["player"]
    if player != game.current_player:
        if not 0 <= player < len(game.players):
            raise IllegalMoveError(
                f"there is no player {player}", code="no_such_player", args={"player": player}
            )
        args = {"player": game.current_player, "got": player}
        if bonus_turn(game):
            raise IllegalMoveError(
                f"player {game.current_player} takes the builder's bonus turn, not player {player}",
                code="bonus_turn_due", args=args,
            )
        raise IllegalMoveError(
            f"it is player {game.current_player}'s turn, not player {player}'s",
            code="not_players_turn", args=args,
        )
    if "discarded" in turn:
        first = len(game.events)
        game.discard(turn["discarded"])
        return game.events[first:]  # the final scoring, when the bag ran out
    return game.play(move_from_turn(turn), tile=turn["tile"])


def play_turn(game: Game, turn: dict[str, Any]) -> list[ScoreEvent]:
    """Apply one turn written in the `carcassonne-log/1` form (a placement or a discard) to
    `game`, a game driven by a move log; return its score events. Raises `InvalidLogError` for
    a turn of the wrong shape and `IllegalMoveError` for one that breaks a rule."""
    check_turn_shape(turn, game.turn + 1)
    return apply_turn(game, turn)


def from_log(log: object) -> Game:
    """Rebuild a game from its move log.

    Raises `InvalidLogError` when the log is not of the format's shape, and `IllegalMoveError`
    (with `.turn`, counted from 1) at the first turn that breaks a rule.
    """
    if not isinstance(log, dict):
        raise InvalidLogError("a move log must be a JSON object")
    if log.get("format") != LOG_FORMAT:
        raise InvalidLogError(f"format must be {LOG_FORMAT!r}")
    options = _check_options(log.get("options"))
    players = _check_players(log.get("players"), options)
    turns = log.get("turns")
    if not isinstance(turns, list):
        raise InvalidLogError("turns must be a list")
    for number, turn in enumerate(turns, start=1):
        check_turn_shape(turn, number)
    game = Game(players, options)
    for number, turn in enumerate(turns, start=1):
        try:
            apply_turn(game, turn)
        except IllegalMoveError as error:
            raise error.at_turn(number) from None
    return game


def restore(
    players: Sequence[Player], options: Options, seed: int, turns: Sequence[dict[str, Any]]
) -> Game:
    """Rebuild a seeded game from its stored turns (the server's restart path).

    Discards are produced by the engine itself, so stored discards are checked, not applied.
    """
    game = Game(players, options, seed)
    for number, turn in enumerate(turns, start=1):
        check_turn_shape(turn, number)
        if number <= len(game.turns):
            if game.turns[number - 1] != turn:
                raise IllegalMoveError(
                    "stored turn differs from the replayed game", number,
                    code="stored_turn_differs",
                )
            continue
        if "discarded" in turn:
            raise IllegalMoveError("unexpected discard", number, code="stored_discard")
        if turn["player"] != game.current_player:
            raise IllegalMoveError(
                "stored turn is for the wrong player", number, code="stored_wrong_player"
            )
        try:
            game.play(move_from_turn(turn), tile=turn["tile"])
        except IllegalMoveError as error:
            raise error.at_turn(number) from None
    return game
