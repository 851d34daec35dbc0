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
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from petanque_game import __version__, paths
from petanque_game.files import os_reason, read_regular, write_atomic
from petanque_game.fold import OutcomeMismatch
from petanque_game.match import rebuild
from petanque_game.record import Record, RecordError, load_record

INDEX_FORMAT = "petanque-game-index"
INDEX_VERSION = 1
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


# --- dates -------------------------------------------------------------------------------------------

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
    try:
        if stamp is None:
            stamp = datetime.fromtimestamp(mtime, timezone.utc)
        shown = stamp.astimezone() if stamp.tzinfo is not None else stamp
    except (OverflowError, OSError, ValueError):
        shown = stamp  # beyond the years a local time has: as written
    if shown is None:
        return "?"
    return (f"{shown.year:04d}-{shown.month:02d}-{shown.day:02d} "
            f"{shown.hour:02d}:{shown.minute:02d}")


# --- one file -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Summary:
    """One file of a folder as the lists and the statistics use it."""

    name: str
    size: int  # -1: not an ordinary file that could be looked at (never kept in the index)
    mtime_ns: int
    problem: str | None  # why it fails the checks or cannot be read; None when it passes
    game: str = ""
    kind: str = ""  # the statistics' entry (stats.kind_of)
    players: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()  # the rules' own scores after the last event
    winners: tuple[int, ...] = ()
    finished: bool = False
    practice: bool = False
    events: int = 0
    created: str | None = None
    fingerprint: str = ""

    @property
    def mtime(self) -> float:
        return self.mtime_ns / 1e9

    @property
    def when(self) -> float:
        return when(self.created, self.mtime)

    @property
    def date(self) -> str:
        return date_text(self.created, self.mtime)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Summary:
        """A summary read back from the index; ValueError for anything not written by to_json."""
        if not isinstance(data, dict) or set(data) != set(cls.__dataclass_fields__):
            raise ValueError("not a summary")
        ints = ("size", "mtime_ns", "events")
        if any(type(data[k]) is not int for k in ints):
            raise ValueError("not a summary")
        texts = ("name", "game", "kind", "fingerprint")
        if any(not isinstance(data[k], str) for k in texts):
            raise ValueError("not a summary")
        for k in ("problem", "created"):
            if data[k] is not None and not isinstance(data[k], str):
                raise ValueError("not a summary")
        if any(not isinstance(data[k], bool) for k in ("finished", "practice")):
            raise ValueError("not a summary")
        lists = {k: data[k] for k in ("players", "scores", "winners")}
        if any(not isinstance(v, list) for v in lists.values()) \
                or any(not isinstance(n, str) for n in lists["players"]) \
                or any(type(n) is not int for n in lists["scores"] + lists["winners"]):
            raise ValueError("not a summary")
        return cls(**{**data, **{k: tuple(v) for k, v in lists.items()}})


def summarise(path: Path, st: os.stat_result, physics: bool) -> Summary:
    """Read and check the record at `path` (whose stat is `st`): verify's checks, with the physics
    of every throw when `physics` (a record), without (an autosave, as Resume folds it)."""
    from petanque_game.stats import kind_of

    base = {"name": path.name, "size": st.st_size, "mtime_ns": st.st_mtime_ns}
    try:
        record = load_record(path)
        created = record.extra.get("created")
        events = len(record.events)
        state = rebuild(record, check_physics=physics).state  # checks the result too
    except UNREADABLE as e:
        return Summary(**base, problem=why_unreadable(e))
    return Summary(**base, problem=None, game=record.game,
                   kind=kind_of(record.game, record.options),
                   players=tuple(p.name for p in record.players),
                   scores=tuple(state.scores()), winners=tuple(state.winners()),
                   finished=record.result is not None,
                   practice=record.extra.get("practice") is True, events=events,
                   created=created if isinstance(created, str) else None,
                   fingerprint=fingerprint(record))


# --- a folder -----------------------------------------------------------------------------------------

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


