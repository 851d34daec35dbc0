"""The window's size, headless (the desktop's size emulated): it opens at most of the desktop, the
picture's aspect kept; it keeps the size it was last given and its full screen in settings.yaml;
the mouse maps back to the picture after a resize; and the dice at rest are as large on screen as
the table scene promises (benchmarks/bench_dice_size.py measures them on every board)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
import yaml
from ui_support import start_table

from petanque_game import paths
from petanque_game.record import Seat
from petanque_game.ui import app as app_module
from petanque_game.ui.app import App
from petanque_game.ui.settings import SETTINGS_FILE, load_settings
from petanque_game.ui.table import draw as td

pytestmark = pytest.mark.usefixtures("home")

LEVELS = ("classic", "round-table", "bumper-lane")


@pytest.fixture
def desktop(monkeypatch):
    """Emulate a desktop of a given size: the dummy driver has none."""
    def use(size):
        monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [size])
    return use


def an_app(**given) -> App:
    return App(settings=load_settings({"ai_delay": 0, "roll_time": 0, "handover": False,
                                       **given}))


def die_on_screen(app, level: str, players: int = 2) -> float:
    """The side of a die at rest, in window pixels, on `level`'s fitted board."""
    seats = [Seat("Ann", "human")] + [Seat(f"AI {i}", "ai", "easy") for i in range(1, players)]
    scene = start_table(app, seats, level=level)
    scene.view.settle()
    return td.die_px(scene.level, scene.view.view) * app._fit()[0]


def test_the_window_opens_at_most_of_a_1920x1080_desktop(desktop):
    desktop((1920, 1080))
    app = an_app()
    assert app.window.get_size() == (1728, 972)  # 90 % of the height, 16:9
    app.close()


@pytest.mark.parametrize("level", LEVELS)
def test_dice_at_rest_on_a_1920x1080_desktop_are_larger_than_at_1280x720(level, desktop):
    desktop((1920, 1080))
    app = an_app()
    big = die_on_screen(app, level)
    app.close()
    small = App(size=(1280, 720), settings=load_settings({"handover": False}))
    plain = die_on_screen(small, level)
    small.close()
    assert big == pytest.approx(plain * 1.35, rel=1e-6)
    if level == "classic":
        assert big >= 24.0  # the board fitted, the score sheet beside it


def test_an_800x600_window_shows_the_whole_picture_and_the_close_up(desktop):
    app = App(size=(800, 600), settings=load_settings({"handover": False}))
    scale, left, top = app._fit()
    assert (scale, left, top) == (pytest.approx(0.625), 0, 75)
    px = die_on_screen(app, "round-table")
    assert px == pytest.approx(0.625 * td.die_px(app.top.level, app.top.view.view))
    app.close()


def test_the_window_keeps_its_size_and_full_screen_for_the_next_start(desktop):
    desktop((1920, 1080))
    app = an_app()
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 700), w=1100, h=700))
    assert app.window.get_size() == (1100, 700)
    app.step(0.1)
    kept = paths.user_dir() / SETTINGS_FILE
    assert not kept.exists()  # not while the edge is being dragged
    app.step(0.5)
    assert yaml.safe_load(kept.read_text())["window_size"] == [1100, 700]
    # the mouse maps back to the picture in the resized window: 1100 / 1280 = 0.859, bars above
    scale, left, top = app._fit()
    assert app.to_logical((left + 640 * scale, top + 360 * scale)) == (640, 360)
    assert app.to_logical((1100 / 2, 700 / 2)) == (640, 360)
    app.toggle_fullscreen()
    assert yaml.safe_load(kept.read_text())["fullscreen"] is True
    app.close()
    again = App(settings=load_settings())
    assert again.fullscreen and again.window_size == (1100, 700)
    again.toggle_fullscreen()
    assert again.window.get_size() == (1100, 700)
    assert yaml.safe_load(kept.read_text()).get("fullscreen", False) is False  # the default
    again.close()


def test_a_kept_size_larger_than_the_desktop_is_not_used(desktop):
    desktop((1366, 768))
    app = an_app(window_size=[1800, 1000])
    assert app.window.get_size() == app_module.window_size_for((1366, 768)) == (1228, 691)
    app.close()


@pytest.mark.parametrize("bad", [[100, 50], "big", [1000], [1000.5, 600]])
def test_a_wrong_window_size_is_a_problem_named_and_not_used(bad):
    settings = load_settings({"window_size": bad})
    assert settings.window_size is None
    assert len(settings.problems) == 1 and "window_size" in settings.problems[0]
