"""The client's wire facts, `static/js/net/protocol.js`, are what the generator writes from the
Python definitions now: a change on the server that the file does not follow fails here."""

from __future__ import annotations

from pathlib import Path

from app.engine import COLORS, FIELD_POINTS_PER_CITY
from app.server.settings import Settings
from app.server.wire import intents, jsgen
from app.server.wire.errors import ErrorCode
from app.server.wire.facts import Close
from app.server.wire.options import RoomOptions


def test_protocol_js_is_up_to_date() -> None:
    written = jsgen.TARGET.read_text()
    assert written == jsgen.render(jsgen.facts()), "stale: run python -m app.server.wire.jsgen"


def test_the_check_fails_on_a_stale_file_and_passes_on_a_fresh_one(tmp_path: Path) -> None:
    out = tmp_path / "protocol.js"
    assert jsgen.main(["--check", "--out", str(out)]) == 1, "a missing file is stale"
    assert jsgen.main(["--out", str(out)]) == 0
    assert jsgen.main(["--check", "--out", str(out)]) == 0
    out.write_text(out.read_text().replace("NAME_MAX: 24", "NAME_MAX: 64"))
    assert jsgen.main(["--check", "--out", str(out)]) == 1


def test_every_fact_comes_from_its_definition() -> None:
    facts = jsgen.facts()
    assert facts["CLIENT_TYPES"] == list(intents.MESSAGE_TYPES)
    assert set(facts["ERROR"].values()) == {str(code) for code in ErrorCode}
    assert facts["CLOSE"] == {"GOING_AWAY": 1001, "INVALID_DATA": 1007, "POLICY": 1008,
                              "TOO_BIG": 1009, "SERVER_ERROR": 1011, "RESTART": 1012,
                              "RELOAD": 4001, "NOT_FOUND": 4004}
    assert set(facts["CLOSE"].values()) == {int(code) for code in Close}
    defaults = RoomOptions()
    assert {name: option["default"] for name, option in facts["OPTIONS"].items()} \
        == defaults.to_dict()
    assert facts["OPTIONS"]["seats"] == {"min": 2, "max": 6, "default": defaults.seats}
    assert facts["OPTIONS"]["move_hours"]["values"] == [12, 24, 48, 72]
    assert facts["OPTIONS"]["game_days"]["values"] == [3, 7, 14, 30, None]
    settings = Settings.model_construct()
    assert facts["HEARTBEAT"] == {"PING_SECONDS": settings.heartbeat_seconds,
                                  "TIMEOUT_SECONDS": settings.dead_after_seconds}
    assert facts["LIMITS"]["FRAME_BYTES"] == settings.max_frame_bytes == 16 * 1024
    assert facts["COLORS"] == list(COLORS)
    assert facts["RULES"]["FIELD_POINTS_PER_CITY"] == FIELD_POINTS_PER_CITY
