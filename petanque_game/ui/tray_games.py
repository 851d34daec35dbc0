"""The controls of each tray game: which dice are shown how, what a click on a die or a box means,
the buttons, the panel under the tray, the players' scores and the line saying what to do next.

A click becomes an action for the match (`scene.act`); the rules accept or refuse it. The controls
keep only what the player is pointing at (a selection) and what to show of the last turn.
"""

from __future__ import annotations

from typing import Any

import pygame

from petanque_game.ui.widgets import Button


class Controls:
    def __init__(self, scene):
        self.scene = scene
        self.selected: set[int] = set()

    @property
    def state(self) -> Any:
        return self.scene.session.state

    def name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return self.scene.session.players[seat].name

    @property
    def human(self) -> bool:
        return self.scene.human_turn and not self.scene.busy

    def not_now(self) -> bool:
        """Refuse a click when it is not a human's move; True when refused."""
        if self.human:
            return False
        s = self.scene.session
        if s.over:
            self.scene.refuse("The game is over")
        elif not s.interactive:
            self.scene.refuse("This is a replay: use the replay controls")
        elif not self.scene.busy:
            self.scene.refuse(f"It is {self.name(self.state.to_move)}'s turn: wait for them")
        return True

    def waiting_prompt(self) -> str:
        s = self.scene.session
        if s.over:
            return "Game over."
        seat = s.state.to_move
        if seat is not None and seat >= 0 and s.players[seat].kind == "ai":
            return f"{self.name(seat)} is playing..."
        return ""

    def on_step(self, step) -> None:
        self.selected.clear()

    def click_panel(self, pos: tuple[int, int]) -> bool:
        return False

    def key(self, key: int) -> bool:
        return False

    def is_key(self, action: str, key: int) -> bool:
        return self.scene.app.settings.is_key(action, key)

    def button(self, label: str, action, enabled: bool, hint: str, tag: str,
               style: str = "normal", width: int = 190) -> Button:
        return Button(pygame.Rect(0, 0, width, 64), label, action, enabled and self.human, 26,
                      hint, style, tag=tag)
