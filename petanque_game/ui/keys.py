"""The keys bound to an action, named as a player reads them ("R / Space", "B / Mellemrum"), and
as a settings file stores them.

Buttons show their keys from here, never from a fixed text, so a key the player rebinds in the
settings is the key the button names. Key names come from pygame, in the window's language where
the text tables name the key (`howto.key.<name>`: "space" is "Mellemrum" in Danish).

A settings file names each key by `stored_name`: pygame's short name where it has one ("space",
"f12", "r": what every earlier version wrote), else SDL's name of the key ("æ", "ø", "½", "§":
the keys of a Danish or Norwegian keyboard, which have no short name), else its key code
("code 1073742124"); `code_of` reads each of those back to the same key.
"""

from __future__ import annotations

from typing import Any

import pygame

from petanque_game.ui.lang import Words

CODE_PREFIX = "code "
SCANCODE_MASK = 1 << 30  # SDL's key code for a key known only by its scancode


def stored_name(code: int) -> str:
    """The name a settings file keeps for the key `code`; `code_of` reads it back to `code`."""
    for compat in (True, False):
        name = pygame.key.name(code, use_compat=compat)
        if name and name.isprintable() and _code_or_none(name) == code:
            return name
    return f"{CODE_PREFIX}{code}"


def code_of(name: str) -> int:
    """The key a settings file names (`stored_name`'s names, and pygame's and SDL's names of
    keys); ValueError if it names none."""
    if name.startswith(CODE_PREFIX) and name[len(CODE_PREFIX):].isdigit():
        code = int(name[len(CODE_PREFIX):])
        if 0 < code < 1 << 31:
            return code
        raise ValueError("not a key code")
    named = _code_or_none(name)
    if named is None:
        raise ValueError("not a key's name")
    return named


def _code_or_none(name: str) -> int | None:
    try:
        code = pygame.key.key_code(name)
    except (ValueError, TypeError):
        return None
    return code if code else None  # 0 is SDL's "unknown key"


def key_event_code(key: int, scancode: int) -> int:
    """The code a key press is bound by: its key code, or, for a key SDL has no code for (0), the
    code SDL gives its scancode, so that such a key is still a key of its own."""
    return key if key or not scancode else scancode | SCANCODE_MASK


def key_names(words: Words, settings: Any, action: str) -> str:
    """The keys `settings` bind to `action`, single letters first, joined by " / " (named in the
    language of `words`)."""
    codes = sorted(settings.keys.get(action) or (),
                   key=lambda code: (len(_name(code)) > 1, _name(code)))
    return " / ".join(label for label in (key_label(words, c) for c in codes) if label)


def _name(code: int) -> str:
    """pygame's short name of a key, else SDL's ("æ"), else ""."""
    return pygame.key.name(code) or pygame.key.name(code, use_compat=False)


def key_label(words: Words, code: int) -> str:
    """One key's name as a player reads it (in the language of `words`): "R", "F2",
    "Mellemrum", "Æ"."""
    name = _name(code)
    if not name:
        return f"#{code}"
    told = f"howto.key.{name.replace(' ', '_')}"
    if words.has(told):
        return words.tr(told)
    return name.upper() if len(name) <= 3 else name.capitalize()
