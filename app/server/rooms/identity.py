"""Who is who in a room: seat tokens, and the names people type.

A seat token is the only credential in the product: whoever holds it plays that seat. It is
given to its browser once and stored only as a SHA-256 hash.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata

from app.server.wire.errors import ErrorCode, GameError
from app.server.wire.facts import NAME_MAX

# Prefix of the marker a bot's seat carries in place of a token hash: no SHA-256 hex digest
# starts like this, so no token can ever name a bot's seat.
BOT_MARK = "bot:"
# Combining marks kept on one character: enough for every script people write (Vietnamese
# stacks two, Thai and the Indic scripts three at most); more only draw over the lines around.
MARKS_MAX = 3


def new_token() -> tuple[str, str]:
    """A fresh seat token (192 random bits, URL-safe) and the SHA-256 hash we store."""
    token = secrets.token_urlsafe(24)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def bot_marker() -> str:
    """The token-hash column of a seat a bot takes in the lobby."""
    return BOT_MARK + secrets.token_hex(16)


def clean_text(text: str, *, single_line: bool = True) -> str:
    """`text` without control or format characters, whitespace runs collapsed, and at most
    `MARKS_MAX` combining marks on a character (none on no character)."""
    kept = []
    marks = MARKS_MAX  # marks on the character before: none may start the text
    for ch in text:
        category = unicodedata.category(ch)
        if category[0] == "M":
            marks += 1
            if marks <= MARKS_MAX:
                kept.append(ch)
            continue
        marks = MARKS_MAX if category[0] in "CZ" or ch in "\n\r\t" else 0
        if ch in "\n\r\t" or category == "Zs":
            kept.append(" " if single_line or ch != "\n" else "\n")
        elif category[0] != "C":  # Cc, Cf, Cs, Co, Cn: controls, bidi overrides, surrogates
            kept.append(ch)
    return " ".join("".join(kept).split()) if single_line else "".join(kept).strip()


def clean_name(name: str) -> str:
    """A display name, or `GameError(BAD_NAME)`."""
    cleaned = clean_text(name)
    if not cleaned or len(cleaned) > NAME_MAX:
        raise GameError(ErrorCode.BAD_NAME, f"A name has 1 to {NAME_MAX} visible characters.",
                        max=NAME_MAX)
    return cleaned
