"""The scene interface (Tuxemon's and pyroller's scene stack, STYLE.md).

A scene handles input (consuming an event or passing it to the scene below), updates its own
animation clock, and draws to the fixed 1280x720 logical surface. `draw` never changes game state:
drawing the same moment twice gives the same picture.

A scene is opened by its name through the app (`app.open("results", session)`, ui/scenes.py), so
a scene module never imports another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from petanque_game.ui.app import App


class Scene:
    """Base scene: override what you need."""

    opaque = True  # False: the scene below is drawn first (an overlay such as the results panel)
    name = ""  # the name it was opened by (ui/scenes.py); "" for a scene pushed as an object

    def __init__(self, app: App):
        self.app = app

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped off the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene on top of this one was popped."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was consumed; False passes it to the scene below."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the logical surface; never change game state here."""

    @property
    def mouse(self) -> tuple[int, int] | None:
        return self.app.mouse
