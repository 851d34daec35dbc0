"""Fixtures shared by the test modules, and the run's bytecode cache."""

import os
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
    """The window's AI decisions and hints are worked out on the test's own thread as they are
    asked for (`session.AtOnce` in place of the AI's thread): a test steps the window and finds
    them done, with no waiting or polling."""
    from petanque_game.ui import session

    monkeypatch.setattr(session, "ai_worker", session.AtOnce())


@pytest.fixture(autouse=True)
def previews_at_once(monkeypatch):
    """The table's aim previews are worked out on the test's own thread as they are asked for
    (ui/table/foresee.py; the game works them out on a thread of their own), so a frame a test
    draws shows the preview of the aim it set."""
    from petanque_game.ui.table import foresee

    monkeypatch.setattr(foresee, "worker", foresee.Foresight(at_once=True))
