"""The end of a round on the table (a component of the table scene, ui/component.py): the
reckoning shown over the round's last table (ui/table/reckoning.py), continued by a key or the
button, or by itself after a readable pause when no person plays; and the round's last table,
shown faint until the next round's diamond lies."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from petanque_game.rules.petanque_table import Table
from petanque_game.rules.terningepetanque_events import RoundEnded
from petanque_game.ui.component import Component
from petanque_game.ui.session import Step
from petanque_game.ui.table.reckoning import Reckoning, reckoning_of

CONTINUE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_c)


class RoundEnd(Component):
    """The reckoning on screen (or None) and the last round scored: (round, its table)."""

    def __init__(self, wait: Callable[[], float | None]) -> None:
        self.wait = wait  # seconds a reckoning waits before it goes on by itself; None: Continue
        self.reckoning: Reckoning | None = None
        self.final: tuple[int, Table] | None = None

    def on_transition(self, step: Step) -> None:
        for made in step.transitions:
            if isinstance(made.event, RoundEnded):
                self.final = (made.event.round, made.before.table)
                self.reckoning = reckoning_of(made, self.wait())

    def handle(self, event: pygame.event.Event) -> bool:
        """Continue's keys (the button is the scene's)."""
        if event.type == pygame.KEYDOWN and event.key in CONTINUE_KEYS:
            self.go_on()
            return True
        return False

    def update(self, dt: float) -> None:
        if self.reckoning is not None:
            self.reckoning.t += dt
            if self.reckoning.over:
                self.reckoning = None

    def go_on(self) -> None:
        """Continue: the reckoning is over."""
        self.reckoning = None
