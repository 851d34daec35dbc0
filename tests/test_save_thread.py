"""Autosaves written behind the window (issue 18, item 2: saves off the frame): the frame that makes
a move does not wait for the disk; each file's saves are written in order and only the newest one
waiting; leaving the game waits for them, so the save on leaving is complete; a full disk is still
said and the last good autosave kept; a record too large is still refused at once; a kill -9 in
the middle of saving leaves a whole save, the last good one."""

import errno
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from test_saves import child_env

from petanque_game import paths, record, save_thread, saves
from petanque_game.record import Seat, load_record
from petanque_game.save_thread import Outcome, Writer
from petanque_game.ui.session import new_game, resume

pytestmark = pytest.mark.usefixtures("home")

AIS = [Seat("Astrid", "ai", "easy"), Seat("Bjorn", "ai", "easy")]


class Gate:
    """A write function that records what it wrote and can be held shut."""

    def __init__(self):
        self.open = threading.Event()
        self.open.set()
        self.entered = threading.Event()
        self.written: list[tuple[Path, str]] = []

    def __call__(self, path, text):
        self.entered.set()
        assert self.open.wait(30), "the test never opened the gate"
        self.written.append((path, text))


def test_the_newest_save_of_each_file_is_written_in_order():
    gate = Gate()
    writer = Writer(gate)
    a, b = Path("a.json"), Path("b.json")
    gate.open.clear()
    writer.put(a, "a1", 1)
    assert gate.entered.wait(30)  # a1 is being written; the rest waits behind it
    writer.put(a, "a2", 2)
    writer.put(b, "b1", 1)
    writer.put(a, "a3", 3)  # a2 is dropped: a3 holds everything it held
    gate.open.set()
    writer.wait()
    assert gate.written == [(a, "a1"), (b, "b1"), (a, "a3")]
    assert writer.outcome(a) == Outcome(3) and writer.outcome(b) == Outcome(1)
    assert writer.outcome(a) is None  # told once


def test_a_refused_write_is_the_outcome_and_the_next_one_still_written():
    calls = []

    def write(path, text):
        calls.append(text)
        if text == "full":
            raise OSError(errno.ENOSPC, "No space left on device")

    writer = Writer(write)
    writer.put(Path("a.json"), "full", 4)
    writer.wait(Path("a.json"))
    outcome = writer.outcome(Path("a.json"))
    assert outcome.events == 4 and outcome.error.errno == errno.ENOSPC
    writer.put(Path("a.json"), "fine", 5)
    writer.wait(Path("a.json"))
    assert writer.outcome(Path("a.json")) == Outcome(5) and calls == ["full", "fine"]


def held(monkeypatch, writer: Writer) -> Gate:
    """The saves' thread `writer` writing through a gate (and then to disk as it does)."""
    gate = Gate()
    real = writer.write

    def write(path, text):
        gate(path, text)
        real(path, text)

    monkeypatch.setattr(writer, "write", write)
    return gate


def test_a_move_does_not_wait_for_the_disk_and_leaving_waits_for_every_save(monkeypatch):
    session = new_game("ten-thousand", AIS, {}, 3)
    session.write_behind()
    autosave = session.match.autosave
    first = autosave.read_bytes()
    gate = held(monkeypatch, session.writer)
    gate.open.clear()
    for _ in range(6):  # the disk hangs: the moves go on all the same
        session.play_ai()
    assert len(session.record.events) > len(load_record(autosave).events)
    assert autosave.read_bytes() == first and session.unsaved is None
    threading.Timer(0.2, gate.open.set).start()
    session.close()  # leaving: waits for the thread, so the save on leaving is complete
    assert load_record(autosave).events == session.record.events
    assert session.saved_events == len(session.record.events)
    assert len(gate.written) < 6  # the saves that waited behind a newer one were not written


def test_a_full_disk_is_said_once_met_and_the_last_good_autosave_kept(monkeypatch):
    session = new_game("shut-the-box", AIS, {}, 4)
    session.write_behind()
    autosave = session.match.autosave
    session.play_ai()
    session.writer.wait(autosave)
    good = autosave.read_bytes()
    with monkeypatch.context() as patch:
        patch.setattr(record, "write_atomic", lambda *a, **k: (_ for _ in ()).throw(
            OSError(errno.ENOSPC, "No space left on device")))
        session.play_ai()
        session.play_ai()
        session.writer.wait(autosave)
        assert session.unsaved and "the disk is full" in session.unsaved
        assert not session.retry_saving()  # still full: tried, and still said
        assert autosave.read_bytes() == good
    session.play_ai()  # space again: the next save holds the whole game
    session.close()
    assert session.unsaved is None
    assert load_record(autosave).events == session.record.events


def test_a_record_too_large_is_refused_at_once_with_saves_behind(monkeypatch):
    session = new_game("ten-thousand", AIS, {}, 9)
    session.write_behind()
    for _ in range(5):
        session.play_ai()
    autosave = session.match.autosave
    session.writer.wait(autosave)
    monkeypatch.setattr("petanque_game.ui.session.MAX_BYTES", autosave.stat().st_size + 40)
    for _ in range(20):
        session.play_ai()
        if session.halted:
            break
    assert session.halted and "cannot go on" in session.halted
    session.close()
    assert load_record(autosave).events == session.record.events  # no move lost or unsaved


def test_a_bug_in_writing_goes_up_to_the_window(monkeypatch):
    session = new_game("ten-thousand", AIS, {}, 2)
    session.write_behind()

    def broken(path, text):
        raise ValueError("a bug")

    monkeypatch.setattr(session.writer, "write", broken)
    session.play_ai()
    session.writer.wait(session.match.autosave)
    with pytest.raises(ValueError, match="a bug"):
        session.unsaved  # noqa: B018 - taking in the thread's outcome raises it
    monkeypatch.undo()
    session.close()


# Games of a window in a process of its own, saving behind, played as fast as it can, one after
# another, until it is killed.
PLAYER = r"""
from petanque_game.record import Seat
from petanque_game.ui.session import new_game

print("playing", flush=True)
for seed in range(10**6):
    session = new_game("ten-thousand", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")], {},
                       seed)
    session.write_behind()
    while not session.over:
        session.play_ai()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9")
def test_a_kill_in_the_middle_of_saving_leaves_a_whole_save(home):
    child = subprocess.Popen([sys.executable, "-c", PLAYER], stdout=subprocess.PIPE, text=True,
                             env=child_env(home))
    try:
        assert child.stdout.readline() == "playing\n"
        time.sleep(0.75)  # moves and saves going on (some 900 moves here under load)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
    left = saves.autosave_files()
    assert left or list(paths.records_dir().glob("*.json"))
    for autosave in left:  # the game killed: a whole save, as some move left it
        session = resume(autosave)  # it reads, whole, and plays on
        session.play_ai()
        session.close()


def test_the_writer_writes_as_a_record_is_written(tmp_path):
    path = tmp_path / "game.json"
    save_thread.write_record(path, "{}")
    assert path.read_text("utf-8") == "{}"
