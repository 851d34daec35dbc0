"""Where the window's AI decisions and hints are worked out (`ui/session.py`): on the AI's one
daemon thread in the game, on the caller's thread in tests (`AtOnce`, the `ai_at_once` fixture);
either way an error in the work reaches the window's thread through the Future, not at submit."""

import threading

import pytest
from ui_support import fast_app

from petanque_game.ui import session


def _where():
    return threading.current_thread().name


def _fails():
    raise RuntimeError("a bug in the AI")


def test_the_ai_thread_works_off_the_callers_thread_and_hands_errors_back():
    worker = session.AIThread()
    assert worker.submit(_where).result(timeout=60) == "petanque-ai"
    failed = worker.submit(_fails)
    with pytest.raises(RuntimeError, match="a bug in the AI"):
        failed.result(timeout=60)


def test_at_once_is_done_on_return_on_the_callers_thread_and_hands_errors_back():
    worker = session.AtOnce()
    done = worker.submit(_where)
    assert done.done() and done.result() == threading.current_thread().name
    failed = worker.submit(_fails)  # not raised here
    assert failed.done() and isinstance(failed.exception(), RuntimeError)


def test_the_fixture_puts_at_once_in_place_of_the_windows_thread(home, ai_at_once):
    app = fast_app()
    future = app.workers.in_background(_where)
    assert future.done() and future.result() == threading.current_thread().name
    app.close()
