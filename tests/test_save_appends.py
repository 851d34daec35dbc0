"""Autosaves written by appending (issue 31, item 6): a move's save behind the window writes the
move's events, not the whole game, and the window's thread makes no text but theirs; the record
file is the whole game, byte for byte as `Record.dumps` writes it, after every save; a kill -9 in
the middle of an append leaves the last good save whole, and the game resumes from it."""

import errno
import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from test_saves import child_env

from petanque_game import paths, record, save_appends, saves
from petanque_game.files import TEMP_SUFFIX
from petanque_game.match import Match
from petanque_game.record import Record, Seat, load_record
from petanque_game.save_appends import Book, Moves
from petanque_game.ui.session import new_game, resume

pytestmark = pytest.mark.usefixtures("home")

AIS = [Seat("Astrid", "ai", "easy"), Seat("Bjorn", "ai", "easy")]


def temp_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(TEMP_SUFFIX))


def test_a_move_saved_behind_writes_its_events_and_the_window_makes_no_whole_text(monkeypatch):
    session = new_game("ship-captain-crew", AIS, {"mode": "pot", "chips": 3}, 5)
    session.write_behind()
    autosave = session.match.autosave
    whole, texts = [], []  # whole files the thread wrote; texts made on the window's thread
    real_write = session.writer.write
    monkeypatch.setattr(session.writer, "write", lambda path, text: (whole.append(path),
                                                                     real_write(path, text))[1])
    real_text_of = record.text_of
    monkeypatch.setattr(record, "text_of", lambda *a: (
        texts.append(threading.current_thread() is threading.main_thread() and not session.over),
        real_text_of(*a))[1])
    monkeypatch.setattr(save_appends, "text_of", record.text_of)
    real_dumps = Record.dumps  # made once the game is over, to keep it in records/ (not a save)
    monkeypatch.setattr(Record, "dumps", lambda self: real_dumps(self) if session.over else
                        pytest.fail("the whole record was made for a move's save"))
    moves = 0
    while not session.over:
        session.play_ai()  # decided on this thread: no text made ahead on the AI's
        moves += 1
        if session.over:
            break
        session.writer.wait(autosave)
        # the file is the whole game, as a record read and written again is
        assert autosave.read_text("utf-8") == real_text_of(*_parts(session.record))
    assert moves > 20 and session.saved_record is not None
    assert whole == [autosave, autosave]  # the first two saves only (no spare before them)
    assert True not in texts  # no whole text made on the window's thread
    assert not temp_files(autosave.parent)  # the spare let go with the game


def _parts(rec: Record) -> tuple[str, list[str], str]:
    head, tail = rec.frame()
    return head, [record.event_line(e) for e in rec.events], tail


def test_the_record_text_pieces_make_the_file_dumps_writes():
    rec = Record("ten-thousand", {}, 3, AIS)
    for events in ([], [{"action": "roll", "player": 0, "dice": [1, 2, 3, 4, 5, 6]}],
                   [{"action": "bank", "player": 1, "note": "æøå"}] * 3):
        for result in (None, {"scores": [1, 2], "winners": [1]}):
            rec.events, rec.result = list(events), result
            head, lines, tail = _parts(rec)
            text = rec.dumps()
            assert json.loads(text)["events"] == events
            size = sum(len(line.encode()) for line in lines)
            assert record.text_size(head, tail, size, len(lines)) == len(text.encode())
            for cut in range(len(lines) + 1):  # any first part of the events, and the rest added
                start = record.text_of(head, lines[:cut], "]\n}\n")
                end = len(start) - len("]\n}\n") - (2 if cut else 0)
                assert start[:end] + record.appended(cut, lines[cut:], tail) == text


def book_moves(tmp_path, count, result=None):
    """A Book saving a game of `count` events in moves of one event, as the thread does."""
    rec = Record("ten-thousand", {}, 3, AIS)
    book = Book(tmp_path / "g.json", record.write_atomic)
    for i in range(count):
        rec.events.append({"action": "roll", "player": i % 2, "dice": [i % 6 + 1]})
        head, tail = rec.frame()
        lines = tuple(record.event_line(e) for e in (rec.events if i == 0 else rec.events[-1:]))
        book.save(Moves(lines, head, tail, len(rec.events), start=i == 0))
        assert (tmp_path / "g.json").read_text("utf-8") == rec.dumps()
    rec.result = result
    return book, rec


def test_a_result_is_appended_with_the_closing_lines_and_a_changed_top_is_written_whole(tmp_path):
    book, rec = book_moves(tmp_path, 6)
    spare = book.spare
    assert spare is not None and spare.name.exists()
    rec.result = {"scores": [10, 0], "winners": [0]}  # the game's end: below the events
    book.save(Moves((), *rec.frame(), len(rec.events)))
    assert (tmp_path / "g.json").read_text("utf-8") == rec.dumps()
    assert not spare.name.exists()  # it was brought up to date and renamed over the record
    rec.extra["note"] = "x"  # a change above the events: the file written whole
    book.save(Moves((), *rec.frame(), len(rec.events)))
    assert (tmp_path / "g.json").read_text("utf-8") == rec.dumps()
    book.drop()
    assert temp_files(tmp_path) == []


