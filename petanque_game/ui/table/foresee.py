"""The aims' previews worked out off the frame.

A preview (`aim.preview`: the aim solved for the point the player points at, its arc, what it
meets and the spread of the thrower's hand) costs 1.5-6 ms of pure Python, and while a person
aims the mouse gives a new point nearly every frame; an AI's aim and a hint's are new once per
throw. So the frame asks for the preview it wants (`Foresight.get`) and draws the one it gets:
the preview asked for when it is done, else the last one done for the same throw (a frame or
two behind the mouse, never another throw's), and the previews are worked out on a thread of
their own, the most recently asked first; a preview asked for and overtaken by newer asks
before its turn is dropped. Previews are pure (they read the immutable table and the level), so
the thread never touches the shown.

The window's Foresights are the App's (`Workers.previews`, `Workers.risks`: ui/workers.py),
ended when it closes (`close`). A long work (an aim's risk: 128 throws simulated, 100-200 ms) is
done in steps on a Foresight of its own (`Workers.risks`), so the quick previews never wait
behind it: between two steps it waits for the window's next quiet time (`between`), and stops
when an ask for the same throw has overtaken it (or the Foresight is closed).

`Foresight(at_once=True)` works them out on the asking thread as they are asked for:
the tests' setting, so that a test's frame shows the preview of the aim it set.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

T = TypeVar("T")

DONE_KEPT = 48  # previews done and kept (a mouse moving back over the same points)
ASKED_KEPT = 4  # asks waiting their turn; older ones are dropped
# The thread starts a preview in the window's quiet time: from QUIET_AFTER to QUIET_UNTIL seconds
# after a frame is drawn (once it is shown; the window's thread sleeps till the next frame), or
# when no frame has been drawn for IDLE seconds (the window naps). Both threads want Python's one
# lock, and a thread that has it keeps it up to 5 ms while the other waits: a preview worked out
# while a frame is drawn would hold that frame up.
QUIET_AFTER, QUIET_UNTIL, IDLE = 0.0015, 0.008, 0.05
OVERTAKEN = object()  # what a work done in steps returns when `between` told it to stop


class Foresight:
    """Previews asked for by key, worked out by `work()`, on the thread or at once."""

    def __init__(self, at_once: bool = False) -> None:
        self.at_once = at_once
        self._done: OrderedDict[Hashable, Any] = OrderedDict()
        self._last: dict[Hashable, Hashable] = {}  # a throw (its family): the key done last
        # asks waiting their turn, the newest last: key -> (family, work); one per family
        self._asked: OrderedDict[Hashable, tuple[Hashable, Callable[[], Any]]] = OrderedDict()
        self._busy: tuple[Hashable, Hashable] | None = None  # (family, key) being worked out
        self._drawn_at = -1.0  # time.perf_counter() when the window last drew a frame
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closing = False

    def get(self, family: Hashable, key: Hashable, work: Callable[[], T]) -> T | None:
        """The preview for `key` if it is done; else it is asked for, and the last one done for
        the same `family` (the same throw to make on the same table) is given meanwhile, or None.
        `work()` is pure: it may run on the worker's thread. An error raised by `work` is raised
        here, on the window's thread."""
        with self._lock:
            if key in self._done:
                self._done.move_to_end(key)
                self._last[family] = key
                return cast("T", _given(self._done[key]))
            if not self.at_once:
                if self._busy is not None and self._busy[1] == key:  # being worked out now
                    last = self._last.get(family)
                    return cast("T", _given(self._done[last])) if last is not None else None
                for older in [k for k, (f, _) in self._asked.items() if f == family]:
                    del self._asked[older]  # overtaken: the aim has moved on
                self._asked[key] = (family, work)
                while len(self._asked) > ASKED_KEPT:
                    self._asked.popitem(last=False)
                self._start()
                self._lock.notify()
                last = self._last.get(family)  # (done for this family: a T)
                return cast("T", _given(self._done[last])) if last is not None else None
        done = _outcome(work)
        with self._lock:
            self._keep(family, key, done)
        return cast("T", _given(done))

    def _keep(self, family: Hashable, key: Hashable, done: Any) -> None:
        self._done[key] = done
        self._last[family] = key
        while len(self._done) > DONE_KEPT:
            gone, _ = self._done.popitem(last=False)
            for f in [f for f, k in self._last.items() if k == gone]:
                del self._last[f]

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="petanque-previews",
                                            daemon=True)
            self._thread.start()

    def drawn(self) -> None:
        """The window has drawn a frame: its quiet time follows."""
        with self._lock:
            self._drawn_at = time.perf_counter()
            if self._asked or self._busy:  # (else the thread has nothing to do: it is not woken)
                self._lock.notify()

    def _quiet_in(self) -> float:
        """Seconds until the window's quiet time (0: it is now)."""
        since = time.perf_counter() - self._drawn_at
        if since < QUIET_AFTER:
            return QUIET_AFTER - since
        if since <= QUIET_UNTIL or since >= IDLE:
            return 0.0
        return IDLE - since  # (or the next frame drawn, which notifies)

    def close(self) -> None:
        """Drop the asks waiting, stop a work done in steps at its next step (`between`), and end
        the thread once its work in hand is done (a later ask starts another)."""
        with self._lock:
            thread, self._thread = self._thread, None
            self._asked.clear()
            self._closing = thread is not None
            self._lock.notify_all()
        if thread is not None:
            thread.join()
            with self._lock:
                self._closing = False

    def _work(self) -> None:
        while True:
            with self._lock:
                while not self._closing and (not self._asked or self._quiet_in() > 0.0):
                    self._lock.wait(self._quiet_in() if self._asked else None)
                if self._closing:
                    return
                key, (family, work) = self._asked.popitem()  # the most recent ask first
                if key in self._done:
                    continue
                self._busy = (family, key)
            done = _outcome(work)
            with self._lock:
                if done is not OVERTAKEN:
                    self._keep(family, key, done)
                self._busy = None
                self._lock.notify_all()

    def between(self) -> bool:
        """For a work done in steps (the thread's): wait for the window's quiet time before the
        next step; False, at once, when an ask for the same family has come meanwhile (the work
        is overtaken: it may stop and return OVERTAKEN, and nothing is kept). True at once when
        asked on another thread (worked out at once)."""
        if threading.current_thread() is not self._thread and not self._closing:
            return True
        with self._lock:
            while True:
                if self._closing:
                    return False
                if self._busy is not None \
                        and any(f == self._busy[0] for f, _ in self._asked.values()):
                    return False
                wait = self._quiet_in()
                if wait <= 0.0:
                    return True
                self._lock.wait(wait)

    def working(self) -> bool:
        """Is a preview asked for and not done yet (the window keeps drawing frames until it is
        shown)?"""
        with self._lock:
            return bool(self._asked) or self._busy is not None

    def wait(self, timeout: float = 60.0) -> bool:
        """Until every ask is done (tests of the thread); False if `timeout` s pass first."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._asked and self._busy is None,
                                       timeout)


class _Failed:
    """A preview whose work raised: raised again where it is asked for."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


def _outcome(work: Callable[[], Any]) -> Any:
    try:
        return work()
    except Exception as e:  # a bug: handed to the window's thread
        return _Failed(e)


def _given(done: Any) -> Any:
    if isinstance(done, _Failed):
        raise done.error
    return done

