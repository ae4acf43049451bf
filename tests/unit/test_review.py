"""The review of a game: each placement against the best move found from public facts."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from app.bots import Bot, classify, review_turns, summarize
from app.bots.leaf import fitted_margin
from app.bots.review import CLASSES
from app.engine import Game, Meeple, Move, Player, from_log, to_log

TWO = [Player("Ann", "red"), Player("Bo", "blue")]


def played_log(turns: int, seed: int = 3) -> dict:
    """The log of `turns` turns played by easy bots (a seeded game)."""
    game = Game(TWO, seed=seed)
    bots = [Bot("easy", seed=1), Bot("easy", seed=2)]
    while game.turn < turns and not game.finished:
        game.play(bots[game.current_player].move(game))
    return to_log(game)


@pytest.fixture(scope="module")
def log() -> dict:
    return played_log(14)


@pytest.fixture(scope="module")
def review(log: dict) -> list[dict]:
    return review_turns(log, 0, len(log["turns"]))


def test_every_turn_is_judged_in_order_with_the_move_played(log: dict,
                                                           review: list[dict]) -> None:
    assert [t["turn"] for t in review] == list(range(len(log["turns"])))
    assert [t["played"] for t in review] == log["turns"]
    assert [t["player"] for t in review] == [t["player"] for t in log["turns"]]


def test_the_loss_is_never_negative_and_zero_when_the_best_is_played(
        review: list[dict]) -> None:
    for t in review:
        assert t["loss"] >= 0
        assert t["class"] == classify(t["loss"])
        if t["best"] == t["played"]:
            assert t["loss"] == 0
        else:
            assert t["loss"] > 0


def test_the_best_move_is_legal_where_it_was_found_and_worth_the_loss_more(
        log: dict, review: list[dict]) -> None:
    for t in review:
        before = from_log({**log, "seed": None, "turns": log["turns"][: t["turn"]]})
        best = dict(t["best"])
        tile = best.pop("tile")
        assert best.pop("player") == before.current_player
        after = before.copy()
        after.play(_move(best), tile=tile)
        played = before.copy()
        played.play(_move({k: v for k, v in t["played"].items() if k not in ("player", "tile")}),
                    tile=tile)
        p = t["player"]
        gap = fitted_margin(after, p) - fitted_margin(played, p)
        assert gap == pytest.approx(t["loss"], abs=0.01)


def _move(turn: dict) -> Move:
    meeple = turn.get("meeple")
    return Move(turn["x"], turn["y"], turn["rot"],
                None if meeple is None else Meeple(meeple["kind"], meeple["at"]),
                bool(turn.get("return_abbot", False)))


def test_a_range_of_turns_is_the_same_as_the_whole_review(log: dict,
                                                           review: list[dict]) -> None:
    assert review_turns(log, 5, 9) == review[5:9]


def test_the_review_reads_no_hidden_order(log: dict, review: list[dict]) -> None:
    # The seed (the bag's order) is never read: another seed gives the same review.
    assert review_turns({**log, "seed": random.Random(4).getrandbits(31)}, 0, 6) == review[:6]
    assert review_turns({k: v for k, v in log.items() if k != "seed"}, 0, 6) == review[:6]


def test_the_classes_and_their_thresholds() -> None:
    assert [name for name, _ in CLASSES] == ["blunder", "mistake", "inaccuracy", "good"]
    assert classify(0) == "good"
    assert classify(1.99) == "good"
    assert classify(2) == "inaccuracy"
    assert classify(5) == "mistake"
    assert classify(9.99) == "mistake"
    assert classify(10) == "blunder"


def test_summary_counts_each_players_moves(review: list[dict]) -> None:
    players = summarize(review, 2)
    assert [p["player"] for p in players] == [0, 1]
    for p in players:
        mine = [t for t in review if t["player"] == p["player"]]
        assert p["moves"] == len(mine)
        assert sum(p["counts"].values()) == len(mine)
        assert p["mean_loss"] == pytest.approx(sum(t["loss"] for t in mine) / len(mine),
                                               abs=0.01)


def test_a_discard_is_listed_with_the_best_equal_to_the_played() -> None:
    log = json.loads((Path(__file__).parent / "logs" / "discard.json").read_text())
    discard = log["turns"][1]
    assert "discarded" in discard
    judged = review_turns(log, 0, len(log["turns"]))
    assert judged[1] == {
        "turn": 1, "player": discard["player"], "played": discard, "best": discard,
        "loss": 0.0, "class": "good", "expected": judged[1]["expected"],
    }
    assert [p["moves"] for p in summarize(judged, 2)] == [1, 1]
