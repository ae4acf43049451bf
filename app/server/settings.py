"""Every knob of the server in one `BaseSettings` class, read from the environment."""

from __future__ import annotations

from typing import Literal

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Server settings. `HOST`, `PORT` and `DATABASE_URL` are read as such; the rest take a
    `CARC_` prefix (e.g. `CARC_HEARTBEAT_SECONDS=5`)."""

    model_config = SettingsConfigDict(env_prefix="CARC_", extra="ignore")

    host: str = Field("127.0.0.1", validation_alias=AliasChoices("HOST", "CARC_HOST"))
    port: int = Field(8000, validation_alias=AliasChoices("PORT", "CARC_PORT"))
    database_url: str = Field(
        "sqlite+aiosqlite:///./carcassonne.db",
        validation_alias=AliasChoices("DATABASE_URL", "CARC_DATABASE_URL"),
    )
    database_wait_seconds: float = 30.0  # at start, how long to wait for the database
    sqlite_checkpoint_seconds: float = 1.0  # SQLite: how often the log goes into the database
    # Several processes serving the same rooms share them through Redis (empty: this process
    # is the only one). Needs a database they share (PostgreSQL).
    redis_url: str = Field("", validation_alias=AliasChoices("REDIS_URL", "CARC_REDIS_URL"))
    lease_seconds: float = 3.0  # a room's owner holds it this long without renewing
    scheduler_seconds: float = 1.0  # how often owners, due rooms and idle rooms are checked
    room_unload_seconds: float = 300.0  # a room nobody uses, with nothing due, leaves memory
    log_level: str = "info"
    log_format: Literal["json", "text"] = "json"  # one JSON object per line, or plain text
    static_dir: str = ""  # empty: `static/` next to the `app` package, else under the cwd

    # The websocket protocol: limits a client must stay within.
    max_frame_bytes: int = 16 * 1024
    rate_per_second: float = 10.0  # sustained messages per connection
    rate_burst: int = 40  # messages allowed at once before the rate applies
    hello_timeout_seconds: float = 10.0
    bad_frame_log_seconds: float = 60.0  # at most one log line per this long for bad UTF-8
    heartbeat_seconds: float = 15.0  # app-level ping period
    dead_after_seconds: float = 45.0  # silence after which a connection is dropped
    send_queue_limit: int = 256  # queued messages before a slow client is dropped

    chat_max_chars: int = 300
    chat_per_window: int = 5
    chat_window_seconds: float = 10.0
    chat_history: int = 50
    max_spectators: int = 50

    bot_pause_seconds: float = 0.8  # before a bot moves, so people can follow
    bot_strong_seconds: float = 1.0  # thinking time of a `strong` or `expert` move
    bot_workers: int = 1  # processes for `strong` and `expert` moves and hints (0: on the
    # event loop, tests only)
    hint_seconds: float = 1.0  # thinking time of a suggested move
    # Hints being thought over at once (`rooms/admission.py`), beyond which one is refused
    # with `busy`: per room, per client address, and per worker process (hints and strong-bot
    # moves together).
    hints_per_room: int = 1
    hints_per_address: int = 1
    hints_per_address_minute: int = 12  # hints thought over (not cached) per address a minute
    thinking_per_worker: int = 3
    # An automatic move the store refused (the database is away) is tried again after this
    # long, doubled each time up to the second figure, until it is stored.
    retry_first_seconds: float = 0.25
    retry_max_seconds: float = 2.0
    review_workers: int = 1  # processes for reviews, at the lowest CPU priority
    reviews_at_once: int = 1  # reviews computed at the same time; the rest wait their turn
    reviews_waiting_max: int = 50  # reviews that may wait; one more is refused (503)
    review_turns_per_job: int = 4  # turns of a review judged in one job of the review lane

    # The HTTP layer: the request line and headers of a request at most this big (else 431),
    # and at most this many websockets open at once per client address (else closed 1008).
    max_header_bytes: int = 16 * 1024
    sockets_per_address: int = 100
    # A request's line and headers must be whole this long after the connection opened (or
    # the previous response ended), else 408 and closed (`web/arrival.py`).
    request_arrival_seconds: float = 10.0

    rooms_per_window: int = 300  # new rooms per client address per window
    rooms_window_seconds: float = 600.0
    my_games_per_minute: int = 120  # My games lists per client address per minute
    # Comma-separated networks of the proxies (load balancers) in front of the server: only
    # their X-Forwarded-For is believed, to find a client's address. Empty: none is.
    trusted_proxies: str = ""

    # Rooms without any game and without anyone connected are deleted after this long.
    room_idle_hours: float = 24.0
    expiry_check_seconds: float = 600.0

    # Shifts the server's clock (a drill: start a server as if time had passed while it was
    # down, e.g. to see a turn clock run out). 0 in production.
    time_offset_seconds: float = 0.0
