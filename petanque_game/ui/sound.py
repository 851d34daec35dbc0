"""The game's sounds: short effects played on what happens (a roll, a die hitting a wall, a win).

The sounds are WAV files in `assets/sounds/`, made by the project (tools/make_sounds.py). `play`
is all a scene calls; it is silent when the player turned sound off, when there is no sound device
(the mixer did not start) or when a sound cannot be played: sound is never a reason to stop a game.

The sounds loaded are the window's `Sounds`, part of its look (ui/look.py: `look.play`), made by
each App at its start and let go at its close: after pygame.quit() they are no longer valid.
"""

from __future__ import annotations

import contextlib
from typing import Protocol

import pygame

MIXER_BUFFER = 512  # samples: 23 ms at 22050 Hz, so a click's sound follows the click

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


class Hearing(Protocol):
    """What playing reads of the settings (ui/settings.py `Settings`)."""

    sound: bool
    volume: float


class Sounds:
    """The sounds a window has loaded (None: one that cannot be played), kept by its App, and
    the settings they are played by (None: every sound at full volume)."""

    def __init__(self, settings: Hearing | None = None) -> None:
        self.settings = settings
        self.loaded: dict[str, pygame.mixer.Sound | None] = {}

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play the sound called `name` at `volume` (0-1) of the player's volume, if sound is
        on."""
        if name not in SOUNDS:
            raise ValueError(f"no sound called {name!r}")
        settings = self.settings
        if settings is not None and not settings.sound:
            return
        if not pygame.mixer.get_init():
            return
        sound = self.load(name)
        if sound is None:
            return
        level = settings.volume if settings is not None else 1.0
        sound.set_volume(max(0.0, min(1.0, volume * level)))
        sound.play()

    def load(self, name: str) -> pygame.mixer.Sound | None:
        """The sound called `name`, read on first use (None, and logged, if it cannot be)."""
        if name in self.loaded:
            return self.loaded[name]
        from petanque_game import logs
        from petanque_game.data import assets_dir

        sound = None
        entry = assets_dir() / "sounds" / f"{name}.wav"
        try:
            with entry.open("rb") as f:
                sound = pygame.mixer.Sound(file=f)
        except (OSError, pygame.error) as e:
            logs.note(f"sound {name!r} cannot be played: {e}")
        self.loaded[name] = sound
        return sound


def start_mixer() -> None:
    """pygame's other parts and the sound mixer (no sound device: the game stays silent)."""
    pygame.mixer.pre_init(22050, -16, 1, MIXER_BUFFER)  # a small buffer: sounds on time
    pygame.init()
    if not pygame.mixer.get_init():
        # no sound device: the game needs none, and stays silent
        with contextlib.suppress(pygame.error):
            pygame.mixer.init()
