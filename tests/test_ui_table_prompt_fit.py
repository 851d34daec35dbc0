"""The table's prompt (what to do next) is read whole in every language: with all four buttons
beside it (Hint, Use hint, Throw again, Throw) the point prompt for the diamond and either die
fits, and so, with three, do the power bar's and the drag's (found playing in Norwegian, where
"...den første terningen din skal bli liggend..." was cut)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from ui_support import fast_app, press, roll_off, settle, speak, spoken
from ui_support import start_table as start

from petanque_game.record import Seat
from petanque_game.ui.game_scene import STATUS_RECT

pytestmark = pytest.mark.usefixtures("home")

WHAT = ("table.prompt.diamond", "table.prompt.first_die", "table.prompt.second_die")


def room_for(buttons) -> int:
    """The prompt's width beside `buttons`, as the status line gives it (ui/game_scene.py)."""
    return STATUS_RECT.w - 40 - sum(b.rect.w + 10 for b in buttons)


def widest(look, key: str, name: str) -> int:
    bold = look.font(28, True)
    return max(bold.size(spoken().tr(key, name=name, what=spoken().tr(w)))[0] for w in WHAT)


def test_every_prompt_fits_beside_its_buttons():
    app = fast_app()
    app.settings.accept_at_once = True  # the default: the throw kept, Throw again offered
    scene = start(app, [Seat("Astrid", "human"), Seat("Bjørn", "human")])
    roll_off(app, scene)
    press(app, "throw")  # the diamond: now Throw again stands beside the other three
    settle(app, scene)
    four = scene.buttons()
    assert [b.tag for b in four] == ["hint", "use_hint", "rethrow", "throw"]
    three = [b for b in four if b.tag != "rethrow"]
    try:
        for code in ("en", "da", "nb"):
            speak(code)
            assert widest(app.look, "table.prompt.point", "Astrid") <= room_for(four), code
            for mode in ("power", "drag"):
                widest_mode = widest(app.look, f"table.prompt.{mode}", "Astrid")
                assert widest_mode <= room_for(three), (code, mode)
    finally:
        speak("en")
