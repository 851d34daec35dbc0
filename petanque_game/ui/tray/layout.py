"""What the tray scene and each tray game's controls share: where the tray, the panel under it and
the players' list are on the logical surface (and the parts of it kept as pictures), the latest
roll, and how one die of it is shown."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from petanque_game.ui import theme
from petanque_game.ui.game_scene import STATUS_RECT
from petanque_game.ui.look import Look

TRAY_RECT = pygame.Rect(336, 70, 928, 380)
RIM = 20
FELT_RECT = TRAY_RECT.inflate(-2 * RIM, -2 * RIM)
PANEL_RECT = pygame.Rect(336, 462, 928, 150)
PANEL_INSIDE = PANEL_RECT.inflate(-24, 0)  # the panel but its rounded ends: its own colours only
PLAYERS_RECT = pygame.Rect(16, 70, 306, 542)
DIE_SIZE = 86
WIDTH, HEIGHT = theme.LOGICAL_SIZE
HEADER_AREA = pygame.Rect(0, 0, WIDTH, 66)  # the name, the line, the buttons
COLUMN_AREA = pygame.Rect(0, HEADER_AREA.bottom, TRAY_RECT.x,
                          STATUS_RECT.y - HEADER_AREA.bottom)  # the players' cards, the log
# The status bar with its shadow (1 px left, 8 right, 11 down): drawn as one opaque picture.
STATUS_LAID = pygame.Rect(STATUS_RECT.x - 1, STATUS_RECT.y, STATUS_RECT.w + 8,
                          HEIGHT - STATUS_RECT.y)
# What the backdrop's parts above (and the tray) leave uncovered: the plain background.
BACKDROP_GAPS = (pygame.Rect(TRAY_RECT.x, HEADER_AREA.bottom, WIDTH - TRAY_RECT.x,
                             TRAY_RECT.y - HEADER_AREA.bottom),
                 pygame.Rect(TRAY_RECT.right, TRAY_RECT.y, WIDTH - TRAY_RECT.right, TRAY_RECT.h),
                 pygame.Rect(TRAY_RECT.x, TRAY_RECT.bottom, WIDTH - TRAY_RECT.x,
                             STATUS_LAID.y - TRAY_RECT.bottom),
                 pygame.Rect(0, STATUS_LAID.y, STATUS_LAID.x, HEIGHT - STATUS_LAID.y),
                 pygame.Rect(STATUS_LAID.right, STATUS_LAID.y, WIDTH - STATUS_LAID.right,
                             HEIGHT - STATUS_LAID.y))
# The backdrop but the tray and the panel under it, which a frame with the dice at rest covers
# with pictures of their own (the panel's with its shadow: 1 px left, 8 right, 11 down).
PANEL_LAID = pygame.Rect(PANEL_RECT.x - 1, PANEL_RECT.y, PANEL_RECT.w + 8, PANEL_RECT.h + 11)
AROUND_FELT = (pygame.Rect(0, 0, WIDTH, TRAY_RECT.y),
               pygame.Rect(0, TRAY_RECT.y, TRAY_RECT.x, HEIGHT - TRAY_RECT.y),
               pygame.Rect(TRAY_RECT.right, TRAY_RECT.y, WIDTH - TRAY_RECT.right,
                           PANEL_LAID.y - TRAY_RECT.y),
               pygame.Rect(TRAY_RECT.x, TRAY_RECT.bottom, WIDTH - TRAY_RECT.x,
                           PANEL_LAID.y - TRAY_RECT.bottom),
               pygame.Rect(PANEL_LAID.right, PANEL_LAID.y,
                           WIDTH - PANEL_LAID.right, PANEL_LAID.h),
               pygame.Rect(TRAY_RECT.x, PANEL_LAID.bottom, WIDTH - TRAY_RECT.x,
                           HEIGHT - PANEL_LAID.bottom))


@dataclass
class DieView:
    """How one die of the current roll is drawn in the tray."""

    value: int
    hidden: bool = False
    dim: bool = False
    selected: bool = False
    outline: tuple[int, int, int] | None = None
    label: str = ""


@dataclass
class RollShown:
    """The latest roll: its event index (the key of its cosmetic layout), values, tumble clock."""

    event: int
    values: tuple[int, ...]
    seat: int | None
    t: float = 1.0  # 0 just thrown .. 1 at rest


HINT_COLOUR = (110, 200, 255)  # the hint's outline on dice, boxes and buttons: unlike any other


def draw_player_mark(look: Look, surface: pygame.Surface, seat: int | None,
                     die: pygame.Rect) -> None:
    """With the colour-blind-safe palette, a die of `seat` carries the player's mark on a badge
    in their colour at its top right corner (a second cue: whose die this is)."""
    if seat is None or not look.marks_shown():
        return
    size = max(14, die.w // 3)
    centre = (die.right - size // 4, die.top + size // 4)
    pygame.draw.circle(surface, look.player_colour(seat), centre, size // 2 + 2)
    pygame.draw.circle(surface, (250, 250, 250), centre, size // 2 + 2, 2)
    theme.draw_mark(surface, seat, centre, size * 0.6)
