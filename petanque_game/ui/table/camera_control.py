"""The player's hold on the table's camera (a component of the table scene, ui/component.py): the
zoom with Ctrl + wheel (towards the pointer), Ctrl + plus / minus or Page Up / Page Down, and
Ctrl + 0 or Home back to the rest view, and there between the whole board and the play framed
(kept in the app's memory while the window is open). The plain wheel is the elevation's
(ui/table/aiming.py). The camera itself eases (ui/table/camera.py)."""

from __future__ import annotations

from collections.abc import MutableMapping

import pygame

from petanque_game.ui.component import Component
from petanque_game.ui.table.camera import Camera
from petanque_game.ui.table.window import AREA

ZOOM_KEY_STEP = 1.25  # one key press or wheel notch zooms by this much
WHOLE_MEMORY = "table_whole"  # the app's memory: the whole board at rest (True) or the play


class CameraControl(Component):
    """The zoom keys and wheel, Home's view, and where the pointer is (the wheel zooms to it)."""

    def __init__(self, camera: Camera, memory: MutableMapping[str, object]) -> None:
        self.camera, self.memory = camera, memory
        self.pointer: tuple[int, int] | None = None

    def settle(self, play: list[tuple[float, float]]) -> None:
        """The camera at its rest view at once, framing `play` (a new scene)."""
        self.camera.whole = bool(self.memory.get(WHOLE_MEMORY, False))
        self.camera.rest(play)
        self.camera.settle()

    def toggle_whole(self) -> None:
        """Home: the whole board, or back to the play (kept while the window is open)."""
        self.camera.toggle_whole()
        self.memory[WHOLE_MEMORY] = self.camera.whole

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            return False
        ctrl = bool(pygame.key.get_mods() & pygame.KMOD_CTRL)
        if event.type == pygame.MOUSEWHEEL and ctrl:
            self.camera.zoom(ZOOM_KEY_STEP ** event.y, self._pointer_board())
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and ctrl \
                and event.button in (4, 5):
            return True  # the same notch as a MOUSEWHEEL event, which zoomed already
        if event.type != pygame.KEYDOWN:
            return False
        ctrl = ctrl or bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        if event.key == pygame.K_PAGEUP or (ctrl and event.key in (pygame.K_EQUALS, pygame.K_PLUS,
                                                                   pygame.K_KP_PLUS)):
            self.camera.zoom(ZOOM_KEY_STEP, None)
        elif event.key == pygame.K_PAGEDOWN or (ctrl and event.key in (pygame.K_MINUS,
                                                                       pygame.K_KP_MINUS)):
            self.camera.zoom(1 / ZOOM_KEY_STEP, None)
        elif event.key == pygame.K_HOME or (ctrl and event.key in (pygame.K_0, pygame.K_KP0)):
            self.toggle_whole()
        else:
            return False
        return True

    def _pointer_board(self) -> tuple[float, float] | None:
        pos = self.pointer
        if pos is None or not AREA.collidepoint(pos):
            return None
        return self.camera.to_board(pos[0] - AREA.x, pos[1] - AREA.y)
