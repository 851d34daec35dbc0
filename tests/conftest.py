"""Fixtures shared by the test modules (a cheaper tmp_path among them), the run's bytecode cache,
YAML read once per text, and how the default run shares the test files between its two workers."""

import copy
import inspect
import itertools
import os
import re
import sys
from pathlib import Path

import pytest

# Each pytest-xdist worker, and each game the tests start in a child process, imports the game
# and the test modules afresh. Where the environment forbids bytecode beside the sources
# (PYTHONDONTWRITEBYTECODE), every one of those processes would compile them all again (about
# 4 s of CPU a worker); the run keeps their bytecode in its own cache folder instead, never
# beside the sources. The variables reach the workers and the child processes started later.
if sys.dont_write_bytecode and not sys.pycache_prefix:
    _PYCACHE = str(Path(__file__).resolve().parent.parent / ".pytest_cache" / "pycache")
    os.environ["PYTHONPYCACHEPREFIX"] = _PYCACHE
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.pycache_prefix, sys.dont_write_bytecode = _PYCACHE, False

# The window's tests open no sound device. Closing one costs 20-80 ms of waiting (SDL's dummy
# driver lets its audio thread finish a buffer), and pygame.quit() closes it after every window
# test (the `home` fixture, App.close), several hundred times in a default run. No SDL audio
# driver has this name, so the mixer cannot open, and the game plays silently, as on a machine
# without sound (app.start_sound); so do the games the tests start in child processes.
# tests/test_sound_files.py opens SDL's dummy device for the tests of the sounds themselves (the
# `sound_device` fixture there).
os.environ["SDL_AUDIODRIVER"] = "none"

# Saves are not flushed to the disk itself in the test processes: files.write_atomic's fsync waits
# 5-30 ms here, and a default run saves a few thousand times (every move of every window test's
# game). What the fsync is for, a save surviving a power cut, no test in this process can see;
# the tests that kill games do it to processes of their own (test_soak.py, test_saves.py, ...),
# which flush as the game does.
os.fsync = lambda fd: None


def _yaml_read_once_per_text() -> None:
    """`config.parse_yaml` remembers what each text it accepted parsed to, and hands out copies.

    The game reads its YAML again whenever a screen needs it (the setup screen reads every
    board, game file and text table as it opens), and the window's tests open such screens
    hundreds of times, parsing the same few texts again (18 s of a default run's CPU with
    PyYAML's own reader; read through libyaml since, the five files that read most still spend
    a tenth of their CPU on it: 7.8 s -> 7.1 s). The result depends on the text, the limits and
    the reader alone, so a text is parsed, and checked against the limits, the first time a
    worker meets it; a text it refuses raises as before each time (nothing refused is
    remembered), and each caller gets a copy of its own to change."""
    from petanque_game import config
    from petanque_game.physics import level

    parse, kept = config.parse_yaml, {}
    signature = inspect.signature(parse)

    def parse_yaml(*args, **kwargs):
        given = signature.bind(*args, **kwargs)
        given.apply_defaults()
        key = (config._BoundedLoader,  # the reader in use (tests/test_startup.py sets either)
               *(value for arg, value in given.arguments.items() if arg != "name"))
        if key not in kept:
            kept[key] = parse(*args, **kwargs)
        return copy.deepcopy(kept[key])

    parse_yaml.__doc__ = parse.__doc__
    config.parse_yaml = level.parse_yaml = parse_yaml


_yaml_read_once_per_text()


@pytest.fixture(autouse=True)
def english_after():
    """Every test ends with the window speaking English again, whatever language it used."""
    yield
    from ui_support import OPENED, speak

    speak("en")
    OPENED.clear()


@pytest.fixture(autouse=True)
def no_link_left():
    """Every test closes the online links it opened: a link left open keeps trying its relay
    (up to 30 s) beside the tests that come after it in the same process."""
    import threading
    import time

    yield
    deadline = time.monotonic() + 5.0  # a closed link's thread may take a moment to end
    while (left := [t for t in threading.enumerate() if t.name == "online link"]) \
            and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not left, f"{len(left)} online link(s) left open"


_TEMP_NUMBERS = itertools.count()


