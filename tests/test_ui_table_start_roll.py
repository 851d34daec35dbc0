"""The roll for who starts says one thing everywhere: while a die tumbles in the tray, the side
panel, the log and the prompt wait for it; once it is at rest they all show what it rolled, and
when the pass is decided the prompt says who starts, as the tray does (before, the tray said
"Ana starts" while the panel, the log and the prompt still waited for the die's reading time)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from ui_support import fast_app, press, settle
from ui_support import start_table as start

from petanque_game.record import Seat
from petanque_game.ui.table.panel import prompt

pytestmark = pytest.mark.usefixtures("home")


def test_once_the_die_is_at_rest_the_panel_log_and_prompt_say_what_the_tray_does():
    app = fast_app()
    app.settings.roll_time = 0.5
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    decided = False
    for _ in range(10):  # passes until one is decided (a tie rolls again)
        for _ in range(2):  # each of the pass's two dice
            before = list(scene.history)
            press(app, "roll")
            roll = scene.start_roll
            assert roll is not None and roll.t < roll.tumble
            assert scene.state is roll.before and scene.history == before
            assert prompt(scene) == app.look.tr("table.prompt.start_roll")
            while roll.t < roll.tumble:  # the die tumbles in
                app.step(1 / 60)
            assert not roll.done and scene.busy, "its reading time goes on"
            assert scene.state is roll.after, "the side panel shows the die rolled"
            assert len(scene.history) > len(before), "the log tells it"
            said = roll.verdict(scene.session.players)
            if said is not None:
                assert prompt(scene) == said
            app.render()
            settle(app, scene)
            if scene.session.state.starter is not None:
                decided = True
                break
        if decided:
            break
    assert decided
    assert said is not None and "starts" in said
