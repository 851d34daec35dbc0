"""Autosaves written behind the window: the file written and flushed to disk on a thread of its
own, so that no frame waits for the disk.

A game in the window hands each move's new events to the window's `Writer` (ui/workers.py, the
App's own: `put_moves`: their lines and the
record's text around them) and carries on; the thread brings the record file up to date by
appending them (save_appends.py), so that a move's save costs what the move added, however long
the game. A whole text can be handed over too (`put`). Either way the record file is replaced all
or nothing (written and flushed to disk under another name, then renamed over the old one), so a
kill at any moment leaves the last good save. The thread writes one file at a time; saves of one
file are written in the order they were made, and what waits for a file is written as one save:
a whole text replaces an older one waiting (it holds the whole game), moves waiting are joined.
What became of the last write of a file (written, or the OSError that refused it) is kept until
its game asks (`outcome`). `wait` returns once what was handed over for a file is on disk (or
refused): leaving a game waits, and so does closing the window (`close`, which then ends the
thread) and the interpreter's exit.

A write that fails with anything but an OSError is a bug: the game that asks for its outcome gets
it raised, where the window logs it with its traceback.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from petanque_game.save_appends import Book, Moves


@dataclass(frozen=True)
class Outcome:
    """The last write of a file: how many of the game's events it held, and what refused it
    (None: it is on disk)."""

    events: int
    error: BaseException | None = None


class Writer:
    """One thread writing the saves handed to it (`put_moves`, `put`), each file's in order."""

    def __init__(self, write: Callable[[Path, str], None]):
        self.write = write
        self._lock = threading.Condition()
        self._waiting: dict[Path, tuple[str | Moves, int]] = {}  # file: (save, events)
        self._books: dict[Path, Book] = {}  # the files saved by moves (the thread's own)
        self._writing: Path | None = None
        self._outcomes: dict[Path, Outcome] = {}
        self._thread: threading.Thread | None = None
        self._closing = False

    def put(self, path: Path, text: str, events: int) -> None:
        """Write `text` (a game of `events` events) to `path` behind the caller."""
        self._hand(path, text, events)

    def put_moves(self, path: Path, moves: Moves) -> None:
        """Bring `path` up to date with `moves` behind the caller."""
        self._hand(path, moves, moves.events)

    def forget(self, path: Path) -> None:
        """Once what was handed over for `path` is written or refused, let go of what the thread
        keeps for it (the game in the window is left or over)."""
        with self._lock:
            self._wait_for(path)
            book = self._books.pop(path, None)
        if book is not None:
            book.drop()

    def _hand(self, path: Path, save: str | Moves, events: int) -> None:
        with self._lock:
            earlier = self._waiting.pop(path, None)
            if earlier is not None and isinstance(earlier[0], Moves) and isinstance(save, Moves):
                save = earlier[0].then(save)
            self._waiting[path] = (save, events)  # last in the order: after the files before it
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="saves", daemon=True)
                self._thread.start()
                atexit.register(self.wait)
            self._lock.notify_all()

    def close(self) -> None:
        """Once everything handed over is written or refused, end the thread (a later save starts
        another)."""
        with self._lock:
            self._wait_for(None)
            thread, self._thread = self._thread, None
            self._closing = thread is not None
            self._lock.notify_all()
        if thread is not None:
            atexit.unregister(self.wait)
            thread.join()
            with self._lock:
                self._closing = False
            for book in self._books.values():
                book.drop()
            self._books.clear()

    def wait(self, path: Path | None = None) -> None:
        """Return once the saves handed over (of `path`, or of every file) are written or
        refused."""
        with self._lock:
            self._wait_for(path)

    def _wait_for(self, path: Path | None) -> None:
        while (path in self._waiting or self._writing == path) if path is not None \
                else (self._waiting or self._writing is not None):
            self._lock.wait()

    def outcome(self, path: Path) -> Outcome | None:
        """What became of the last write of `path` since this was last asked (None: nothing new)."""
        with self._lock:
            return self._outcomes.pop(path, None)

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._waiting and not self._closing:
                    self._lock.wait()
                if not self._waiting:
                    return
                path = next(iter(self._waiting))
                save, events = self._waiting.pop(path)
                self._writing = path
            try:
                self._save(path, save)
                outcome = Outcome(events)
            except BaseException as e:  # handed to the game that asks (a bug: raised there)
                outcome = Outcome(events, e)
            with self._lock:
                self._outcomes[path] = outcome
                self._writing = None
                self._lock.notify_all()

    def _save(self, path: Path, save: str | Moves) -> None:
        book = self._books.get(path)
        if isinstance(save, str) or save.start:
            if book is not None:  # the file is written whole: the spare is of no use
                book.drop()
                del self._books[path]
            if isinstance(save, str):
                self.write(path, save)
                return
            book = self._books[path] = Book(path, self._write)
        if book is None:
            raise ValueError(f"{path}: moves handed over before the game's start")
        book.save(save)

    def _write(self, path: Path, text: str) -> None:
        self.write(path, text)  # looked up at each write: the tests hold it or break it


def write_record(path: Path, text: str) -> None:
    from petanque_game import record

    record.write_atomic(path, text, record.MAX_BYTES, "the record")

