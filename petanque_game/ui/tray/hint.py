"""The expert's hint on the tray (a part of the tray scene, ui/component.py): for a person to move
in a live game (the Hint button or H), worked out on the AI's thread so that the window never
waits, taken in when it is done, and then shown: told on the banner (ui/tray/banner.py), ringed on
the dice and boxes it means and on the button it would press."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future

import pygame

from petanque_game.ui.component import Component
from petanque_game.ui.keys import key_names
from petanque_game.ui.look import Look
from petanque_game.ui.settings import Settings
from petanque_game.ui.tray.games import Advice
from petanque_game.ui.tray.layout import HINT_COLOUR
from petanque_game.ui.widgets import Button
from petanque_game.ui.workers import Workers


class TrayHint(Component):
    """The advice asked for, the work on it, and whether the game has any to give."""

    def __init__(self, hintable: bool, advise: Callable[[object], Advice], workers: Workers):
        self.workers = workers  # the advice is worked out on its AI's thread
        self.hintable = hintable  # a game of chance alone has nothing to hint
        self.advise = advise
        self.advice: Advice | None = None
        # (the state it is for, the work on it)
        self.advice_job: tuple[object, Future[Advice]] | None = None

    def ask(self, state: object) -> None:
        """The hint for `state`, worked out on the AI's thread unless it is there or on its way."""
        if self.advice is not None and self.advice.state is state:
            return
        if self.advice_job is None or self.advice_job[0] is not state:
            advise = self.advise
            self.advice_job = (state, self.workers.in_background(lambda: advise(state)))
        self.take(state)

    def take(self, state: object) -> None:
        """The work's answer taken in once it is done (kept only if still for `state`)."""
        job = self.advice_job
        if job is None or not job[1].done():
            return
        self.advice_job = None
        if job[0] is state:
            self.advice = job[1].result()  # an error in the expert is a bug: up to the handler

    def shown(self, state: object, may: bool) -> Advice | None:
        """The hint for `state` on the tray, if one was asked for and `may` be shown."""
        a = self.advice
        if a is None or a.state is not state or not may:
            return None
        return a

    def pending(self, state: object) -> bool:
        return self.advice_job is not None and self.advice_job[0] is state

    def button(self, look: Look, settings: Settings, action: Callable[[], None],
               enabled: bool) -> Button:
        """The Hint button, beside the game's own."""
        return Button(pygame.Rect(0, 0, 120, 64), look.tr("tray.hint.button"), action,
                      enabled, 24, key_names(look, settings, "hint"), "ghost", tag="hint")

    @staticmethod
    def ring(surface: pygame.Surface, buttons: list[Button], tag: str) -> None:
        """The hint's ring round the button tagged `tag` (the one it would press)."""
        for b in buttons:
            if b.tag == tag:
                pygame.draw.rect(surface, HINT_COLOUR, b.rect.inflate(8, 8), 4, border_radius=13)
