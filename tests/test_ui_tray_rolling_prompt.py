"""The tray's prompt says nothing of a roll while its dice still tumble: what they came to (and
what it lets the player close or keep) is told once they lie still, as the history is."""

from ui_support import press, speak

from petanque_game.record import Seat
from petanque_game.ui.app import App
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game
from petanque_game.ui.settings import load_settings

SEATS = [Seat("Ana", "human"), Seat("Bo", "ai", "medium")]


def test_the_prompt_waits_for_the_dice_to_lie_still():
    speak("en")
    app = App(settings=load_settings({"ai_delay": 0, "roll_time": 0.8, "handover": False,
                                      "language": "en"}))
    session = new_game("shut-the-box", SEATS, {}, 3, autosave=False)
    open_game_scene(app, session)
    scene = app.top
    press(app, "roll")
    app.step(0.001)
    assert scene.rolling
    assert scene.prompt() == app.look.tr("tray.rolling")
    shown = session.record.events[0]["dice"]
    assert not any(str(v) in scene.prompt() for v in shown)
    for _ in range(40):
        if not scene.rolling:
            break
        app.step(0.05)
    assert not scene.rolling
    said = scene.prompt()
    assert said != app.look.tr("tray.rolling") and str(sum(shown)) in said
