"""The index of the games kept (issue 16, items 4, 5, 6 and 8): every file listed however many
there are, each read once per version of it and its summary kept in the user folder (a damaged
index rebuilt), nothing locked or made to list the games in progress, entries that cannot be read
skipped one by one with why, and any date a record may hold shown."""

import os
import shutil

import pygame
import pytest
from ui_support import fast_app, read_lists

from petanque_game import history, paths, saves
from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.ui.scenes.game_lists import ReplayListScene, ResumeListScene

pytestmark = pytest.mark.usefixtures("home")

AIS = [Seat("Åse", "ai", "easy"), Seat("Bjørn", "ai", "easy")]


def record_file(folder, name, seed=1, created="2026-01-01T10:00:00+00:00", finished=True):
    match = Match.new("shut-the-box", AIS, {}, seed, created=created)
    if finished:
        match.play_to_end()
    else:
        match.play_ai_turn()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(match.record.dumps(), "utf-8")
    return path


def copies(path, n):
    for k in range(n):
        shutil.copyfile(path, path.with_name(f"copy-{k:04d}.json"))


def test_a_second_opening_reads_no_file_and_a_damaged_index_is_rebuilt():
    folder = paths.records_dir()
    for seed in range(4):
        record_file(folder, f"g{seed}.json", seed)
    assert history.scan(folder).read == 4
    assert history.scan(folder).read == 0  # remembered
    history.forget()  # a new window: the index in the user folder
    again = history.scan(folder)
    assert again.read == 0 and len(again.good) == 4
    index = history.index_file(folder, True)
    assert index.parent == paths.index_dir() and index.is_file()
    record_file(folder, "g1.json", 9)  # a file that changed is read again, and only that one
    assert history.scan(folder).read == 1
    for damage in (b"{", b"\x00" * 10, b'{"format": "petanque-game-index", "version": 1, '
                                       b'"checked_by": "x", "files": [1]}'):
        history.forget()
        index.write_bytes(damage)
        rebuilt = history.scan(folder)
        assert rebuilt.read == 4 and len(rebuilt.good) == 4
    history.forget()
    assert history.scan(folder).read == 0  # written whole again


def test_listing_the_games_in_progress_makes_and_locks_nothing():
    folder = paths.autosaves_dir()
    record_file(folder, "shut-the-box-20260101-100000-1.json", finished=False)
    before = sorted(os.listdir(folder))
    [game] = saves.unfinished_games()
    assert game.resumable and sorted(os.listdir(folder)) == before  # no .lock made


def test_a_game_open_in_a_window_is_listed_as_such():
    folder = paths.autosaves_dir()
    path = record_file(folder, "shut-the-box-20260101-100000-1.json", finished=False)
    lock = saves.GameLock.take(path)
    try:
        [game] = saves.unfinished_games()
        assert not game.resumable and "window" in game.problem
    finally:
        lock.release()
    [game] = saves.unfinished_games()
    assert game.resumable


def test_every_record_and_every_game_in_progress_is_listed():
    """No silent cap: 230 records and 205 autosaves, all in the lists (the old lists stopped at
    200 without a word)."""
    copies(record_file(paths.records_dir(), "first.json"), 229)
    copies(record_file(paths.autosaves_dir(), "first.json", finished=False), 204)
    app = fast_app()
    scene = app.open("replays")
    read_lists(app)
    assert len(scene.entries) == 230 + 205 and not any(e.broken for e in scene.entries)
    assert isinstance(scene, ReplayListScene)
    app.key(pygame.K_END)
    assert scene.focus == len(scene.entries) - 1 and scene.scroll == len(scene.entries) - 8
    app.render_logical()
    app.pop()
    resume_list = app.open("resume")
    read_lists(app)
    assert isinstance(resume_list, ResumeListScene) and len(resume_list.entries) == 205


def test_an_unreadable_entry_is_skipped_and_counted_never_hiding_the_rest():
    folder = paths.records_dir()
    record_file(folder, "good.json")
    (folder / "loop.json").symlink_to(folder / "loop.json")
    (folder / "dir.json").mkdir()
    app = fast_app()
    scene = app.open("replays")
    assert scene.reading.going  # read off the window's thread
    app.render_logical()  # the progress line, drawn meanwhile
    read_lists(app)
    assert [e.path.name for e in scene.entries if not e.broken] == ["good.json"]
    assert sorted(e.path.name for e in scene.entries if e.broken) == ["dir.json", "loop.json"]
    assert scene.broken == 2
    app.render_logical()


@pytest.mark.parametrize("created", ["0001-01-01T00:00:00+14:00", "0001-01-01T00:00:00",
                                     "9999-12-31T23:59:59-14:00", "9999-12-31T23:59:59",
                                     "not a date", "2026-13-45T99:00:00"])
def test_any_date_a_record_may_hold_is_shown(created):
    record_file(paths.records_dir(), "old.json", created=created)
    record_file(paths.autosaves_dir(), "shut-the-box-20260101-100000-1.json", created=created,
                finished=False)
    app = fast_app()
    app.step(0.01)
    read_lists(app)  # the menu's Resume line
    scene = app.open("replays")
    read_lists(app)
    assert len(scene.entries) == 2 and not any(e.broken for e in scene.entries)
    if created[:4] in ("0001", "9999"):
        assert all(created[:10] in e.title(app.look) for e in scene.entries)
    app.render_logical()
    app.pop()
    app.open("resume")
    read_lists(app)
    app.render_logical()


def test_a_file_time_far_in_the_future_is_shown():
    path = record_file(paths.records_dir(), "future.json", created=None)
    os.utime(path, (253402300799, 253402300799))  # 9999-12-31 23:59:59 UTC
    [summary] = history.scan(paths.records_dir()).files
    assert summary.date[:4] in ("9999", "2446")  # (ext4 keeps file times up to 2446)
    assert history.date_text(None, 253402300799)[:10] == "9999-12-31"  # local time, or UTC
    assert history.date_text(None, 1e20) == "?"  # beyond any calendar: said, not a crash
    app = fast_app()
    scene = app.open("replays")
    read_lists(app)
    assert scene.entries[0].title(app.look).endswith(summary.date)
    app.render_logical()


@pytest.mark.slow
def test_the_statistics_count_every_game_past_the_old_2000():
    """No silent cap on the statistics (they read the newest 2,000 before): 2,001 games, each a
    game of its own (seats renamed: names are not drawn from the seed), all counted."""
    folder = paths.records_dir()
    text = record_file(folder, "first.json").read_text("utf-8")
    for k in range(2000):
        renamed = text.replace('"name": "Åse"', f'"name": "Åse {k}"', 1)
        (folder / f"copy-{k:04d}.json").write_text(renamed, "utf-8")
    from petanque_game import stats

    found = stats.read_folder(folder)
    assert len(found.games) == 2001 and found.copies == 0 and not found.broken
