"""Golden move logs (tests/unit/logs/*.json) replayed against their expected summaries.

Each file is a `carcassonne-log/1` log with extra keys the format ignores: `rule` (the rule
text it checks), `expect` (keys of the replay summary of LOG_FORMAT.md) and `prefixes` (the
same for the first `turns` turns). Every expectation was worked out by hand from the rules.
"""

from __future__ import annotations

import json

import pytest

from app.engine.replay import summary
from tests.unit.conftest import LOGS, check_geometry, check_summary

FILES = sorted(LOGS.glob("*.json"))


def _cases():
    for path in FILES:
        log = json.loads(path.read_text())
        yield pytest.param(log, None, log["expect"], id=path.stem)
        for prefix in log.get("prefixes", []):
            yield pytest.param(
                log, prefix["turns"], prefix["expect"], id=f"{path.stem}-{prefix['turns']}"
            )


def test_there_are_golden_logs():
    assert len(FILES) >= 15


@pytest.mark.parametrize(("log", "upto", "expect"), list(_cases()))
def test_golden_log(log, upto, expect):
    turns = log["turns"] if upto is None else log["turns"][:upto]
    check_geometry(turns)  # the hand-built placements are legal by TILES.md
    check_summary(summary({**log, "turns": turns}), expect)
