"""The engine's errors: a move that breaks a rule, options or a move log that cannot be read.

Every `IllegalMoveError` carries a stable reason `code` (one of `ILLEGAL_REASONS`) and the
`args` that reason names, besides its English message: a client words the refusal in its own
language from the code and the arguments, and tests can tell refusals apart without reading
sentences.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

# Every reason an engine may refuse a move for: code -> what it means (its arguments in
# braces). Codes are stable; a new illegal case gets a new code here, never a reused one.
ILLEGAL_REASONS: Mapping[str, str] = MappingProxyType({
    # the turn itself
    "game_over": "the game is over",
    "no_such_player": "there is no player {player}",
    "not_players_turn": "it is player {player}'s turn, not player {got}'s",
    # the tile
    "no_tile_drawn": "no tile has been drawn",
    "tile_not_named": "a placement in a game without a seed must name its tile",
    "unknown_tile": "there is no tile {tile}",
    "not_the_drawn_tile": "the drawn tile is {drawn}, not {tile}",
    "tile_not_in_game": "tile {tile} needs the option {option}, which this game is played without",
    "tile_not_in_bag": "no tile {tile} is left in the bag",
    "seeded_discard": "a seeded game discards the tiles that fit nowhere itself",
    "discard_fits": "tile {tile} fits at ({x}, {y}), so it cannot be discarded",
    # where the tile goes
    "bad_rotation": "a rotation is 0, 90, 180 or 270, not {rot}",
    "cell_taken": "there is already a tile at ({x}, {y})",
    "not_adjacent": "({x}, {y}) touches no placed tile",
    "edges_mismatch": "tile {tile} turned {rot} does not match its neighbours at ({x}, {y})",
    # The River
    "spring_never_drawn": "the spring {tile} is the start tile: it is never drawn",
    "lake_comes_last": "the lake {tile} comes after every other River tile",
    "river_tiles_first": "River tiles are drawn first: no land tile {tile} while they are left",
    "river_ended": "the river has already ended in the lake",
    "river_open_end": "a River tile must continue the river at its open end ({x}, {y})",
    "river_u_turn": "the river may not turn {side} twice in a row",
    # the figure
    "unknown_figure": "there is no figure {figure}",
    "figure_not_in_game": "this game is played without the {figure}",
    "unknown_slot": "there is no slot {slot}",
    "no_figure_left": "the player has no {figure} left in supply",
    "centre_only": "the {figure} may only go on the monastery or garden of the placed tile",
    "no_centre": "the placed tile has nothing at C for the {figure}",
    "centre_closed": "no figure may go on a {centre} in this game",
    "centre_not_for_figure": "the {figure} may not go on a {centre}",
    "not_a_feature": "no figure may stand on the {feature}",
    "feature_closed": "no figure may stand in a {feature} in this game (no farmers)",
    "figure_not_on_feature": "the {figure} may not stand on a {feature}",
    "occupied": "that {feature} is already occupied",
    # The Abbot
    "abbot_and_figure": "a player cannot take the abbot back and place a figure",
    "abbot_not_on_board": "the player's abbot is not on the board",
    # Traders & Builders
    "no_own_follower": "player {player} has no follower on that {feature} for the {figure}",
    "completed_by_tile": "the {figure} may not go on a {feature} that this tile completes",
    "bonus_turn_due": "player {player} takes the builder's bonus turn, not player {got}",
    # a server's stored game, replayed
    "stored_turn_differs": "a stored turn differs from the replayed game",
    "stored_discard": "a stored discard that the replayed game did not make",
    "stored_wrong_player": "a stored turn for another player than the one to move",
})  # fmt: skip


class IllegalMoveError(ValueError):
    """A move that breaks a rule; the message is meant for the player. `turn` is its number,
    `code` one of `ILLEGAL_REASONS` and `reason_args` (given as `args`) the values its
    description names."""

    def __init__(
        self,
        message: str,
        turn: int | None = None,
        *,
        code: str,
        args: Mapping[str, str | int] = MappingProxyType({}),
    ) -> None:
        assert code in ILLEGAL_REASONS, f"unknown illegal-move reason {code!r}"
        super().__init__(message)
        self.turn = turn
        self.code = code
        # Not `self.args`: that is the exception's own tuple (the message).
        self.reason_args: dict[str, str | int] = dict(args)

    def at_turn(self, turn: int) -> IllegalMoveError:
        """The same refusal, said of turn `turn`."""
        return IllegalMoveError(str(self), turn, code=self.code, args=self.reason_args)


class InvalidOptionsError(ValueError):
    """Game options of the wrong type or with an unknown value."""


class InvalidLogError(ValueError):
    """A move log that is not of the `carcassonne-log/1` shape (unreadable, wrong keys/types)."""


__all__ = ["ILLEGAL_REASONS", "IllegalMoveError", "InvalidLogError", "InvalidOptionsError"]
