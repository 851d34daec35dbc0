"""The games in progress: one autosave file per game, so that two windows never write one file.

Each game in progress is a record in the user folder's `autosaves/`, named by the game, the time it
started and the process that started it (`ten-thousand-20250101-120000-4242.json`). The window that
plays a game holds an advisory lock on it (the `.lock` file beside it: `fcntl.flock` on Linux and
macOS, `msvcrt.locking` on Windows), so another window neither resumes it nor lists it as
resumable. The operating system drops the lock when the window's process ends, however it ends:
no lock outlives a killed window, and its game is resumable at once.

A new game never moves, hides or touches another game's autosave: it only claims a name of its own.
The single `autosave.json` of earlier versions is moved into `autosaves/` the first time the list
of unfinished games is asked for.
"""

from __future__ import annotations

import errno
import os
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from petanque_game import paths
from petanque_game.files import ensure_folder, remove_leftover_temp_files
from petanque_game.record import RecordError, load_record

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
try:
    import msvcrt
except ImportError:  # not Windows
    msvcrt = None  # type: ignore[assignment]

MAX_LISTED = 200  # unfinished games listed (newest first)


def lock_path(autosave: Path) -> Path:
    return autosave.with_name(autosave.stem + ".lock")


class GameLock:
    """This process's claim on one autosave: an OS advisory lock on the `.lock` file beside it."""

    def __init__(self, autosave: Path, fd: int | None):
        self.autosave = autosave
        self._fd = fd

    @classmethod
    def take(cls, autosave: Path) -> GameLock | None:
        """The lock on `autosave`, or None while another window (or this one) holds it."""
        from petanque_game.files import open_lock  # a link there is never followed

        path = lock_path(autosave)
        fd = open_lock(path)
        try:
            if not _lock(fd):
                os.close(fd)
                return None
            try:  # the file may have been removed (a game finished) between open and lock
                same = os.path.samestat(os.fstat(fd), os.stat(path))
            except FileNotFoundError:
                same = False
            if not same:
                os.close(fd)
                return None
        except BaseException:
            os.close(fd)
            raise
        return cls(autosave, fd)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self, remove: bool = False) -> None:
        """Let go of the game; with `remove`, delete the lock file too (the game is over)."""
        if self._fd is None:
            return
        if remove:
            try:
                os.unlink(lock_path(self.autosave))
            except OSError:
                pass
        os.close(self._fd)  # closing the file drops the lock
        self._fd = None


def _lock(fd: int) -> bool:
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                return False
            raise
        return True
    if msvcrt is not None:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    return True  # no advisory locks here: two windows could resume one game


def held_elsewhere(autosave: Path) -> bool:
    """Is the game at `autosave` being played in a window (this one included)?"""
    try:
        lock = GameLock.take(autosave)
    except OSError:
        return False
    if lock is None:
        return True
    lock.release()
    return False


def claim_new(game: str) -> tuple[Path, GameLock]:
    """A fresh autosave name for a new game of `game`, locked by this process. The file itself is
    written by the game's first save. OSError if the autosaves folder cannot be made."""
    folder = ensure_folder(paths.autosaves_dir())
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 10_000):
        stem = f"{game}-{stamp}-{os.getpid()}" + (f"-{n}" if n > 1 else "")
        path = folder / f"{stem}.json"
        if path.exists() or lock_path(path).exists():
            continue
        lock = GameLock.take(path)
        if lock is None:
            continue
        if path.exists():
            lock.release()
            continue
        return path, lock
    raise FileExistsError(errno.EEXIST, "no free autosave name", os.fspath(folder))


# --- the list of unfinished games ------------------------------------------------------------------


@dataclass(frozen=True)
class Unfinished:
    """An autosave as the Resume list shows it."""

    path: Path
    game: str | None  # None when the file cannot be read
    detail: str  # who plays, how far; or why it cannot be resumed
    problem: str | None = None  # why it cannot be resumed now (broken, or open in a window)
    mtime: float = 0.0

    @property
    def resumable(self) -> bool:
        return self.problem is None


def has_unfinished() -> bool:
    """Is there any autosave to offer (cheap: the files are not read)?"""
    migrate_old_autosave()
    try:
        return any(e.name.endswith(".json") for e in os.scandir(paths.autosaves_dir()))
    except OSError:
        return False


def unfinished_games() -> list[Unfinished]:
    """Every game in progress in the user folder, newest first (the old autosave.json moved in)."""
    migrate_old_autosave()
    folder = paths.autosaves_dir()
    try:
        files = [Path(e.path) for e in os.scandir(folder) if e.name.endswith(".json")]
    except OSError:
        return []
    stamped = sorted(((_mtime(p), p) for p in files), key=lambda t: (-t[0], t[1].name))
    found = []
    for mtime, path in stamped[:MAX_LISTED]:
        if held_elsewhere(path):
            found.append(Unfinished(path, None, "being played in a window",
                                    "it is being played in a window", mtime))
            continue
        try:
            rec = load_record(path)
        except RecordError as e:
            found.append(Unfinished(path, None, e.where(), e.where(path), mtime))
            continue
        names = ", ".join(p.name for p in rec.players)
        state = "finished" if rec.result is not None else f"{len(rec.events)} events"
        found.append(Unfinished(path, rec.game, f"{names}  ({state})", None, mtime))
    return found


def _mtime(path: Path) -> float:
    try:
        return os.lstat(path).st_mtime
    except OSError:
        return 0.0


def migrate_old_autosave() -> Path | None:
    """Move an earlier version's `autosave.json` into autosaves/ (never over another file); the
    new path, or None when there was nothing (or nothing ordinary) to move."""
    old = paths.old_autosave_path()
    try:
        st = os.lstat(old)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None  # a pipe or a folder named autosave.json: not a game, left alone
    try:
        folder = ensure_folder(paths.autosaves_dir())
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(st.st_mtime))
        for n in range(1, 1000):
            new = folder / (f"autosave-{stamp}.json" if n == 1 else f"autosave-{stamp}-{n}.json")
            if new.exists() or lock_path(new).exists():
                continue
            try:
                os.link(old, new)  # never replaces a file; fails if the name is taken
            except FileExistsError:
                continue
            except OSError:  # no hard links here
                os.replace(old, new)
                return new
            os.unlink(old)
            return new
    except FileNotFoundError:
        return None  # another window moved it first
    except OSError:
        return None  # it stays where it is; the next start tries again
    return None


def tidy_user_folder() -> None:
    """At start: remove the temporary files of saves that were killed, and the lock files of
    games that are over or were never saved (when no window holds them)."""
    user = paths.user_dir()
    remove_leftover_temp_files([user, paths.records_dir(), paths.autosaves_dir()])
    try:
        locks = [Path(e.path) for e in os.scandir(paths.autosaves_dir())
                 if e.name.endswith(".lock")]
    except OSError:
        return
    for lock_file in locks:
        autosave = lock_file.with_suffix(".json")
        if autosave.exists():
            continue
        try:
            lock = GameLock.take(autosave)
        except OSError:
            continue
        if lock is not None and not autosave.exists():
            lock.release(remove=True)
        elif lock is not None:
            lock.release()
