"""What a server process counts, for Prometheus (`GET /metrics`).

One registry per app (not the library's global one), so that every process, and every app a
test builds, counts for itself.
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from app.server.observe.outages import Outages

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


class Metrics:
    """The process's counters, gauges and histograms."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.rooms = Gauge("carc_rooms_loaded", "Rooms this process holds in memory", registry=r)
        self.games = Gauge(
            "carc_games_running", "Running games in the rooms this process holds", registry=r
        )
        self.sockets = Gauge("carc_sockets", "Open websocket connections", registry=r)
        self.moves = Counter("carc_moves", "Moves accepted and stored", registry=r)
        self.review_turns = Counter(
            "carc_review_turns", "Turns of finished games judged for a review", registry=r
        )
        self.refused = Counter(
            "carc_intents_refused", "Intents refused, by error code", ["code"], registry=r
        )
        self.commit_seconds = Histogram(
            "carc_commit_seconds", "Time to store an accepted move (group commit)",
            buckets=(0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5), registry=r,
        )
        self.diff_bytes = Histogram(
            "carc_diff_bytes", "Size of each state diff sent",
            buckets=(128, 256, 512, 1024, 2048, 4096, 8192, 16384), registry=r,
        )
        self.errors = Counter(
            "carc_errors", "Failures on the server, by where they happened", ["where"], registry=r
        )
        # Failures that repeat during an outage: logged once, then counted in `errors`.
        self.outages = Outages(self.errors)
        self.requests = Counter(
            "carc_http_requests", "HTTP requests, by route and status", ["route", "status"],
            registry=r,
        )

    def watch(self, rooms: Callable[[], int], games: Callable[[], int]) -> None:
        """Read the room and game gauges from the registry of rooms when scraped."""
        self.rooms.set_function(rooms)
        self.games.set_function(games)

    def render(self) -> bytes:
        """The text exposition format."""
        return generate_latest(self.registry)
