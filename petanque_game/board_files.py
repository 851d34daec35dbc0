"""The board editor's files: the player's boards it saves, the copies it exports, the files it
imports. Nothing here replaces a file it was not told to replace.

Save. A name is proposed free (`free_name`: `my-board`, `my-board-2`, ...). A board is written
under a name no file has with `files.write_new` (two windows saving one name at once: one of them
is told the name is taken). A file already there is replaced only when the caller names what it
agreed to replace (`save(..., replace=seen)`, `seen` from the `Taken` it was told): if the file
changed since, it is `Taken` again. Before a board is replaced its bytes are kept, under the
SHA-256 of those bytes, in `levels/.kept/` (`physics.level.kept_dir`), where the record loader
finds them for the games played on it (docs/levels.md). Saves of boards are taken one at a time
across windows (an advisory lock on `levels/.kept/.lock`, where the system has them).

Export writes a new file in `exports/` under a free name; Import reads a board file with the
checks every reader of the program makes (an ordinary file, at most the size a board may be),
off the window's thread (the window calls `read_import` there).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from petanque_game import paths
from petanque_game.files import ReadProblem, ensure_folder, read_regular, write_atomic, write_new
from petanque_game.physics.level import (
    MAX_LEVEL_BYTES,
    MAX_NAME,
    kept_dir,
    level_names,
    user_levels_dir,
)

try:
    import fcntl
except ImportError:  # Windows: `write_new` still keeps two windows from making one name twice
    fcntl = None  # type: ignore[assignment]

LOCK_WAIT = 2.0  # seconds a save waits for another window's save of a board


class Taken(Exception):
    """The name is already a file's: `seen` names what is there (its bytes' SHA-256, or its kind
    and times for what cannot be read as a board), to be given back to `save` as `replace` once
    the player said to replace it."""

    def __init__(self, name: str, seen: str):
        super().__init__(f"{name}: there is a board of that name already")
        self.name, self.seen = name, seen


class ImportProblem(Exception):
    """An import refused before the file's text was read: `kind` is "is_folder", "not_file",
    "too_large" (with `size`), "system" (with `error`, the OSError) or "unreadable" (with `why`,
    in English: the file changed between its check and its reading)."""

    def __init__(self, kind: str, size: int = 0, error: OSError | None = None, why: str = ""):
        super().__init__(kind)
        self.kind, self.size, self.error, self.why = kind, size, error, why


# --- names ----------------------------------------------------------------------------------------

def _taken_names(folder: Path) -> set[str]:
    """The names (casefolded, without .yaml) of every entry of `folder`."""
    try:
        with os.scandir(folder) as it:
            return {e.name[:-5].casefold() for e in it if e.name.endswith(".yaml")}
    except OSError:
        return set()


def free_name(base: str, folder: Path | None = None) -> str:
    """`base`, or `base-2`, `base-3` ... : the first no file of `folder` (the player's levels
    folder) has, in any mix of capitals, and no shipped board has."""
    folder = user_levels_dir() if folder is None else folder
    taken = _taken_names(folder) | {n.casefold() for n in level_names()}
    for n in range(1, 10_000):
        end = "" if n == 1 else f"-{n}"
        name = base[:MAX_NAME - len(end)] + end
        if name.casefold() not in taken:
            return name
    return base


# --- save -----------------------------------------------------------------------------------------

def seen(path: Path) -> str | None:
    """What is at `path` now, as `Taken.seen` names it; None when nothing is."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    raw = _board_bytes(path, st)
    if raw is not None:
        return hashlib.sha256(raw).hexdigest()
    return f"{stat.S_IFMT(st.st_mode)}:{st.st_ino}:{st.st_size}:{st.st_mtime_ns}"


