"""The log of bugs: every error that is not a refusal ends here, with its traceback.

A refusal ("that move is not allowed", "this file is not a record") is told to the player and is
not a bug. Anything else is: the window and the command line each have one handler at the top that
writes it to `logs/petanque-game.log` in the user folder (rotated at 1 MB, three old logs kept),
and tell the player in one line where the log is. The game in progress is never touched by it:
its autosave was written after its last move.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from petanque_game import __version__, paths

# logging (with its handlers: sockets, pickle, queues) is imported when the log is first written:
# most starts of the window write nothing, and none waits for it.
if TYPE_CHECKING:
    import logging

MAX_LOG_BYTES = 1024 * 1024
OLD_LOGS = 3


def log_path() -> Path:
    return paths.user_dir() / "logs" / "petanque-game.log"


def _new_handler(path: Path) -> Any:
    """A rotating file at `path` that remembers a failed write (its `failed`) instead of printing
    a traceback of its own."""
    import logging.handlers

    class Handler(logging.handlers.RotatingFileHandler):
        failed = False

        def handleError(self, record: logging.LogRecord) -> None:  # logging's own name
            self.failed = True

    return Handler(path, maxBytes=MAX_LOG_BYTES, backupCount=OLD_LOGS, encoding="utf-8")


_handler: Any = None  # the handler writing to _handler_file, once opened
_handler_file: Path | None = None


def _open_handler() -> Any:
    import logging

    global _handler, _handler_file
    path = log_path()
    if _handler is not None and _handler_file == path:
        return _handler
    if _handler is not None:
        _logger().removeHandler(_handler)
        _handler.close()
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = _new_handler(path)
    handler.setFormatter(logging.Formatter(
        f"%(asctime)s pid %(process)d petanque-game {__version__}: %(message)s"))
    _logger().addHandler(handler)
    _handler, _handler_file = handler, path
    return handler


def _logger() -> logging.Logger:
    import logging

    logger = logging.getLogger("petanque_game")
    logger.propagate = False
    logger.setLevel(logging.INFO)
    return logger


def report_bug(exc: BaseException, where: str) -> tuple[Path | None, str]:
    """Write `exc` and its traceback to the log. Returns the log's path (None if it could not be
    written) and one line for the player: what failed, and where the details are."""
    what = f"{type(exc).__name__}: {one_line(str(exc))}"
    try:
        handler = _open_handler()
        handler.failed = False
        _logger().error("%s: %s", where, what, exc_info=(type(exc), exc, exc.__traceback__))
        handler.flush()
        if handler.failed:
            raise OSError("the log file cannot be written")
    except OSError as e:
        reason = e.strerror or str(e)
        return None, f"internal error ({what}); it could not be logged in {log_path()}: {reason}"
    return log_path(), f"internal error ({what}); the details are in {log_path()}"


def note(message: str) -> None:
    """A line in the log that is not a bug (a problem the player was shown, for the record)."""
    try:
        _open_handler()
        _logger().info("%s", message)
    except OSError:
        pass


def one_line(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def close() -> None:
    """Close the log file (the tests open a user folder each)."""
    global _handler, _handler_file
    if _handler is not None:
        _logger().removeHandler(_handler)
        _handler.close()
    _handler, _handler_file = None, None
