"""The window's threads, owned by the App (or by a game played with no window) and stopped when it
closes: the AI's thread (decisions and hints, ai_thread.py), the saves' thread (autosaves written
behind the frame, save_thread.py) and the previews' two (aims' previews and the board's pictures
painted ahead, and the aims' risks, table/foresee.py). Each is made here and started on its first
job, handed to the parts that use it, and ended at `close`: a closed window leaves none running.

The at-once kinds (`AtOnce`, `Foresight(at_once=True)`) do the work on the asking thread: what the
tests choose, so that a frame they draw shows what they set."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from petanque_game.ui.table.foresee import Foresight

if TYPE_CHECKING:  # (concurrent.futures imports logging: not before the first frame)
    from concurrent.futures import Executor, Future

    from petanque_game.save_thread import Writer

Made = TypeVar("Made")  # what a job on the AI's thread makes


class Foreseer(Protocol):
    """What the table asks of the risks' worker (a `Foresight`, or the tests' stand-in)."""

    def get(self, family: Any, key: Any, work: Callable[[], Any]) -> Any: ...

    def between(self) -> bool: ...

    def working(self) -> bool: ...

    def drawn(self) -> None: ...


class Workers:
    """The threads of one window (or of one game played with no window). The AI's and the saves'
    are made on first use: what they run on (the match, the record) is not imported before the
    first frame (tests/test_startup.py)."""

    def __init__(self, ai: Executor | None = None, previews: Foresight | None = None,
                 risks: Foreseer | None = None, saves: Writer | None = None) -> None:
        self._ai = ai
        self._saves = saves
        self.previews = previews if previews is not None else Foresight()
        self.risks: Foreseer = risks if risks is not None else Foresight()

    @property
    def ai(self) -> Executor:
        """Where AI decisions, hints and other long searches are worked out."""
        if self._ai is None:
            from petanque_game.ui.ai_thread import AIThread

            self._ai = AIThread()
        return self._ai

    @ai.setter
    def ai(self, ai: Executor) -> None:
        self._ai = ai

    @property
    def saves(self) -> Writer:
        """The saves' thread (autosaves written behind the frame)."""
        if self._saves is None:
            from petanque_game.save_thread import Writer, write_record

            self._saves = Writer(write_record)
        return self._saves

    def in_background(self, work: Callable[[], Made]) -> Future[Made]:
        """`work()` on the AI's thread (a decision, a hint's search), so that no frame waits."""
        return self.ai.submit(work)

    def close(self) -> None:
        """Every save handed over written (or refused), then each thread ended: the saves' and
        the previews' at once, the AI's once its job in hand is done (an expert's search in
        progress never holds up quitting: that thread is a daemon, and its answer is dropped)."""
        if self._saves is not None:
            self._saves.close()
        for foresight in (self.previews, self.risks):
            if isinstance(foresight, Foresight):
                foresight.close()
        if self._ai is not None:
            self._ai.shutdown(wait=False, cancel_futures=True)
