"""The challenge's code on the results screen (issue 33, item 7): it ran off the window in a toast
(a Terningepetanque code is about 170 characters on one line). Now it is shown whole in the
results panel, on as many lines as it takes, and Copy code (Ctrl+C) puts it on the clipboard whole.
The panel is laid out on the logical 1280x720 picture, which every window (800x600, 1280x720,
1920x1080) shows scaled whole (tests/test_ui_fit.py)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import fast_app, speak

from petanque_game import challenge as challenges
from petanque_game import challenge_play
from petanque_game.ai import choose
from petanque_game.challenge_setup import MAX_CODE
from petanque_game.record import Seat
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.scenes import results as results_module
from petanque_game.ui.scenes.results import CHART, INSIDE, ResultsScene
from petanque_game.ui.scenes.results_challenge import code_lines, draw_code
from petanque_game.ui.session import new_game

pytestmark = pytest.mark.usefixtures("home")


def played_out(app, session) -> ResultsScene:
    """Step the window until the results show, the person deciding as a medium AI would."""
    open_game_scene(app, session)
    for _ in range(20000):
        if isinstance(app.top, ResultsScene):
            return app.top
        if session.human_to_move and not session.over:
            rng = session.match.stream("test-person", session.seat_to_move)
            session.decide(choose(session.game, session.state, "medium", rng, None))
        app.step(1 / 30)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("language", ["en", "da", "nb"])
def test_challenge_a_friend_shows_the_code_whole_and_copies_it(monkeypatch, language):
    speak(language)
    copied = []
    monkeypatch.setattr(results_module, "_copy", lambda text: copied.append(text) or True)
    app = fast_app()
    try:
        session = new_game("ten-thousand", [Seat("Åse", "human"), Seat("Bo", "ai", "easy")],
                           {"target": 1000}, 12)
        results = played_out(app, session)
        app.click(next(b for b in results.buttons if b.tag == "challenge").rect.center)
        [path] = challenge_play.challenges_dir().glob("challenge-*.json")
        code = challenges.load(str(path)).code()
        assert copied == [code] and results.code == code
        assert app.toast.size(app.look)[0] <= 1280 - 40  # the toast no longer carries the code
        copy = next(b for b in results.buttons if b.tag == "copy")
        app.click(copy.rect.center)
        app.key(pygame.K_c)  # C alone copies nothing ...
        assert copied == [code, code]
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=pygame.KMOD_LCTRL,
                                      unicode="", scancode=0))
        assert copied == [code] * 3  # ... Ctrl+C does
        app.render_logical()
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "da", "nb"])
@pytest.mark.parametrize("copied", [True, False])
def test_the_longest_code_fits_the_panel_in_every_language(language, copied):
    speak(language)
    app = fast_app()  # (the fonts)
    code = "PG1-" + "W" * (MAX_CODE - 4)  # the widest letter, as long as a code may be
    lines = code_lines(app.look, code, CHART.w - 32)
    assert "".join(lines) == code and len(lines) > 1
    assert all(app.look.font(22, True).size(line)[0] <= CHART.w - 32 for line in lines)
    surface = pygame.Surface((1280, 720))
    bottom = draw_code(app.look, surface, CHART, code, copied)
    assert bottom <= CHART.bottom and INSIDE.contains(CHART)
    assert CHART.bottom <= INSIDE.bottom - 100  # above the line "saved as" and the buttons
    app.close()
