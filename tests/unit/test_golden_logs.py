"""Golden move logs (tests/unit/logs/*.json) replayed against their expected summaries.

Each file is a `carcassonne-log/1` log with extra keys the format ignores: `rule` (the rule
text it checks), `expect` (keys of the replay summary of LOG_FORMAT.md), `prefixes` (the same
for the first `turns` turns) and `variants`: other endings, each the first `after` turns of the
log followed by its own `turns`, with either an `expect` or the number of the turn that is
`illegal` (and words its message `says`). Every expectation was worked out by hand from the
rules.
"""

from __future__ import annotations

import json

import pytest

from app.engine import IllegalMoveError
from app.engine.replay import summary
from tests.unit.conftest import LOGS, check_geometry, check_summary

FILES = sorted(LOGS.glob("*.json"))


def _cases():
    for path in FILES:
        log = json.loads(path.read_text())
        yield pytest.param(log, log["turns"], log["expect"], None, id=path.stem)
        for prefix in log.get("prefixes", []):
            upto = prefix["turns"]
            yield pytest.param(
                log, log["turns"][:upto], prefix["expect"], None, id=f"{path.stem}-{upto}"
            )
        for i, variant in enumerate(log.get("variants", []), start=1):
            turns = log["turns"][: variant["after"]] + variant["turns"]
            yield pytest.param(
                log,
                turns,
                variant.get("expect"),
                (variant["illegal"], variant.get("says", "")) if "illegal" in variant else None,
                id=f"{path.stem}-variant{i}",
            )


def test_there_are_golden_logs():
    assert len(FILES) >= 15


@pytest.mark.parametrize(("log", "turns", "expect", "illegal"), list(_cases()))
def test_golden_log(log, turns, expect, illegal):
    river = log.get("options", {}).get("river", False)
    legal = turns if illegal is None else turns[: illegal[0] - 1]
    check_geometry(legal, river=river)  # the hand-built placements are legal by the specs
    if illegal is None:
        check_summary(summary({**log, "turns": turns}), expect)
        return
    number, says = illegal
    assert len(turns) == number  # the illegal turn is the variant's last
    with pytest.raises(IllegalMoveError) as caught:
        summary({**log, "turns": turns})
    assert caught.value.turn == number
    assert says in str(caught.value)
