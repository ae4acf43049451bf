"""What a bot may know: a replica of the game built from public facts only.

`public_replica()` rebuilds the game from its public move log: a log-driven game whose bag
holds the unseen tiles (the drawn tile among them, since a log-driven game has not drawn it),
with no seed and no order at all. Whatever a bot does with it, the real order cannot leak in;
the same log is what the strong bot's worker process receives. Copying the replica with
`shuffle=rng` samples an order from the public counts (as `Game.copy` always does).
"""

from __future__ import annotations

from app.engine import Game, IllegalMoveError, from_log, play_turn, to_log


def public_replica(game: Game) -> Game:
    """A log-driven copy of `game` rebuilt from its public log (no seed, no bag order).

    Its state equals `game`'s except that the drawn tile is still in its bag: play it with
    `replica.play(move, tile=game.drawn_tile)`.
    """
    replica = from_log(to_log(game, include_seed=False))
    if game.ended_early and not replica.finished:
        replica.end_early()
    return replica


def sync_replica(replica: Game, game: Game) -> Game:
    """Bring `replica` up to date with the turns `game` played since; rebuild if they differ."""
    done = replica.turn
    if done > game.turn or replica.turns != game.turns[:done]:
        return public_replica(game)
    try:
        for turn in game.turns[done:]:
            play_turn(replica, turn)
    except IllegalMoveError:
        return public_replica(game)
    if game.ended_early and not replica.finished:
        replica.end_early()
    return replica
