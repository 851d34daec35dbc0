"""The game's sounds (assets/sounds, made by tools/make_sounds.py): one file per name that pygame
plays, short, at a sensible level, reproduced byte for byte by the script; and playing a sound is
silent, never an error, without a sound device."""

import importlib.util
import math
import os
import struct
import wave

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools

import pygame
import pytest

from petanque_game.data import assets_dir
from petanque_game.ui import sound
from petanque_game.ui.settings import load_settings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def make_sounds():
    spec = importlib.util.spec_from_file_location(
        "make_sounds", os.path.join(ROOT, "tools", "make_sounds.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def samples(name):
    with wave.open(os.fspath(assets_dir() / "sounds" / f"{name}.wav"), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
        rate, n = w.getframerate(), w.getnframes()
        data = w.readframes(n)
    return rate, struct.unpack(f"<{n}h", data)


def test_the_script_makes_every_sound_and_nothing_else():
    assert set(make_sounds().RECIPES) == set(sound.SOUNDS)


@pytest.mark.parametrize("name", sound.SOUNDS)
def test_each_sound_is_short_and_at_a_sensible_level(name):
    rate, values = samples(name)
    assert rate in (22050, 44100)
    assert 0.03 < len(values) / rate < 1.5
    peak_db = 20 * math.log10(max(abs(v) for v in values) / 32767)
    assert -17 < peak_db < -5, peak_db  # never clipping, never inaudible
    rms = math.sqrt(sum(v * v for v in values) / len(values))
    assert rms > 100  # there is a sound in it, not one spike
    assert abs(values[-1]) < 800  # it fades out: no click at the end


@pytest.mark.parametrize("name", sound.SOUNDS)
def test_the_script_reproduces_each_file_byte_for_byte(name):
    shipped = (assets_dir() / "sounds" / f"{name}.wav").read_bytes()
    assert make_sounds().render(name) == shipped


def crossings_per_second(values):
    """A rough pitch: how often the wave crosses zero, per second (two per cycle)."""
    crossings = sum(1 for a, b in itertools.pairwise(values) if (a < 0) != (b < 0))
    return crossings * 22050 / len(values) / 2


def test_each_sound_sounds_like_its_event():
    pitch = {name: crossings_per_second(samples(name)[1]) for name in sound.SOUNDS}
    assert pitch["wall"] < 300 and pitch["land"] < 300  # thuds are low
    assert pitch["knock"] > 1000 and pitch["clack"] > 800  # clicks are bright
    for falling in ("bust", "fall"):  # a descending two-note; a whistle falling, then a thud
        values = samples(falling)[1]
        half = len(values) // 2
        assert crossings_per_second(values[:half]) > 1.2 * crossings_per_second(values[half:])
    assert len(samples("button")[1]) < len(samples("knock")[1]) < len(samples("wall")[1])


@pytest.fixture
def sound_device(monkeypatch):
    """SDL's dummy sound device (the other tests run with none: tests/conftest.py)."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


def test_pygame_loads_every_sound_and_play_uses_it(home, sound_device):
    pygame.mixer.init(22050, -16, 1, 512)
    try:
        assert pygame.mixer.get_init()
        owned = sound.Sounds()
        for name in sound.SOUNDS:
            owned.play(name)
            loaded = owned.loaded[name]
            assert loaded is not None, name
            rate, values = samples(name)
            assert abs(loaded.get_length() - len(values) / rate) < 0.01
    finally:
        pygame.mixer.quit()


def test_without_a_mixer_or_with_sound_off_nothing_plays_and_nothing_fails(home, sound_device):
    owned = sound.Sounds()
    pygame.mixer.quit()
    owned.play("win")  # no mixer: silent
    assert owned.loaded == {}  # not even loaded
    owned = sound.Sounds(load_settings({"sound": False}))
    try:
        pygame.mixer.init(22050, -16, 1, 512)
        owned.play("win")
        assert owned.loaded == {}  # sound off: not even loaded
    finally:
        pygame.mixer.quit()


def test_the_wheel_carries_the_sounds():
    """pyproject's package data for petanque_game.data.assets takes every file below assets/."""
    import tomllib

    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        data = tomllib.load(f)["tool"]["setuptools"]["package-data"]["petanque_game.data.assets"]
    assert "**/*.*" in data
