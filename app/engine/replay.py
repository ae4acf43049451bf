"""`python -m app.engine.replay LOG.json`: replay a move log and print the outcome as JSON.

Exit status 0 with one JSON object on stdout; 1 with `turn N: why` on stderr for an illegal
turn; 2 for a file that cannot be read or is not a `carcassonne-log/1` log.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from . import views
from .errors import IllegalMoveError, InvalidLogError
from .events import ScoreEvent
from .log import LOG_FORMAT, from_log


def summary(log: object) -> dict[str, Any]:
    """What the replay prints for a log (raises like `from_log`)."""
    game = from_log(log)
    events = [_event(e) for e in game.events]
    final_scores = list(game.scores)
    if not game.finished:
        ended = game.copy()
        events += [_event(e) for e in ended.end_early()]
        final_scores = list(ended.scores)
    return {
        "turn": game.turn,
        "finished": game.finished,
        "scores": list(game.scores) if not game.finished else final_scores,
        "final_scores": final_scores,
        "supply": [views.supply(game, p) for p in range(len(game.players))],
        "events": events,
    }


def _event(event: ScoreEvent) -> dict[str, Any]:
    """An event as LOG_FORMAT.md prints it: without the feature's id, which names the feature
    only inside one engine's game."""
    out = event.to_dict()
    del out["feature_id"]
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m app.engine.replay LOG.json", file=sys.stderr)
        return 2
    try:
        with open(args[0], encoding="utf-8") as f:
            log = json.load(f)
    except OSError as error:
        print(f"cannot read {args[0]}: {error.strerror or error}", file=sys.stderr)
        return 2
    except (ValueError, RecursionError) as error:  # bad JSON, bad UTF-8, absurd nesting
        print(f"{args[0]} is not valid JSON: {error}", file=sys.stderr)
        return 2
    try:
        result = summary(log)
    except InvalidLogError as error:
        print(f"{args[0]} is not a {LOG_FORMAT} move log: {error}", file=sys.stderr)
        return 2
    except IllegalMoveError as error:
        print(f"turn {error.turn}: {error}", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
