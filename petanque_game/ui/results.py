"""Game over: who won, the final scores, and what next (New game, watch it again, Menu)."""

from __future__ import annotations

import pygame

from petanque_game.ui import theme
from petanque_game.ui.scene import Scene
from petanque_game.ui.session import Session
from petanque_game.ui.widgets import Button, dim, panel

RECT = pygame.Rect(340, 110, 600, 470)


class ResultsScene(Scene):
    """An overlay above the finished game."""

    opaque = False

    def __init__(self, app, session: Session):
        super().__init__(app)
        self.session = session
        b = []
        if session.interactive:
            b.append(Button(pygame.Rect(RECT.x + 24, RECT.bottom - 80, 176, 58), "New game",
                            self.new_game, size=28, style="primary", tag="new"))
            saved = session.saved_record
            b.append(Button(pygame.Rect(RECT.x + 212, RECT.bottom - 80, 176, 58), "Watch replay",
                            self.watch, saved is not None, 26, tag="watch"))
        else:
            b.append(Button(pygame.Rect(RECT.x + 212, RECT.bottom - 80, 176, 58), "Close",
                            self.app.pop, size=28, tag="close"))
        b.append(Button(pygame.Rect(RECT.right - 200, RECT.bottom - 80, 176, 58), "Menu",
                        self.app.back_to_menu, size=28, hint="Esc", tag="menu"))
        self.buttons = b

    def new_game(self) -> None:
        self.app.back_to_menu()
        self.app.open("setup")

    def watch(self) -> None:
        path = self.session.saved_record
        if path is not None:
            self.app.open_replay(path)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.click(event.pos):
                    return True
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.back_to_menu()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.session.interactive:
                self.new_game()
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 160)
        panel(surface, RECT, "panel", "accent", 18)
        state = self.session.state
        players = self.session.players
        winners = list(state.winners())
        theme.blit_text(surface, "Game over", (RECT.centerx, RECT.y + 22), 56, "text", True,
                        "midtop")
        names = " and ".join(players[w].name for w in winners) or "nobody"
        verb = "wins" if len(winners) == 1 else "share the win"
        theme.blit_text(surface, theme.fit(f"{names} {verb}!", 38, RECT.w - 40, True),
                        (RECT.centerx, RECT.y + 84), 38, "accent", True, "midtop")
        scores = list(state.scores())
        order = sorted(range(len(players)), key=lambda s: (-scores[s], s))
        row_h = min(40, 250 // max(1, len(players)))
        y = RECT.y + 140
        for rank, seat in enumerate(order):
            col = "accent" if seat in winners else "text"
            pygame.draw.circle(surface, theme.player_colour(seat), (RECT.x + 60, y + row_h // 2),
                               9)
            theme.blit_text(surface, f"{rank + 1}.", (RECT.x + 80, y + row_h // 2), 28, "muted",
                            anchor="midleft")
            theme.blit_text(surface, theme.fit(players[seat].name, 30, 320, True),
                            (RECT.x + 120, y + row_h // 2), 30, col, True, "midleft")
            theme.blit_text(surface, str(scores[seat]), (RECT.right - 60, y + row_h // 2), 32,
                            col, True, "midright")
            y += row_h
        saved = self.session.saved_record
        if saved is not None:
            theme.blit_text(surface, theme.fit(f"Saved as {saved.name}", 19, RECT.w - 40),
                            (RECT.centerx, RECT.bottom - 104), 19, "muted", anchor="midtop")
        for b in self.buttons:
            b.draw(surface, self.mouse)