def _board_bytes(path: Path, st: os.stat_result) -> bytes | None:
    """The bytes of the board file at `path` if it is one that can be kept: an ordinary file of
    at most a board's size, not a link leading out of the user folder (whose target is never
    read or copied)."""
    if stat.S_ISLNK(st.st_mode) and paths.leaves_user_folder(path):
        return None
    try:
        return read_regular(path, MAX_LEVEL_BYTES, "a board")
    except ReadProblem:
        return None


def save(name: str, text: str, replace: str | None = None) -> Path:
    """Write the board `text` as `name` in the player's levels folder; its path. A file of that
    name is replaced only when it is still what `replace` names (Taken otherwise), and its bytes
    are kept first (`keep`). OSError when the folder or the file cannot be written."""
    folder = ensure_folder(user_levels_dir())
    path = folder / f"{name}.yaml"
    with _one_save_at_a_time():
        there = seen(path)
        if there is None:
            try:
                write_new(path, text, MAX_LEVEL_BYTES, "the board")
                return path
            except FileExistsError:  # made a moment ago by a writer without the lock
                there = seen(path) or "?"
        if there != replace:
            raise Taken(name, there)
        raw = _board_bytes(path, os.lstat(path))
        if raw is not None:
            keep(raw)
        write_atomic(path, text, MAX_LEVEL_BYTES, "the board")  # replaces a link, not its target
    return path


def keep(raw: bytes) -> Path:
    """A board's bytes in the kept copies (`levels/.kept/<sha256>.yaml`), unless they are there
    already (a copy changed by hand is written again); the copy's path."""
    digest = hashlib.sha256(raw).hexdigest()
    path = ensure_folder(kept_dir()) / f"{digest}.yaml"
    if seen(path) != digest:
        write_atomic(path, raw, None, "the kept board")
    return path


@contextlib.contextmanager
def _one_save_at_a_time() -> Iterator[None]:
    """Other windows' saves of boards wait until this one is done (at most LOCK_WAIT seconds:
    then this one goes on, `write_new` and the check of what is there still guarding it)."""
    if fcntl is None:
        yield
        return
    from petanque_game.files import open_lock

    try:
        fd = open_lock(kept_dir() / ".lock")
    except OSError:
        yield
        return
    try:
        until = time.monotonic() + LOCK_WAIT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if time.monotonic() > until:
                    break
                time.sleep(0.02)
        yield
    finally:
        os.close(fd)  # closing it lets go of the lock


# --- export and import ----------------------------------------------------------------------------

def export(name: str, text: str) -> Path:
    """A copy of the board in the user folder's exports/, as `name.yaml` or, when that is taken,
    `name-2.yaml` ...: an export never replaces a file. Its path."""
    folder = ensure_folder(paths.user_dir() / "exports")
    for _ in range(100):
        path = folder / f"{free_name(name, folder)}.yaml"
        try:
            write_new(path, text, MAX_LEVEL_BYTES, "the board")
            return path
        except FileExistsError:  # taken a moment ago by another window
            continue
    raise FileExistsError(f"{folder}: no free name for {name}")


def read_import(given: str) -> tuple[str, str]:
    """(text, name) of the board file at the path `given`: an ordinary file of at most a board's
    size (a folder, a pipe or a device is refused before it is opened, a big file before it is
    read), UTF-8. ImportProblem or UnicodeDecodeError otherwise. May wait on a slow disk: call it
    off the window's thread."""
    path = Path(given).expanduser()
    try:
        st = os.stat(path)
    except OSError as e:
        raise ImportProblem("system", error=e) from None
    if stat.S_ISDIR(st.st_mode):
        raise ImportProblem("is_folder")
    if not stat.S_ISREG(st.st_mode):
        raise ImportProblem("not_file")
    if st.st_size > MAX_LEVEL_BYTES:
        raise ImportProblem("too_large", size=st.st_size)
    try:
        raw = read_regular(path, MAX_LEVEL_BYTES, "a board")  # checked again, on the file opened
    except ReadProblem as e:
        raise ImportProblem("unreadable", why=e.reason) from None
    return raw.decode("utf-8"), path.stem

