"""Who is asking: a request's client address behind trusted proxies, and the per-address
quotas of the requests that cost the server a row or a replay."""

from __future__ import annotations

import ipaddress
import math
import time
from collections import defaultdict, deque
from typing import Any

from fastapi import Request, WebSocket

Networks = tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]


def trusted_networks(setting: str) -> Networks:
    """The networks of `trusted_proxies` ("10.0.0.0/8, 127.0.0.1")."""
    return tuple(ipaddress.ip_network(part.strip(), strict=False)
                 for part in setting.split(",") if part.strip())


def client_address(request: Request | WebSocket, trusted: Networks) -> str:
    """Who sent the request: the socket's peer, or, when that peer is a trusted proxy, the
    last address in X-Forwarded-For that is not one of ours (the one our proxies saw)."""
    peer = request.client.host if request.client else "?"
    if not trusted or not _within(peer, trusted):
        return peer
    hops = [hop.strip() for hop in request.headers.get("x-forwarded-for", "").split(",")]
    for hop in reversed([hop for hop in hops if hop]):
        if not _within(hop, trusted):
            return hop
    return peer


def client_of(scope: Any, trusted: Networks) -> str:
    """`client_address` of an ASGI scope (HTTP or websocket)."""
    return client_address(Request(scope), trusted)


def _within(address: str, networks: Networks) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False  # not an address: certainly not one of our proxies
    return any(ip in network for network in networks)


class Quota:
    """At most `limit` requests of one kind per client address per `window` seconds (new
    rooms cost a row each and nobody needs many; My games costs a replay per game moved)."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit, self.window = limit, window
        self._times: defaultdict[str, deque[float]] = defaultdict(deque)

    def wait(self, address: str) -> int:
        """Count one request of `address`: 0, or when over the quota the whole seconds until
        it may ask again (counting nothing)."""
        now = time.monotonic()
        times = self._times[address]
        while times and now - times[0] > self.window:
            times.popleft()
        if len(times) >= self.limit:
            return max(1, math.ceil(times[0] + self.window - now))
        times.append(now)
        if len(self._times) > 10_000:  # forget idle addresses
            for key in [k for k, v in self._times.items() if not v]:
                del self._times[key]
        return 0
