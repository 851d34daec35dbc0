"""The score sheet's place beside the board (a component of the table scene, ui/component.py):
shown or hidden (Tab, or a click on it or on "Tab: score sheet"), and the board fitted into the
rest of the table's area. Whether the player showed or hid it is kept in the app's memory while the
window is open (a replay's jump makes the scene anew). In a small window (the picture shown at
less than FOLDED_BELOW, 800x600) it starts hidden, the board given the whole area, and the camera
keeps the dice at rest large enough to read there (`show_at`, ui/table/camera.py). What it shows:
ui/table/sheet.py."""

from __future__ import annotations

from collections.abc import Callable, MutableMapping, Sequence

import pygame

from petanque_game.physics.level_spec import Level
from petanque_game.ui.component import Component
from petanque_game.ui.look import Look
from petanque_game.ui.table.camera import Camera
from petanque_game.ui.table.sheet import HINT_SIZE, SHEET_HINT_AT, Placement, place_sheet
from petanque_game.ui.table.window import AREA

SHEET_MEMORY = "table_sheet"  # the app's memory: the score sheet shown (True) or hidden (False)
FOLDED_BELOW = 0.75  # the picture's scale in the window under which the sheet starts hidden


class ScoreSheet(Component):
    """Where the sheet is (`place`), and whether "Tab: score sheet" is written instead."""

    place: Placement

    def __init__(self, look: Look, level: Level, names: Sequence[str], rounds: int,
                 camera: Camera, memory: MutableMapping[str, object],
                 person_aims: Callable[[], bool]) -> None:
        self.look = look  # what it measures its words with: its scene's
        self.level, self.names, self.rounds = level, list(names), rounds
        self.camera, self.memory = camera, memory
        self.person_aims = person_aims  # a person to throw, nothing shown: the hint is written
        self.window_scale = 1.0  # the picture's scale in the window (`show_at`)
        self.lay_out(settle=True)

    def show_at(self, window_scale: float, settle: bool = False) -> None:
        """The picture is shown at `window_scale` in the window (a new window size): the sheet
        folded or not, the camera's dice kept readable."""
        if window_scale == self.window_scale:
            return
        self.window_scale = window_scale
        self.camera.show_at(window_scale)
        self.lay_out(settle)

    def lay_out(self, settle: bool = False) -> None:
        """Place the sheet (or not) and fit the board into the rest of the area."""
        shown = self.memory.get(SHEET_MEMORY)
        if shown is None and self.window_scale < FOLDED_BELOW:
            shown = False  # a small window: the board first, Tab shows the sheet
        self.place = place_sheet(self.look, self.level, self.names, self.rounds, AREA.size,
                                 None if shown is None else bool(shown))
        self.camera.set_board_rect(self.place.board)
        if settle:
            self.camera.settle()

    def toggle(self) -> None:
        self.memory[SHEET_MEMORY] = self.place.rect is None
        self.lay_out()

    @property
    def hint_shown(self) -> bool:
        """Is "Tab: score sheet" written in the area's corner (the sheet hidden, a person to
        throw)?"""
        return self.place.rect is None and self.person_aims()

    @property
    def hint_rect(self) -> pygame.Rect | None:
        """Where "Tab: score sheet" is written in the area, when it is."""
        if not self.hint_shown:
            return None
        return self.look.text(self.look.tr("table_sheet.show"),
                              HINT_SIZE).get_rect(topleft=SHEET_HINT_AT)

    def at(self, pos: tuple[int, int]) -> bool:
        """Is `pos` (logical) on the score sheet, or on where Tab shows it?"""
        place = self.place.rect if self.place.rect is not None else self.hint_rect
        return place is not None and bool(place.move(AREA.topleft).collidepoint(pos))

    def handle(self, event: pygame.event.Event) -> bool:
        """Tab, or a click on the sheet (or on "Tab: score sheet"), shows or hides it; a click
        there aims nowhere."""
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.at(event.pos)) \
                or (event.type == pygame.KEYDOWN and event.key == pygame.K_TAB):
            self.toggle()
            return True
        return False
