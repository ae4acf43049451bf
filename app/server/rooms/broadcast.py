"""Who is connected to a room, and the numbered changes that keep their state in step.

The `Broadcaster` owns the state every client holds, its `seq`, and the encoding: a change
is diffed against what was last sent, encoded once, and queued on every peer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from app.server.ports import Peer, Relay
from app.server.wire import messages as m
from app.server.wire.patch import diff
from app.server.wire.state import State, You


class Broadcaster:
    """The public state `{"room": ..., "game": ...}`, its `seq`, and the peers it goes to.

    What goes to everyone goes once to each other process with peers here (`relay`, which
    hands it to all of that process's connections of the room).
    """

    def __init__(
        self, code: str, state: dict[str, Any], relay: Relay | None = None,
        on_diff: Callable[[int], object] | None = None,
    ) -> None:
        self.code = code
        self.state = state
        self.seq = 0
        self.peers: set[Peer] = set()
        self.relay = relay
        self.on_diff = on_diff  # told the size of every diff sent

    def publish(self, changes: dict[str, Any], skip: Peer | None = None) -> None:
        """Replace the given sections of the state and send the diff to every peer (but
        `skip`) with the next `seq`; nothing is sent when nothing changed."""
        new = {**self.state, **changes}
        ops = diff(self.state, new)
        self.state = new
        if not ops:
            return
        self.seq += 1
        text = m.encode_diff(self.seq, ops)
        if self.on_diff is not None:
            self.on_diff(len(text))
        self.send_all(text, skip)

    def snapshot(self, chat: Iterable[m.Chat], now: float) -> str:
        """The encoded snapshot: the state as last sent, with its `seq`."""
        # The server's time, so a client counts a turn clock down without trusting its own.
        return m.encode(m.Snapshot(seq=self.seq, state=State.model_validate(self.state),
                                   chat=list(chat), now=round(now, 3)))

    def send_all(self, text: str, skip: Peer | None = None) -> None:
        """Queue an encoded message on every peer but `skip`."""
        processes: set[str] = set()
        for peer in self.peers:
            if peer is skip:
                continue
            if peer.process is None:
                peer.send(text)
            else:
                processes.add(peer.process)
        for process in processes:
            assert self.relay is not None
            skipped = skip.conn_id if skip is not None and skip.process == process else None
            self.relay.post(process, {"t": "fanout", "room": self.code, "text": text,
                                      "from": self.relay.process, "skip": skipped})

    def with_token(self, token_hash: str) -> set[Peer]:
        """The connections holding a token (the same person in several tabs)."""
        return {peer for peer in self.peers if peer.token_hash == token_hash}

    def watchers(self) -> list[Peer]:
        """Connections without a seat, oldest first."""
        return sorted((peer for peer in self.peers if peer.seat is None), key=lambda q: q.id)


def you(peer: Peer) -> You:
    """A connection's `you` (PROTOCOL.md): its seat, host flag and name."""
    return You(seat=peer.seat, host=peer.host, name=peer.name)
