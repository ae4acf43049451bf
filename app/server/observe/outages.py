"""Failures that repeat while something outside is away (the database, Redis): said once with
their traceback, then counted, with a reminder a minute and a line when they stop, so an outage
costs a few log lines however long it lasts."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from prometheus_client import Counter

log = logging.getLogger("app.outage")
REMIND_SECONDS = 60.0  # while a failure goes on, how often the log says it still does


@dataclass
class _Spell:
    """One run of failures of the same kind, until the next success."""

    since: float
    said: float
    count: int = 1


class Outages:
    """The failures of a process by where they happen (`store`, `upkeep`, ...), each also
    counted in the `carc_errors` metric."""

    def __init__(self, errors: Counter) -> None:
        self.errors = errors
        self._spells: dict[str, _Spell] = {}

    def failed(self, where: str, message: str, error: BaseException | None = None) -> None:
        """`where` failed with `error` (default: the exception being handled): the first
        failure of a spell is logged with its traceback, the next ones only counted."""
        self.errors.labels(where).inc()
        now = time.monotonic()
        spell = self._spells.get(where)
        if spell is None:
            self._spells[where] = _Spell(now, now)
            log.error("%s", message, exc_info=error or True)
            return
        spell.count += 1
        if now - spell.said >= REMIND_SECONDS:
            spell.said = now
            log.error("%s (still failing: %d times in %.0f s)", message, spell.count,
                      now - spell.since)

    def recovered(self, where: str) -> None:
        """`where` worked again: the end of its spell, if it had one, is logged."""
        spell = self._spells.pop(where, None)
        if spell is not None:
            log.warning("%s works again after %d failures in %.1f s", where, spell.count,
                        time.monotonic() - spell.since)

    def failing(self, where: str) -> bool:
        """True while `where` fails (no success since its last failure)."""
        return where in self._spells
