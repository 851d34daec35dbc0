"""A frame scaled into a larger window in two halves at once (`Halves`): the top on the window's
thread, the bottom on a thread of its own (pygame lets go of Python's lock while it scales), so
a frame is shown sooner, by about half of its scaling (~1 ms at 1728x972), when the machine has
a core to spare. The halves meet at a row where the two parts' scalings pick the same rows of
the picture as the whole one's (`seam`, checked once per size): the window shows the pixels one
whole scaling gives, to the last one (tests/test_ui_halves.py compares them at many sizes)."""

from __future__ import annotations

import threading

import pygame

Job = tuple[pygame.Surface, tuple[int, int], pygame.Surface]  # picture, its size shown, where
TRIES = 64  # rows near the middle tried as the cut (`seam`)


def seam(rows: int, shown: int) -> tuple[int, int] | None:
    """Where a picture of `rows` rows shown `shown` rows high may be scaled in two parts that
    together make the whole one's pixels: (the picture's first row of the lower part, the
    window's row that shows it), the nearest the middle of those found. pygame steps through
    the rows in fixed point, so not every row will do: each one tried is checked by scaling a
    column of numbered rows whole and in two (once per size: `Halves` keeps what it found).
    None when none of those tried will do, or when the picture is not made larger."""
    if not 0 < rows < shown:
        return None
    column = pygame.Surface((1, rows), 0, 32)
    for y in range(rows):
        column.set_at((0, y), (y & 255, y >> 8 & 255, y >> 16 & 255))
    whole = _scaled(column, shown)
    showing = [int.from_bytes(whole[4 * y:4 * y + 3], "little") for y in range(shown)]
    for cut in sorted(range(rows // 4, rows - rows // 4), key=lambda r: abs(2 * r - rows))[:TRIES]:
        at = next(y for y, row in enumerate(showing) if row >= cut)
        if showing[at] == cut and _scaled(column.subsurface((0, 0, 1, cut)), at) + \
                _scaled(column.subsurface((0, cut, 1, rows - cut)), shown - at) == whole:
            return cut, at
    return None


def _scaled(column: pygame.Surface, rows: int) -> bytes:
    return pygame.image.tobytes(pygame.transform.scale(column, (1, rows)), "RGBX")


class Halves:
    """The window's scaler of frames: its thread is made on the first frame scaled in halves
    and ended by `close` (the App's workers close it with the window). The window's thread
    never waits for the other to begin: a lower half not yet taken up when the upper one is
    done (no core was free) is scaled by the window's thread itself, as one scaling would."""

    def __init__(self) -> None:
        self._job: Job | None = None  # the lower half, handed to the thread (or taken back)
        self._taking = threading.Lock()  # who takes the lower half up: the thread or the window's
        self._go = threading.Event()
        self._done = threading.Event()
        self._closing = False
        self._failed: BaseException | None = None  # what the lower half raised, raised again
        self._thread: threading.Thread | None = None
        self._seams: dict[tuple[int, int], tuple[int, int] | None] = {}  # `seam`, by size

    def scale(self, picture: pygame.Surface, size: tuple[int, int],
              target: pygame.Surface) -> None:
        """`picture` scaled (nearest) to `size` into `target`, a surface of that size: as
        `pygame.transform.scale(picture, size, target)` does it."""
        rows = picture.get_height()
        if (rows, size[1]) not in self._seams:
            self._seams[rows, size[1]] = seam(rows, size[1])
        cut = self._seams[rows, size[1]]
        if cut is None or size[0] < picture.get_width():
            pygame.transform.scale(picture, size, target)
            return
        (row, at), (w, h), width = cut, size, picture.get_width()
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="halves", daemon=True)
            self._thread.start()
        self._job = (picture.subsurface((0, row, width, rows - row)), (w, h - at),
                     target.subsurface((0, at, w, h - at)))
        self._go.set()
        try:
            pygame.transform.scale(picture.subsurface((0, 0, width, row)), (w, at),
                                   target.subsurface((0, 0, w, at)))
        finally:
            lower = self._take()
            if lower is None:  # the thread took it up: wait for it
                self._done.wait()
                self._done.clear()
        if lower is not None:
            pygame.transform.scale(*lower)
        failed, self._failed = self._failed, None
        if failed is not None:
            raise failed

    def _take(self) -> Job | None:
        with self._taking:
            job, self._job = self._job, None
        return job

    def _work(self) -> None:
        while True:
            self._go.wait()
            self._go.clear()
            if self._closing:
                return
            job = self._take()
            if job is None:
                continue  # the window's thread took it back
            try:
                pygame.transform.scale(*job)
            except BaseException as e:  # (raised on the window's thread, which waits for it)
                self._failed = e
            finally:
                self._done.set()

    def close(self) -> None:
        """End the thread, if it was made (no frame is being scaled: both are the window's)."""
        thread, self._thread = self._thread, None
        if thread is not None:
            self._closing = True
            self._go.set()
            thread.join()
            self._closing = False
