"""The banner across the tray: what a turn-ending roll came to, the expert's hint, or that the
hint is still being worked out, on a dark strip at the top or the bottom of the felt, wherever it
hides the fewer dice. A mixin of `TrayScene` (ui/tray/scene.py): it reads the scene through
self."""

from __future__ import annotations

from functools import cached_property

import pygame

from petanque_game.ui import lang, theme
from petanque_game.ui.tray.games import Advice, told
from petanque_game.ui.tray.layout import DIE_SIZE, FELT_RECT, HINT_COLOUR

BANNER_SIZE = 26  # the text of the hint and of a turn-ending roll on the tray


class TrayBanner:
    """The banner's part of the tray scene."""

    @cached_property
    def strips(self) -> dict[tuple[int, int], pygame.Surface]:
        """The dark see-through strips under a banner, made once per size (the scene's own)."""
        return {}

    def draw_banners(self, surface: pygame.Surface, advice: Advice | None) -> None:
        """What a turn-ending roll came to, or the hint, on a strip across the tray where it
        hides the fewest dice (the top or the bottom of the felt)."""
        if self.hold is not None and not self.rolling:
            go_on = "" if self.replay is not None else lang.tr("tray.hold.go_on")  # a replay
            self._banner(surface, self.hold.text, go_on, theme.colour("bad"))  # goes on itself
        elif advice is not None:
            self._banner(surface, lang.tr("tray.hint.said", hint=told(advice)), "", HINT_COLOUR)
        elif self.hint_pending:
            self._banner(surface, lang.tr("tray.hint.thinking"), "", HINT_COLOUR)

    def _banner(self, surface: pygame.Surface, text: str, small: str,
                edge: tuple[int, int, int]) -> None:
        """`text` (up to two lines) on a dark strip across the tray, `small` under it."""
        width = FELT_RECT.w - 40
        lines = theme.wrap(text, BANNER_SIZE, width - 32, True)
        if len(lines) > 2:
            lines = [lines[0], theme.fit(" ".join(lines[1:]), BANNER_SIZE, width - 32, True)]
        height = 14 + 30 * len(lines) + (22 if small else 0)
        rect = pygame.Rect(FELT_RECT.x + 20, self._banner_top(height), width, height)
        surface.blit(_strip(rect.size, self.strips), rect)
        pygame.draw.rect(surface, edge, rect, 3, border_radius=12)
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, (rect.centerx, rect.y + 8 + 30 * i), BANNER_SIZE,
                            "text", True, "midtop")
        if small:
            theme.blit_text(surface, small, (rect.centerx, rect.bottom - 6), 19, "muted", False,
                            "midbottom")

    def _banner_top(self, height: int) -> int:
        top, bottom = FELT_RECT.top + 6, FELT_RECT.bottom - 6 - height

        def hidden(y: int) -> int:
            strip = pygame.Rect(FELT_RECT.x, y, FELT_RECT.w, height)
            return sum(strip.colliderect(pygame.Rect(FELT_RECT.x + d.x - DIE_SIZE // 2,
                                                     FELT_RECT.y + d.y - DIE_SIZE // 2,
                                                     DIE_SIZE, DIE_SIZE))
                       for d in self.die_spots())

        return bottom if hidden(bottom) <= hidden(top) else top


def _strip(size: tuple[int, int], strips: dict[tuple[int, int], pygame.Surface]) -> pygame.Surface:
    """The dark see-through strip under a banner, made once per size (kept in `strips`)."""
    strip = strips.get(size)
    if strip is None:
        strip = strips[size] = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(strip, (16, 20, 18, 215), strip.get_rect(), border_radius=12)
    return strip
