"""What every room of a process shares, in one value handed to each room: its seams
(`ports`) and the process's settings and metrics."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from app.server.observe.metrics import Metrics
from app.server.ports import BotPlayer, Clock, Cluster, Stores
from app.server.rooms.admission import Admission
from app.server.settings import Settings


@dataclass(frozen=True)
class Services:
    """What every room of a process shares: the store, settings, time, the bots, the other
    processes serving rooms, the bounds on thinking, and chance: where game seeds and first
    players come from (unguessable in production, as a seed is the order of the bag; seeded
    in tests)."""

    store: Stores
    settings: Settings
    clock: Clock
    bots: BotPlayer
    cluster: Cluster
    admission: Admission  # how much thinking the rooms may ask for at once
    metrics: Metrics = field(default_factory=Metrics)
    chance: random.Random = field(default_factory=random.SystemRandom)
