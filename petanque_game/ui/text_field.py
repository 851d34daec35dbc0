"""A one-line text entry of the scenes (a player's name, a board's name, a chat line): it takes
the typed text while it is active and draws itself from its own fields."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from petanque_game.ui.look import Look


@dataclass
class TextField:
    """A one-line text entry (a player's name); typing goes here while it is `active`."""

    rect: pygame.Rect
    value: str
    max_len: int = 32
    active: bool = False

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.active:
            return False
        if event.type == pygame.TEXTINPUT:
            room = self.max_len - len(self.value)
            self.value += "".join(c for c in event.text if c.isprintable())[:max(0, room)]
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.active = False
                return True
            # the function keys (F1: the rules) work while typing; other keys are swallowed
            # (no 'r' rolling the dice)
            return not pygame.K_F1 <= event.key <= pygame.K_F15
        return False

    def draw(self, look: Look, surface: pygame.Surface, blink: bool) -> None:
        fill = look.colour("panel_light") if not self.active else (60, 72, 96)
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        edge = look.colour("accent") if self.active else look.colour("edge")
        pygame.draw.rect(surface, edge, self.rect, 2, border_radius=8)
        shown = look.fit(self.value or " ", 26, self.rect.w - 24)
        r = look.blit_text(surface, shown, (self.rect.x + 10, self.rect.centery), 26, "text",
                            False, "midleft")
        if self.active and blink:
            pygame.draw.line(surface, look.colour("text"), (r.right + 2, r.top),
                             (r.right + 2, r.bottom), 2)
