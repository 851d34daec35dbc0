"""The game's own files on disk: read only ordinary files, their size checked before reading; write
atomically; never replace a file that is already there when a new one is meant; say what went wrong
in a player's words.

A record or an autosave may be anything a player (or a hostile friend) put there: a folder, a
named pipe that would block a reader forever, a device, a file of gigabytes. `read_regular` opens
nothing but an ordinary file, without blocking, and reads no more than its limit. `write_atomic`
leaves either the old file or the new one after a crash, never half of one; its temporary file is
named after the writing process, so a later start can remove what a killed save left behind.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

TEMP_SUFFIX = ".tmp"
# a temporary file of `_temp_copy` (tempfile.mkstemp adds 8 of a-z, 0-9 and _)
OWN_TEMP_NAME = re.compile(r"\..+\.[0-9]{1,10}\.[a-z0-9_]{8}\.tmp", re.DOTALL)
OLD_TEMP_AGE = 3600.0  # seconds: a temporary file this old belongs to no save still running


class ReadProblem(Exception):
    """A file that cannot be read as asked; `reason` is one line in a player's words."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class NotAFolder(NotADirectoryError):
    """A path that should be a folder and is a file."""

    def __init__(self, path: str | os.PathLike):
        super().__init__(errno.ENOTDIR, "it is a file, not a folder", os.fspath(path))


class TooLarge(OSError):
    """A write refused because the text is over the limit a reader would accept."""

    def __init__(self, path: str | os.PathLike, size: int, limit: int, what: str):
        super().__init__(errno.EFBIG, f"{what} would be {size} bytes, over the {limit} bytes a "
                                      f"reader accepts", os.fspath(path))
        self.size, self.limit = size, limit


# Why an operating-system call failed, by the name the window's texts use (`files.<name>` in
# assets/text/<language>/files.yaml) and in English for the command line and the logs.
REASONS = {
    "no_such": "there is no such file or folder",
    "not_folder": "a part of the path is a file, not a folder",
    "is_folder": "it is a folder, not a file",
    "permission": "permission denied (the file or its folder is read-only)",
    "disk_full": "the disk is full",
    "read_only": "the disk is read-only",
    "quota": "the disk quota is used up",
}


def reason_name(e: OSError) -> str | None:
    """Which of REASONS `e` is, or None when the system's own words are all there is."""
    code = e.errno
    if isinstance(e, NotAFolder):
        return "is_file"
    if isinstance(e, TooLarge):
        return "too_large"
    if isinstance(e, FileNotFoundError):
        return "no_such"
    if isinstance(e, NotADirectoryError) or code == errno.ENOTDIR:
        return "not_folder"
    if isinstance(e, IsADirectoryError):
        return "is_folder"
    if isinstance(e, PermissionError):
        return "permission"
    if code == errno.ENOSPC:
        return "disk_full"
    if code == errno.EROFS:
        return "read_only"
    if code == getattr(errno, "EDQUOT", None):
        return "quota"
    return None


def os_reason(e: OSError) -> str:
    """An operating-system error in a player's words (no errno numbers), in English."""
    name = reason_name(e)
    return REASONS.get(name or "") or e.strerror or str(e)


# --- reading --------------------------------------------------------------------------------------


def read_regular(path: str | os.PathLike, limit: int, what: str = "the file") -> bytes:
    """The bytes of the ordinary file at `path`, at most `limit` of them; ReadProblem otherwise.

    Checked before opening (os.stat) and again on the open file (os.fstat), so a pipe swapped in
    between is refused too; opened non-blocking, so no open ever waits for a writer."""
    try:
        before = os.stat(path)
    except OSError as e:
        raise ReadProblem(f"cannot read the file: {os_reason(e)}") from None
    _check_kind(before, limit, what)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise ReadProblem(f"cannot read the file: {os_reason(e)}") from None
    try:
        _check_kind(os.fstat(fd), limit, what)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as e:
        raise ReadProblem(f"cannot read the file: {os_reason(e)}") from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > limit:
        raise ReadProblem(f"{what} is at most {limit} bytes; this one grew while being read")
    return raw


