"""The hot-seat hand-over: between two human players at one screen, an opaque page saying whose
turn it is hides the table (the dice, a player's hand) until that player says they are ready.

The game below waits meanwhile (it is not drawn, and its AI does not move: ui/game_scene.py). The
page shows what happened last, so the player who just finished still sees how their turn ended.
"""

from __future__ import annotations

import pygame

from petanque_game.ui import theme
from petanque_game.ui.narrate import is_you
from petanque_game.ui.scene import AppLike, Scene
from petanque_game.ui.widgets import Button

READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class HandoverScene(Scene):
    """'Pass to Åse': the next human player's name, what just happened, and a Ready button."""

    def __init__(self, app: AppLike, name: str, seat: int, last: list[str] | None = None):
        super().__init__(app)
        self.player, self.seat, self.last = name, seat, list(last or [])
        self.ready = Button(pygame.Rect(490, 470, 300, 76), self.look.tr("handover.ready"),
                            self.go_on, size=34, hint=self.look.tr("handover.ready_key"),
                            style="primary", tag="ready")

    def go_on(self) -> None:
        """Ready: the table is shown again."""
        self.app.pop()

    def buttons(self) -> list[Button]:
        return [self.ready]

    def title(self) -> str:
        """'Pass to Åse'; 'Your turn' for a player called You ('Pass to You' reads wrong)."""
        if is_you(self.look, self.player):
            return self.look.tr("handover.your_turn")
        return self.look.tr("handover.pass_to", name=self.player)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.ready.click(self.look, event.pos)
        elif event.type == pygame.KEYDOWN and event.key in READY_KEYS:
            self.go_on()
        return True  # nothing reaches the table while it is hidden

    def draw(self, surface: pygame.Surface) -> None:
        look = self.look
        surface.fill(look.colour("background"))
        col = look.player_colour(self.seat)
        pygame.draw.rect(surface, col, pygame.Rect(0, 0, surface.get_width(), 14))
        pygame.draw.circle(surface, col, (640, 200), 54)
        if look.marks_shown():
            theme.draw_mark(surface, self.seat, (640, 200), 48)
        look.blit_text(surface, look.fit(self.title(), 64, 1100, True), (640, 300), 64,
                        "text", True, "center")
        look.blit_text(surface, look.fit(look.tr("handover.hidden"), 28, 1100), (640, 360),
                        28, "muted", anchor="center")
        y = 398
        for line in self.last:
            look.blit_text(surface, look.fit(line, 24, 1100), (640, y), 24, "muted",
                            anchor="midtop")
            y += 28
        self.ready.draw(look, surface, self.mouse)
        look.blit_text(surface, look.fit(look.tr("handover.turn_off"), 20, 1100),
                        (640, 690), 20, "muted", anchor="center")
