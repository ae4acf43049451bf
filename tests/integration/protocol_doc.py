"""What app/server/PROTOCOL.md documents, read from its tables."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "app" / "server" / "PROTOCOL.md"
# One field of a table's fields column: `name`, or `name`? for one that may be left out.
_FIELD = re.compile(r"`([a-z_]+)`(\??)")


def _section(section: str) -> str:
    text = DOC.read_text()
    start = text.index(f"\n## {section}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else None]


def _first_column(section: str) -> set[str]:
    return set(re.findall(r"^\| `([a-z_]+)` \|", _section(section), flags=re.MULTILINE))


def client_types() -> set[str]:
    """Message types a client may send."""
    return _first_column("Client to server")


def server_types() -> set[str]:
    """Message types the server sends."""
    return _first_column("Server to client")


def _fields(section: str, column: int) -> dict[str, dict[str, bool] | None]:
    """Per message type of the section's table, its fields (name -> may be left out), or None
    where the table says it in words. Remarks in parentheses are not fields."""
    found: dict[str, dict[str, bool] | None] = {}
    for row in re.findall(r"^\| `([a-z_]+)` \|(.*)\|$", _section(section), flags=re.MULTILINE):
        kind, rest = row
        cell = re.sub(r"\([^)]*\)", "", rest.split("|")[column]).strip()
        items = [item.strip() for item in cell.split(",") if item.strip()]
        matches = [_FIELD.fullmatch(item) for item in items]
        if all(matches):
            found[kind] = {m.group(1): m.group(2) == "?" for m in matches if m is not None}
        else:
            found[kind] = None
    return found


def client_fields() -> dict[str, dict[str, bool] | None]:
    """The fields of each client message (`ref`, which any may carry, is said once above)."""
    return _fields("Client to server", 0)


def server_fields() -> dict[str, dict[str, bool] | None]:
    """The fields of each server message."""
    return _fields("Server to client", 1)


def error_codes() -> set[str]:
    """Error codes."""
    return _first_column("Error codes")


def advice_codes() -> dict[str, set[str]]:
    """Advice codes, by the message (`hint`, `check`) whose `why` carries them."""
    found: dict[str, set[str]] = {}
    body = _section("Advice codes")
    rows = re.findall(r"^\| `([a-z_]+)` \| ([a-z]+) \|", body, flags=re.MULTILINE)
    for code, kind in rows:
        found.setdefault(kind, set()).add(code)
    return found


def http_error_codes() -> set[str]:
    """Codes of the HTTP API's refusals."""
    return _first_column("HTTP, for completeness")


def close_codes() -> set[int]:
    """Close codes."""
    body = _section("Close codes")
    return {int(code) for code in re.findall(r"^\| (\d{4}) \|", body, flags=re.MULTILINE)}
