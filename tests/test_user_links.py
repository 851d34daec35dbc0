"""Files outside the user folder (issue 16, item 12): a settings.yaml, ui.yaml or board of the
player's that is a link leading out of the user folder is refused, never read, and no line of it
is shown (window, messages, log); a settings file's values are never echoed either, only the
setting's name; a `.lock` that is a link is never followed (a dangling one must not make its
target outside the folder)."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from hostile_levels import classic_text

from petanque_game import logs, saves
from petanque_game.physics.level import LevelError, list_levels, load_named_level
from petanque_game.ui.settings import load_settings

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="symbolic links")

SECRET = "hunter2-the-password"
SECRETS_FILE = f"password: {SECRET}\naws_key: {SECRET}\nlanguage: {SECRET}\n"


def shown_anywhere(app) -> str:
    """Everything the window and the log say."""
    log = logs.log_path()
    return "\n".join([*app.settings.problems, app.toast.message or "",
                      log.read_text(encoding="utf-8") if log.exists() else ""])


@pytest.mark.parametrize("file", ["settings.yaml", "ui.yaml"])
def test_a_settings_file_linking_out_of_the_user_folder_is_refused_unread(home, tmp_path, file):
    from petanque_game.ui.app import App

    secrets = tmp_path / "secrets.yaml"
    secrets.write_text(SECRETS_FILE, encoding="utf-8")
    home.mkdir(parents=True)
    (home / file).symlink_to(secrets)
    app = App()
    assert app.settings.problems == [f"{home / file}: a link to a file outside your user "
                                     f"folder; not read"]
    assert SECRET not in shown_anywhere(app) and "password" not in shown_anywhere(app)
    app.close()


def test_a_link_inside_the_user_folder_is_read(home):
    mine = home / "mine"
    mine.mkdir(parents=True)
    (mine / "ui.yaml").write_text("ai_delay: 1.5\n", encoding="utf-8")
    (home / "ui.yaml").symlink_to(mine / "ui.yaml")
    settings = load_settings()
    assert settings.problems == [] and settings.ai_delay == 1.5


def test_a_settings_files_values_are_never_echoed(home):
    from petanque_game.ui.app import App

    home.mkdir(parents=True)
    (home / "settings.yaml").write_text(f"language: {SECRET}\nvolume: {SECRET}\nkeys:\n"
                                        f"  roll: [{SECRET}]\n  bank: {SECRET}\n"
                                        f"colours:\n  felt: {SECRET}\n", encoding="utf-8")
    app = App()
    assert len(app.settings.problems) == 5, app.settings.problems
    assert all(p.startswith(str(home / "settings.yaml")) for p in app.settings.problems)
    assert SECRET not in shown_anywhere(app)
    app.close()


def test_a_yaml_mistake_does_not_echo_what_it_found(home):
    home.mkdir(parents=True)
    (home / "settings.yaml").write_text(f"language: *{SECRET}\n", encoding="utf-8")
    settings = load_settings()
    assert len(settings.problems) == 1 and "not valid YAML at line 1" in settings.problems[0]
    assert SECRET not in settings.problems[0]


def test_a_board_linking_out_of_the_user_folder_is_listed_as_refused(home, tmp_path):
    outside = tmp_path / "outside.yaml"
    outside.write_text(classic_text(), encoding="utf-8")  # a good board: the link is the problem
    secrets = tmp_path / "secrets.yaml"
    secrets.write_text(SECRETS_FILE, encoding="utf-8")
    folder = home / "levels"
    folder.mkdir(parents=True)
    (folder / "linked.yaml").symlink_to(outside)
    (folder / "secret.yaml").symlink_to(secrets)
    (folder / "inside.yaml").write_text(classic_text(), encoding="utf-8")
    (folder / "also-inside.yaml").symlink_to(folder / "inside.yaml")
    listed = dict(list_levels())
    for name in ("linked", "secret"):
        assert isinstance(listed[name], LevelError)
        assert str(listed[name]) == (f"{name}.yaml: a link to a file outside your user folder; "
                                     "not read")
    assert not isinstance(listed["inside"], LevelError)
    assert not isinstance(listed["also-inside"], LevelError)
    with pytest.raises(LevelError, match="outside your user folder"):
        load_named_level("linked")  # a record naming it: refused too


def test_a_dangling_lock_link_never_makes_its_target(home, tmp_path):
    from petanque_game.files import open_lock

    target = tmp_path / "elsewhere" / "made-by-the-game"
    target.parent.mkdir()
    autosave = home / "autosaves" / "ten-thousand-20260101-120000-1.json"
    autosave.parent.mkdir(parents=True)
    saves.lock_path(autosave).symlink_to(target)
    with pytest.raises(OSError):
        saves.GameLock.take(autosave)
    with pytest.raises(OSError):
        open_lock(saves.lock_path(autosave))
    assert not target.exists()


def test_a_lock_link_to_a_file_is_not_followed(home, tmp_path):
    from petanque_game.files import open_lock

    target = tmp_path / "precious"
    target.write_text("mine", encoding="utf-8")
    lock = home / "autosaves" / "x.lock"
    lock.parent.mkdir(parents=True)
    lock.symlink_to(target)
    with pytest.raises(OSError):
        open_lock(lock)
    fd = open_lock(home / "autosaves" / "y.lock")  # an ordinary lock: made, and opened
    os.close(fd)
    assert (home / "autosaves" / "y.lock").is_file() and target.read_text() == "mine"