def test_a_spare_that_went_missing_or_failed_half_way_costs_one_whole_save(tmp_path, monkeypatch):
    book, rec = book_moves(tmp_path, 5)
    os.unlink(book.spare.name)  # another window's start removed it (an hour idle)
    rec.events.append({"action": "bank", "player": 1})
    book.save(Moves((record.event_line(rec.events[-1]),), *rec.frame(), len(rec.events)))
    assert (tmp_path / "g.json").read_text("utf-8") == rec.dumps()
    good = (tmp_path / "g.json").read_bytes()
    assert book.spare is not None

    def full(fd, length):
        raise OSError(errno.ENOSPC, "No space left on device")

    rec.events.append({"action": "bank", "player": 0})
    with monkeypatch.context() as patch:
        patch.setattr(save_appends.os, "ftruncate", full)
        with pytest.raises(OSError):
            book.save(Moves((record.event_line(rec.events[-1]),), *rec.frame(), len(rec.events)))
    assert (tmp_path / "g.json").read_bytes() == good  # the last good save, whole
    assert book.spare is None and temp_files(tmp_path) == []  # the torn spare removed
    book.save(Moves((), *rec.frame(), len(rec.events)))  # tried again: whole, with everything
    assert (tmp_path / "g.json").read_text("utf-8") == rec.dumps()


def test_moves_handed_over_out_of_step_are_a_bug_not_a_save(tmp_path):
    book, rec = book_moves(tmp_path, 3)
    with pytest.raises(ValueError, match="3 event lines handed over for a game of 4 events"):
        book.save(Moves((), *rec.frame(), 4))


# A window's game saving behind in a process of its own, stopped dead in the middle of an append:
# the spare written half (`write`) or whole and flushed but not renamed yet (`replace`), as a
# kill -9 can find it. The child says how many events its last good save held, then where it is.
MID_APPEND = r"""
import json, os, sys, time
from petanque_game import save_appends
from petanque_game.record import Seat
from petanque_game.ui.session import new_game

where, moves = sys.argv[1], int(sys.argv[2])
session = new_game("ten-thousand", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")], {}, 7)
session.write_behind()
for _ in range(moves):
    session.play_ai()
    session.writer.wait(session.match.autosave)
print(json.dumps({"autosave": str(session.match.autosave), "events": session.record.events}),
      flush=True)

def stop(*args):
    print("stopped", flush=True)
    time.sleep(600)

class Halting:
    def __getattr__(self, name):
        return getattr(os, name)

    def write(self, fd, data):
        if where == "write":
            os.write(fd, bytes(data)[:len(data) // 2])
            stop()
        return os.write(fd, data)

    def replace(self, src, dst):
        stop() if where == "replace" else os.replace(src, dst)

save_appends.os = Halting()
session.play_ai()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9")
@pytest.mark.parametrize("where", ["write", "replace"])
def test_a_kill_in_the_middle_of_an_append_leaves_the_last_save_whole(home, where):
    child = subprocess.Popen([sys.executable, "-c", MID_APPEND, where, "6"],
                             stdout=subprocess.PIPE, text=True, env=child_env(home))
    try:
        before = json.loads(child.stdout.readline())
        assert child.stdout.readline() == "stopped\n"  # in the middle of the seventh move's save
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
    autosave = Path(before["autosave"])
    assert temp_files(autosave.parent)  # the spare, half written or not renamed
    assert load_record(autosave).events == before["events"]  # the sixth move's save, whole
    assert autosave.read_text("utf-8") == load_record(autosave).dumps()
    saves.tidy_user_folder()  # the next start: the killed window's spare is a leftover
    assert temp_files(autosave.parent) == []
    session = resume(autosave)
    session.write_behind()
    for _ in range(4):  # and it plays on, saving by appending again
        session.play_ai()
    session.close()
    assert load_record(autosave).events == session.record.events
    assert load_record(autosave).events[:len(before["events"])] == before["events"]


# Games of a window saving behind as fast as it can, killed at a moment the test picks; what is
# left is compared with the same game played here without a kill.
FAST = r"""
import json, sys
from petanque_game.record import Seat
from petanque_game.ui.session import new_game

seats = [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")]
for seed in range(10**6):
    session = new_game("ship-captain-crew", seats, {"mode": "pot", "chips": 3}, seed)
    session.write_behind()
    if seed == 0:
        print("playing", flush=True)  # the first game's autosave made: the clock starts
    while not session.over:
        session.play_ai()
    session.close()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9")
@pytest.mark.parametrize("delay", [0.3, 0.55, 0.8])
def test_a_kill_at_any_moment_of_appended_saves_leaves_a_game_that_resumes(home, delay):
    child = subprocess.Popen([sys.executable, "-c", FAST], stdout=subprocess.PIPE, text=True,
                             env=child_env(home))
    try:
        assert child.stdout.readline() == "playing\n"
        threading.Event().wait(delay)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
    saves.tidy_user_folder()
    left = saves.autosave_files()
    assert left or list(paths.records_dir().glob("*.json"))
    for autosave in left:
        on_disk = load_record(autosave)  # whole, and as the program writes a record
        assert autosave.read_text("utf-8") == on_disk.dumps()
        game = Match.new(on_disk.game, on_disk.players, on_disk.options, on_disk.seed)
        while len(game.record.events) < len(on_disk.events):  # the same game, move for move
            game.play_ai_turn()
        assert game.record.events[:len(on_disk.events)] == on_disk.events
        session = resume(autosave)
        session.play_ai()
        session.close()
