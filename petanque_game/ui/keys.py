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
    names = sorted((pygame.key.name(code) for code in settings.keys.get(action) or ()),
                   key=lambda name: (len(name) > 1, name))
    shown = []
    for name in names:
        if not name:
            continue
        told = f"howto.key.{name.replace(' ', '_')}"
        shown.append(lang.tr(told) if lang.has(told) else
                     (name.upper() if len(name) <= 3 else name.capitalize()))
    return " / ".join(shown)
