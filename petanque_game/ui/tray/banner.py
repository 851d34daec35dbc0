"""The banner across the tray (a part of the tray scene, ui/component.py): what a turn-ending roll
came to while it is read (`Hold`), the expert's hint, or that the hint is still being worked out,
on a dark strip at the top or the bottom of the felt, wherever it hides the fewer dice."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from petanque_game.ui import dice
from petanque_game.ui.component import Component
from petanque_game.ui.look import Look
from petanque_game.ui.tray.games import Advice, told
from petanque_game.ui.tray.layout import DIE_SIZE, FELT_RECT, HINT_COLOUR

BANNER_SIZE = 26  # the text of the hint and of a turn-ending roll on the tray


@dataclass
class Hold:
    """A turn-ending roll kept on the tray: what it came to, and the seconds left to read it
    (counted once the dice have settled)."""

    text: str
    left: float


class TrayBanner(Component):
    """The roll being read (`hold`) and the strips the banner is drawn on."""

    def __init__(self, look: Look) -> None:
        self.look = look  # what it draws with: its scene's
        self.hold: Hold | None = None
        # The dark see-through strips under a banner, made once per size.
        self.strips: dict[tuple[int, int], pygame.Surface] = {}

    def update(self, dt: float) -> None:
        """The roll read on: let go of once its time is up."""
        if self.hold is not None:
            self.hold.left -= dt
            if self.hold.left <= 0:
                self.hold = None

    def draw_shown(self, surface: pygame.Surface, advice: Advice | None, thinking: bool,
                   rolling: bool, go_on: bool, spots: Callable[[], list[dice.Resting]]) -> None:
        """What a turn-ending roll came to once the dice lie still (not `rolling`; with how to go
        on, if `go_on`), or the hint, or that it is being worked out (`thinking`), on a strip
        across the tray where it hides the fewest of the dice at `spots()` (the top or the bottom
        of the felt)."""
        look = self.look
        if self.hold is not None and not rolling:
            small = look.tr("tray.hold.go_on") if go_on else ""  # a replay goes on itself
            self._banner(surface, self.hold.text, small, look.colour("bad"), spots)
        elif advice is not None:
            self._banner(surface, look.tr("tray.hint.said", hint=told(look, advice)), "",
                         HINT_COLOUR, spots)
        elif thinking:
            self._banner(surface, look.tr("tray.hint.thinking"), "", HINT_COLOUR, spots)

    def _banner(self, surface: pygame.Surface, text: str, small: str,
                edge: tuple[int, int, int], spots: Callable[[], list[dice.Resting]]) -> None:
        """`text` (up to two lines) on a dark strip across the tray, `small` under it."""
        look = self.look
        width = FELT_RECT.w - 40
        lines = look.wrap(text, BANNER_SIZE, width - 32, True)
        if len(lines) > 2:
            lines = [lines[0], look.fit(" ".join(lines[1:]), BANNER_SIZE, width - 32, True)]
        height = 14 + 30 * len(lines) + (22 if small else 0)
        rect = pygame.Rect(FELT_RECT.x + 20, _banner_top(height, spots), width, height)
        surface.blit(self._strip(rect.size), rect)
        pygame.draw.rect(surface, edge, rect, 3, border_radius=12)
        for i, line in enumerate(lines):
            look.blit_text(surface, line, (rect.centerx, rect.y + 8 + 30 * i), BANNER_SIZE,
                            "text", True, "midtop")
        if small:
            look.blit_text(surface, small, (rect.centerx, rect.bottom - 6), 19, "muted", False,
                            "midbottom")

    def _strip(self, size: tuple[int, int]) -> pygame.Surface:
        """The dark see-through strip under a banner, made once per size."""
        strip = self.strips.get(size)
        if strip is None:
            strip = self.strips[size] = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(strip, (16, 20, 18, 215), strip.get_rect(), border_radius=12)
        return strip


def _banner_top(height: int, spots: Callable[[], list[dice.Resting]]) -> int:
    """The strip's top: at the felt's bottom unless it hides more dice there than at the top."""
    top, bottom = FELT_RECT.top + 6, FELT_RECT.bottom - 6 - height

    def hidden(y: int) -> int:
        strip = pygame.Rect(FELT_RECT.x, y, FELT_RECT.w, height)
        return sum(strip.colliderect(pygame.Rect(FELT_RECT.x + d.x - DIE_SIZE // 2,
                                                 FELT_RECT.y + d.y - DIE_SIZE // 2,
                                                 DIE_SIZE, DIE_SIZE))
                   for d in spots())

    return bottom if hidden(bottom) <= hidden(top) else top
