"""Browser fixtures: Debian's chromium driven by Python Playwright against the live server
(`live_server` from tests/conftest.py). Screenshots go to tests/artifacts/ (git-ignored)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import playwright.sync_api as playwright_api  # a test extra: missing, the suite fails
import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


@pytest.fixture(scope="module")
def browser() -> Iterator:
    """One headless chromium per test module.

    Not per session: Playwright's sync API keeps an event loop running in this thread while
    it is open, and the asyncio tests that follow need the thread to themselves.
    """
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no chromium at {CHROMIUM}: install it with 'apt-get install chromium'"
                    " (.ci/run does), or leave the browser tests out: -m 'not e2e'")
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def new_page(browser) -> Iterator:
    """`new_page(width=1280, height=800, touch=False, **context_options)` -> a page in a fresh
    context (its own storage), in English unless `locale` says otherwise (the page follows
    the browser's languages). Page errors and console errors fail the test."""
    contexts = []
    errors: list[str] = []

    def make(width: int = 1280, height: int = 800, touch: bool = False, **options):
        options.setdefault("locale", "en-GB")
        ctx = browser.new_context(
            viewport={"width": width, "height": height}, has_touch=touch, **options
        )
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))
        page.on("dialog", lambda d: d.accept())
        # a bound for a machine whose two cores are busy with other work: waits end at the
        # event awaited, so a wider bound costs a passing test nothing
        page.set_default_timeout(30000)
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, errors


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots go."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """axe-core, installed by `npm install --prefix tests/e2e` (tests/e2e/package.json)."""
    if not AXE.exists():
        pytest.fail(f"no axe-core at {AXE}: run 'npm ci --prefix tests/e2e' (.ci/run does)")
    return AXE


@pytest.fixture
def fast_server(server_factory, tmp_path):
    """A server of the test's own on a SQLite file, whose bots hardly pause."""
    return server_factory(f"sqlite+aiosqlite:///{tmp_path / 'carcassonne.db'}",
                          CARC_BOT_PAUSE_SECONDS="0.05")
