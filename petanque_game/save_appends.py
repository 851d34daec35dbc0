"""A game's autosave kept up to date by appending: a move's save writes the lines of the events the
move made and the record's closing lines, not the whole game again.

The record file is only ever replaced by a rename, so a kill at any moment leaves a whole record
(docs/records.md, "The file"). What lets a save cost what the move wrote is the *spare*: when a
save replaces the record file, the file it replaces is not let go but kept under a temporary name
beside it (a hard link `.NAME.PID.RANDOM.tmp`, the name of what a killed save leaves behind, which
the next start removes). The spare holds the game as it was one save earlier. The next save brings
it up to date in place (the lines it lacks written over its closing lines, the closing lines
after them, the file cut there and flushed to disk) and renames it over the record file; the file
it replaces becomes the next spare. Nobody else opens the spare: its name is the saver's own.

A save is written whole (`files.write_atomic`) when there is no spare to bring up to date: at the
first two saves of a game this window plays (the first knows nothing of the file it replaces, so
it keeps no spare), after a save that failed half way, when the spare has gone (a start of the
game in another window removed it after an hour), when the top of the record changed above its
events (the result below them is written with the closing lines), or on a disk without hard
links. Those are the saves whose cost grows with the game; the others write what the move added.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from petanque_game.files import TEMP_SUFFIX
from petanque_game.record import appended, text_of


@dataclass(frozen=True)
class Moves:
    """What a game hands the saves' thread after a move: the lines of the events made since the
    last hand-over (`record.event_line`), the record's text around its events (`Record.frame`),
    and how many events the game holds with these. `start`: the first hand-over of the game in
    this window, whose `lines` are all of the game's."""

    lines: tuple[str, ...]
    head: str
    tail: str
    events: int
    start: bool = False

    def then(self, later: Moves) -> Moves:
        """This hand-over and a `later` one, as one (both waited for the thread)."""
        if later.start:
            return later
        return Moves(self.lines + later.lines, later.head, later.tail, later.events, self.start)


@dataclass(frozen=True)
class _Held:
    """What one file holds: the text of the game's first `events` events, with `head` above them;
    `end` is the byte just after the last event's line (after the events' bracket when none)."""

    events: int
    head: str
    end: int
    size: int


@dataclass(frozen=True)
class _Spare:
    name: Path
    inode: int
    held: _Held


class Book:
    """The saves' thread's account of one autosave: every event's line handed over, what the
    record file holds (when this book wrote it) and the spare. `write(path, text)` writes a file
    whole and atomically."""

    def __init__(self, path: Path, write: Callable[[Path, str], None]):
        self.path = path
        self.write = write
        self.lines: list[str] = []
        self.held: _Held | None = None
        self.spare: _Spare | None = None

    def save(self, moves: Moves) -> None:
        """The game as `moves` leaves it, in the record file; OSError leaves the last one whole."""
        if moves.start:
            self.lines = list(moves.lines)
        else:
            self.lines += moves.lines
        if len(self.lines) != moves.events:
            raise ValueError(f"{self.path}: {len(self.lines)} event lines handed over for a "
                             f"game of {moves.events} events")
        spare = self.spare
        if spare is not None and spare.held.head == moves.head and self._bring_up(spare, moves):
            return
        self._whole(moves)

    def drop(self) -> None:
        """Let go of the spare (the game is left or over)."""
        if self.spare is not None:
            _unlink_quietly(self.spare.name)
            self.spare = None

    def _whole(self, moves: Moves) -> None:
        text = text_of(moves.head, self.lines, moves.tail)
        self.drop()
        keep = _link_beside(self.path) if self.held is not None else None
        try:
            self.write(self.path, text)
        except BaseException:
            if keep is not None:
                _unlink_quietly(keep.name)
            raise
        if keep is not None and self.held is not None:
            self.spare = _Spare(keep.name, keep.inode, self.held)
        size = len(text.encode("utf-8"))
        self.held = _Held(len(self.lines), moves.head, _end(size, moves.tail, self.lines), size)

    def _bring_up(self, spare: _Spare, moves: Moves) -> bool:
        """Bring the spare up to date and rename it over the record file; False (the spare let
        go) when it is not the file it was, and OSError when writing it failed."""
        old = spare.held
        data = appended(old.events, self.lines[old.events:], moves.tail).encode("utf-8")
        flags = os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        try:
            fd = os.open(spare.name, flags)
        except OSError:
            self.drop()
            return False
        try:
            st = os.fstat(fd)
            if st.st_ino != spare.inode or st.st_size != old.size:
                self.spare = None  # not ours any more: left where it is
                return False
            self.spare = None  # half written from here until it is renamed
            os.lseek(fd, old.end, os.SEEK_SET)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            size = old.end + len(data)
            os.ftruncate(fd, size)
            os.fsync(fd)
        except BaseException:
            _unlink_quietly(spare.name)
            raise
        finally:
            os.close(fd)
        held = _Held(len(self.lines), moves.head, _end(size, moves.tail, self.lines), size)
        keep = _link_beside(self.path) if self.held is not None else None
        try:
            os.replace(spare.name, self.path)
        except BaseException:
            if keep is not None:
                _unlink_quietly(keep.name)
            self.spare = replace(spare, held=held)  # up to date, and still the spare
            raise
        self.spare = _Spare(keep.name, keep.inode, self.held) \
            if keep is not None and self.held is not None else None
        self.held = held
        return True


def _end(size: int, tail: str, lines: list[str]) -> int:
    """The byte after the last event's line in a text of `size` bytes closed by `tail`."""
    return size - len(tail.encode("utf-8")) - (2 if lines else 0)


@dataclass(frozen=True)
class _Link:
    name: Path
    inode: int


def _link_beside(path: Path) -> _Link | None:
    """A second name for the file at `path` (the spare to be), a temporary file's name beside it;
    None when there is no file or the disk has no hard links."""
    for _ in range(100):
        name = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}")
        try:
            os.link(path, name)
            return _Link(name, os.stat(name).st_ino)
        except FileExistsError:
            continue
        except (OSError, AttributeError, NotImplementedError):
            return None
    return None


def _unlink_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)