def _check_kind(st: os.stat_result, limit: int, what: str) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise ReadProblem("it is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise ReadProblem("it is not an ordinary file (a pipe, a socket or a device)")
    if st.st_size > limit:
        raise ReadProblem(f"the file is {st.st_size} bytes; {what} is at most {limit} bytes")


# --- writing --------------------------------------------------------------------------------------


def ensure_folder(folder: str | os.PathLike) -> Path:
    """`folder`, made if missing; OSError (NotADirectoryError) saying so when it is a file."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise NotAFolder(folder) from None
    return folder


def _encode(path: Path, text: str | bytes, limit: int | None, what: str) -> bytes:
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    if limit is not None and len(data) > limit:
        raise TooLarge(path, len(data), limit, what)
    return data


def _temp_copy(path: Path, data: bytes) -> str:
    """`data` in a new temporary file beside `path` (flushed to disk); its name."""
    ensure_folder(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX,
                               dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # an ordinary file, not mkstemp's owner-only one
    except BaseException:
        _unlink_quietly(tmp)
        raise
    return tmp


def write_atomic(path: str | os.PathLike, text: str | bytes, limit: int | None = None,
                 what: str = "the file") -> None:
    """Write a file (text as UTF-8, or bytes as they are) so that a crash leaves either the old
    file or the new one, never half of one. With `limit`, text longer than that (UTF-8 bytes) is
    refused with TooLarge, an OSError."""
    path = Path(path)
    tmp = _temp_copy(path, _encode(path, text, limit, what))
    try:
        os.replace(tmp, path)
    except BaseException:
        _unlink_quietly(tmp)
        raise


def write_new(path: str | os.PathLike, text: str, limit: int | None = None,
              what: str = "the file") -> None:
    """Write a new file at `path`, atomically; FileExistsError if there is one already (it is never
    replaced, even by a writer in another process at the same moment)."""
    path = Path(path)
    tmp = _temp_copy(path, _encode(path, text, limit, what))
    try:
        try:
            os.link(tmp, path)  # atomic, and fails if the name is taken
        except FileExistsError:
            raise
        except (OSError, AttributeError, NotImplementedError):  # no hard links on this disk
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            os.close(fd)
            os.replace(tmp, path)
    finally:
        _unlink_quietly(tmp)


def write_new_named(folder: str | os.PathLike, stem: str, text: str, limit: int | None = None,
                    what: str = "the file", mark: str = "") -> Path:
    """A new file `STEM-DATE-TIME.json` in `folder` (with -2, -3 ... when taken), or with a `mark`
    `STEM-DATE-TIME-MARK.json` (`STEM-DATE-TIME-2-MARK.json` ...); its path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    end = f"-{mark}.json" if mark else ".json"
    for n in range(1, 10_000):
        path = Path(folder) / (f"{stem}-{stamp}{end}" if n == 1 else f"{stem}-{stamp}-{n}{end}")
        try:
            write_new(path, text, limit, what)
            return path
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free file name", os.fspath(folder))


def _unlink_quietly(path: str | os.PathLike) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


# --- locks ----------------------------------------------------------------------------------------


def open_lock(path: str | os.PathLike) -> int:
    """The descriptor of the lock file at `path`, opened for reading and writing and made if
    missing, in a folder made if missing. A link at `path` is never followed (OSError: a dangling
    link to a file outside the user folder must not make that file), nor is anything but an
    ordinary file used."""
    ensure_folder(Path(path).parent)
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    if not nofollow and os.path.islink(path):  # no O_NOFOLLOW (Windows): look first
        raise OSError(errno.ELOOP, "it is a link, not a lock file", os.fspath(path))
    fd = os.open(path, os.O_RDWR | os.O_CREAT | nofollow | getattr(os, "O_NONBLOCK", 0)
                 | getattr(os, "O_CLOEXEC", 0), 0o666)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "it is not an ordinary file", os.fspath(path))
    except BaseException:
        os.close(fd)
        raise
    return fd


# --- leftovers of killed saves --------------------------------------------------------------------


def remove_leftover_temp_files(folders: Iterable[str | os.PathLike[str]],
                               own_names_only: bool = False) -> list[Path]:
    """Remove the temporary files of saves that were killed before they finished: those of a
    process no longer running, or older than an hour. Returns what was removed. With
    `own_names_only` (a folder the player keeps files of their own in), only names exactly as
    `write_atomic` makes them (`.NAME.PID.RANDOM.tmp`) are touched."""
    removed = []
    now = time.time()
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            if not (name.startswith(".") and name.endswith(TEMP_SUFFIX)):
                continue
            if own_names_only and not OWN_TEMP_NAME.fullmatch(name):
                continue
            try:
                if not entry.is_file(follow_symlinks=False):
                    continue
                age = now - entry.stat(follow_symlinks=False).st_mtime
            except OSError:
                continue
            pid = _writer_pid(name)
            if age >= OLD_TEMP_AGE:
                stale = True
            elif pid is not None:
                stale = pid != os.getpid() and not _alive(pid)
            else:  # named by an older version, without its writer's pid
                stale = age >= 60.0
            if not stale:
                continue
            try:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
            except OSError:
                pass
    return removed


def _writer_pid(name: str) -> int | None:
    """The pid in a temporary name `.NAME.PID.RANDOM.tmp` (None for another kind of name)."""
    parts = name[1:-len(TEMP_SUFFIX)].rsplit(".", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[1].isascii():
        return int(parts[1][:10])
    return None


def _alive(pid: int) -> bool:
    if sys.platform == "win32":
        return True  # no cheap, safe check there: left to the age rule
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's process
    return True