@pytest.fixture
def tmp_path(request, tmp_path_factory):
    """A new empty folder for the test, in the run's temporary folder, named after the test.

    In place of pytest's own, which looks through every folder made so far for the next free
    number and links the newest (2-3 ms a test here, 693 tests of a default run): the folders are
    numbered in each worker, whose temporary folder is its own, and kept as pytest keeps them."""
    name = re.sub(r"\W", "_", request.node.name)[:30]
    path = tmp_path_factory.getbasetemp() / f"{name}{next(_TEMP_NUMBERS)}"
    path.mkdir()
    return path


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A user folder of the test's own (PETANQUE_GAME_HOME); pygame is shut down afterwards."""
    monkeypatch.setenv("PETANQUE_GAME_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"
    import pygame

    from petanque_game import logs

    logs.close()
    pygame.quit()


@pytest.fixture
def exact_hands(monkeypatch):
    """People throw exactly what they aim (no wobble), for tests of the aim itself; the game
    gives every person a hand that wobbles (`physics.hand.PERSON_HANDS`)."""
    from petanque_game.physics import hand

    monkeypatch.setattr(hand, "PERSON_HANDS", {name: hand.STEADY for name in hand.PERSON_HANDS})


@pytest.fixture
def ai_at_once(monkeypatch):
    """The windows the test opens (tests/ui_support.py `fast_app`) work their AI decisions and
    hints out on the test's own thread as they are asked for (`AtOnce` as the App's AI thread):
    a test steps the window and finds them done, with no waiting or polling."""
    import ui_support

    monkeypatch.setitem(ui_support.CHOSEN, "ai_at_once", True)


@pytest.fixture
def quick_coach(monkeypatch, ai_at_once):
    """The hint's worths, and so the coach's, from 4 hands (the game's: WORTH_SAMPLES), worked
    out at once (tests of the table's hint and coach)."""
    from petanque_game.ai import hints_petanque

    monkeypatch.setattr(hints_petanque, "WORTH_SAMPLES", 4)


@pytest.fixture(autouse=True)
def previews_at_once(monkeypatch):
    """The windows the test opens (`fast_app`) work the table's aim previews out on the test's
    own thread as they are asked for (ui/table/foresee.py; the game works them out on a thread
    of their own), so a frame a test draws shows the preview of the aim it set; their risks are
    not worked out (`ui_support.Unworked`). Likewise no kept part of the table is left late
    (ui/table/kept.py: the game spreads parts changing together over a few frames; the tests of
    that set kept.LAG themselves), so a frame a test draws shows what it changed."""
    import ui_support

    from petanque_game.ui.table import kept

    monkeypatch.setitem(ui_support.CHOSEN, "previews_at_once", True)
    monkeypatch.setattr(kept, "LAG", 0)


# --- how the default run shares the files between its workers (pytest-xdist, --dist loadfile) ---

# Files whose module fixtures compute the same thing (cached per process): one worker runs them
# all, so it is computed once. Ten Thousand's reference solve (ten_thousand_reference.solve).
SHARED = {"tests/test_hints_exact.py": "ten-thousand-solve",
          "tests/test_ai_ten_thousand_win.py": "ten-thousand-solve"}


# The costliest files of the default run, the costliest first (CPU seconds of each, measured on
# 2026-12-02: docs/testing.md#the-default-runs-sizes; test_types.py as CI meets it,
# with no mypy cache). They are handed out first and the many cheap files after them, so that
# neither worker is left with a long file at the end while the other waits. A file missing here
# is simply handed out after them.
COSTLIEST = ("test_ai_ten_thousand_win.py", "test_hints_exact.py", "test_types.py",
             "test_ui_replay.py", "test_ui_table_sheet.py", "test_physics_fairness.py",
             "test_ai_shut_the_box.py", "test_challenges.py", "test_soak.py",
             "test_rules_shut_the_box.py", "test_match.py", "test_rules_ship_captain_crew.py",
             "test_ui_fit.py", "test_ai_ship_captain_crew.py", "test_physics_hostile.py",
             "test_conformance.py", "test_hint_worth.py", "test_physics_ai.py")


def pytest_collection_modifyitems(config, items):
    """In a worker of the default run: the COSTLIEST files first, the rest in their order."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        rank = {name: i for i, name in enumerate(COSTLIEST)}
        items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """--dist loadfile, the files of SHARED on one worker, and the files handed out in the order
    they are collected (the costliest first, `pytest_collection_modifyitems`) rather than by how
    many tests each holds: the last file a worker takes is a cheap one, so the two end together."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class SharedFiles(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            scope = super()._split_scope(nodeid)
            return SHARED.get(scope, scope)

    config.option.loadscopereorder = False
    return SharedFiles(config, log)
