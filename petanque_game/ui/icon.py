"""The game's icon, drawn by code at any size: a white die showing five on green felt, with the
golden diamond the dice are thrown at lying beside it.

The window sets it as its icon (`window_icon`); tools/build_app.py renders it as PNG files from 16
to 512 px for the standalone build, the desktop entry and the app stores. Drawn four times larger
and scaled down smoothly, so the edges are soft at every size; at 16 and 24 px the pips grow a
little so the five still reads.
"""

from __future__ import annotations

import pygame

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)  # the PNG sizes a build ships
SUPERSAMPLE = 4

FELT = (38, 112, 70)
FELT_EDGE = (22, 70, 44)
DIE = (250, 248, 240)
DIE_SHADE = (198, 194, 182)
PIP = (30, 30, 36)
DIAMOND = (236, 184, 52)
DIAMOND_EDGE = (150, 98, 18)


def render(size: int) -> pygame.Surface:
    """The icon as a `size` x `size` surface with an alpha channel (size >= 8)."""
    if size < 8:
        raise ValueError(f"an icon of {size} px is too small to draw")
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    _felt(canvas, big)
    _die(canvas, big, small=size <= 24)
    _diamond(canvas, big)
    return pygame.transform.smoothscale(canvas, (size, size))


def _felt(canvas: pygame.Surface, big: int) -> None:
    rect = pygame.Rect(0, 0, big, big)
    radius = big // 5
    pygame.draw.rect(canvas, FELT_EDGE, rect, border_radius=radius)
    pygame.draw.rect(canvas, FELT, rect.inflate(-big // 16, -big // 16), border_radius=radius)


def _die(canvas: pygame.Surface, big: int, small: bool) -> None:
    side = int(big * 0.56)
    face = pygame.Rect(0, 0, side, side)
    face.topleft = (int(big * 0.12), int(big * 0.12))
    corner = side // 6
    pygame.draw.rect(canvas, DIE_SHADE, face.move(big // 40, big // 40), border_radius=corner)
    pygame.draw.rect(canvas, DIE, face, border_radius=corner)
    pip = int(side * (0.12 if small else 0.09))
    off = int(side * 0.27)
    cx, cy = face.center
    for dx, dy in ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)):
        pygame.draw.circle(canvas, PIP, (cx + dx * off, cy + dy * off), pip)


def _diamond(canvas: pygame.Surface, big: int) -> None:
    cx, cy, r = int(big * 0.73), int(big * 0.73), int(big * 0.17)
    points = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    pygame.draw.polygon(canvas, DIAMOND_EDGE, points)
    inner = int(r * 0.72)
    pygame.draw.polygon(canvas, DIAMOND, [(cx, cy - inner), (cx + inner, cy), (cx, cy + inner),
                                          (cx - inner, cy)])


def window_icon() -> pygame.Surface:
    """The icon the window shows in its title bar and the task bar."""
    return render(64)
