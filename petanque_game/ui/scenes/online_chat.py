"""The chat line of an online game, over the table or the tray (F3 opens it, ui/game_scene.py):
the last lines said and a field for a few words; Enter sends the line to the others, Esc closes
it unsent. The game goes on beneath (the scene below keeps taking what comes from the network);
the lines come and go as notes on every screen (ui/online_session.py), never in the record."""

from __future__ import annotations

from typing import Any

import pygame

from petanque_game.online.protocol import MAX_CHAT
from petanque_game.ui.scene import Scene
from petanque_game.ui.text_field import TextField
from petanque_game.ui.widgets import panel

BOX = pygame.Rect(200, 470, 880, 236)
SHOWN = 4  # the last lines said, above the field


class ChatScene(Scene):
    opaque = False

    def __init__(self, app: Any, session: Any):
        super().__init__(app)
        self.session = session  # an OnlineSession: `say`, `chat_lines`
        self.field = TextField(pygame.Rect(BOX.x + 20, BOX.bottom - 66, BOX.w - 40, 48), "",
                               MAX_CHAT, active=True)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.field.value.strip() and not self.session.say(self.field.value):
                self.app.toast.show(self.look.tr("online.chat_wait"), "bad", 3.0)
                return True  # kept, to be sent in a moment
            self.app.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and not BOX.collidepoint(event.pos):
            self.app.pop()  # a click beside it: back to the game
        else:
            self.field.active = True
            self.field.handle(event)
        return True  # nothing reaches the game while a line is typed

    def draw(self, surface: pygame.Surface) -> None:
        look = self.look
        panel(look, surface, BOX)
        lines = list(self.session.chat_lines)[-SHOWN:]
        y = BOX.y + 14
        for line in lines:
            look.blit_text(surface, look.fit(line, 22, BOX.w - 40), (BOX.x + 20, y), 22)
            y += 28
        if not lines:
            look.blit_text(surface, look.tr("online.chat_none"), (BOX.x + 20, y), 22, "muted")
        look.blit_text(surface, look.tr("online.chat_prompt", most=MAX_CHAT),
                        (BOX.x + 20, BOX.bottom - 92), 20, "muted")
        self.field.draw(look, surface, self.app.time % 1.0 < 0.5)
