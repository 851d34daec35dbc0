"""What the tray scene and each tray game's controls share: where the tray, the panel under it and
the players' list are on the logical surface, the latest roll, and how one die of it is shown."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

TRAY_RECT = pygame.Rect(336, 70, 928, 380)
RIM = 20
FELT_RECT = TRAY_RECT.inflate(-2 * RIM, -2 * RIM)
PANEL_RECT = pygame.Rect(336, 462, 928, 150)
PLAYERS_RECT = pygame.Rect(16, 70, 306, 542)
DIE_SIZE = 86


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
