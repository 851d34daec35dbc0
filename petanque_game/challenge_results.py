"""The results of the challenges taken: the user folder's `challenges/results.json`, per challenge
(by its ident) the game, the day of a daily challenge, the attempts, the best score, the
challenger's name and score (when the challenge carried their game) and the games counted.

Scores are the rules' own (higher is better in every game: Shut the Box counts its penalty as a
negative score); the window and the command show them as statistics do.

The file is the player's: anything may be in it. It is read strictly, entry by entry: an entry of
the wrong shape (a score that is text, a date that is not one, an ident twice, a daily challenge
whose ident is not the one its date gives) is left out, the rest kept; a file that is not UTF-8 or
not JSON gives up what can be read of it. A result is never fatal: nothing here raises for what is
in the file, and what was left out is said once in the log. Before a file that was not read whole
is written again, it is set aside (`results.json.unreadable-DATE-TIME`), never overwritten.

Each game counts once: its identity (`game_id`) is kept with the challenge's results, so a finished
game found again (its autosave left by a window killed at the very end) is not a second attempt.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import threading
import time
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from petanque_game import paths
from petanque_game.challenge_daily import daily_ident
from petanque_game.files import ReadProblem, ensure_folder, read_regular, write_atomic
from petanque_game.record import name_problem
from petanque_game.rules.games import game_ids

RESULTS_VERSION = 1
MAX_RESULTS_BYTES = 4 * 1024 * 1024
MAX_ENTRIES = 20_000  # challenges read from one file (years of daily challenges of every game)
MAX_GAMES = 100  # the latest games remembered per challenge, each counted once
MAX_NUMBER = 10**12  # a score or a count beyond this is no game's
IDENT = re.compile(r"[0-9a-f]{16}")
_WHITE = re.compile(r"[ \t\n\r]*")


def results_path() -> Path:
    return paths.user_dir() / "challenges" / "results.json"


@dataclass(frozen=True)
class Result:
    """One challenge's results so far."""

    ident: str
    game: str
    daily: str | None
    attempts: int
    best: int  # the rules' score: higher is better
    challenger: str | None = None  # their name, when the challenge carried their game
    challenger_score: int | None = None
    games: tuple[str, ...] = ()  # the games counted (game_id), the latest MAX_GAMES

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "daily": self.daily, "attempts": self.attempts,
                "best": self.best, "challenger": self.challenger,
                "challenger_score": self.challenger_score, "games": list(self.games)}


@dataclass
class Read:
    """What the file holds: the good entries, and why it was not read whole (or None)."""

    entries: dict[str, Result]
    problem: str | None = None


def game_id(record: Any) -> str:
    """A finished game's identity, the same for every file of that game: when it was started and
    what was played (history.fingerprint)."""
    from petanque_game.history import fingerprint

    created = record.extra.get("created")
    text = f"{created if isinstance(created, str) else ''}\n{fingerprint(record)}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


# --- reading --------------------------------------------------------------------------------------

def results() -> dict[str, Result]:
    """Every challenge's results that can be read, by ident (a missing file is none)."""
    return read_results().entries


def read_results() -> Read:
    path = results_path()
    try:
        raw = read_regular(path, MAX_RESULTS_BYTES, "the challenge results")
    except ReadProblem as e:
        if not os.path.lexists(path):
            return Read({})
        return _told(Read({}, e.reason))
    problem = None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        text = raw.decode("utf-8", "replace")  # what is around the bad byte is still read
        problem = f"not UTF-8 text (byte {e.start})"
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_constant=_bad,
                          parse_int=_whole)
        entries = data.get("challenges") if isinstance(data, dict) else None
        if not isinstance(entries, dict):
            entries = {}
            problem = problem or "not a file of challenge results"
    except (ValueError, RecursionError) as e:
        entries = _salvage(text)
        problem = problem or f"not JSON ({str(e)[:60]})"
    found: dict[str, Result] = {}
    left_out: list[str] = []
    games = set(game_ids())
    for ident, entry in list(entries.items())[:MAX_ENTRIES]:
        why = _entry_problem(ident, entry, games)
        if why is None:
            found[ident] = _result(ident, entry)
        else:
            left_out.append(f"{str(ident)[:20]!r}: {why}")
    if len(entries) > MAX_ENTRIES:
        left_out.append(f"the entries after the first {MAX_ENTRIES}")
    if left_out:
        said = f"{len(left_out)} entries left out (first {left_out[0]})"
        problem = f"{problem}; {said}" if problem else said
    return _told(Read(found, problem))


class _Duplicate:
    """A key given twice in one object: which value is meant cannot be told."""


DUPLICATE = _Duplicate()
BAD = object()  # a value JSON may hold but no entry can: NaN, a number of 30 digits and more


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        out[key] = DUPLICATE if key in out else value
    return out


def _bad(_name: str) -> Any:
    return BAD


def _whole(digits: str) -> Any:
    return int(digits) if len(digits) <= 30 else BAD


def _salvage(text: str) -> dict[str, Any]:
    """The entries of "challenges" that come before the damage in a file that is not JSON."""
    decoder = json.JSONDecoder(object_pairs_hook=_pairs, parse_constant=_bad, parse_int=_whole)
    found: dict[str, Any] = {}
    at = text.find('"challenges"')
    if at < 0:
        return found
    i = _skip(text, at + len('"challenges"'))
    if text[i:i + 1] != ":":
        return found
    i = _skip(text, i + 1)
    if text[i:i + 1] != "{":
        return found
    i += 1
    while len(found) <= MAX_ENTRIES:
        try:
            key, i = decoder.raw_decode(text, _skip(text, i))
            i = _skip(text, i)
            if not isinstance(key, str) or text[i:i + 1] != ":":
                break
            value, i = decoder.raw_decode(text, _skip(text, i + 1))
        except (ValueError, RecursionError):
            break
        found[key] = DUPLICATE if key in found else value
        i = _skip(text, i)
        if text[i:i + 1] != ",":
            break
        i += 1
    return found


