"""Issue 33: the Terningepetanque table in an 800x600 window (the picture shown at 0.625): dice at
rest large enough to read, every die of the play still in sight, the score sheet folded away
until Tab shows it, and the texts a player must read at least 12 px high."""

import os
import pathlib
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import fast_app, speak

from petanque_game.physics import load_named_level
from petanque_game.record import Seat
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game
from petanque_game.ui.table import draw as td
from petanque_game.ui.table.camera import Camera
from petanque_game.ui.table.scene import TableScene

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "benchmarks"))
import bench_dice_size as dice_size

pytestmark = pytest.mark.usefixtures("home")
LEVELS = ("classic", "round-table", "bumper-lane")
SMALL = (800, 600)
LEAST_PX = 16.0  # window px: a die at rest in an 800x600 window at least


def start(app, level="classic", players=2):
    seats = [Seat("Ann", "human")] + [Seat(f"AI {i}", "ai", "medium") for i in range(1, players)]
    open_game_scene(app, new_game("terningepetanque", seats, {"rounds": 4}, 3, level,
                                  autosave=False))
    assert isinstance(app.top, TableScene)
    return app.top


def whole_inside(cam, level, x, y) -> bool:
    """Is the die (or the diamond) at (x, y) mm drawn whole inside the board's part?"""
    fx, fy, w, h = cam.board_rect
    sx, sy = cam.to_screen(x, y)
    r = level.dice.side * 0.75 * cam.scale  # a die's half side and its height drawn
    return fx <= sx - r and sx + r <= fx + w and fy <= sy - r and sy + r <= fy + h


@pytest.mark.parametrize("n", (2, 4))
@pytest.mark.parametrize("level", LEVELS)
def test_at_800x600_dice_at_rest_are_16_px_and_every_die_lying_is_in_sight(level, n):
    """The tables of real games (an easy and a medium one), each framed at rest in an 800x600
    window: a die at least 16 px of the window (13 px before), and the diamond and every die
    lying on the board whole inside the board's part of the area."""
    app = fast_app(size=SMALL)
    scene = start(app, level, n)
    cam, scale = scene.view, app._fit()[0]
    assert scale == pytest.approx(0.625)
    tables = dice_size.play_tables(level, n, 1, 2) + dice_size.play_tables(level, n, 1, 2, "easy")
    assert len(tables) >= 8 * n
    for table in tables:
        cam.rest([(table.diamond.x, table.diamond.y)]
                 + [(d.x, d.y) for d in table.dice if d.on_board])
        cam.settle()
        assert td.die_px(scene.level, cam.view) * scale >= LEAST_PX
        assert all(whole_inside(cam, scene.level, x, y) for x, y in cam.play)
    app.close()


def test_a_play_too_wide_for_readable_dice_keeps_the_diamond_and_the_dice_nearest_it():
    """Dice at both ends of the bumper lane: in a small window the view keeps its dice 16 px and
    frames the diamond with the dice nearest it; in a large one it frames them all."""
    level = load_named_level("bumper-lane")
    xs = [p[0] for p in level.board.outline]
    far = max(xs) - 30.0
    play = [(0.0, 0.0), (25.0, 5.0), (-20.0, -10.0), (far, 0.0)]
    cam = Camera(level, (960, 552))
    cam.show_at(0.625)
    cam.rest(play)
    cam.settle()
    assert td.die_px(level, cam.view) * 0.625 >= LEAST_PX
    assert all(whole_inside(cam, level, x, y) for x, y in play[:3])
    assert not whole_inside(cam, level, *play[3])  # the far die is the one left out
    big = Camera(level, (960, 552))
    big.show_at(1.35)
    big.rest(play)
    big.settle()
    assert all(whole_inside(big, level, x, y) for x, y in play)


def test_at_800x600_the_score_sheet_starts_folded_and_tab_shows_it():
    """Below a scale of 0.75 the sheet starts hidden and the board has the whole area; Tab (or
    a click on "Tab: score sheet") shows it. In the 1280x720 window it is shown, and a window
    made small folds it."""
    app = fast_app(size=SMALL)
    scene = start(app, "round-table", 4)
    assert scene.sheet.rect is None and scene.view.board_rect == (0, 0, *scene.view.size)
    app.handle_logical(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode=""))
    assert scene.sheet.rect is not None
    app.close()
    app = fast_app(size=(1280, 720))
    scene = start(app, "round-table", 4)
    assert scene.sheet.rect is not None
    app.window = pygame.display.set_mode(SMALL)  # the window made small
    app.step(1 / 60)
    assert scene.sheet.rect is None and scene.view.rest_die * 0.625 >= LEAST_PX
    app.close()


READABLE_PX = 11.8  # window px: the least size of a text a player must read (about 12)


