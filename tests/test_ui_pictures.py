"""Pictures kept from frame to frame (issue 18, item 2): a button, the menu's backdrop and the
results panel are drawn once and kept, and never shown stale: a change of label, hover, language,
colours or what the screen says gives the picture a scene made afresh would draw."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import fast_app, pixels, same, speak

from petanque_game.board_edit import Draft
from petanque_game.record import Seat
from petanque_game.ui.kept_pictures import Pictures
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.scenes.menu import MenuScene
from petanque_game.ui.scenes.results import ResultsScene
from petanque_game.ui.session import new_game
from petanque_game.ui.widgets import SETTLED, Button

pytestmark = pytest.mark.usefixtures("home")



def settled(app) -> pygame.Surface:
    """The picture once kept pictures are made (a changed one is drawn straight the first time)."""
    app.step(0.0)
    for _ in range(SETTLED + 1):
        app.render_logical()
    return app.render_logical().copy()


def painted(look, button: Button, hover: bool) -> pygame.Surface:
    """The button as it was drawn before its picture was kept: straight onto the background."""
    out = pygame.Surface((300, 120))
    out.fill((22, 27, 36))
    button.paint(look, out, button.rect, hover)
    return out


def drawn(look, button: Button, mouse) -> pygame.Surface:
    """The button drawn from its kept picture (made the second time it is asked for)."""
    for _ in range(2):
        out = pygame.Surface((300, 120))
        out.fill((22, 27, 36))
        button.draw(look, out, mouse)
    return out


def test_pictures_compare_as_their_red_green_and_blue_bytes():
    """`same` and `pixels` (tests/ui_support.py) look at the pictures' memory first: they answer
    as comparing the RGB bytes would, whatever the formats, palettes and shapes."""
    plain = pygame.Surface((20, 10))
    plain.fill((1, 2, 3))
    alpha = pygame.Surface((20, 10), pygame.SRCALPHA)
    alpha.fill((1, 2, 3, 255))
    reds, greens = (pygame.Surface((20, 10), depth=8) for _ in range(2))
    reds.set_palette_at(0, (255, 0, 0))
    greens.set_palette_at(0, (0, 255, 0))  # the same memory, other colours
    turned = pygame.Surface((10, 20))
    turned.fill((1, 2, 3))
    one_off = plain.copy()
    one_off.set_at((3, 3), (1, 2, 4))
    for a, b in [(plain, plain.copy()), (plain, alpha), (reds, greens), (plain, turned),
                 (plain, one_off), (reds, reds.copy())]:
        rgb = a.get_size() == b.get_size() and \
            pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
        assert same(a, b) == rgb and (pixels(a) == pixels(b)) == rgb
    kept = pixels(plain)
    plain.fill((9, 9, 9))  # the picture drawn on again: what was kept stays as it was
    assert kept != pixels(plain) and kept == pixels(alpha)


def test_a_kept_button_is_the_button_drawn_and_changes_with_what_it_shows():
    app = fast_app()
    button = Button(pygame.Rect(20, 20, 220, 58), "Roll", hint="R", size=28)
    inside, outside = (40, 40), (290, 110)
    for b in (button, Button(button.rect, "Bank", enabled=False),
              Button(button.rect, "New game", style="primary", selected=True)):
        assert same(drawn(app.look, b, outside), painted(app.look, b, False))
        assert same(drawn(app.look, b, inside), painted(app.look, b, b.enabled))
    first = drawn(app.look, button, outside)
    button.label = "Roll again"
    assert not same(drawn(app.look, button, outside), first)
    assert same(drawn(app.look, button, outside), painted(app.look, button, False))


def test_a_kept_button_follows_the_colours_in_use():
    app = fast_app()
    button = Button(pygame.Rect(20, 20, 220, 58), "Roll")
    before = drawn(app.look, button, None)
    app.settings.colours = {**app.settings.colours, "button": (10, 200, 10)}
    assert app.look.colour("button") == (10, 200, 10)
    after = drawn(app.look, button, None)
    assert not same(after, before) and same(after, painted(app.look, button, False))


def test_pictures_forget_the_least_recently_used():
    made = []

    def make(n):
        return lambda: made.append(n) or pygame.Surface((1, 1))

    kept = Pictures(2)
    assert kept.again("z", make("z")) is None and made == []  # the first time: drawn straight
    assert kept.again("z", make("z")) is not None and made == ["z"]
    made.clear()
    kept.get("a", make("a"))
    kept.get("b", make("b"))
    kept.get("a", make("a"))  # kept: not made again, and now the most recent
    kept.get("c", make("c"))  # b forgotten
    kept.get("a", make("a"))
    kept.get("b", make("b"))
    assert made == ["a", "b", "c", "b"]


def test_the_menu_is_never_shown_stale():
    app = fast_app()
    settled(app)  # the backdrop kept in English
    app.settings.language = "da"
    speak("da")
    app.scenes[0].resume()  # as the settings screen leaves it
    shown = settled(app)
    app.scenes[:] = [MenuScene(app)]  # a menu made afresh, in Danish
    app.scenes[0].resume()
    assert same(shown, app.render_logical())
    app.settings.palette = "clear"
    app.settings.colours = {**app.settings.colours, "background": (60, 20, 20)}
    shown = settled(app)
    app.scenes[:] = [MenuScene(app)]
    app.scenes[0].resume()
    assert same(shown, app.render_logical())


def finished(game="ten-thousand", options=None):
    app = fast_app()
    open_game_scene(app, new_game(game, [Seat("Åse", "ai", "easy"), Seat("Bo", "ai", "easy")],
                                  options or {"target": 3000}, 4))
    for _ in range(20000):
        if app.top.name == "results":
            return app
        app.step(1 / 30)
    raise AssertionError("the game never ended")


def fresh_results(app) -> pygame.Surface:
    """The same screen with a results scene made afresh (nothing kept)."""
    kept = app.scenes.pop()
    app.scenes.append(ResultsScene(app, kept.session))
    picture = app.render_logical().copy()  # drawn straight: nothing kept yet
    app.scenes[-1] = kept
    return picture


def test_the_results_panel_is_never_shown_stale():
    app = finished()
    results = app.top
    shown = settled(app)
    assert same(shown, fresh_results(app))
    saved = results.session.saved_record
    results.session.saved_record = None  # not kept (yet): the line under the chart goes
    assert not same(settled(app), shown)
    assert same(settled(app), fresh_results(app))
    results.session.saved_record = saved
    speak("nb")
    app.settings.language = "nb"
    results.buttons = results._buttons()  # (made when the screen opens: in the language then)
    shown = settled(app)
    assert same(shown, fresh_results(app))
    app.settings.palette = "clear"
    assert not same(settled(app), shown)  # the players' colours and marks
    assert same(settled(app), fresh_results(app))


def test_the_board_editor_checks_a_draft_again_only_when_it_changed():
    draft = Draft.from_text(_classic(), "mine")
    assert draft.problem() is None
    checks = []
    real = draft._check
    draft._check = lambda: checks.append(1) or real()
    for _ in range(5):
        draft.problem()
    assert checks == []  # asked every frame, checked once
    draft.data["board"]["width"] = 1  # a board no die fits on
    assert draft.problem() is not None and checks == [1]
    draft.name = "other"
    draft.problem()
    assert checks == [1, 1]


def _classic() -> str:
    from petanque_game.physics.level import board_text

    return board_text("classic")


@pytest.mark.parametrize("game", ["ten-thousand", "lcr"])
def test_the_tray_backdrop_is_the_one_drawn_afresh_at_every_frame(game):
    from petanque_game.ui.widgets import Backdrop

    app = fast_app()
    seats = [Seat("Åse", "ai", "easy"), Seat("Bo", "ai", "easy"), Seat("Cy", "ai", "easy")]
    open_game_scene(app, new_game(game, seats if game == "lcr" else seats[:2], {}, 4))
    scene = app.top
    for frame in range(90):
        if frame == 30:
            speak("da")
            app.settings.language = "da"
        if frame == 60:
            app.settings.palette = "clear"
        app.mouse = (1180, 30) if frame % 3 == 0 else (600, 300)  # on the header's Menu, or not
        app.step(1 / 8)
        if app.top is not scene:
            break
        shown = app.render_logical().copy()
        scene.backdrop = Backdrop()  # drawn straight on the screen: no picture kept
        assert same(shown, app.render_logical()), f"frame {frame}: a stale backdrop"


def test_results_keep_the_finished_tray_game_under_the_veil_in_their_picture():
    app = finished()
    tray, results = app.scenes[-2], app.top
    assert tray.still() is not None and results.covers
    drawn = []
    real = tray.draw
    tray.draw = lambda surface: drawn.append(1) or real(surface)
    shown = settled(app)
    drawn.clear()
    for _ in range(3):
        assert same(app.render_logical(), shown)
    assert drawn == []  # the game below is not drawn again while it shows the same
    assert same(shown, fresh_results(app))
    menu = next(b for b in results.buttons if b.tag == "menu")
    app.mouse = menu.rect.center  # the results' own buttons still light up
    lit = settled(app)
    assert not same(lit, shown) and same(lit, fresh_results(app))
    tray.history.append("A line the game below now shows.")
    assert not same(settled(app), lit) and drawn  # drawn again: what it shows changed
    assert same(settled(app), fresh_results(app))


def test_results_over_a_game_still_moving_draw_it_under_the_veil_each_frame():
    app = finished()
    tray, results = app.scenes[-2], app.top
    tray.pending_lines.append("still being told")  # not still: no picture of it is kept
    assert tray.still() is None and not results.covers
    drawn = []
    real = tray.draw
    tray.draw = lambda surface: drawn.append(1) or real(surface)
    for _ in range(SETTLED + 2):
        app.render_logical()
    assert len(drawn) == SETTLED + 2
