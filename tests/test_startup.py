"""The start (issue 18, goal 1): `petanque-game` puts its menu on screen importing only what the
first screen needs, starts the sound after the first frame (with the mixer the game asks for),
and reads its YAML through libyaml into the same values, with the same refusals, as PyYAML's own
reader (benchmarks/bench_startup.py measures the start under X)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from petanque_game import config
from petanque_game.config import ConfigError, parse_yaml

ROOT = Path(__file__).resolve().parents[1]

# What the first frame does without: the command line's parser, the log's machinery, the records,
# the games' play, the AI, the physics and its pymunk.
NOT_AT_FIRST_FRAME = ("argparse", "logging", "pymunk", "petanque_game.record",
                      "petanque_game.history", "petanque_game.match", "petanque_game.fold",
                      "petanque_game.cli_challenge", "petanque_game.challenge",
                      "petanque_game.physics", "petanque_game.ai", "petanque_game.ui.session",
                      "petanque_game.ui.play", "petanque_game.ui.listing")

# Run as `petanque-game` with no arguments, up to the window's first flip: what was imported and
# whether the sound mixer had started by then.
FIRST_FRAME = """
import os, sys
import pygame
_flip = pygame.display.flip
def flip():
    _flip()
    print("MIXER", pygame.mixer.get_init())
    print("MODULES", " ".join(sorted(sys.modules)))
    sys.stdout.flush()
    os._exit(0)
pygame.display.flip = flip
sys.argv = ["petanque-game"]
from petanque_game.cli import main
main()
"""


def _first_frame(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, PETANQUE_GAME_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME], capture_output=True, text=True,
                         env=env, cwd=tmp_path, timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    return dict(line.split(" ", 1) for line in out.stdout.splitlines() if " " in line)


def test_the_first_frame_imports_only_what_the_menu_needs(tmp_path):
    seen = _first_frame(tmp_path)
    modules = set(seen["MODULES"].split())
    assert "petanque_game.ui.scenes.menu" in modules  # the menu was drawn
    loaded = sorted(m for m in modules if m.split(".")[0] in NOT_AT_FIRST_FRAME
                    or any(m == n or m.startswith(n + ".") for n in NOT_AT_FIRST_FRAME))
    assert loaded == []


def test_the_sound_starts_after_the_first_frame(tmp_path):
    """Reading the settings' key names once ran pygame.init(), which opened the sound device
    before the first frame and with the mixer's defaults, so the mixer the game asks for
    (22050 Hz, mono, a small buffer: App.start_sound) was never used."""
    assert _first_frame(tmp_path)["MIXER"] == "None"


def test_the_mixer_is_the_one_the_game_asks_for(home, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame

    from petanque_game.ui.app import App

    pygame.mixer.quit()  # a sound test before this one in the same worker may have opened it
    app = App(sound_later=True)
    try:
        assert pygame.mixer.get_init() is None
        app.running = True
        app.tick(0.0)
        app.start_sound()  # what the loop does after its first frame
        assert pygame.mixer.get_init() == (22050, -16, 1)
    finally:
        app.close()


def test_the_settings_read_with_no_video_device(tmp_path):
    """As pygame.init() did, starting SDL's video for the key names fails quietly where there is
    no video device; the keys are read all the same."""
    code = ("from petanque_game.ui.settings import load_settings\n"
            "print(sorted(load_settings().keys['roll']))")
    env = dict(os.environ, PETANQUE_GAME_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="nosuch",
               PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True,
                         text=True, env=env, cwd=tmp_path, timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[-2] == "[32, 114]"  # space and r


def test_plain_petanque_game_opens_the_window_without_reading_a_command_line(monkeypatch):
    from petanque_game import cli
    from petanque_game.ui import app

    opened = []
    monkeypatch.setattr(app, "run", lambda **kw: opened.append(kw) or 0)
    monkeypatch.setattr(sys, "argv", ["petanque-game"])
    assert cli.main() == 0
    assert cli.main([]) == 0
    assert cli.main(["play"]) == 0
    assert opened == [{"replay": None, "frames": None, "picture": None}] * 3


# --- YAML through libyaml -------------------------------------------------------------------------

PURE = config._loader(config._PyEvents)
SHIPPED = sorted(p for folder in ("assets", "config", "levels")
                 for p in (ROOT / folder).rglob("*.yaml"))


def test_libyaml_reads_the_texts_by_default():
    assert config._libyaml_events() is not None  # PyYAML's wheels carry it
    assert config._BoundedLoader.__mro__[2] is not config._PyEvents


def _both(monkeypatch, source, **bounds):
    """What parse_yaml makes of `source` with libyaml's events and with PyYAML's own: a value,
    or the ConfigError's message."""
    found = []
    for loader in (config._BoundedLoader, PURE):
        monkeypatch.setattr(config, "_BoundedLoader", loader)
        try:
            found.append(parse_yaml(source, "f.yaml", **bounds))
        except ConfigError as e:
            found.append(f"refused: {e}")
    return found


def test_every_shipped_yaml_file_reads_the_same_as_with_pyyaml(monkeypatch):
    assert len(SHIPPED) > 50
    for path in SHIPPED:
        source = path.read_bytes()
        with_lib, pure = _both(monkeypatch, source)
        assert with_lib == pure == yaml.safe_load(source), path


@pytest.mark.parametrize("source, bounds, said", [
    ("a: &a [1, 2, 3]\nb: [*a, *a, *a, *a]\n", {"max_nodes": 12},
     "refused: f.yaml: b[1]: the document holds more than 12 values"),
    ("a: [[[[1]]]]\n", {"max_depth": 3}, "refused: f.yaml: a[0][0]: nested more than 3 deep"),
    ("a: 1\nb: 2\na: 3\n", {}, "refused: f.yaml: a: given twice (again at line 3)"),
    ("a: &x [1, *x]\n", {}, "refused: f.yaml: a[1]: an alias repeats a value that holds it"),
    ("title: a\x07b\n", {}, "refused: f.yaml: not valid YAML: special characters are not allowed"),
    (b"title: \xff\n", {}, "refused: f.yaml: not valid YAML: invalid start byte"),
    ("x: !!python/object/apply:os.system ['echo hacked']\n", {}, "constructor"),
    ("a: 1\n---\nb: 2\n", {}, "found another document"),
    ("a: [1, 2\n", {}, "refused: f.yaml: not valid YAML at line 2"),
    ("\ufeffa: 1\n", {}, {"a": 1}),
    ("a: 2026-12-01\nb: 0x1f\nc: ~\nd: 1e3\n", {}, None),
])
def test_libyaml_refuses_and_reads_as_pyyaml_does(monkeypatch, source, bounds, said):
    with_lib, pure = _both(monkeypatch, source, **bounds)
    if said is None:  # the values as PyYAML's safe loader makes them
        assert with_lib == pure == yaml.safe_load(source)
    elif isinstance(said, dict):
        assert with_lib == pure == said
    else:
        assert said in str(with_lib) and said in str(pure)
        assert str(with_lib).split(":")[:3] == str(pure).split(":")[:3]
