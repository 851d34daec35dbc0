"""What the games kept in a folder say, read once: one summary per file, kept in a small index in
the user folder, so that the menu's lists and the statistics open at once however long the history.

A summary holds what the lists and the statistics show of a record or an autosave (game, players,
the rules' scores and winners, when it was played) and the verdict of the same checks `verify`
makes (for records, the physics of every throw included; for autosaves, the fold Resume makes). It
is keyed by the file's size and modification time: a file that changes is read again, one that does
not is never read twice. The index is a cache: a missing, damaged or outdated one is rebuilt from
the files, and one that cannot be written (a full disk) only costs the next opening its speed.

Nothing is skipped in silence: an entry that cannot be read (a folder or a link loop named `.json`,
a file without permission to read, a link leading out of the folder) is listed with the reason,
per file, and never hides the others. Pure Python, no pygame; `Reader` runs a scan on a thread of
its own so that the window draws while it reads.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import threading
from collections.abc import Callable
from dataclasses import dataclass, fields
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Generic, TypeVar

from petanque_game import __version__, paths
from petanque_game.files import os_reason, read_regular, write_atomic
from petanque_game.fold import OutcomeMismatch
from petanque_game.match import rebuild
from petanque_game.record import Record, RecordError, load_record
from petanque_game.rules.games import spec_of

INDEX_FORMAT = "petanque-game-index"
INDEX_VERSION = 4  # 4: each seat's AI level (`levels`), so that an index without them is rebuilt
INDEX_LIMIT = 64 * 1024 * 1024  # bytes: an index larger than this is not read (rebuilt instead)

# What reading and folding a record may raise: the file is then listed as broken, with
# `why_unreadable`'s one line, and the others are still read.
UNREADABLE = (RecordError, OutcomeMismatch, OSError, RecursionError, MemoryError, ValueError)


def why_unreadable(e: BaseException) -> str:
    """One line saying why a record cannot be read (`e` one of UNREADABLE)."""
    if isinstance(e, RecordError):
        return e.where()
    if isinstance(e, OutcomeMismatch):
        return f"event {e.index}: {e.reason}" if e.index is not None else e.reason
    if isinstance(e, OSError):
        return f"cannot read the file: {os_reason(e)}"
    return f"{type(e).__name__}: {e}"


def fingerprint(record: Record) -> str:
    """What makes a game that game: its seats, options, board, seed and events (not when or by
    which program it was written). Two files with one fingerprint are one game."""
    body = [record.game, record.options, record.level, record.seed,
            [p.to_json() for p in record.players], record.events]
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- dates ----------------------------------------------------------------------------------------

EPOCH = datetime(1970, 1, 1)


def _stamp(created: str | None) -> datetime | None:
    if not isinstance(created, str):
        return None
    try:
        return datetime.fromisoformat(created)
    except ValueError:
        return None


def when(created: str | None, mtime: float) -> float:
    """Seconds since 1970 (UTC) when the game was started (its `created`, whatever year verify
    accepted it with), else when its file was written: for putting games in order."""
    stamp = _stamp(created)
    if stamp is None:
        return mtime
    offset = stamp.utcoffset() or timedelta(0)
    return (stamp.replace(tzinfo=None) - EPOCH - offset).total_seconds()


def date_text(created: str | None, mtime: float) -> str:
    """When the game was played as `YYYY-MM-DD HH:MM`, in local time when the date has one (years
    1 to 9999 and a file time far in the future included), else as the record wrote it."""
    stamp = _stamp(created)
    shown: datetime | None
    try:
        if stamp is None:
            stamp = datetime.fromtimestamp(mtime, UTC)
        shown = stamp.astimezone() if stamp.tzinfo is not None else stamp
    except (OverflowError, OSError, ValueError):
        shown = stamp  # beyond the years a local time has: as written
    if shown is None:
        return "?"
    return (f"{shown.year:04d}-{shown.month:02d}-{shown.day:02d} "
            f"{shown.hour:02d}:{shown.minute:02d}")


# --- one file -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Summary:
    """One file of a folder as the lists and the statistics use it."""

    name: str
    size: int  # -1: not an ordinary file that could be looked at (never kept in the index)
    mtime_ns: int
    problem: str | None  # why it fails the checks or cannot be read; None when it passes
    game: str = ""
    kind: str = ""  # the statistics' entry (kind_of)
    players: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()  # the rules' own scores after the last event
    winners: tuple[int, ...] = ()
    finished: bool = False
    practice: bool = False
    events: int = 0
    created: str | None = None
    fingerprint: str = ""
    take_backs: int = 0  # moves taken back in the game (Record.take_backs)
    levels: tuple[str, ...] = ()  # each seat's AI level ("easy", ...), "" for a person

    @property
    def mtime(self) -> float:
        return self.mtime_ns / 1e9

    @property
    def when(self) -> float:
        return when(self.created, self.mtime)

    @property
    def date(self) -> str:
        return date_text(self.created, self.mtime)

    def to_row(self) -> list[Any]:
        """The summary as the index holds it: its fields in order (a list is small to keep and
        quick to read back)."""
        return [getattr(self, f) for f in FIELDS]

    @classmethod
    def from_row(cls, row: Any) -> Summary:
        """A summary read back from the index; ValueError for anything to_row did not write."""
        if type(row) is not list or len(row) != len(FIELDS):
            raise ValueError("not a summary")
        (name, size, mtime_ns, problem, game, kind, players, scores, winners, finished, practice,
         events, created, mark, take_backs, levels) = row
        if not (type(name) is str and type(size) is int and type(mtime_ns) is int
                and (problem is None or type(problem) is str) and type(game) is str
                and type(kind) is str and type(players) is list and type(scores) is list
                and type(winners) is list and type(finished) is bool and type(practice) is bool
                and type(events) is int and (created is None or type(created) is str)
                and type(mark) is str and type(take_backs) is int
                and type(levels) is list and len(levels) == len(players)):
            raise ValueError("not a summary")
        for n in players + levels:
            if type(n) is not str:
                raise ValueError("not a summary")
        for n in scores + winners:
            if type(n) is not int:
                raise ValueError("not a summary")
        if problem is None and (len(scores) != len(players) or
                                any(not 0 <= w < len(players) for w in winners)):
            raise ValueError("not a summary")  # a score or a winner for a seat there is not
        return cls(name, size, mtime_ns, problem, game, kind, tuple(players), tuple(scores),
                   tuple(winners), finished, practice, events, created, mark, take_backs,
                   tuple(levels))


FIELDS = tuple(f.name for f in fields(Summary))


def kind_of(game: str, options: dict[str, Any]) -> str:
    """The statistics' entry a game belongs to: its id, with the entry its registration's tally
    gives its options when they change what a score is (Ship's pot mode counts chips, its points
    mode points: "<id>/pot")."""
    try:
        entry = spec_of(game).tally.entry(options)
    except KeyError:  # a game this program does not know: its record is refused elsewhere
        entry = ""
    return f"{game}/{entry}" if entry else game


def summarise(path: Path, st: os.stat_result, physics: bool) -> Summary:
    """Read and check the record at `path` (whose stat is `st`): verify's checks, with the physics
    of every throw when `physics` (a record), without (an autosave, as Resume folds it)."""
    base = path.name, st.st_size, st.st_mtime_ns
    try:
        record = load_record(path)
        created = record.extra.get("created")
        events = len(record.events)
        state = rebuild(record, check_physics=physics).state  # checks the result too
    except UNREADABLE as e:
        return Summary(*base, problem=why_unreadable(e))
    return Summary(*base, problem=None, game=record.game,
                   kind=kind_of(record.game, record.options),
                   players=tuple(p.name for p in record.players),
                   scores=tuple(state.scores()), winners=tuple(state.winners()),
                   finished=record.result is not None,
                   practice=record.extra.get("practice") is True, events=events,
                   created=created if isinstance(created, str) else None,
                   fingerprint=fingerprint(record), take_backs=record.take_backs,
                   levels=tuple(p.level or "" if p.kind == "ai" else "" for p in record.players))


# --- a folder -------------------------------------------------------------------------------------

@dataclass
class Scan:
    """Every `.json` entry of a folder, summarised; `read` of them read now (not from the index)."""

    folder: Path
    files: list[Summary]
    read: int = 0

    @property
    def good(self) -> list[Summary]:
        return [s for s in self.files if s.problem is None]

    @property
    def broken(self) -> list[Summary]:
        return [s for s in self.files if s.problem is not None]


_locks: dict[tuple[str, bool], threading.Lock] = {}  # one scan of a folder at a time
_guard = threading.Lock()  # over _locks and _memory
_memory: dict[tuple[str, bool], dict[str, Summary]] = {}
SAVE_EVERY = 100  # files read: the index is written this often during a long first reading


def _lock_of(key: tuple[str, bool]) -> threading.Lock:
    with _guard:
        return _locks.setdefault(key, threading.Lock())


def _checked_by() -> str:
    from petanque_game.physics import PHYSICS_VERSION

    return f"{__version__}/physics {PHYSICS_VERSION}"


def index_file(folder: Path, physics: bool) -> Path:
    """Where the index of `folder` is kept (in the user folder's `index/`)."""
    real = os.path.realpath(folder)
    tag = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return paths.index_dir() / f"{'verified' if physics else 'folded'}-{tag}.json"


def load_index(folder: Path, physics: bool) -> dict[str, Summary]:
    """The summaries kept for `folder`; empty when there is no index or it is damaged, outdated or
    not ours (it is then rebuilt from the files)."""
    try:
        raw = read_regular(index_file(folder, physics), INDEX_LIMIT, "an index")
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT \
                or data.get("version") != INDEX_VERSION or data.get("checked_by") != _checked_by() \
                or not isinstance(data.get("files"), list):
            return {}
        found = [Summary.from_row(s) for s in data["files"]]
    except Exception:  # any damage at all: the index is rebuilt from the files
        return {}
    return {s.name: s for s in found}


def save_index(folder: Path, physics: bool, known: dict[str, Summary]) -> bool:
    """Keep the summaries for the next opening; False when they cannot be written (the next
    opening reads the files again)."""
    data = {"format": INDEX_FORMAT, "version": INDEX_VERSION, "checked_by": _checked_by(),
            "files": [s.to_row() for s in known.values() if s.size >= 0]}
    try:
        write_atomic(index_file(folder, physics), json.dumps(data))  # odd names escaped
    except OSError:
        return False
    return True


def scan(folder: Path, physics: bool = True,
         progress: Callable[[int, int], None] | None = None) -> Scan:
    """Every `.json` entry of `folder`, summarised: from the index while a file's size and time are
    unchanged, read and checked otherwise (`progress(done, total)` told after each of those)."""
    folder = Path(folder)
    key = (os.path.realpath(folder), physics)
    with _lock_of(key):
        known = _memory.get(key)
        if known is None:
            known = load_index(folder, physics)
        entries, problems = _entries(folder)
        todo = [(name, path, st) for name, path, st in entries
                if (s := known.get(name)) is None or (s.size, s.mtime_ns)
                != (st.st_size, st.st_mtime_ns)]
        for done, (name, path, st) in enumerate(todo, 1):
            known[name] = summarise(Path(path), st, physics)
            if progress is not None:
                progress(done, len(todo))
            if done % SAVE_EVERY == 0:  # a window closed half-way keeps what it read
                save_index(folder, physics, known)
        names = {name for name, _, _ in entries}
        changed = bool(todo) or any(name not in names for name in known)
        known = {name: s for name, s in known.items() if name in names}
        with _guard:
            _memory[key] = known
        if changed:
            save_index(folder, physics, known)
        files = [known[name] for name, _, _ in entries] + problems
    return Scan(folder, files, len(todo))


def _entries(folder: Path) -> tuple[list[tuple[str, str, os.stat_result]], list[Summary]]:
    """The ordinary files named `*.json` in `folder` as (name, path, stat), and a summary saying
    why for each other entry so named."""
    try:
        with os.scandir(folder) as it:
            found = [(e.name, e.path, e.is_symlink()) for e in it if e.name.endswith(".json")]
    except FileNotFoundError:
        return [], []
    except OSError as e:
        return [], [Summary(str(folder), -1, 0, f"the folder cannot be read: {os_reason(e)}")]
    real = os.path.realpath(folder)
    files, problems = [], []
    for name, path, link in sorted(found):
        try:
            if link and os.path.commonpath([real, os.path.realpath(path)]) != real:
                problems.append(Summary(name, -1, 0, f"it is a link to a file outside {folder}; "
                                                     "it is not read"))
                continue
            st = os.stat(path)
        except (OSError, ValueError) as err:
            why = os_reason(err) if isinstance(err, OSError) else str(err)
            problems.append(Summary(name, -1, 0, f"cannot read the file: {why}"))
            continue
        if stat.S_ISDIR(st.st_mode):
            problems.append(Summary(name, -1, 0, "it is a folder, not a file"))
        elif not stat.S_ISREG(st.st_mode):
            problems.append(Summary(name, -1, 0, "it is not an ordinary file (a pipe, a socket "
                                                 "or a device)"))
        else:
            files.append((name, path, st))
    return files, problems


def forget() -> None:
    """Drop what this process remembers (the index on disk stays): for the tests."""
    with _guard:
        _memory.clear()


# --- off the window's thread --------------------------------------------------------------------

Progress = Callable[[int, int], None]  # (done, total): how far a reading has come
_Read = TypeVar("_Read")


class Reader(Generic[_Read]):
    """`work(progress)` on a thread of its own; the window asks `ready` and draws `progress`
    meanwhile. An error in the work (a bug) is raised again by `result()`, on the window's
    thread, where the window's handler logs it."""

    def __init__(self, work: Callable[[Progress], _Read]):
        self.done, self.total = 0, 0
        self._result: tuple[_Read] | None = None
        self._error: BaseException | None = None
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,), name="petanque-index",
                                        daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[Progress], _Read]) -> None:
        try:
            self._result = (work(self._progress),)
        except BaseException as e:  # handed to the window's thread as it is
            self._error = e
        finally:
            self._finished.set()

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    @property
    def ready(self) -> bool:
        return self._finished.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._finished.wait(timeout)

    def result(self) -> _Read:
        if self._error is not None:
            raise self._error
        if self._result is None:
            raise RuntimeError("asked for what is not read yet (ask `ready` first)")
        return self._result[0]
