"""Fixtures shared by the test modules."""

import pytest


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A user folder of the test's own (PETANQUE_GAME_HOME); pygame is shut down afterwards."""
    monkeypatch.setenv("PETANQUE_GAME_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"
    import pygame

    from petanque_game import logs

    logs.close()
    pygame.quit()
