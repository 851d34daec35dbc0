"""Bugs must be visible (issue 8): only a refusal is caught where it happens; any other error
reaches one handler, which logs its traceback in the user folder, keeps the autosave and tells the
player where the log is. And the window's start-up messages (item 13): every settings mistake, one
line each; a user folder that cannot hold saves, in words."""

import os
import threading

import pygame
import pytest
from ui_support import fast_app

from petanque_game import logs, paths, saves
from petanque_game.record import Seat
from petanque_game.rules.base import Roll
from petanque_game.ui.app import App, run_app
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.scenes.menu import MenuScene
from petanque_game.ui.scenes.trouble import ErrorScene
from petanque_game.ui.session import new_game
from petanque_game.ui.settings import load_settings

pytestmark = pytest.mark.usefixtures("home")

HUMAN_VS_AI = [Seat("Ana", "human"), Seat("Robot", "ai", "easy")]


def test_a_refusal_is_a_refusal_and_any_other_error_is_not_swallowed(monkeypatch):
    session = new_game("ten-thousand", HUMAN_VS_AI, {}, 1)
    before = session.match.state
    assert session.decide(Roll(2))  # refused, with the rules' reason
    assert session.match.state is before

    def broken(action):
        raise ValueError("a bug, not a refusal")

    monkeypatch.setattr(session.match, "decide", broken)
    with pytest.raises(ValueError, match="a bug, not a refusal"):
        session.decide(Roll(6))
    session.close()


def test_a_bug_during_a_frame_shows_where_the_log_is_and_keeps_the_game(monkeypatch):
    app = fast_app()
    session = new_game("ten-thousand", HUMAN_VS_AI, {}, 2)
    open_game_scene(app, session)
    scene = app.top
    assert session.decide(Roll(6)) is None
    app.workers.saves.wait()  # the window writes its autosave behind the frame
    saved = session.match.autosave.read_bytes()

    def broken(dt):
        raise KeyError("a state nobody expected")

    monkeypatch.setattr(scene, "update", broken)
    app.tick(1 / 60)
    assert isinstance(app.top, ErrorScene) and len(app.scenes) == 1
    assert "KeyError" in app.top.line and str(logs.log_path()) in app.top.line
    assert "a state nobody expected" in logs.log_path().read_text(encoding="utf-8")
    app.render()
    assert session.match.autosave.read_bytes() == saved
    [game] = saves.unfinished_games()  # the window let go of it: resumable
    assert game.resumable and game.path == session.match.autosave
    app.key(pygame.K_RETURN)
    assert isinstance(app.top, MenuScene)
    app.close()


def test_a_bug_in_the_error_screen_itself_ends_the_window_with_one_line(capsys, monkeypatch):
    def broken(self, surface):
        raise RuntimeError("cannot even draw")

    monkeypatch.setattr(MenuScene, "draw", broken)
    monkeypatch.setattr(ErrorScene, "draw", broken)
    assert run_app(fast_app) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("petanque-game: internal error (RuntimeError")
    assert str(logs.log_path()) in err


def test_the_ais_thread_never_holds_up_quitting():
    session = new_game("ten-thousand", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")], {}, 3)
    session.think()
    session.play_ai()
    workers = [t for t in threading.enumerate() if t.name == "petanque-ai"]
    assert workers and all(t.daemon for t in workers)
    session.close()


def test_every_mistake_in_ui_yaml_is_shown_one_line_each():
    folder = paths.user_dir()
    folder.mkdir(parents=True)
    (folder / "ui.yaml").write_text("ai_delay: slow\nroll_time: -4\nfont: big\n",
                                    encoding="utf-8")
    app = App()  # the settings files as the window reads them
    lines = app.toast.message.split("\n")
    assert len(lines) == 3 and all(line.startswith("Settings: ") for line in lines)
    assert any("ai_delay" in line for line in lines) and any("roll_time" in line for line in lines)
    assert any("font: unknown setting" in line for line in lines)
    app.render()
    app.close()


@pytest.mark.parametrize("kind, words", [
    ("folder", "is a folder, not a file"),
    pytest.param("fifo", "is not a regular file", marks=pytest.mark.skipif(
        not hasattr(os, "mkfifo"), reason="no named pipes here")),
    ("dangling link", "cannot read the file"),
])
def test_a_ui_yaml_that_is_a_folder_or_a_fifo_is_said_not_ignored(kind, words):
    """Item 13: a ui.yaml that is a folder or a named pipe was skipped without a word. It is read
    by config's reader of regular files, which refuses it (a pipe is never opened to wait for a
    writer), and said in one line naming the file, as every other settings mistake is."""
    folder = paths.user_dir()
    folder.mkdir(parents=True)
    ui = folder / "ui.yaml"
    if kind == "folder":
        ui.mkdir()
    elif kind == "fifo":
        os.mkfifo(ui)
    else:
        ui.symlink_to(folder / "gone.yaml")
    problems = load_settings().problems
    assert len(problems) == 1 and problems[0].startswith(f"{ui}: {words}"), problems
    app = App()  # and the window says it at start
    assert app.toast.message == f"Settings: {problems[0]}"
    app.close()


def test_no_ui_yaml_is_no_problem():
    paths.user_dir().mkdir(parents=True)
    assert load_settings().problems == []


def test_a_user_folder_that_is_a_file_is_said_in_words_at_start(tmp_path, monkeypatch):
    file = tmp_path / "not-a-folder"
    file.write_text("x")
    monkeypatch.setenv("PETANQUE_GAME_HOME", str(file))
    app = fast_app()
    menu = app.top
    assert isinstance(menu, MenuScene)
    assert "is a file, not a folder" in menu.problem and "Errno" not in menu.problem
    app.render()
    session = new_game("ten-thousand", HUMAN_VS_AI, {}, 4)
    assert "not saved" in session.save_problem and "Errno" not in session.save_problem
    app.close()
