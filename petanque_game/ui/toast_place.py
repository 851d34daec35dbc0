"""Where the window's toast (its message line) is drawn: above the game's status bar, or where it
hides no button of the scene on top (`toast_bottom`)."""

from __future__ import annotations

from typing import Any

import pygame

from petanque_game.ui import theme
from petanque_game.ui.look import Look
from petanque_game.ui.widgets import Toast

TOAST_PLACES = (618, 712, 250, 110)  # the toast's bottom edge, tried in this order


def _buttons_of(scene: Any) -> list:
    """The buttons a scene shows (a list, or a method giving one), for keeping the toast off
    them."""
    found = getattr(scene, "buttons", None)
    if callable(found):
        found = found()
    extra = [getattr(scene, name, None) for name in ("menu_button", "rules_button",
                                                      "settings_button")]
    return [b for b in [*(found or []), *extra] if hasattr(b, "rect")]


def toast_bottom(look: Look, toast: Toast, top: Any) -> int:
    """Where the toast's bottom edge goes: above the game's status bar, or lower when a button
    of the `top` scene would be under it there (the menu's Quit), so that it never hides one."""
    if not toast.visible:
        return TOAST_PLACES[0]  # nothing drawn: no need to ask the scene for its buttons
    clickable = [b.rect for b in _buttons_of(top)]
    width, height = toast.size(look)
    for bottom in TOAST_PLACES:
        rect = pygame.Rect(0, 0, width, height)
        rect.midbottom = (theme.LOGICAL_SIZE[0] // 2, bottom)
        if rect.collidelist(clickable) < 0:
            return bottom
    return TOAST_PLACES[0]
