"""Autosaves written behind the window: the file written and flushed to disk on a thread of its
own, so that no frame waits for the disk.

A game in the window hands each save's text to `WRITER` (`put`) and carries on. The thread writes
one file at a time, each as `write` does it (all or nothing: a temporary file flushed to disk, then
renamed over the old one, so a kill at any moment leaves the last good save). Saves of one file
are written in the order they were made, and only the newest one waiting is written: each save
holds the whole game, so an older one waiting behind a newer one has nothing the newer lacks.
What became of the last write of a file (written, or the OSError that refused it) is kept until
its game asks (`outcome`). `wait` returns once what was handed over for a file is on disk (or
refused): leaving a game and closing the window wait, and so does the interpreter's exit.

A write that fails with anything but an OSError is a bug: the game that asks for its outcome gets
it raised, where the window logs it with its traceback.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Outcome:
    """The last write of a file: how many of the game's events it held, and what refused it
    (None: it is on disk)."""

    events: int
    error: BaseException | None = None


class Writer:
    """One thread writing the saves handed to it (`put`), the newest of each file."""

    def __init__(self, write: Callable[[Path, str], None]):
        self.write = write
        self._lock = threading.Condition()
        self._waiting: dict[Path, tuple[str, int]] = {}  # file: (text, events), newest only
        self._writing: Path | None = None
        self._outcomes: dict[Path, Outcome] = {}
        self._thread: threading.Thread | None = None

    def put(self, path: Path, text: str, events: int) -> None:
        """Write `text` (a game of `events` events) to `path` behind the caller."""
        with self._lock:
            self._waiting.pop(path, None)
            self._waiting[path] = (text, events)  # last in the order: after the files before it
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="saves", daemon=True)
                self._thread.start()
                atexit.register(self.wait)
            self._lock.notify_all()

    def wait(self, path: Path | None = None) -> None:
        """Return once the saves handed over (of `path`, or of every file) are written or
        refused."""
        with self._lock:
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
                while not self._waiting:
                    self._lock.wait()
                path = next(iter(self._waiting))
                text, events = self._waiting.pop(path)
                self._writing = path
            try:
                self.write(path, text)
                outcome = Outcome(events)
            except BaseException as e:  # handed to the game that asks (a bug: raised there)
                outcome = Outcome(events, e)
            with self._lock:
                self._outcomes[path] = outcome
                self._writing = None
                self._lock.notify_all()


def _write_record(path: Path, text: str) -> None:
    from petanque_game import record

    record.write_atomic(path, text, record.MAX_BYTES, "the record")


WRITER = Writer(_write_record)
