"""`python -m app.engine.replay LOG.json`, run as a subprocess: output, exit codes, error lines
exactly as LOG_FORMAT.md specifies."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.engine import Game, Move, Options, to_log
from tests.unit.conftest import (
    LOGS,
    abbot,
    discard,
    follower,
    make_log,
    match_events,
    place,
    players,
)

ROOT = Path(__file__).resolve().parents[2]
ABBOT_ON = {"tileset": "winter", "farmers": True, "abbot": True}
RIVER_ON = {"tileset": "classic", "river": True}


def run_cli(path: Path | str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "app.engine.replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def run_log(tmp_path: Path, log: object) -> subprocess.CompletedProcess:
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    return run_cli(path)


def test_example_output():
    """LOG_FORMAT.md's example log and its printed output."""
    result = run_cli(LOGS / "example.json")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = json.loads(result.stdout)  # one JSON object, nothing else
    assert out["turn"] == 2
    assert out["finished"] is False
    assert out["scores"] == [4, 0]
    assert out["final_scores"] == [4, 2]
    assert out["supply"] == [{"followers": 7, "abbot": 0}, {"followers": 6, "abbot": 0}]
    expected_events = [
        {"turn": 1, "feature": "city", "points": 4, "players": [0], "final": False,
         "tiles": 2, "pennants": 0},
        {"turn": 2, "feature": "road", "points": 2, "players": [1], "final": True, "tiles": 2},
    ]  # fmt: skip
    match_events(out["events"], expected_events)
    # The keys of LOG_FORMAT.md's output and the cells; the engine's feature ids stay out.
    assert [sorted(e) for e in out["events"]] == [
        ["cells", "feature", "final", "pennants", "players", "points", "tiles", "turn"],
        ["cells", "feature", "final", "players", "points", "tiles", "turn"],
    ]
    for event in out["events"]:
        assert isinstance(event["players"], list)
        assert event["players"] == sorted(event["players"])


def test_finished_game_output(tmp_path):
    """A whole game: finished, scores equal final_scores, final events carry the last turn."""
    game = Game(players(3), Options(tileset="classic", abbot=True), seed=11)
    while not game.finished:
        p = game.legal_placements()[0]
        game.play(Move(p.x, p.y, p.rot))
    result = run_log(tmp_path, to_log(game))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["finished"] is True
    assert out["turn"] == len(game.turns)
    assert out["scores"] == out["final_scores"] == game.scores
    last = out["turn"]
    assert all(e["turn"] == last for e in out["events"] if e["final"])
    totals = [0, 0, 0]
    for e in out["events"]:
        for p in e["players"]:
            totals[p] += e["points"]
    assert totals == out["final_scores"]


def _full_game_log() -> dict:
    game = Game(players(2), Options(tileset="classic"), seed=5)
    while not game.finished:
        p = game.legal_placements()[-1]
        game.play(Move(p.x, p.y, p.rot))
    return to_log(game)


MONASTERY_START = [
    place(0, "B", 0, 1, 0, abbot()),
    place(1, "U", -1, 0, 90),
    place(0, "U", 1, 0, 90),
    place(1, "A", -1, 1, 90),
]


def _supply_log() -> list[dict]:
    turns = json.loads((LOGS / "follower_supply.json").read_text())["turns"][:15]
    turns[14] = {**turns[14], "meeple": follower("N")}
    return turns


