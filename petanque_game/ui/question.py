"""A question put over a scene before something that cannot be undone (the board editor's
"replace the board?"): the scene under it veiled, a panel with the question and its answers as
buttons, each with its key. While it is open it takes every click and key; Escape is the answer
that does nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from petanque_game.ui.look import Look
from petanque_game.ui.widgets import Button, dim, panel

RECT = pygame.Rect(240, 220, 800, 280)  # the panel at its tallest (its height fits its lines)


@dataclass(frozen=True)
class Answer:
    label: str
    action: Callable[[], object]  # (what it returns is not used)
    key: int  # pygame key that gives this answer (shown on its button)
    hint: str
    style: str = "normal"
    tag: str = ""


class Question:
    """The question's `lines` and `answers`, drawn and heard with `look`."""

    def __init__(self, look: Look, lines: list[str], answers: list[Answer]):
        self.look = look
        self.lines = [look.wrap(line, 22, RECT.w - 48)[:3] for line in lines]
        self.answers = answers
        tall = 24 + sum(28 * len(parts) + 8 for parts in self.lines) + 100
        self.rect = pygame.Rect(RECT.x, 0, RECT.w, min(RECT.h, tall))
        self.rect.centery = RECT.centery
        width = (RECT.w - 40 - 16 * (len(answers) - 1)) // len(answers)
        self.buttons = [Button(pygame.Rect(RECT.x + 20 + i * (width + 16),
                                           self.rect.bottom - 84, width, 64),
                               look.fit(a.label, 22, width - 16, True), a.action, size=22,
                               hint=a.hint, style=a.style, tag=a.tag)
                        for i, a in enumerate(answers)]

    def handle(self, event: pygame.event.Event) -> None:
        """Every event goes here while the question is open; a click on an answer or its key
        gives that answer."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                b.click(self.look, event.pos)
        elif event.type == pygame.KEYDOWN:
            for a in self.answers:
                if event.key == a.key or (a.key == pygame.K_RETURN
                                          and event.key == pygame.K_KP_ENTER):
                    a.action()
                    return

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int] | None) -> None:
        look = self.look
        dim(look, surface, 170)
        panel(look, surface, self.rect, "panel", "accent", 16)
        y = self.rect.y + 24
        for parts in self.lines:
            for part in parts:
                look.blit_text(surface, part, (self.rect.x + 24, y), 22, "text")
                y += 28
            y += 8
        for b in self.buttons:
            b.draw(look, surface, mouse)
