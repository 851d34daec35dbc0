"""Which challenge files this program has re-played the challenger's game of: kept in the user
folder's `index/challenges.json` as the SHA-256 of each file's bytes, so that the Challenges list
checks a kept challenge in full (every throw of the challenger's game simulated again) once, when
it is saved or first read, and afterwards only reads it (challenge.parse with `replay` off).

A file changed by one byte has another hash and is re-played again. Like the records' index
(history.py) it is a cache: written by this version and physics only, and a missing, damaged or
foreign one is rebuilt (it costs the next opening its speed, nothing else).
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections.abc import Iterable
from pathlib import Path

from petanque_game import paths
from petanque_game.files import read_regular, write_atomic

FORMAT = "petanque-game-challenge-index"
MAX_KEPT = 5000  # hashes kept (the latest)
MAX_BYTES = 1024 * 1024
HEX = re.compile(r"[0-9a-f]{64}")
_guard = threading.Lock()


def index_path() -> Path:
    return paths.index_dir() / "challenges.json"


def digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def _checked_by() -> str:
    from petanque_game.history import _checked_by as same_as_the_records

    return same_as_the_records()


def replayed() -> set[str]:
    """The hashes of the files whose challenger's game re-played (empty: no usable index)."""
    with _guard:
        return set(_read())


def _read() -> list[str]:
    try:
        data = json.loads(read_regular(index_path(), MAX_BYTES, "an index").decode("utf-8"))
    except Exception:  # any damage at all: rebuilt from the files
        return []
    if not isinstance(data, dict) or data.get("format") != FORMAT or \
            data.get("checked_by") != _checked_by() or not isinstance(data.get("replayed"), list):
        return []
    return [h for h in data["replayed"] if isinstance(h, str) and HEX.fullmatch(h)]


def remember(digests: Iterable[str]) -> bool:
    """Add `digests` to the index; False when it cannot be written (no harm but speed)."""
    new = [d for d in digests if HEX.fullmatch(d)]
    with _guard:
        kept = _read()
        known = set(kept)
        fresh = [d for d in dict.fromkeys(new) if d not in known]
        if not fresh:
            return True
        body = {"format": FORMAT, "checked_by": _checked_by(),
                "replayed": (kept + fresh)[-MAX_KEPT:]}
        try:
            write_atomic(index_path(), json.dumps(body), MAX_BYTES, "the index")
        except OSError:
            return False
    return True