_lock = threading.Lock()  # one scan at a time: the index and the memory below are shared
_memory: dict[tuple[str, bool], dict[str, Summary]] = {}


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
        found = [Summary.from_json(s) for s in data["files"]]
    except Exception:  # noqa: BLE001 - any damage at all: the index is rebuilt from the files
        return {}
    return {s.name: s for s in found}


def save_index(folder: Path, physics: bool, known: dict[str, Summary]) -> bool:
    """Keep the summaries for the next opening; False when they cannot be written (the next
    opening reads the files again)."""
    data = {"format": INDEX_FORMAT, "version": INDEX_VERSION, "checked_by": _checked_by(),
            "files": [s.to_json() for s in known.values() if s.size >= 0]}
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
    with _lock:
        key = (os.path.realpath(folder), physics)
        known = _memory.get(key)
        if known is None:
            known = load_index(folder, physics)
        entries, problems = _entries(folder)
        todo = [(p, st) for p, st in entries
                if (s := known.get(p.name)) is None or (s.size, s.mtime_ns)
                != (st.st_size, st.st_mtime_ns)]
        for done, (path, st) in enumerate(todo, 1):
            known[path.name] = summarise(path, st, physics)
            if progress is not None:
                progress(done, len(todo))
        names = {p.name for p, _ in entries}
        changed = bool(todo) or any(name not in names for name in known)
        known = {name: s for name, s in known.items() if name in names}
        _memory[key] = known
        if changed:
            save_index(folder, physics, known)
        files = [known[p.name] for p, _ in entries] + problems
    return Scan(folder, files, len(todo))


def _entries(folder: Path) -> tuple[list[tuple[Path, os.stat_result]], list[Summary]]:
    """The ordinary files named `*.json` in `folder` (with their stat), and a summary saying why
    for each other entry so named."""
    try:
        with os.scandir(folder) as it:
            found = [e for e in it if e.name.endswith(".json")]
    except FileNotFoundError:
        return [], []
    except OSError as e:
        return [], [Summary(str(folder), -1, 0, f"the folder cannot be read: {os_reason(e)}")]
    real = os.path.realpath(folder)
    files, problems = [], []
    for e in sorted(found, key=lambda e: e.name):
        try:
            if e.is_symlink():
                target = os.path.realpath(e.path)
                if os.path.commonpath([real, target]) != real:
                    problems.append(Summary(e.name, -1, 0, "it is a link to a file outside "
                                                           f"{folder}; it is not read"))
                    continue
            st = os.stat(e.path)
        except (OSError, ValueError) as err:
            why = os_reason(err) if isinstance(err, OSError) else str(err)
            problems.append(Summary(e.name, -1, 0, f"cannot read the file: {why}"))
            continue
        if stat.S_ISDIR(st.st_mode):
            problems.append(Summary(e.name, -1, 0, "it is a folder, not a file"))
        elif not stat.S_ISREG(st.st_mode):
            problems.append(Summary(e.name, -1, 0, "it is not an ordinary file (a pipe, a socket "
                                                   "or a device)"))
        else:
            files.append((Path(e.path), st))
    return files, problems


def forget() -> None:
    """Drop what this process remembers (the index on disk stays): for the tests."""
    with _lock:
        _memory.clear()


# --- off the window's thread --------------------------------------------------------------------

class Reader:
    """`work(progress)` on a thread of its own; the window asks `ready` and draws `progress`
    meanwhile. An error in the work (a bug) is raised again by `result()`, on the window's
    thread, where the window's handler logs it."""

    def __init__(self, work: Callable[[Callable[[int, int], None]], Any]):
        self.done, self.total = 0, 0
        self._result: Any = None
        self._error: BaseException | None = None
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,), name="petanque-index",
                                        daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[Callable[[int, int], None]], Any]) -> None:
        try:
            self._result = work(self._progress)
        except BaseException as e:  # noqa: BLE001 - handed to the window's thread as it is
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

    def result(self) -> Any:
        if self._error is not None:
            raise self._error
        return self._result
