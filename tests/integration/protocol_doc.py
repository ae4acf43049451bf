"""What app/server/PROTOCOL.md documents, read from its tables."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "app" / "server" / "PROTOCOL.md"


def _first_column(section: str) -> set[str]:
    text = DOC.read_text()
    start = text.index(f"\n## {section}\n")
    end = text.find("\n## ", start + 1)
    body = text[start : end if end != -1 else None]
    return set(re.findall(r"^\| `([a-z_]+)` \|", body, flags=re.MULTILINE))


def client_types() -> set[str]:
    """Message types a client may send."""
    return _first_column("Client to server")


def server_types() -> set[str]:
    """Message types the server sends."""
    return _first_column("Server to client")


def error_codes() -> set[str]:
    """Error codes."""
    return _first_column("Error codes")


def close_codes() -> set[int]:
    """Close codes."""
    text = DOC.read_text()
    start = text.index("\n## Close codes\n")
    body = text[start : text.find("\n## ", start + 1)]
    return {int(code) for code in re.findall(r"^\| (\d{4}) \|", body, flags=re.MULTILINE)}
