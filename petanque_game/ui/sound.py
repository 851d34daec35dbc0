"""The game's sounds: short effects played on what happens (a roll, a die hitting a wall, a win).

The sounds are WAV files in `assets/sounds/`, made by the project (tools/make_sounds.py). `play`
is all a scene calls; it is silent when the player turned sound off, when there is no sound device
(the mixer did not start) or when a sound cannot be played: sound is never a reason to stop a game.
"""

from __future__ import annotations

import pygame

from petanque_game.ui import theme

# Every sound the game plays, by name: the file is assets/sounds/<name>.wav.
SOUNDS = (
    "roll",      # dice shaken and rolled in the tray
    "clack",     # dice knocking together as they settle in the tray
    "release",   # a petanque piece leaving the hand
    "wall",      # a piece hitting a wall
    "land",      # a piece landing on the felt
    "knock",     # a piece knocking another
    "fall",      # a piece falling off the board
    "button",    # a button pressed
    "bust",      # a Ten Thousand roll that scores nothing
    "shut",      # Shut the Box: all nine boxes closed
    "win",       # a game won
)

_sounds: dict[str, pygame.mixer.Sound | None] = {}


def play(name: str, volume: float = 1.0) -> None:
    """Play the sound called `name` at `volume` (0-1) of the player's volume, if sound is on."""
    if name not in SOUNDS:
        raise ValueError(f"no sound called {name!r}")
    settings = theme.in_use()
    if settings is not None and not settings.sound:
        return
    if not pygame.mixer.get_init():
        return
    sound = _load(name)
    if sound is None:
        return
    level = settings.volume if settings is not None else 1.0
    sound.set_volume(max(0.0, min(1.0, volume * level)))
    sound.play()


def forget() -> None:
    """Drop the loaded sounds (after pygame.quit() they are no longer valid)."""
    _sounds.clear()


def _load(name: str) -> pygame.mixer.Sound | None:
    if name in _sounds:
        return _sounds[name]
    from petanque_game import logs
    from petanque_game.data import assets_dir

    sound = None
    entry = assets_dir() / "sounds" / f"{name}.wav"
    try:
        with entry.open("rb") as f:
            sound = pygame.mixer.Sound(file=f)
    except (OSError, pygame.error) as e:
        logs.note(f"sound {name!r} cannot be played: {e}")
    _sounds[name] = sound
    return sound
