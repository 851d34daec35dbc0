"""What the window's tests share: an App with no pauses, headless."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from petanque_game.ui import lang, theme
from petanque_game.ui.app import App


def fast_app(**kw) -> App:
    """The App with the AI's pause, the dice's tumble and the replay's pace all at 0, and no
    hot-seat hand-over screen between two humans (tests/test_handover.py turns it on). It speaks
    the language in use (lang.use before it), as the App speaks its settings' language."""
    return App(settings=theme.load_settings({"ai_delay": 0, "roll_time": 0, "replay_delay": 0,
                                             "handover": False,
                                             "language": lang.language()}), **kw)
