"""The docstring examples of the engine and the bots, run as tests (python-chess keeps its
doctests in CI)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import app.bots
import app.engine

PACKAGES = (app.engine, app.bots)
SUBMODULES = [
    f"{package.__name__}.{m.name}"
    for package in PACKAGES
    for m in pkgutil.iter_modules(package.__path__)
]
MODULES: list[ModuleType] = [*PACKAGES, *map(importlib.import_module, SUBMODULES)]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_package_has_examples() -> None:
    """The package docstring shows the API in use: it must keep doing so."""
    assert doctest.testmod(app.engine).attempted >= 3
