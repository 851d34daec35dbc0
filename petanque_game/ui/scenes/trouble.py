"""The screen shown after a bug: what failed, that the games are safe, and where the log is.

The window's one handler for errors that are not refusals (`App.crash`) writes the traceback to the
log in the user folder (logs.py), closes the scenes (a game in progress keeps its autosave, written
after its last move) and opens this screen. From here the player goes back to the main menu, where
Resume carries on, or quits.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from petanque_game.ui.scene import AppLike, Scene
from petanque_game.ui.widgets import Button, panel


class ErrorScene(Scene):
    def __init__(self, app: AppLike, line: str, log: Path | None):
        super().__init__(app)
        self.line = line
        self.log = log

    @property
    def buttons(self) -> list[Button]:
        return [
            Button(pygame.Rect(120, 560, 300, 64), self.look.tr("errors.main_menu"), self.to_menu,
                   size=30, hint="Enter", style="primary", tag="menu"),
            Button(pygame.Rect(440, 560, 240, 64), self.look.tr("errors.quit"), self.quit, size=30,
                   hint="Esc", tag="quit"),
        ]

    def to_menu(self) -> None:
        self.app.back_to_menu()

    def quit(self) -> None:
        self.app.running = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.click(self.look, event.pos):
                    return True
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.to_menu()
            elif event.key in (pygame.K_ESCAPE, pygame.K_q):
                self.quit()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        look = self.look
        look.blit_text(surface, look.tr("errors.title"), (120, 90), 60, "text", True)
        rect = pygame.Rect(110, 180, 1060, 340)
        panel(look, surface, rect, (70, 34, 34), "bad")
        lines = look.wrap(look.tr("errors.bug", what=self.line), 24, rect.w - 40)[:6]
        lines.append("")
        lines += look.wrap(look.tr("errors.saved"), 24, rect.w - 40)
        if self.log is not None:
            lines += look.wrap(look.tr("errors.log", path=self.log), 24, rect.w - 40)
        for i, line in enumerate(lines[:12]):
            look.blit_text(surface, line, (rect.x + 20, rect.y + 16 + 26 * i), 24)
        for b in self.buttons:
            b.draw(look, surface, self.mouse)