def _skip(text: str, i: int) -> int:
    """Past the white space at `i`."""
    space = _WHITE.match(text, i)
    return space.end() if space else i


KEYS = {"game", "daily", "attempts", "best", "challenger", "challenger_score", "games"}


def _entry_problem(ident: Any, entry: Any, games: set[str]) -> str | None:
    """Why one entry of the file is not a challenge's results (`games`: the games there are),
    or None."""
    if not isinstance(ident, str) or not IDENT.fullmatch(ident):
        return "not a challenge's ident (16 hex digits)"
    if entry is DUPLICATE:
        return "given twice"
    if not isinstance(entry, dict):
        return "not an object"
    wrong = sorted(k for k, v in entry.items() if v is DUPLICATE or k not in KEYS)
    if wrong:
        return f"the key {wrong[0][:20]!r} is unknown or given twice"
    game, day = entry.get("game"), entry.get("daily")
    if not isinstance(game, str) or game not in games:
        return "no game of this version"
    for key in ("attempts", "best"):
        if not _number(entry.get(key)):
            return f"{key} is not a whole number"
    if entry["attempts"] < 1:
        return "attempts is not a whole number"
    score, name = entry.get("challenger_score"), entry.get("challenger")
    if (name is None) != (score is None) or (score is not None and not _number(score)) or \
            (name is not None and name_problem(name) is not None):
        return "the challenger's name and score are not both there, or not a name and a number"
    games = entry.get("games", [])
    if not isinstance(games, list) or not all(isinstance(g, str) and IDENT.fullmatch(g)
                                              for g in games):
        return "games is not a list of games' identities"
    if day is not None:
        try:
            real = isinstance(day, str) and len(day) == 10 and \
                _daily_ident(game, date.fromisoformat(day)) == ident
        except ValueError:
            real = False
        if not real:
            return "not the daily challenge of the day it names"
    return None


def _number(value: Any) -> bool:
    return type(value) is int and abs(value) <= MAX_NUMBER


def _result(ident: str, entry: dict[str, Any]) -> Result:
    """One entry, _entry_problem having found nothing wrong."""
    return Result(ident, entry["game"], entry.get("daily"), entry["attempts"], entry["best"],
                  entry.get("challenger"), entry.get("challenger_score"),
                  tuple(entry.get("games", []))[-MAX_GAMES:])


_daily_ident = functools.lru_cache(maxsize=4096)(daily_ident)


_said: set[str] = set()
_said_guard = threading.Lock()


def _told(read: Read) -> Read:
    """`read`, its problem written to the log the first time it is met in this process."""
    if read.problem is not None:
        line = f"{results_path()}: {read.problem}"
        with _said_guard:
            new = line not in _said
            _said.add(line)
        if new:
            from petanque_game.logs import note, one_line

            note(one_line(line))
    return read


# --- writing --------------------------------------------------------------------------------------

_write_guard = threading.Lock()


def keep_result(challenge: Any, score: int, game: str | None = None) -> Result:
    """Count one finished attempt scoring `score` (the taker's seat's rules' score) and return
    the challenge's results. `game`: the game's identity (game_id); a game counted already is
    not counted again. Written whole, so a crash keeps the old file or the new one; a file that
    was not read whole is set aside first. OSError when it cannot be written."""
    with _write_guard:
        read = read_results()
        kept = read.entries
        old = kept.get(challenge.ident)
        if old is not None and game is not None and game in old.games:
            return old
        theirs = challenge.challenger
        name = score_of = None
        if theirs is not None and theirs.result is not None:
            name = theirs.players[challenge.you].name
            score_of = theirs.result["scores"][challenge.you]
        games = (old.games if old else ()) + ((game,) if game else ())
        new = Result(challenge.ident, challenge.game, challenge.daily,
                     (old.attempts if old else 0) + 1,
                     score if old is None else max(old.best, score), name, score_of,
                     games[-MAX_GAMES:])
        kept[challenge.ident] = new
        body = {"version": RESULTS_VERSION,
                "challenges": {k: r.to_json() for k, r in sorted(kept.items())}}
        ensure_folder(results_path().parent)
        if read.problem is not None:
            set_aside(results_path())
        write_atomic(results_path(), json.dumps(body, indent=1, ensure_ascii=False) + "\n",
                     MAX_RESULTS_BYTES, "the challenge results")
        return new


def set_aside(path: Path) -> Path | None:
    """Move what is at `path` (a damaged file, or anything else there) to a name of its own
    beside it, never over another file: the player's data is not overwritten. Its new path, or
    None when nothing is there."""
    if not os.path.lexists(path):
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        aside = path.with_name(f"{path.name}.unreadable-{stamp}" + (f"-{n}" if n > 1 else ""))
        if os.path.lexists(aside):
            continue
        os.rename(path, aside)
        from petanque_game.logs import note

        note(f"{path}: set aside as {aside.name}, and a new one written")
        return aside
    raise FileExistsError(f"no free name beside {path}")
