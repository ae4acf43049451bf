"""What both ends of the wire must agree on, stated once: the protocol's version, its close
codes, the fixed limits of a message's fields, and the colours' paint.

The limits a server may be configured with (frame size, message rate, chat, heartbeats) are
`Settings` defaults; `jsgen` writes both kinds into the client's `static/js/net/protocol.js`.
"""

from __future__ import annotations

from enum import IntEnum

from app.engine import COLORS

PROTOCOL_VERSION = 2


class Close(IntEnum):
    """Websocket close codes the server uses."""

    GOING_AWAY = 1001  # heartbeat lost: the connection looked dead
    INVALID_DATA = 1007  # a text frame that is not UTF-8 (the websocket layer sends it)
    POLICY = 1008  # flooding, or no hello in time
    TOO_BIG = 1009  # a frame above the size limit
    SERVER_ERROR = 1011
    RESTART = 1012  # the server is restarting: reconnect at once
    RELOAD = 4001  # old protocol version: reload the page
    NOT_FOUND = 4004  # no such room


NAME_MAX = 24  # visible characters of a name, after cleaning
# The largest integer a browser reads back exactly (a JavaScript number): 2**53 - 1.
SAFE_INTEGER = 2**53 - 1
REF_MAX = 64  # characters of a string `ref`
TOKEN_MAX = 128  # characters of a seat token in a hello
SLOT_MAX = 4  # characters of a slot name (`NNW`, `C`)
NESTING_MAX = 8  # objects and arrays in each other (no message nests more than 3)

# How each player colour is painted: the figure's body and its outline. The engine's colours in
# its order, then `pink` (the sixth player's, Inns & Cathedrals). Okabe and Ito's colour-blind
# safe hues, moved apart in lightness: every pair stays distinct in simulated protanopia,
# deuteranopia and tritanopia, and each figure stands out from the snow, the cities and the
# roads by its body or its outline (tests/js/palette.test.mjs measures both).
COLOR_HEX: dict[str, dict[str, str]] = {
    "red": {"fill": "#c23b22", "edge": "#2a0903"},
    "blue": {"fill": "#005fae", "edge": "#03132a"},
    "green": {"fill": "#17a882", "edge": "#021b13"},
    "yellow": {"fill": "#f3e03b", "edge": "#4a3d00"},
    "black": {"fill": "#202026", "edge": "#e6eaef"},
    "pink": {"fill": "#f59acd", "edge": "#2a0820"},
}
assert tuple(COLOR_HEX)[: len(COLORS)] == COLORS, "a paint for each engine colour, in its order"
