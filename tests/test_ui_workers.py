"""The window's threads are its own (ui/workers.py): the AI's, the saves' and the previews' are
made with the App, handed to the parts that use them, and ended when it closes; a game played with
no window has its own, ended when it is closed. Nothing of either is left running."""

import threading
import time

from ui_support import fast_app

from petanque_game.record import Seat
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game
from petanque_game.ui.table.foresee import OVERTAKEN, Foresight
from petanque_game.ui.workers import Workers

AIS = [Seat("Astrid", "ai", "easy"), Seat("Bjorn", "ai", "easy")]


def left_running(before: set[threading.Thread], within: float = 5.0) -> set[str]:
    """The names of the threads started since `before` still running after `within` seconds (an
    AI thread ends once its job in hand is done)."""
    end = time.monotonic() + within
    while True:
        new = {t for t in threading.enumerate() if t not in before and t.is_alive()}
        if not new or time.monotonic() > end:
            return {t.name for t in new}
        time.sleep(0.01)


def test_a_closed_window_leaves_no_thread_of_its_game_running(home):
    """A game between AIs played in the window: its decisions thought on the AI's thread, its
    autosave written on the saves' thread; the window closed, neither is left."""
    before = set(threading.enumerate())
    app = fast_app()
    session = new_game("ten-thousand", AIS, {}, 5)
    open_game_scene(app, session)
    for _ in range(400):
        app.step(1 / 60)
        if len(session.record.events) > 6:
            break
        time.sleep(0.002)  # (the AI's thread thinks meanwhile)
    assert len(session.record.events) > 6
    started = {t.name for t in threading.enumerate() if t not in before}
    assert {"petanque-ai", "saves"} <= started  # the game's threads were at work
    app.close()
    assert left_running(before) == set()


def test_a_closed_window_leaves_no_previews_thread_running(home):
    """The previews' and the risks' threads, with a risk worked out in steps in hand: the close
    stops the risk at its next step and ends both."""
    before = set(threading.enumerate())
    app = fast_app(workers=Workers())  # the game's own threads, not the tests' at-once ones
    previews, risks = app.workers.previews, app.workers.risks
    assert isinstance(previews, Foresight) and isinstance(risks, Foresight)
    begun, steps = threading.Event(), []

    def risk():  # a long work done in steps, as previews.risk_of's
        while True:
            begun.set()
            steps.append(1)
            if not risks.between():
                return OVERTAKEN
            time.sleep(0.001)

    previews.get("throw", "a", lambda: "a preview")
    assert previews.wait()
    risks.get("risk", "r", risk)
    assert begun.wait(10)
    app.close()
    assert left_running(before, within=0.0) == set()  # ended by the close itself
    assert not risks.working() and not previews.working()
    done = len(steps)
    time.sleep(0.05)
    assert len(steps) == done  # the risk stopped, not left going


def test_the_saves_written_before_the_window_closes_are_on_disk(home):
    """Closing waits for the saves handed over, then ends the thread: the autosave on disk is
    the game played (as leaving the game waits for it: tests/test_save_thread.py)."""
    from petanque_game.record import load_record

    app = fast_app()
    session = new_game("shut-the-box", AIS, {}, 4)
    open_game_scene(app, session)
    writer = app.workers.saves
    autosave = session.match.autosave
    for _ in range(5):
        session.play_ai()
    writer.wait(autosave)
    gate = threading.Event()
    real = writer.write
    writer.write = lambda path, text: (gate.wait(5), real(path, text))[1]  # a slow disk
    session.play_ai()
    threading.Timer(0.1, gate.set).start()
    app.close()
    assert load_record(autosave).events == session.record.events


def test_a_game_with_no_window_ends_its_own_threads_when_closed(home):
    before = set(threading.enumerate())
    session = new_game("ten-thousand", AIS, {}, 3)
    session.write_behind()
    for _ in range(4):
        session.think()
        session.play_ai()
    assert "petanque-ai" in {t.name for t in threading.enumerate() if t not in before}
    session.close()
    assert left_running(before) == set()


def test_a_window_hands_its_threads_to_the_game_it_shows(home):
    app = fast_app()
    session = new_game("ten-thousand", AIS, {}, 3)
    own = session.workers
    open_game_scene(app, session)
    assert session.workers is app.workers and session.writer is app.workers.saves
    assert own is not app.workers
    app.close()
