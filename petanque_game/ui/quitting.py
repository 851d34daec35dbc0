"""How the window's run ends (`run_app`): closed by the player, by SIGTERM or SIGINT at once
whatever it is busy with (`Quit`), or after a bug even the error screen hit; and the exit code
each gives. Before the player's close, a game the disk refused is said (`unsaved_said`)."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable, Iterable
from types import FrameType
from typing import Protocol

from petanque_game import logs
from petanque_game.ui.look import Look
from petanque_game.ui.widgets import Toast


class Window(Protocol):
    """What `run_app` runs (ui/app.py `App`)."""

    def loop(self) -> None: ...

    def close(self) -> None: ...


class PictureUnsaved(Exception):
    """`play --frames N --screenshot FILE` could not write FILE: the player's mistake, one line."""


class Quit(BaseException):
    """SIGTERM or SIGINT: leave the window now, whatever it is doing."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def run_app(app_factory: Callable[[], Window]) -> int:
    """Run the window made by `app_factory()` to its end; returns the exit code: 0, 128 + the
    signal's number after SIGTERM or SIGINT, 1 after a bug that even the error screen hit."""
    quitting = False

    def on_quit_signal(signum: int, frame: FrameType | None) -> None:
        """Raised in the main thread as soon as the signal arrives, even while it waits for the
        AI or reads a long record. Every move was saved when it was made; a save cut short leaves
        the last one whole (files.write_atomic)."""
        nonlocal quitting
        if quitting:
            return  # already on the way out: let it finish closing
        quitting = True
        raise Quit(signum)

    previous = {sig: signal.signal(sig, on_quit_signal)
                for sig in (signal.SIGTERM, signal.SIGINT)}
    app = None
    try:
        app = app_factory()
        app.loop()
        return 0
    except Quit as q:
        return 128 + q.signum
    except PictureUnsaved as e:
        print(f"petanque-game play: {e}", file=sys.stderr)
        return 1
    except Exception as exc:  # the last resort: logged, one line to the player
        if getattr(exc, "logged", False):
            line = f"internal error ({type(exc).__name__}); the details are in {logs.log_path()}"
        else:
            _, line = logs.report_bug(exc, "window")
        print(f"petanque-game: {line}", file=sys.stderr)
        return 1
    finally:
        quitting = True
        try:
            if app is not None:
                app.close()
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)


def unsaved_said(look: Look, scenes: Iterable[object], toast: Toast) -> bool:
    """Before the window closes: the games of `scenes` whose last moves the disk refused are
    tried once more; if one still is not saved, say so on `toast` (True)."""
    for scene in scenes:
        session = getattr(scene, "session", None)
        unsaved = getattr(session, "unsaved", None)
        if session is not None and unsaved and not session.retry_saving():
            toast.show(look.tr("app.unsaved_quit", why=unsaved[:1].upper() + unsaved[1:]),
                       "bad", 8.0)
            return True
    return False
