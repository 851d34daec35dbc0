"""Issue 20: the game's identity outside Python: one version everywhere, the icon, About, the
menu entry and metainfo, `play --frames N`, and installing a build for one user."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from configparser import ConfigParser
from pathlib import Path

import pygame
import pytest
from ui_support import fast_app

from petanque_game import __version__
from petanque_game.ui import icon

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import build_app  # noqa: E402


def test_pyproject_takes_the_version_from_the_package():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "petanque_game.__version__"}


def test_the_changelog_names_the_version_and_the_metainfo_lists_it():
    assert f"## {__version__}" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    info = ET.parse(ROOT / "tools" / "linux" / "petanque-game.metainfo.xml").getroot()
    assert __version__ in [r.get("version") for r in info.iter("release")]
    assert info.findtext("id") == build_app.APP_ID


def test_the_desktop_entry_names_the_icon_and_the_command():
    entry = ConfigParser(interpolation=None, strict=True)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(ROOT / "tools" / "linux" / "petanque-game.desktop", encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application"
    assert section["Icon"] == build_app.APP_ID
    assert section["Exec"] == "petanque-game"  # install --user writes the full path
    assert section["Categories"].endswith(";")


@pytest.mark.parametrize("size", icon.SIZES)
def test_the_icon_draws_at_every_size(size):
    picture = icon.render(size)
    assert picture.get_size() == (size, size)
    corner = picture.get_at((0, 0))
    assert corner.a < 64  # the rounded corner is see-through
    middle = picture.get_at((size * 40 // 100, size * 25 // 100))  # between the top pips
    assert middle.a == 255 and min(middle[:3]) > 150  # the white face of the die
    colours = {tuple(picture.get_at((x, y))) for x in range(size) for y in range(size)}
    assert len(colours) > 8  # felt, die, pips, diamond: not a blank square


def test_an_icon_too_small_to_draw_is_refused():
    with pytest.raises(ValueError):
        icon.render(4)


def test_about_from_the_menu_shows_the_version_and_the_icon(home):
    from petanque_game.ui.scenes.about import facts

    app = fast_app()
    try:
        about = next(b for b in app.top.buttons if b.tag == "about")
        app.click(about.rect.center)
        assert app.top.name == "about"
        assert ("about.version", __version__) in facts()
        picture = app.render_logical()
        assert picture.get_at((120 + 64, 80 + 40))[:3] == icon.DIE  # the icon's die face
        assert picture.get_at((120 + 64, 80 + 40))[:3] != app.look.colour("background")[:3]
        app.key(pygame.K_ESCAPE)
        assert app.top.name == "menu"
        app.key(pygame.K_a)  # A opens it from the menu too
        assert app.top.name == "about"
    finally:
        app.close()


def test_play_frames_draws_the_menu_and_closes(tmp_path):
    picture = tmp_path / "menu.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PETANQUE_GAME_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "petanque_game", "play", "--frames", "3",
                          "--screenshot", str(picture)], capture_output=True, text=True,
                         timeout=120, env=env, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stderr == "" and out.stdout == ""
    shot = pygame.image.load(str(picture))
    assert shot.get_size() == (1280, 720)
    assert len({tuple(shot.get_at((x, 300))) for x in range(0, 1280, 4)}) > 10


def test_play_frames_with_a_picture_it_cannot_write_is_one_line(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PETANQUE_GAME_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "petanque_game", "play", "--frames", "1",
                          "--screenshot", str(tmp_path / "no" / "such" / "m.png")],
                         capture_output=True, text=True, timeout=120, env=env, check=False)
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and "cannot save the picture" in out.stderr


def test_install_and_uninstall_for_one_user(tmp_path):
    """A stand-in build (the real one is the slow smoke test): install puts the program, its
    link, menu entry, metainfo and icons under the prefix, with the entry's Exec made absolute;
    uninstall takes all of it away and nothing else."""
    app = tmp_path / "dist" / build_app.NAME
    app.mkdir(parents=True)
    program = app / build_app.NAME
    program.write_text("#!/bin/sh\necho petanque-game\n")
    program.chmod(0o755)
    icons = build_app.render_icons(tmp_path / "icons")
    build_app._linux_share(app, icons)
    prefix = tmp_path / "home dir" / ".local"  # a space: the Exec line must quote it
    (prefix / "share" / "applications").mkdir(parents=True)
    (prefix / "share" / "applications" / "other.desktop").write_text("[Desktop Entry]\n")
    installed = build_app.install(tmp_path / "dist", prefix)
    assert installed == prefix / "lib" / build_app.NAME / build_app.NAME
    assert (prefix / "bin" / build_app.NAME).resolve() == installed.resolve()
    entry = (prefix / "share" / "applications" / f"{build_app.APP_ID}.desktop").read_text()
    assert f'Exec="{installed}"' in entry
    for size in icon.SIZES:
        assert (prefix / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps"
                / f"{build_app.APP_ID}.png").is_file()
    assert (prefix / "share" / "metainfo" / f"{build_app.APP_ID}.metainfo.xml").is_file()
    build_app.uninstall(prefix)
    left = sorted(str(p.relative_to(prefix)) for p in prefix.rglob("*")
                  if p.is_file() and p.suffix != ".cache")  # the desktop's own caches stay
    assert left == ["share/applications/other.desktop"]


def test_install_without_a_build_says_so(tmp_path):
    with pytest.raises(build_app.BuildError, match="no build"):
        build_app.install(tmp_path / "dist", tmp_path / "prefix")


@pytest.mark.parametrize("tool, args, name", [
    ("desktop-file-validate", [], "petanque-game.desktop"),
    ("appstreamcli", ["validate", "--no-net"], "petanque-game.metainfo.xml"),
])
def test_the_linux_files_pass_their_validators(tool, args, name):
    import shutil

    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not installed")
    out = subprocess.run([tool, *args, str(ROOT / "tools" / "linux" / name)],
                         capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
