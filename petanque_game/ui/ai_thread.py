"""The AI's thread: one daemon thread where the window's AI decisions and hints are worked out
(the App's, `Workers.ai`: ui/workers.py), what tests put in its place (`AtOnce`), so that no
frame waits for an expert's search; and what an AI's move makes there (`decide_ahead`).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

from petanque_game.match import Match
from petanque_game.record import event_line
from petanque_game.rules.base import IllegalAction


def decide_ahead(match: Match) -> tuple[Any, Match | None, tuple[int, list[str]] | None]:
    """On the AI's thread: the AI's decision, a copy of `match` that has made it (None when
    the match refuses it: the window's thread then decides it again, and meets the refusal),
    and the index of the first event it made with the lines of those events (what the window
    hands the saves' thread once it adopts the move: made here, not inside a frame)."""
    action = match.ai_decision()
    played = match.copy()
    first = len(played.record.events)
    try:
        played.decide(action)
    except IllegalAction:
        return action, None, None
    return action, played, (first, [event_line(e) for e in played.record.events[first:]])


def _result(future: Future) -> Any:
    """The AI's decision, waited for in short slices: between two, the window's thread runs any
    signal handler (SIGTERM, SIGINT), which a signal caught by another thread would not wake."""
    while True:
        try:
            return future.result(timeout=0.05)
        except TimeoutError:
            continue


class AIThread(Executor):
    """One daemon thread for the AI's thinking (decisions are pure: they read an immutable
    state), started on the first job. A daemon: an expert's search in progress never holds up
    quitting. `shutdown` ends it once its job in hand is done; a later job starts another."""

    def __init__(self) -> None:
        self._jobs: queue.Queue | None = None
        self._thread: threading.Thread | None = None

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        if self._jobs is None:
            self._jobs = queue.Queue()
            self._thread = threading.Thread(target=self._work, args=(self._jobs,),
                                            name="petanque-ai", daemon=True)
            self._thread.start()
        future: Future = Future()
        self._jobs.put((future, lambda: fn(*args, **kwargs)))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No more jobs for this thread: it ends after the one in hand (`wait`: waited for), the
        jobs not begun cancelled with `cancel_futures`, else done first."""
        jobs, thread, self._jobs, self._thread = self._jobs, self._thread, None, None
        if jobs is None or thread is None:
            return
        if cancel_futures:
            while True:
                try:
                    future, _ = jobs.get_nowait()
                except queue.Empty:
                    break
                future.cancel()
        jobs.put(None)
        if wait:
            thread.join()

    @staticmethod
    def _work(jobs: queue.Queue) -> None:
        while True:
            job = jobs.get()
            if job is None:
                return
            future, decide = job
            if future.set_running_or_notify_cancel():
                _run(future, decide)


class AtOnce(Executor):
    """The AI's work done on the calling thread as it is handed over, its Future done on return:
    what tests put in place of `AIThread` (`Workers.ai`) so that no test waits for a thread."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        future: Future = Future()
        future.set_running_or_notify_cancel()
        _run(future, lambda: fn(*args, **kwargs))
        return future


def _run(future: Future, decide: Callable[[], Any]) -> None:
    try:
        future.set_result(decide())
    except BaseException as e:  # handed to the window's thread as it is
        future.set_exception(e)
