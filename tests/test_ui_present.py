"""Showing a frame (issue 18, item 2): at the logical size the frame is drawn on the window's own
surface (nothing copied when it is shown); at any other size on a surface of its own, scaled and
letterboxed into the window. Both give the same picture, and screenshots and the napping window's
"has the picture changed" look at the frame drawn, whichever surface that was."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import fast_app, pixels

pytestmark = pytest.mark.usefixtures("home")


def resize(app, size) -> None:
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def test_at_the_logical_size_the_frame_is_drawn_on_the_window_and_matches_a_scaled_one():
    app = fast_app(size=(1280, 720))
    app.step(0.0)
    frame = app.render()
    assert frame is app.window is app.logical  # drawn where it is shown: nothing to copy
    direct = pixels(frame)
    resize(app, (1000, 700))
    frame = app.render()
    assert frame is not app.window and frame.get_size() == (1280, 720)
    assert pixels(frame) == direct  # the same picture, drawn off the window
    scale, ox, oy = app._fit()
    assert ox == 0 and oy > 0
    letterboxed = pygame.Surface((1000, 700))
    letterboxed.blit(pygame.transform.smoothscale(frame, (1000, int(720 * scale))), (0, oy))
    assert pixels(app.window) == pixels(letterboxed)  # scaled, black bars above and below
    resize(app, (1280, 720))
    frame = app.render()
    assert frame is app.window and pixels(frame) == direct  # straight on the window again


def test_a_screenshot_is_the_frame_at_any_window_size(home):
    app = fast_app(size=(1280, 720))
    app.step(0.0)
    shown = pixels(app.render())
    for size in ((1280, 720), (900, 900)):
        resize(app, size)
        app.toast.left = 0  # the last screenshot's "saved" line gone
        path = app.screenshot()
        assert path is not None
        assert pixels(pygame.image.load(str(path))) == shown


def test_a_napping_frame_is_shown_only_when_its_picture_changed(monkeypatch):
    app = fast_app(size=(1280, 720))
    app.tick(0.0)
    flips = []
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(1))
    app.tick(0.5, woken=True)  # the first napping frame: shown
    app.tick(0.5, woken=True)  # nothing changed: not shown again
    assert flips == [1]
    app.mouse = app.top.buttons[0].rect.center  # a hover lights a button
    app.tick(0.5, woken=True)
    assert flips == [1, 1]


def test_a_frame_is_scaled_straight_into_the_window_with_black_bars(monkeypatch):
    """At a window larger than the picture (1800x972: the picture at 1.35 with bars left and
    right), the frame is scaled into the window's own pixels, with no picture of its own made
    and copied in (half the cost of showing a frame at the default window on 1920x1080), and
    it shows the same as the scaled frame beside black bars."""
    app = fast_app(size=(1800, 972))
    app.step(0.0)
    scale = pygame.transform.scale
    made: list[bool] = []

    def scaled(surface, size, *into):
        made.append(bool(into) and into[0].get_parent() is app.window)
        return scale(surface, size, *into)
    monkeypatch.setattr(pygame.transform, "scale", scaled)
    app.window.fill((200, 10, 10))  # whatever was in the bars before
    frame = app.render()
    assert made == [True]
    monkeypatch.undo()
    expected = pygame.Surface((1800, 972))
    expected.blit(pygame.transform.scale(frame, (1728, 972)), (36, 0))
    assert pixels(app.window) == pixels(expected)
