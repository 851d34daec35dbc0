"""A list a scene reads off the window's thread (the records, the autosaves, the challenges:
`history.Reader`) and takes in on the window's thread once it is read. The scene asks `update`
every frame, keeps drawing frames while the list is `going`, and shows how far the reading has
come (`progress`) meanwhile.

`history` is imported when a reading starts, not with this module: the menu's first frame waits
for none of the records' code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from petanque_game.history import Progress, Reader

Read = TypeVar("Read")


class Reading(Generic[Read]):
    """What a scene reads off the window's thread, and `take_in`, what it does with it once read
    (on the window's thread, in `update`)."""

    def __init__(self, take_in: Callable[[Read], None],
                 work: Callable[[Progress], Read] | None = None):
        self.take_in = take_in
        self.reader: Reader[Read] | None = None
        if work is not None:
            self.start(work)

    def start(self, work: Callable[[Progress], Read]) -> None:
        """Read with `work(progress)`, anew: a reading still going is let go of."""
        from petanque_game.history import Reader

        self.reader = Reader(work)

    def stop(self) -> None:
        """Let go of the reading going, if one is: nothing is taken in."""
        self.reader = None

    @property
    def going(self) -> bool:
        """Started and not taken in yet."""
        return self.reader is not None

    @property
    def progress(self) -> tuple[int, int] | None:
        """(done, total) while the list is read (total 0 until it is known); None otherwise."""
        reader = self.reader
        return None if reader is None else (reader.done, reader.total)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the list is read (not taken in); False when `timeout` ran out first."""
        reader = self.reader
        return reader is None or reader.wait(timeout)

    def update(self) -> None:
        """Take the list in once it is read (an error in the reading, a bug, is raised here)."""
        reader = self.reader
        if reader is not None and reader.ready:
            self.reader = None
            self.take_in(reader.result())