ILLEGAL = {
    "unknown-tile": ([place(0, "Q9", 0, -1, 180)], None, 1),
    "tile-not-in-bag": ([place(0, "C", 0, -1, 0), place(1, "C", 0, -2, 0)], None, 2),
    "winter-tile-in-classic": ([place(0, "Z03", -1, 0, 0)], {"tileset": "classic"}, 1),
    "wrong-player": ([place(1, "E", 0, -1, 180)], None, 1),
    "player-out-of-range": ([place(0, "E", 0, -1, 180), place(7, "U", 1, 0, 90)], None, 2),
    "negative-player": ([place(0, "E", 0, -1, 180), place(-1, "U", 1, 0, 90)], None, 2),
    "not-touching": ([place(0, "B", 3, 3, 0)], None, 1),
    "corner-only": ([place(0, "B", 1, 1, 0)], None, 1),
    "edges-do-not-match": ([place(0, "E", 0, -1, 0)], None, 1),
    "occupied-cell": ([place(0, "E", 0, -1, 180), place(1, "B", 0, -1, 0)], None, 2),
    "occupied-road": (
        [place(0, "U", -1, 0, 90, follower("E")), place(1, "U", 1, 0, 90, follower("W"))],
        None,
        2,
    ),
    "follower-on-no-monastery": ([place(0, "E", 0, -1, 180, follower("C"))], None, 1),
    "follower-on-garden": ([place(0, "Eg", 0, 1, 180, follower("C"))], ABBOT_ON, 1),
    "farmer-without-farmers": (
        [place(0, "E", 0, -1, 180, follower("N"))],
        {"farmers": False},
        1,
    ),
    "empty-supply": (_supply_log(), None, 15),
    "abbot-without-the-abbot": ([place(0, "B", 0, 1, 0, abbot())], None, 1),
    "abbot-on-a-field": ([place(0, "B", 0, 1, 0, {"kind": "abbot", "at": "N"})], ABBOT_ON, 1),
    "return-abbot-without-the-abbot": (
        [place(0, "U", -1, 0, 90, None, return_abbot=True)],
        None,
        1,
    ),
    "return-abbot-with-a-figure": (
        [*MONASTERY_START, place(0, "A", 1, 1, 270, follower("C"), return_abbot=True)],
        ABBOT_ON,
        5,
    ),
    "return-abbot-not-on-board": (
        [*MONASTERY_START[:3], place(1, "A", -1, 1, 90, None, return_abbot=True)],
        ABBOT_ON,
        4,
    ),
    "discard-of-a-fitting-tile": ([discard(0, "E")], None, 1),
    "discard-of-an-unknown-tile": ([place(0, "E", 0, -1, 180), discard(1, "Q9")], None, 2),
    # RIVER.md, "The move log": the illegal River turns
    "river-tile-without-river": ([place(0, "R02", 0, -1, 180)], None, 1),
    "river-discard-without-river": ([discard(0, "R02")], {"tileset": "classic"}, 1),
    "spring-in-turns": ([place(0, "R01", 1, 0, 180)], RIVER_ON, 1),
    "land-tile-while-river-left": (
        [place(0, "R02", 1, 0, 0), place(1, "E", 1, -1, 180)],
        RIVER_ON,
        2,
    ),
    "land-discard-while-river-left": ([discard(0, "C")], RIVER_ON, 1),
    "lake-before-the-river": ([place(0, "R12", 1, 0, 0)], RIVER_ON, 1),
    "river-away-from-the-open-end": ([place(0, "R06", 0, -1, 0)], RIVER_ON, 1),
    "river-u-turn": ([place(0, "R10", 1, 0, 0), place(1, "R11", 1, 1, 90)], RIVER_ON, 2),
    "figure-on-the-river": ([place(0, "R06", 1, 0, 0, follower("E"))], RIVER_ON, 1),
    "river-discard-of-a-fitting-tile": (
        [place(0, "R10", 1, 0, 0), discard(1, "R06")],
        RIVER_ON,
        2,
    ),
}


@pytest.mark.parametrize(("turns", "options", "number"), ILLEGAL.values(), ids=ILLEGAL.keys())
def test_illegal_turn(tmp_path, turns, options, number):
    """LOG_FORMAT.md: 'exit status 1, and one line on stderr that starts with `turn N:` (N its
    number) and says why it is illegal ... Nothing is printed on stdout'."""
    result = run_log(tmp_path, make_log(turns, options))
    _assert_illegal_output(result, number)


def test_turn_after_the_end_is_illegal(tmp_path):
    """LOG_FORMAT.md: 'The game ends when the bag is empty after a turn.'"""
    log = _full_game_log()
    extra = {**log["turns"][-1], "player": len(log["turns"]) % 2}
    log["turns"].append(extra)
    _assert_illegal_output(run_log(tmp_path, log), len(log["turns"]))


def _assert_illegal_output(result: subprocess.CompletedProcess, number: int) -> None:
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"turn {number}:")
    assert len(lines[0]) > len(f"turn {number}: ") + 3  # says why


GOOD_TURN = place(0, "E", 0, -1, 180, follower("S"))


def _log_with(**changes) -> dict:
    log = make_log([GOOD_TURN, place(1, "U", -1, 0, 90)])
    log.update(changes)
    return log


def _turn_with(**changes) -> dict:
    turn = {**GOOD_TURN, **changes}
    for key, value in changes.items():
        if value is _DROP:
            del turn[key]
    return make_log([turn])


_DROP = object()