@pytest.mark.parametrize("n", (2, 4))
def test_at_800x600_the_tables_texts_are_12_px_high(n, monkeypatch):
    """Every text the table's own drawing writes (ui/table/: the board's labels and hints, the
    side panel and the aim's meters, the reckoning's labels and card) while a round is played,
    dice are knocked and rounds are reckoned, at a size of about 12 px or more in the window
    (the card's small lines, the hints and the aim's keys were 16-18 logical px: 10-11 px)."""
    import test_ui_table_glance as glance


    speak("en")
    app = fast_app(size=SMALL)
    scene = glance.table_scene(app, n)
    scale = app._fit()[0]
    sizes = watch_sizes(monkeypatch, app.look, "table")
    for made in glance.knocks(n)[:6]:
        scene.session.state = made.after
        scene.knocks.on_transition(glance.step_of(made))
        scene.view.rest(scene.play_points())
        scene.view.settle()
        app.render()
    aims = [t.before for t in glance.played(n) if t.before.to_move == 0
            and t.before.throw_due is not None and t.before.table.diamond is not None]
    scene.session.state = aims[0]  # the person (seat 0) to throw: the aim's meters
    app.render()
    assert scene.aiming
    for made, throw in glance.round_ends(n)[:3]:
        glance.shown_reckoning(app, scene, made, throw)
    scene.reckoning = None
    app.close()
    assert len({f for _, f, _ in sizes}) >= 4  # the board, the panel, the reckoning, the view
    assert any(t.startswith("Height") for _, _, t in sizes)  # a person's aim's meters
    small = sorted({(s, f, t) for s, f, t in sizes if s * scale < READABLE_PX})
    assert small == [], small


def test_the_coachs_card_is_told_to_leave_tab_score_sheet_clear(home, ai_at_once, monkeypatch):
    """Seen under Xvfb: with the sheet folded, the coach's card after a throw lay over "Tab:
    score sheet" in the area's corner, the one way back to the sheet. The scene tells the card
    to keep clear of it (with the zoom's lines and the aim's words), and the card does."""
    import test_ui_table_coach as coached

    from petanque_game.ai import hints_petanque
    from petanque_game.ui.table.coach import Coach
    from petanque_game.ui.table.window import AREA

    monkeypatch.setattr(hints_petanque, "WORTH_SAMPLES", 4)
    told: list[list[pygame.Rect]] = []
    draw_over = Coach.draw_over

    def watched(self, look, area, view, shown, at_rest, offset, avoid):
        told.append(list(avoid))
        return draw_over(self, look, area, view, shown, at_rest, offset, avoid)

    monkeypatch.setattr(Coach, "draw_over", watched)
    app = fast_app(size=SMALL)
    app.settings.coach = True
    scene = coached.start(app, coached.PEOPLE)
    coached.person_to_aim(app, scene)
    coached.throw_at(app, scene, *coached.AIMS[0])
    coached.person_to_aim(app, scene)
    told.clear()
    app.render_logical()
    hint, card = scene.score_sheet.hint_rect, scene.coach.card
    assert hint is not None and card is not None
    assert hint in told[-1]
    assert not card.move(-AREA.x, -AREA.y).colliderect(hint)
    app.close()


def watch_sizes(monkeypatch, look, folder: str) -> list[tuple[int, str, str]]:
    """Every text size drawn with `look` from the files in ui/`folder`/ from now on: (size,
    file, text)."""
    sizes: list[tuple[int, str, str]] = []
    blit, text = look.blit_text, look.text

    def watched(draw, at):  # `at`: the size's place among the arguments
        def drawn(*args, **kw):
            size = kw.get("size", args[at] if len(args) > at else 24)
            caller = sys._getframe(1).f_code.co_filename
            if f"{os.sep}ui{os.sep}{folder}{os.sep}" in caller:
                sizes.append((size, os.path.basename(caller), str(args[at - 2])))
            return draw(*args, **kw)
        return drawn

    monkeypatch.setattr(look, "blit_text", watched(blit, 3))
    monkeypatch.setattr(look, "text", watched(text, 1))
    return sizes


@pytest.mark.parametrize("game", ["ship-captain-crew", "lcr", "aces", "even-odd", "shut-the-box",
                                  "ten-thousand"])
def test_at_800x600_the_trays_texts_are_12_px_high(game, monkeypatch):
    """The tray's own texts at a game's start and after the AIs' first turns, at a size of about
    12 px or more in an 800x600 window."""
    app = fast_app(size=SMALL)
    seats = [Seat("Ann", "ai", "easy"), Seat("Bo", "ai", "easy"), Seat("Cy", "ai", "easy")]
    open_game_scene(app, new_game(game, seats, {}, 3, None, autosave=False))
    sizes = watch_sizes(monkeypatch, app.look, "tray")
    for _ in range(60):
        app.step(1 / 20)
        app.render()
    app.close()
    assert sizes
    assert sorted({s for s in sizes if s[0] * 0.625 < READABLE_PX}) == []


def test_at_800x600_the_close_up_takes_a_corner_only_for_dice_under_16_px():
    """The rest view's dice (16 px and more) get no close-up of the deciding dice, which would
    take a corner to show them hardly larger (20 px); the whole board's (Home) do."""
    app = fast_app(size=SMALL)
    scene = start(app, "classic", 4)
    cam = scene.view
    tables = dice_size.play_tables("classic", 4, 2, 3, "easy")
    for table in tables:
        cam.rest([(table.diamond.x, table.diamond.y)]
                 + [(d.x, d.y) for d in table.dice if d.on_board])
        cam.settle()
        assert scene.closeup(table, False) is None
    cam.toggle_whole()
    cam.settle()
    assert td.die_px(scene.level, cam.view) * 0.625 < LEAST_PX
    assert any(scene.closeup(table, False) is not None for table in tables)
    app.close()
