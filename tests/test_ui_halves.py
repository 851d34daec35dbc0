"""A frame scaled into a larger window in two halves at once (ui/halves.py) shows the very pixels
one whole scaling shows, at every window size a desktop commonly gives; and the window's
thread for it ends with the window."""

import os
import random
import threading

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from petanque_game.ui import theme
from petanque_game.ui.app import App
from petanque_game.ui.halves import Halves, seam
from petanque_game.ui.settings import load_settings
from petanque_game.ui.window_size import show, window_size_for

DESKTOPS = [(1920, 1080), (1920, 1200), (2560, 1440), (3840, 2160), (1366, 768), (1440, 900),
            (1536, 864), (1600, 900), (1680, 1050), (2880, 1800), (1300, 800)]
WINDOWS = sorted({window_size_for(d) for d in DESKTOPS} | {(1728, 972), (1281, 721),
                                                            (1500, 1000), (2000, 721)})


def noise(size: tuple[int, int]) -> pygame.Surface:
    """A picture whose every pixel differs from its neighbours (a row or column shown twice,
    or left out, shows)."""
    rng = random.Random(size[0] * 7 + size[1])
    picture = pygame.Surface(size)
    row = pygame.Surface((size[0], 1))
    for y in range(size[1]):
        data = bytes(rng.getrandbits(8) for _ in range(3 * size[0]))
        row = pygame.image.frombytes(data, (size[0], 1), "RGB")
        picture.blit(row, (0, y))
    return picture


@pytest.fixture(scope="module")
def picture():
    pygame.display.init()
    return noise(theme.LOGICAL_SIZE)


def test_the_seam_is_where_the_parts_pick_the_rows_the_whole_picks():
    assert seam(720, 972) == (360, 486)  # 1728x972: every 20 rows of the picture make 27
    assert seam(720, 1080) == (360, 540)
    assert seam(720, 720) is None and seam(720, 500) is None  # not made larger
    assert seam(720, 1350) == (360, 675)
    assert seam(720, 933) is None  # none near the middle: scaled whole (tests below)


@pytest.mark.parametrize("window", WINDOWS)
def test_a_frame_shown_in_halves_is_the_frame_scaled_whole(picture, window):
    whole, halved = pygame.Surface(window), pygame.Surface(window)
    halves = Halves()
    try:
        show(picture, whole)
        show(picture, halved, halves)
        show(picture, halved, halves)  # (the thread's second job, as every frame after)
    finally:
        halves.close()
    assert pygame.image.tobytes(halved, "RGB") == pygame.image.tobytes(whole, "RGB"), window
    assert halves._thread is None  # closed (if it was made)


def test_a_part_that_fails_is_said_on_the_windows_thread(picture):
    halves = Halves()
    try:
        with pytest.raises(ValueError):  # the lower half's target is the wrong size
            halves.scale(picture, (1728, 972), pygame.Surface((1728, 900)))
        target = pygame.Surface((1728, 972))
        halves.scale(picture, (1728, 972), target)  # and the next frame is shown
        expected = pygame.transform.scale(picture, (1728, 972))
        assert pygame.image.tobytes(target, "RGB") == pygame.image.tobytes(expected, "RGB")
    finally:
        halves.close()


def test_the_windows_scaling_thread_ends_with_it(home):
    app = App(size=(1728, 972), settings=load_settings({"handover": False}))
    app.render()
    thread = app.workers.halves._thread
    assert thread is not None and thread.is_alive()
    app.close()
    assert not thread.is_alive()


def test_a_lower_half_the_thread_has_not_taken_up_is_scaled_by_the_windows_thread(picture):
    halves = Halves()
    halves._thread = threading.current_thread()  # as if made, but never free to take it up
    target = pygame.Surface((1728, 972))
    halves.scale(picture, (1728, 972), target)  # (does not wait for it)
    expected = pygame.transform.scale(picture, (1728, 972))
    assert pygame.image.tobytes(target, "RGB") == pygame.image.tobytes(expected, "RGB")
    assert halves._job is None
