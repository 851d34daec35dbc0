"""Nothing lost at the edges (issue 16, items 1, 2 and 7): a game that ends on a full disk is kept
when space returns (tried after every move, every few seconds and at the end) and its last good
autosave is never dropped; one game is one record whatever happens at its end; a game whose
record would grow over what a reader takes stops, says so and stays as last saved."""

import errno
import os

import pytest

from petanque_game import paths, record
from petanque_game.files import TooLarge
from petanque_game.record import Seat, load_record
from petanque_game.ui import session as session_module
from petanque_game.ui.session import new_game, resume

pytestmark = pytest.mark.usefixtures("home")

AIS = [Seat("Astrid", "ai", "easy"), Seat("Bjorn", "ai", "easy")]


def full_disk(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def play_some(session, moves):
    for _ in range(moves):
        session.play_ai()


def records():
    return sorted(paths.records_dir().glob("*.json"))


def test_a_game_ending_on_a_full_disk_is_kept_when_space_returns(monkeypatch):
    session = new_game("shut-the-box", AIS, {}, 4)
    autosave = session.match.autosave
    play_some(session, 3)
    good = autosave.read_bytes()  # the last save before the disk filled
    with monkeypatch.context() as patch:
        patch.setattr("petanque_game.record.write_atomic", full_disk)
        patch.setattr("petanque_game.ui.kept_records.write_new_named", full_disk)
        while not session.over:
            session.play_ai()
        assert session.unsaved and "the disk is full" in session.unsaved
        assert session.saved_record is None and records() == []
        assert not session.retry_saving()  # still full: tried, and still said
        assert autosave.read_bytes() == good  # the last good autosave is kept, never dropped
    assert session.retry_saving()  # space again: the finished game is kept, once
    assert session.unsaved is None and records() == [session.saved_record]
    kept = load_record(session.saved_record)
    assert kept.events == session.record.events and kept.result == session.record.result
    assert not autosave.exists()


def test_leaving_a_game_tries_once_more_and_keeps_the_last_good_autosave(monkeypatch):
    session = new_game("ten-thousand", AIS, {}, 5)
    autosave = session.match.autosave
    play_some(session, 4)
    good = load_record(autosave).events
    with monkeypatch.context() as patch:
        patch.setattr("petanque_game.record.write_atomic", full_disk)
        play_some(session, 4)
        session.close()  # the window closes on a full disk: the autosave is the last good one
    assert load_record(autosave).events == good
    later = new_game("ten-thousand", AIS, {}, 6)
    with monkeypatch.context() as patch:
        patch.setattr("petanque_game.record.write_atomic", full_disk)
        play_some(later, 4)
    later.close()  # space came back before the window closed: every move is saved
    assert load_record(later.match.autosave).events == later.record.events


def test_a_move_after_a_failed_save_saves_the_whole_game(monkeypatch):
    session = new_game("ten-thousand", AIS, {}, 7)
    with monkeypatch.context() as patch:
        patch.setattr("petanque_game.record.write_atomic", full_disk)
        play_some(session, 3)
    assert session.unsaved
    play_some(session, 1)
    assert session.unsaved is None
    assert load_record(session.match.autosave).events == session.record.events


def stuck(monkeypatch, autosave):
    """From now on `autosave` cannot be removed (a read-only folder, a file held on Windows)."""
    real_remove = os.remove

    def remove(path, *a, **k):
        if os.fspath(path) == os.fspath(autosave):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
        real_remove(path, *a, **k)

    monkeypatch.setattr(session_module.os, "remove", remove)


def test_a_finished_autosave_that_cannot_be_removed_is_one_record(monkeypatch):
    session = new_game("shut-the-box", AIS, {}, 8)
    autosave = session.match.autosave
    with monkeypatch.context() as patch:
        stuck(patch, autosave)
        while not session.over:
            session.play_ai()
        assert "Cannot remove the autosave" in session.save_problem
        session.close()
        for _ in range(3):  # found again at every Resume, finished
            again = resume(autosave)
            assert again.saved_record == session.saved_record  # the same record, not a new one
            again.close()
    assert autosave.exists() and records() == [session.saved_record]
    resume(autosave).close()  # removable again: gone, and still one record
    assert records() == [session.saved_record] and not autosave.exists()


def test_a_kill_between_keeping_the_record_and_removing_the_autosave_is_one_record():
    session = new_game("shut-the-box", AIS, {}, 8)
    autosave = session.match.autosave
    play_some(session, 2)
    session.close()
    finished = resume(autosave)
    while not finished.over:
        finished.play_ai()
    kept = finished.saved_record
    # what a kill -9 after keeping the record leaves: the finished game's autosave, as saved
    autosave.write_text(finished.record.dumps(), encoding="utf-8")
    resume(autosave).close()
    assert records() == [kept] and not autosave.exists()


def test_a_game_that_outgrows_a_record_stops_and_says_so(monkeypatch):
    session = new_game("ten-thousand", AIS, {}, 9)
    play_some(session, 5)
    autosave = session.match.autosave
    size = autosave.stat().st_size
    monkeypatch.setattr(record, "MAX_BYTES", size + 40)  # the next move or two will not fit
    for _ in range(20):
        session.play_ai()
        if session.halted:
            break
    assert session.halted and "cannot go on" in session.halted
    assert "bytes" in session.halted and str(autosave) in session.halted
    on_disk = load_record(autosave)
    assert on_disk.events == session.record.events  # the game is the one saved, no move lost
    assert session.state == session.match.state
    events = len(session.record.events)
    assert not session.ai_to_move and not session.human_to_move
    play_some(session, 3)
    assert len(session.record.events) == events  # refused, not played on unsaved
    assert session.decide(None) == session.halted


def test_too_large_is_an_oserror_the_save_paths_see():
    assert issubclass(TooLarge, OSError)
