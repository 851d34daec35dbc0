"""Room codes: six characters a player can read out to a friend, from an alphabet without the
letters and digits that look or sound alike (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V)."""

from __future__ import annotations

import secrets

ALPHABET = "34679ACDEFGHJKMNPQRTWXY"
LENGTH = 6


def new_code() -> str:
    """A fresh room code, drawn from the operating system's random source."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def read_code(text: str) -> str | None:
    """The room code a player typed (any case, spaces and dashes ignored), or None when it is not
    one: six characters of the alphabet."""
    code = "".join(c for c in text.upper() if c not in " -")
    if len(code) != LENGTH or any(c not in ALPHABET for c in code):
        return None
    return code
