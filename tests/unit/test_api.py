"""The public surface of `app.engine` (API.md): the names it exports and what they promise."""

from __future__ import annotations

from types import ModuleType

import app.engine
from app.engine import COLORS, LOG_FORMAT, Game, Player, to_log


def test_log_format_and_colors_are_those_of_log_format_md():
    """LOG_FORMAT.md: format `carcassonne-log/1`; colors red, blue, green, yellow, black."""
    assert LOG_FORMAT == "carcassonne-log/1"
    assert COLORS == ("red", "blue", "green", "yellow", "black")
    log = to_log(Game([Player("A", COLORS[4]), Player("B", COLORS[0])]))
    assert log["format"] == LOG_FORMAT


def test_everything_exported_is_named_in_all():
    """`__all__` names every public name of the package: no more (each exists), no less (the
    engine's submodules are not part of the surface)."""
    public = {
        name
        for name in dir(app.engine)
        if not name.startswith("_") and not isinstance(getattr(app.engine, name), ModuleType)
    }
    assert set(app.engine.__all__) == public
