"""The window's threads, owned by the App (or by a game played with no window) and stopped when it
closes: the AI's thread (decisions and hints, ai_thread.py), the saves' thread (autosaves written
behind the frame, save_thread.py) and the previews' two (aims' previews and the board's pictures
painted ahead, and the aims' risks, table/foresee.py). Each is made here and started on its first
job, handed to the parts that use it, and ended at `close`: a closed window leaves none running.

The at-once kinds (`AtOnce`, `Foresight(at_once=True)`) do the work on the asking thread: what the
tests choose, so that a frame they draw shows what they set."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, Protocol, TypeVar

from petanque_game.save_thread import Writer, write_record
from petanque_game.ui.ai_thread import AIThread
from petanque_game.ui.table.foresee import Foresight

Made = TypeVar("Made")  # what a job on the AI's thread makes


class Foreseer(Protocol):
    """What the table asks of the risks' worker (a `Foresight`, or the tests' stand-in)."""

    def get(self, family: Any, key: Any, work: Callable[[], Any]) -> Any: ...

    def between(self) -> bool: ...

    def working(self) -> bool: ...

    def drawn(self) -> None: ...


class Workers:
    """The threads of one window (or of one game played with no window)."""

    def __init__(self, ai: Executor | None = None, previews: Foresight | None = None,
                 risks: Foreseer | None = None, saves: Writer | None = None) -> None:
        self.ai: Executor = ai if ai is not None else AIThread()
        self.saves = saves if saves is not None else Writer(write_record)
        self.previews = previews if previews is not None else Foresight()
        self.risks: Foreseer = risks if risks is not None else Foresight()

    def in_background(self, work: Callable[[], Made]) -> Future[Made]:
        """`work()` on the AI's thread (a decision, a hint's search), so that no frame waits."""
        return self.ai.submit(work)

    def close(self) -> None:
        """Every save handed over written (or refused), then each thread ended: the saves' and
        the previews' at once, the AI's once its job in hand is done (an expert's search in
        progress never holds up quitting: that thread is a daemon, and its answer is dropped)."""
        self.saves.close()
        for foresight in (self.previews, self.risks):
            if isinstance(foresight, Foresight):
                foresight.close()
        self.ai.shutdown(wait=False, cancel_futures=True)
