"""The games in progress: one autosave file per game, so that two windows never write one file.

Each game in progress is a record in the user folder's `autosaves/`, named by the game, the time it
started and the process that started it (`ten-thousand-20250101-120000-4242.json`). The window that
plays a game holds an advisory lock on it (the `.lock` file beside it: `fcntl.flock` on Linux and
macOS, `msvcrt.locking` on Windows), so another window neither resumes it nor lists it as
resumable. The operating system drops the lock when the window's process ends, however it ends:
no lock outlives a killed window, and its game is resumable at once. Listing the games makes no
lock file and takes no lock: a lock file that is there is tried for a moment (`held_elsewhere`),
and what each autosave holds comes from the folder's index (history.py).

A new game never moves, hides or touches another game's autosave: it only claims a name of its own.
The single `autosave.json` of earlier versions is moved into `autosaves/` the first time the list
of unfinished games is asked for.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from petanque_game import paths
from petanque_game.files import ensure_folder, remove_leftover_temp_files

if TYPE_CHECKING:  # the records' index is imported when an autosave is read, not to list them
    from petanque_game.history import Summary

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
try:
    import msvcrt
except ImportError:  # not Windows
    msvcrt = None  # type: ignore[assignment]

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
            with contextlib.suppress(OSError):
                os.unlink(lock_path(self.autosave))
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


# --- the list of unfinished games -----------------------------------------------------------------


@dataclass(frozen=True)
class Unfinished:
    """An autosave as the Resume list shows it."""

    path: Path
    summary: Summary  # what it holds, or why it cannot be read (history.py)
    problem: str | None = None  # why it cannot be resumed now (broken, or open in a window)

    @property
    def game(self) -> str | None:
        return self.summary.game if self.summary.problem is None else None

    @property
    def resumable(self) -> bool:
        return self.problem is None


def has_unfinished() -> bool:
    """Is there any autosave to offer (cheap: the files are not read)?"""
    return bool(autosave_files())


def autosave_files() -> list[Path]:
    """The autosaves' paths, the files not read (the old autosave.json moved in first)."""
    migrate_old_autosave()
    try:
        with os.scandir(paths.autosaves_dir()) as it:
            return sorted(Path(e.path) for e in it if e.name.endswith(".json"))
    except OSError:
        return []


def unfinished_games(progress: Callable[[int, int], None] | None = None) -> list[Unfinished]:
    """Every game in progress in the user folder, newest first (the old autosave.json moved in),
    each read once per version of its file (history.py) and none of them locked to be listed."""
    from petanque_game import history

    migrate_old_autosave()
    folder = paths.autosaves_dir()
    found = []
    for s in history.scan(folder, physics=False, progress=progress).files:
        path = folder / s.name
        if s.problem is not None:
            found.append(Unfinished(path, s, f"{path}: {s.problem}"))
        elif held_elsewhere(path):
            found.append(Unfinished(path, s, "it is being played in a window"))
        else:
            found.append(Unfinished(path, s))
    found.sort(key=lambda g: (-g.summary.when, g.path.name))
    return found


def held_elsewhere(autosave: Path) -> bool:
    """Is the game at `autosave` being played in a window (this one included)? Nothing is made
    or followed to find out: no lock file, no window (the lock file stays until the game is
    over); one that is there is tried for a moment without waiting (a shared lock, let go at
    once)."""
    path = lock_path(autosave)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return False  # no lock file (or one that is not ours to open): nobody holds it
    try:
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except OSError as e:
                return e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES)
            return False
        return not _lock(fd)
    finally:
        os.close(fd)  # and with it the shared lock


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
    games that are over or were never saved (when no window holds them). In the folders that
    hold the player's own files too (boards and their kept copies, challenges, exports), only
    names as this program makes them are touched."""
    user = paths.user_dir()
    remove_leftover_temp_files([user, paths.records_dir(), paths.autosaves_dir(),
                                paths.index_dir()])
    remove_leftover_temp_files([user / "levels", user / "levels" / ".kept", user / "challenges",
                                user / "challenges" / "theirs", user / "exports"],
                               own_names_only=True)
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
