"""The engine's docstring examples, run as tests (python-chess keeps its doctests in CI)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import app.engine

SUBMODULES = [f"app.engine.{m.name}" for m in pkgutil.iter_modules(app.engine.__path__)]
MODULES: list[ModuleType] = [app.engine, *map(importlib.import_module, SUBMODULES)]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_package_has_examples() -> None:
    """The package docstring shows the API in use: it must keep doing so."""
    assert doctest.testmod(app.engine).attempted >= 3
