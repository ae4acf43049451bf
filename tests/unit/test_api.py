"""The public surface of `app.engine` (API.md): the names it exports and what they promise."""

from __future__ import annotations

import app.engine
from app.engine import COLORS, LOG_FORMAT, Game, Player


def test_log_format_and_colors_are_those_of_log_format_md():
    """LOG_FORMAT.md: format `carcassonne-log/1`; colors red, blue, green, yellow, black."""
    assert LOG_FORMAT == "carcassonne-log/1"
    assert COLORS == ("red", "blue", "green", "yellow", "black")
    log = Game([Player("A", COLORS[4]), Player("B", COLORS[0])]).to_log()
    assert log["format"] == LOG_FORMAT


def test_everything_exported_is_named_in_all():
    assert set(app.engine.__all__) == {
        name for name in dir(app.engine) if not name.startswith("_") and name[0].isupper()
    } | {"tile_catalog"}
