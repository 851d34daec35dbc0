"""Defects the type checker found once it read the whole window (issue 31, item 5): each test
fails on the code before the fix."""

from __future__ import annotations

import pytest
from ui_support import speak, spoken


@pytest.fixture(autouse=True)
def english():
    speak("en")
    yield
    speak("en")


def test_a_text_with_a_field_called_key_is_filled_in():
    """An online game says a player gone a long time with the key that hands their seat over
    (`online.gone`, the field `key`); `tr` took that field for its own `key`, and the window's
    frame failed (TypeError) instead of saying it."""
    line = spoken().tr("online.gone", name="Bo", key="H")
    assert line == "Bo has been away a long time: press H to give their seat to the computer"
    assert spoken().tr_n("menu.unfinished_games", 2, key="H").startswith("2 ")
