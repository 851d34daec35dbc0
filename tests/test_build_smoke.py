"""Issue 20's smoke test of the standalone app (slow: about a minute of PyInstaller): build it
with tools/build_app.py, then, from `/` with an empty environment, ask its version, play AI games
with no window, verify their records, and open the window with the dummy driver for a few frames.
The app must draw the same menu as the game run from the source, carry its data and nothing of
the checkout, and write nothing into itself. `.ci/run` runs it after the README's tests."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from petanque_game import __version__

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    pytest.importorskip("PyInstaller", reason='the build extra: pip install ".[build]"')
    where = tmp_path_factory.mktemp("build")
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "build_app.py"),
                          "--dist", str(where / "dist"), "--work", str(where / "work")],
                         capture_output=True, text=True, timeout=1800, check=False)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    program = where / "dist" / "petanque-game" / "petanque-game"
    assert program.is_file()
    return program


def bare(program, *args, home, video=False):
    """The app run from `/` with nothing in its environment but the user folder (and SDL's dummy
    drivers for the window)."""
    env = {"PETANQUE_GAME_HOME": str(home)}
    if video:
        env |= {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(["/usr/bin/env", "-i", *(f"{k}={v}" for k, v in env.items()),
                           str(program), *map(str, args)], cwd="/", capture_output=True,
                          text=True, timeout=600, check=False)


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file()}


def test_the_app_runs_with_no_python_environment(app, tmp_path):
    before = snapshot(app.parent)
    home = tmp_path / "home"

    out = bare(app, "--version", home=home)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"petanque-game {__version__}"

    records = tmp_path / "records"
    out = bare(app, "simulate", "terningepetanque", "--players", "ai:easy,ai:medium",
               "--games", "2", "--seed", "7", "--record", records, "--json", home=home)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["games"] == 2
    made = sorted(records.glob("*.json"))
    assert len(made) == 2
    for record in made:  # the physics and the rules in the app agree with its own verify
        checked = bare(app, "verify", record, home=home)
        assert checked.returncode == 0, checked.stdout + checked.stderr
    for game in ("ship-captain-crew", "shut-the-box", "ten-thousand"):
        out = bare(app, "simulate", game, "--players", "ai:expert,ai:medium", "--json",
                   home=home)
        assert out.returncode == 0, (game, out.stderr)

    picture = tmp_path / "menu.png"
    out = bare(app, "play", "--frames", "30", "--screenshot", picture, home=home, video=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "" and out.stderr == ""
    source = tmp_path / "menu-from-source.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PETANQUE_GAME_HOME": str(tmp_path / "home2"), "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "petanque_game", "play", "--frames", "30",
                    "--screenshot", str(source)], env=env, check=True, timeout=300,
                   capture_output=True)
    import pygame

    a, b = pygame.image.load(str(picture)), pygame.image.load(str(source))
    assert a.get_size() == b.get_size() == (1280, 720)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")

    assert snapshot(app.parent) == before  # it wrote only to the user folder
    assert not (home / "logs").exists() or not any((home / "logs").iterdir())


def test_the_app_holds_the_game_and_its_data_only(app):
    inside = app.parent / "_internal"
    data = inside / "petanque_game" / "data"
    for name in ("levels/classic.yaml", "config/games/ten-thousand.yaml", "assets/sounds/roll.wav",
                 "assets/text/da/menu.yaml", "assets/text/nb/games/lcr.yaml",
                 "assets/ai/ship-pot.json"):
        assert (data / name).is_file(), name
    names = {p.name for p in inside.rglob("*")}
    for stranger in ("tests", "benchmarks", "tools", "pytest", "hypothesis", "numpy", "tkinter",
                     "README.md", ".git"):
        assert stranger not in names, stranger