BAD_SHAPE = {
    "format-missing": {k: v for k, v in _log_with().items() if k != "format"},
    "format-wrong": _log_with(format="carcassonne-log/2"),
    "not-an-object": [GOOD_TURN],
    "turns-not-a-list": _log_with(turns={"0": GOOD_TURN}),
    "one-player": _log_with(players=[{"name": "A", "color": "red"}]),
    "six-players": _log_with(
        players=[
            {"name": str(i), "color": c}
            for i, c in enumerate(["red", "blue", "green", "yellow", "black", "red"])
        ]
    ),
    "unknown-color": _log_with(
        players=[{"name": "A", "color": "red"}, {"name": "B", "color": "pink"}]
    ),
    "same-color-twice": _log_with(
        players=[{"name": "A", "color": "red"}, {"name": "B", "color": "red"}]
    ),
    "player-string": _turn_with(player="0"),
    "player-float": _turn_with(player=0.0),
    "player-bool": _turn_with(player=False),
    "player-missing": _turn_with(player=_DROP),
    "discard-and-placement": _turn_with(discarded="C"),
    "discarded-not-a-string": make_log([{"player": 0, "discarded": 3}]),
    "x-true": _turn_with(x=True),
    "y-string": _turn_with(y="-1"),
    "rot-float": _turn_with(rot=180.0),
    "rot-45": _turn_with(rot=45),
    "rot-360": _turn_with(rot=360),
    "tile-missing": _turn_with(tile=_DROP),
    "meeple-missing": _turn_with(meeple=_DROP),
    "meeple-not-an-object": _turn_with(meeple="follower"),
    "meeple-unknown-kind": _turn_with(meeple={"kind": "knight", "at": "S"}),
    "meeple-unknown-slot": _turn_with(meeple={"kind": "follower", "at": "NW"}),
    "meeple-slot-missing": _turn_with(meeple={"kind": "follower"}),
    "return-abbot-string": _turn_with(return_abbot="yes"),
    "return-abbot-int": _turn_with(return_abbot=1),
    "river-string": _log_with(options={"tileset": "winter", "river": "yes"}),
    "river-int": _log_with(options={"tileset": "winter", "river": 1}),
    "river-null": _log_with(options={"tileset": "winter", "river": None}),
    "turn-not-an-object": make_log([["E", 0, -1, 180]]),
}


@pytest.mark.parametrize("log", BAD_SHAPE.values(), ids=BAD_SHAPE.keys())
def test_bad_shape(tmp_path, log):
    """LOG_FORMAT.md: 'does not have this format's shape: exit status 2 with a clear message'."""
    _assert_bad_file(run_log(tmp_path, log))


def test_shape_is_checked_even_after_an_illegal_turn_or_before_it(tmp_path):
    log = make_log([GOOD_TURN, {**place(1, "U", -1, 0, 90), "rot": 90.0}])
    _assert_bad_file(run_log(tmp_path, log))


def test_unreadable_file(tmp_path):
    _assert_bad_file(run_cli(tmp_path / "missing.json"))
    _assert_bad_file(run_cli(tmp_path))  # a directory


@pytest.mark.parametrize(
    "content",
    [b"", b"{", b"{'format': 'carcassonne-log/1'}", b"\xff\xfe\x00garbage", b"[1, 2,]"],
    ids=["empty", "truncated", "single-quotes", "not-utf8", "trailing-comma"],
)
def test_invalid_json(tmp_path, content):
    path = tmp_path / "log.json"
    path.write_bytes(content)
    _assert_bad_file(run_cli(path))


def _assert_bad_file(result: subprocess.CompletedProcess) -> None:
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert result.stderr.strip()


def test_unknown_keys_are_ignored(tmp_path):
    """LOG_FORMAT.md: 'Keys this format does not name are ignored (a log may carry, say, a
    `seed` or timestamps)'."""
    log = make_log([{**GOOD_TURN, "at": "2024-01-01T00:00:00Z"}])
    log["seed"] = 1234
    log["ended"] = None
    result = run_log(tmp_path, log)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["scores"] == [4, 0]


def test_missing_options_take_defaults(tmp_path):
    """LOG_FORMAT.md: 'Missing options take these defaults: winter, true, false.'"""
    log = make_log([place(0, "Z03", -1, 0, 0, follower("S"))])  # a Winter tile, a farmer
    assert "options" not in log
    result = run_log(tmp_path, log)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["supply"] == [{"followers": 6, "abbot": 0}, {"followers": 7, "abbot": 0}]
    # no abbot by default
    result = run_log(tmp_path, make_log([place(0, "B", 0, 1, 0, abbot())]))
    assert result.returncode == 1


def test_river_log_output():
    """A River log replays like any other (RIVER.md: 'The replay output is unchanged (no
    `river` event: the river never scores)'): logs/river_then_land_completions.json."""
    result = run_cli(LOGS / "river_then_land_completions.json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["turn"] == 14
    assert out["scores"] == [4, 3]
    assert out["final_scores"] == [4, 6]
    assert all(e["feature"] != "river" for e in out["events"])
