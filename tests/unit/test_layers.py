"""The engine imports only the standard library: every module outside `app` that it imports,
TYPE_CHECKING imports included, is one of Python's own. (The other layers are import-linter
contracts in pyproject.toml; a contract can forbid the packages it names, this checks all.)"""

from __future__ import annotations

import sys

import grimp


def test_the_engine_imports_nothing_but_the_standard_library() -> None:
    graph = grimp.build_graph("app", include_external_packages=True)
    engine = {module for module in graph.modules if module.split(".")[:2] == ["app", "engine"]}
    imported = {dependency for module in engine
                for dependency in graph.find_modules_directly_imported_by(module)}
    outside = {name.split(".")[0] for name in imported if not name.startswith("app.")}
    assert outside, "the engine imports something of the standard library, at least"
    assert outside <= sys.stdlib_module_names, sorted(outside - sys.stdlib_module_names)
    assert not {name for name in imported if name.startswith("app.")} - engine - {"app"}
