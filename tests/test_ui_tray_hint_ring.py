"""A hinted die in the tray is ringed once, in the hint's colour around it: not a second ring of
the same colour drawn square on the die itself, which on a die lying turned cut across its
corners (seen under Xvfb in Ten Thousand and Ship)."""

import pygame
import pytest
from test_ui_tray_games import SOLO, follow_hint, start, wait_for_hint
from ui_support import fast_app

from petanque_game.ui.tray.layout import HINT_COLOUR

pytestmark = pytest.mark.usefixtures("home", "ai_at_once")


@pytest.mark.parametrize(("game", "options"), [("ten-thousand", {"target": 1000}),
                                                ("ship-captain-crew", {"target": 0, "rounds": 6,
                                                                       "cargo_reroll": "any"})])
def test_a_hinted_die_has_one_ring_of_the_hints_colour(monkeypatch, game, options):
    app = fast_app()
    scene = start(app, game, SOLO, seed=3, options=options)
    for _ in range(40):  # the person follows the hints until one points at dice
        for _ in range(2000):
            if scene.holding:
                app.key(pygame.K_SPACE)  # the turn-ending roll was read: go on
            elif scene.human_turn and not scene.busy:
                break
            app.step(1 / 60)
        assert app.top is scene, "the game ended before a hint pointed at dice"
        advice = wait_for_hint(app, scene)
        hinted = scene.controls.advice_dice(advice)
        if hinted and scene.roll is not None:
            break
        follow_hint(app, scene, advice)
    else:
        raise AssertionError("no hint pointed at dice")
    drawn = []
    real = scene.dice.pictures.dice.draw_die

    def noted(look, surface, value, center, size, angle=0.0, **kw):
        rect = real(look, surface, value, center, size, angle, **kw)
        drawn.append((kw.get("outline"), rect))
        return rect
    monkeypatch.setattr(scene.dice.pictures.dice, "draw_die", noted)
    surface = pygame.Surface((1280, 720))
    scene.dice.paint(surface, advice)
    assert drawn and all(outline != HINT_COLOUR for outline, _ in drawn)
    for i in hinted:
        _, rect = drawn[i]
        assert surface.get_at((rect.left - 3, rect.centery))[:3] == HINT_COLOUR
