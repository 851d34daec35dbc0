"""The panel under the tray (a part of the tray scene, ui/component.py): what the game's sheet
shows there (its boxes, cargo, pot, set-aside dice...), drawn by the game's controls, kept as a
picture by what it shows for a game that says, and a click on it answered by the game."""

from __future__ import annotations

import pygame

from petanque_game.ui.component import Component
from petanque_game.ui.look import Look
from petanque_game.ui.tray.games import Controls, Turned
from petanque_game.ui.tray.layout import PANEL_INSIDE, PANEL_RECT
from petanque_game.ui.tray.pictures import TrayPictures


class TraySheet(Component):
    """The game's panel under the tray."""

    def __init__(self, look: Look, controls: Controls[Turned], pictures: TrayPictures):
        self.look = look  # what it draws with: its scene's
        self.controls = controls
        self.pictures = pictures  # the window's (ui/tray/pictures.py)

    def handle(self, event: pygame.event.Event) -> bool:
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
            self.controls.click_panel(event.pos)

    def draw(self, surface: pygame.Surface) -> None:
        c = self.controls
        shows = c.panel_shows()
        if shows is None:
            c.draw_panel(surface, PANEL_RECT)
        else:
            self.pictures.panels.drawn(surface, self.look.drawn_in(type(c).__name__, shows),
                                       PANEL_INSIDE, lambda out: c.draw_panel(out, PANEL_RECT))
