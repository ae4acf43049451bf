"""One entry point for every level, and a `Bot` that keeps its replica between turns."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from app.engine import Game, Move, from_log

from .easy import easy_move
from .expert import expert_move
from .public import public_replica, sync_replica
from .strong import DEFAULT_CONFIG, SearchConfig, strong_move

LEVELS: tuple[str, ...] = ("easy", "strong", "expert")
DEFAULT_BUDGET_S = 1.0


def choose_move(
    game: Game,
    level: str = "easy",
    rng: random.Random | None = None,
    budget_s: float | None = DEFAULT_BUDGET_S,
    playouts: int | None = None,
    replica: Game | None = None,
    config: SearchConfig = DEFAULT_CONFIG,
    tile: str | None = None,
    timer: Callable[[], float] = time.perf_counter,
) -> Move:
    """The move a bot of `level` plays for the player to move in `game` (left unchanged).

    `budget_s` and `playouts` bound the `strong` and `expert` searches (see `strong_move`,
    `expert_move`); `easy` ignores them. The bot reads only public state: never the bag
    order or the seed. `game` may be a log-driven game rebuilt from the public log
    (`from_log(to_log(game))`, e.g. in a worker process), with the drawn tile named by `tile`.
    The budget is read on `timer` (wall time; a benchmark may count CPU time instead,
    `time.process_time`).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; use one of {', '.join(LEVELS)}")
    rng = rng or random.Random()
    if level == "easy":
        return easy_move(game, rng, replica, tile)
    if level == "expert":
        return expert_move(game, rng, budget_s, playouts, replica, tile, timer)
    return strong_move(game, rng, budget_s, playouts, replica, config, tile, timer)


class Bot:
    """A bot for one seat: `level`, its own random generator, and a replica it keeps in step
    with the game (so each turn costs only the new turns, not a replay of the whole log)."""

    def __init__(
        self,
        level: str = "easy",
        seed: int | None = None,
        budget_s: float | None = DEFAULT_BUDGET_S,
        playouts: int | None = None,
        config: SearchConfig = DEFAULT_CONFIG,
        timer: Callable[[], float] = time.perf_counter,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; use one of {', '.join(LEVELS)}")
        self.level = level
        self.rng = random.Random(seed)
        self.budget_s = budget_s
        self.playouts = playouts
        self.config = config
        self.timer = timer
        self._replica: Game | None = None

    def __repr__(self) -> str:
        return f"Bot({self.level!r})"

    def move(self, game: Game) -> Move:
        """The bot's move for the player to move in `game`."""
        if self._replica is None:
            self._replica = public_replica(game)
        else:
            self._replica = sync_replica(self._replica, game)
        return choose_move(
            game, self.level, self.rng, self.budget_s, self.playouts, self._replica, self.config,
            timer=self.timer,
        )


def move_from_log(
    log: dict, tile: str, level: str, seed: int, budget_s: float | None = DEFAULT_BUDGET_S
) -> Move:
    """A bot's move from public facts only: the game's move log and the drawn tile.

    Picklable arguments, so a server can run it in a worker process.
    """
    return choose_move(from_log(log), level, random.Random(seed), budget_s, tile=tile)
