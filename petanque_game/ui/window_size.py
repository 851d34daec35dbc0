"""The window's size at start: the size it was kept at when the desktop still has room for it,
else most of the desktop, keeping the logical picture's aspect (`window_size_for`); and the
logical picture in a window of any size: where it sits (`placement`), the bars it leaves
(`letterbox`), and how a frame is shown there (`show`)."""

from __future__ import annotations

import pygame

from petanque_game.ui import theme

WINDOW_SHARE = 0.9  # the share of the desktop's height a new window takes at most at start
WINDOW_EDGE = 20  # px of the desktop's width left beside it (a narrow desktop: all but that)


def window_size_for(desktop: tuple[int, int] | None,
                    kept: list[int] | None = None) -> tuple[int, int]:
    """The window's size at start: the size it was `kept` at when that still fits the desktop,
    else the largest window of the logical picture's aspect within WINDOW_SHARE of the desktop's
    height (room for a task bar and the window's title) and all but WINDOW_EDGE of its width (all
    of a desktop no wider than the picture; the picture is scaled to it); the logical size itself
    when the desktop is not known."""
    lw, lh = theme.LOGICAL_SIZE
    if desktop is None:
        return (kept[0], kept[1]) if kept else (lw, lh)
    if kept and kept[0] <= desktop[0] and kept[1] <= desktop[1]:
        return kept[0], kept[1]
    # a desktop no wider than the picture gives it all its width: at 800x600, 800x450 (the picture
    # at 0.625), not 780x438 (at 0.609), each pixel of width counts there
    edge = WINDOW_EDGE if desktop[0] > lw else 0
    scale = min((desktop[0] - edge) / lw, desktop[1] * WINDOW_SHARE / lh)
    return max(1, int(lw * scale)), max(1, int(lh * scale))


def desktop_size() -> tuple[int, int] | None:
    """The size of the first desktop; None under SDL's dummy driver, which has no screen."""
    if pygame.display.get_driver() == "dummy":
        return None
    sizes = pygame.display.get_desktop_sizes()
    return sizes[0] if sizes else None


def letterbox(window: pygame.Rect, picture: pygame.Rect) -> list[pygame.Rect]:
    """The parts of `window` that `picture` (inside it) leaves uncovered: the bars above and
    below it, left and right of it (none when it fills the window)."""
    bars = [pygame.Rect(window.x, window.y, window.w, picture.y - window.y),
            pygame.Rect(window.x, picture.bottom, window.w, window.bottom - picture.bottom),
            pygame.Rect(window.x, picture.y, picture.x - window.x, picture.h),
            pygame.Rect(picture.right, picture.y, window.right - picture.right, picture.h)]
    return [bar for bar in bars if bar.w > 0 and bar.h > 0]


def placement(window: tuple[int, int]) -> tuple[float, int, int]:
    """Where the logical picture sits in a window of size `window`: the scale it is shown at and
    its top left corner (the largest that fits, centred)."""
    ww, wh = window
    lw, lh = theme.LOGICAL_SIZE
    scale = min(ww / lw, wh / lh) or 1.0
    return scale, int((ww - lw * scale) / 2), int((wh - lh * scale) / 2)


def show(picture: pygame.Surface, window: pygame.Surface) -> None:
    """The logical `picture` (not the window's own surface) put in `window`: copied when the
    window has the logical size, else scaled to fit and the bars left filled black."""
    if window.get_size() == theme.LOGICAL_SIZE:
        window.blit(picture, (0, 0))
        return
    scale, ox, oy = placement(window.get_size())
    w, h = int(theme.LOGICAL_SIZE[0] * scale), int(theme.LOGICAL_SIZE[1] * scale)
    shown = pygame.Rect(ox, oy, w, h)
    for bar in letterbox(window.get_rect(), shown):
        window.fill((0, 0, 0), bar)
    if w > 0 and h > 0:
        scaler = pygame.transform.smoothscale if scale < 1 else pygame.transform.scale
        # scaled straight into the window's pixels: no new picture of the window's size made,
        # and no copy of it (half of a frame's showing at 1728x972)
        scaler(picture, (w, h), window.subsurface(shown))
