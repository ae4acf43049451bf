"""The replay's states (`archive.replay`) of a stored game played to its last tile."""

from __future__ import annotations

from datetime import UTC, datetime

from app.bots import Bot
from app.engine import Game, Options, Player, play_turn
from app.server.web import archive
from app.store import GameRecord

PLAYERS = [Player("Ann", "red"), Player("Bo", "blue")]


def finished_record(seed: int) -> tuple[GameRecord, Game]:
    """A game the easy bot played to the last tile, as the store holds it, and the game."""
    game = Game(PLAYERS, Options(), seed=seed)
    bot = Bot("easy", seed=seed)
    while not game.finished:
        game.play(bot.move(game))
    now = datetime.now(UTC)
    players = [{"name": p.name, "color": p.color, "seat": i} for i, p in enumerate(PLAYERS)]
    record = GameRecord(1, 1, "ROOM", 1, {}, players, seed, "finished", False, len(game.turns),
                        now, now, list(game.scores), [0], None, moves=list(game.turns))
    return record, game


def test_the_last_step_shows_the_figures_the_final_scoring_took_off():
    # A game whose last turn completes nothing: its figures before the final scoring are
    # then exactly those of the step before and the one the last turn placed, if any.
    for seed in range(1, 40):
        record, game = finished_record(seed)
        replay = archive.replay(record)
        if not replay.states[-1].events:
            break
    else:
        raise AssertionError("no game of seeds 1-39 ends on a turn that completes nothing")
    last, before = replay.states[-1], replay.states[-2]
    change = game.last_change
    assert change is not None and change.finished
    assert game.view()["figures"] == [], "the engine's final scoring takes every figure off"
    assert last.figures, "the final scoring had figures to take off"
    shown = sorted(map(repr, last.figures))
    assert shown == sorted(map(repr, [*before.figures, *change.figures_placed]))
    assert shown == sorted(map(repr, change.figures_removed))
    # The scores at the end are the final ones.
    assert replay.final_scores == list(game.scores)
    assert replay.final_events and all(e["final"] for e in replay.final_events)


def test_every_other_step_shows_the_figures_on_the_board_after_its_turn():
    record, _ = finished_record(seed=4)
    replay = archive.replay(record)
    rebuilt = Game(PLAYERS, Options())
    for turn, state in zip(record.moves[:-1], replay.states[1:-1], strict=True):
        play_turn(rebuilt, turn)
        assert state.figures == rebuilt.view()["figures"]
