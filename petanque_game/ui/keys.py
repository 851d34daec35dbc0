"""The keys bound to an action, named as a player reads them ("R / Space", "B / Mellemrum").

Buttons show their keys from here, never from a fixed text, so a key the player rebinds in the
settings is the key the button names. Key names come from pygame, in the window's language where
the text tables name the key (`howto.key.<name>`: "space" is "Mellemrum" in Danish).
"""

from __future__ import annotations

from typing import Any

import pygame

from petanque_game.ui import lang


def key_names(settings: Any, action: str) -> str:
    """The keys `settings` bind to `action`, single letters first, joined by " / "."""
    codes = sorted(settings.keys.get(action) or (),
                   key=lambda code: (len(pygame.key.name(code)) > 1, pygame.key.name(code)))
    return " / ".join(label for label in map(key_label, codes) if label)


def key_label(code: int) -> str:
    """One key's name as a player reads it: "R", "F2", "Mellemrum"."""
    name = pygame.key.name(code)
    told = f"howto.key.{name.replace(' ', '_')}"
    if lang.has(told):
        return lang.tr(told)
    return name.upper() if len(name) <= 3 else name.capitalize()
