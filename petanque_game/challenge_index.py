"""Which challenge files this program has re-played the challenger's game of, and which it
refused (and why): kept in the user folder's `index/challenges.json` by the SHA-256 of each file's
bytes, so that the Challenges list checks a kept challenge in full (every throw of the challenger's
game simulated again) once, when it is saved or first read, and afterwards only reads it
(challenge.parse with `replay` off), or says again why it is refused.

A file changed by one byte has another hash and is re-played again. Like the records' index
(history.py) it is a cache: written by this version and physics only, and a missing, damaged or
foreign one is rebuilt (it costs the next opening its speed, nothing else).
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from petanque_game import paths
from petanque_game.files import read_regular, write_atomic

if TYPE_CHECKING:
    from petanque_game.challenge import Challenge

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


Verdicts = dict[str, tuple[str, str] | None]  # hash: None (re-played), or (place, reason)


def verdicts() -> Verdicts:
    """What the index knows (empty: no usable index)."""
    with _guard:
        return _read()


def _read() -> Verdicts:
    try:
        data = json.loads(read_regular(index_path(), MAX_BYTES, "an index").decode("utf-8"))
        if not isinstance(data, dict) or data.get("format") != FORMAT or \
                data.get("checked_by") != _checked_by():
            return {}
        return {h: None if v is None else (str(v[0])[:80], str(v[1])[:400])
                for h, v in data["verdicts"] if HEX.fullmatch(h)}
    except Exception:  # any damage at all: rebuilt from the files
        return {}


def remember(new: Verdicts) -> bool:
    """Add `new` verdicts to the index; False when it cannot be written (no harm but speed)."""
    if not new:
        return True
    with _guard:
        known = _read()
        fresh = {h: v for h, v in new.items() if HEX.fullmatch(h) and known.get(h, 0) != v}
        if not fresh:
            return True
        known.update(fresh)
        body = {"format": FORMAT, "checked_by": _checked_by(),
                "verdicts": [[h, v and list(v)] for h, v in list(known.items())[-MAX_KEPT:]]}
        try:
            write_atomic(index_path(), json.dumps(body), MAX_BYTES, "the index")
        except OSError:
            return False
    return True


def load(path: Path, known: Verdicts, new: Verdicts) -> Challenge:
    """The challenge file at `path`, checked in full unless `known` (verdicts()) has a verdict on
    the same bytes: re-played before, it is read without re-playing the challenger's game;
    refused before, it is refused again for the same reason. A verdict reached here is added to
    `new` (for remember). ChallengeError, or ReadProblem when the file cannot be read."""
    from petanque_game.challenge import MAX_BYTES, ChallengeError, parse

    raw = read_regular(path, MAX_BYTES, "a challenge")
    digest = hashlib.sha256(raw).hexdigest()
    verdict = known.get(digest, "unknown")
    if isinstance(verdict, tuple):
        raise ChallengeError(verdict[1], verdict[0] or None)
    try:
        made = parse(raw, replay=verdict == "unknown")
    except ChallengeError as e:
        new[digest] = (e.place or "", e.reason)
        raise
    if made.challenger is not None and verdict == "unknown":
        new[digest] = None
    return made
