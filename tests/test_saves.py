"""Games in progress (issue 8, items 1 and 3): one autosave per game, locks no killed window keeps,
the old single autosave.json moved in, a failed new game hiding nothing, leftovers of killed saves
removed at start."""

import errno
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import petanque_game
from petanque_game import files, paths, saves
from petanque_game.match import Match
from petanque_game.record import Seat, load_record
from petanque_game.ui.session import LoadProblem, keep_record, new_game, resume

AIS = [Seat("Astrid", "ai", "easy"), Seat("Bjorn", "ai", "easy")]
TESTS = Path(__file__).parent
SOURCE = Path(petanque_game.__file__).parent.parent


def child_env(home):
    env = dict(os.environ, PETANQUE_GAME_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["PYTHONPATH"] = os.pathsep.join([str(SOURCE), str(TESTS), env.get("PYTHONPATH", "")])
    return env


# A window of its own, in a process of its own: it starts a game of its own (as the setup scene
# does) and, for each "move" on its standard input, runs frames until the game has moved, then
# prints the game's events as they are saved (once the saves' thread has written them: the window
# writes its autosave behind the frames, save_thread.py).
WINDOW = r"""
import json, sys
from ui_support import fast_app
from petanque_game.record import Seat
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game

game, seed = sys.argv[1], int(sys.argv[2])
app = fast_app()
session = new_game(game, [Seat("Astrid", "ai", "easy"), Seat("Bjorn", "ai", "easy")], {}, seed)
open_game_scene(app, session)
print(json.dumps({"autosave": str(session.match.autosave), "events": session.record.events}),
      flush=True)
for line in sys.stdin:
    before = len(session.record.events)
    for _ in range(1000):
        app.tick(1 / 60)
        if len(session.record.events) > before:
            break
    app.workers.saves.wait()
    print(json.dumps({"autosave": str(session.match.autosave), "events": session.record.events}),
          flush=True)
"""


class Window:
    def __init__(self, home, game, seed):
        self.proc = subprocess.Popen([sys.executable, "-c", WINDOW, game, str(seed)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     env=child_env(home))
        self.watchdog = threading.Timer(300, self.proc.kill)  # a hang fails the test, not CI
        self.watchdog.start()
        self.state = self._read()

    def _read(self):
        line = self.proc.stdout.readline()
        assert line, "the window process ended early"
        return json.loads(line)

    def move(self):
        self.proc.stdin.write("move\n")
        self.proc.stdin.flush()
        self.state = self._read()
        return self.state

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=60)
        self.watchdog.cancel()


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9")
def test_two_windows_on_one_user_folder_both_killed_both_games_resume(home):
    """Item 1: window B's new game moved A's autosave aside and A's next move overwrote B's. Now
    each game has its own file: A starts, B starts, A moves, B moves, A moves, both are killed,
    and both games resume exactly as they were saved."""
    a = Window(home, "ten-thousand", 1)
    b = Window(home, "shut-the-box", 2)
    try:
        a.move()
        b.move()
        a.move()
    finally:
        a.kill()
        b.kill()
    assert a.state["autosave"] != b.state["autosave"]
    games = saves.unfinished_games()
    assert sorted(str(g.path) for g in games if g.resumable) == sorted(
        [a.state["autosave"], b.state["autosave"]])
    for window in (a, b):
        session = resume(Path(window.state["autosave"]))
        assert session.record.events == window.state["events"] and session.record.events
        session.play_ai()  # and it plays on
        session.close()


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9")
def test_a_game_open_in_a_window_is_not_resumed_elsewhere_and_its_lock_dies_with_it(home):
    a = Window(home, "ship-captain-crew", 3)
    try:
        a.move()
        path = Path(a.state["autosave"])
        [game] = saves.unfinished_games()
        assert game.path == path and not game.resumable and "being played" in game.problem
        with pytest.raises(LoadProblem, match="being played in another window"):
            resume(path)
    finally:
        a.kill()
    [game] = saves.unfinished_games()  # kill -9: the OS dropped the lock
    assert game.resumable
    session = resume(path)
    assert session.record.events == a.state["events"]
    session.close()


def test_each_new_game_gets_its_own_autosave_and_neither_touches_the_other(home):
    first = new_game("ten-thousand", AIS, {}, 1)
    second = new_game("ten-thousand", AIS, {}, 2)
    assert first.match.autosave != second.match.autosave
    assert {first.match.autosave.parent, second.match.autosave.parent} == {paths.autosaves_dir()}
    first.play_ai()
    second.play_ai()
    assert load_record(first.match.autosave).seed == 1
    assert load_record(second.match.autosave).seed == 2
    first.close()
    second.close()


def test_a_failed_new_game_moves_or_hides_no_unfinished_game(home, monkeypatch):
    """Item 3: a new game whose first save fails (a full disk) leaves every unfinished game
    where Resume finds it."""
    earlier = new_game("shut-the-box", AIS, {}, 5)
    earlier.play_ai()
    kept = earlier.match.autosave.read_bytes()
    earlier.close()

    def full_disk(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr("petanque_game.record.write_atomic", full_disk)
        failed = new_game("ten-thousand", AIS, {}, 6)
        assert "not saved" in failed.save_problem and "the disk is full" in failed.save_problem
        assert "Errno" not in failed.save_problem
        failed.close()  # still full when the window lets go of it: nothing written
    [game] = saves.unfinished_games()
    assert game.resumable and game.path == earlier.match.autosave
    assert game.path.read_bytes() == kept
    assert not list(paths.autosaves_dir().glob("ten-thousand-*"))  # no lock file left either


def test_the_old_single_autosave_json_is_moved_in_and_resumes(home):
    match = Match.new("ten-thousand", AIS, {}, 9)
    match.play_ai_turn()
    old = paths.old_autosave_path()
    old.parent.mkdir(parents=True)
    old.write_text(match.record.dumps(), encoding="utf-8")
    [game] = saves.unfinished_games()
    assert not old.exists() and game.path.parent == paths.autosaves_dir() and game.resumable
    session = resume(game.path)
    assert session.record.events == match.record.events
    session.close()


def test_an_old_autosave_json_that_is_not_a_file_is_left_alone(home):
    old = paths.old_autosave_path()
    old.mkdir(parents=True)
    assert saves.unfinished_games() == [] and old.is_dir()


def test_a_finished_game_never_replaces_another_record(home):
    kept = set()
    for seed in (4, 5, 6):  # within one second: three games, three names
        match = Match.new("shut-the-box", AIS, {}, seed)
        match.play_to_end()
        kept.add(keep_record(match.record))
    assert len(kept) == 3 and sorted(load_record(p).seed for p in kept) == [4, 5, 6]


def test_leftover_temp_files_of_killed_saves_are_removed_at_start(home):
    """Bugs must be visible (issue 8): a killed save leaves `.NAME.PID.XXXX.tmp`; the next start
    removes those of processes that are gone, and keeps a running one's."""
    folder = paths.autosaves_dir()
    folder.mkdir(parents=True)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    killed = folder / f".game.json.{dead.stdout.strip()}.abcd1234.tmp"
    running = folder / f".game.json.{os.getpid()}.efgh5678.tmp"
    ancient = paths.user_dir() / ".autosave.json.k2j3h4g5.tmp"  # an older version's name
    mine = folder / "notes.tmp"
    for path in (killed, running, ancient, mine):
        path.write_text("{", encoding="utf-8")
    os.utime(ancient, (time.time() - 7200, time.time() - 7200))
    saves.tidy_user_folder()
    assert not killed.exists() and not ancient.exists()
    assert running.exists() and mine.exists()


def test_a_lock_file_of_a_game_never_saved_is_removed_at_start(home):
    path, lock = saves.claim_new("ten-thousand")
    assert saves.lock_path(path).exists()
    saves.tidy_user_folder()
    assert saves.lock_path(path).exists()  # held: a game just starting
    lock.release()
    saves.tidy_user_folder()
    assert not saves.lock_path(path).exists()


def test_write_new_refuses_to_replace_a_file(tmp_path):
    path = tmp_path / "r.json"
    files.write_new(path, "one")
    with pytest.raises(FileExistsError):
        files.write_new(path, "two")
    assert path.read_text() == "one" and [p.name for p in tmp_path.iterdir()] == ["r.json"]
