"""The window's frames (ui/app.py `App.loop`, `App.run_frames`).

The loop draws 60 frames a second only while something moves: a scene that moves on its own (an
animation, a timer, work on another thread it waits for) says so with an `animating` property
(ui/game_scene.py); otherwise the window naps between looks for events (`loop`).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pygame

from petanque_game.ui.quitting import PictureUnsaved

FRAME_RATE = 60  # frames a second while something moves
IDLE_WAKE = 0.5  # seconds: when nothing moves, a frame is drawn this often without an event
IDLE_POLL = 1 / FRAME_RATE  # seconds between two looks for events when nothing moves


class Ticking(Protocol):
    """What the loop drives (ui/app.py `App`)."""

    running: bool
    logical: pygame.Surface

    @property
    def animating(self) -> bool: ...

    def tick(self, dt: float, events: list[pygame.event.Event] | None = None,
             woken: bool = False) -> None: ...


def first_frame(window: Ticking) -> None:
    """The window's first frame, at once (not after the first nap); then what start-up made
    (the modules, the menu), which lives as long as the window, is put out of the collector's
    sight: from here on a full collection (which stops every thread) walks only what came after
    it (benchmarks/bench_gc.py). benchmarks/bench_frames.py starts its windows with it too."""
    window.tick(0.0)
    gc.freeze()


def loop(window: Ticking, after_first_frame: Callable[[], None]) -> None:
    """Frames at 60 a second while something moves. Otherwise the window naps: it looks for
    events every IDLE_POLL seconds (a click is answered within a frame's time) and draws only
    when one came, or every IDLE_WAKE seconds (a text field's cursor blinks at that pace).
    Not pygame.event.wait: pygame-ce's wait polls SDL every millisecond, which costs more
    than these naps (benchmarks/bench_idle.py)."""
    clock = pygame.time.Clock()
    first_frame(window)
    after_first_frame()  # (the sound's start, when it is due)
    while window.running:
        if window.animating:
            window.tick(min(clock.tick(FRAME_RATE) / 1000.0, 0.1))
            continue
        slept = time.perf_counter()
        events: list[pygame.event.Event] = []
        while not events and time.perf_counter() - slept < IDLE_WAKE:
            time.sleep(IDLE_POLL)
            events = pygame.event.get()
        clock.tick()  # restart the frame clock: the nap is no animation's time
        if events:  # what they start begins from its first frame
            window.tick(1.0 / FRAME_RATE, events)
        else:  # woken by the time: let the clocks move on
            window.tick(min(time.perf_counter() - slept, 1.0), woken=True)

def run_frames(window: Ticking, count: int, picture: Path | None = None) -> None:
    """Draw `count` frames one after another (each 1/FRAME_RATE s of the scenes' time, with no
    waiting), then save the last picture as a PNG at `picture`: `petanque-game play --frames N`,
    how a standalone build is checked to start, draw and close (tools/build_app.py)."""
    for _ in range(count):
        if not window.running:
            break
        window.tick(1.0 / FRAME_RATE)
    if picture is not None:
        try:
            pygame.image.save(window.logical, str(picture))
        except (pygame.error, OSError) as e:
            raise PictureUnsaved(f"cannot save the picture {picture}: {e}") from None
