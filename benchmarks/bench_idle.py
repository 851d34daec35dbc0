"""Idle: how much of a CPU core the window takes while it waits for a click.

    python benchmarks/bench_idle.py [--seconds 10]

Runs the real App loop for SECONDS at the main menu, and in a Ten Thousand game waiting for its
human player, and measures the process's CPU time (every thread: the AI's worker too) over that
wall time, and how many frames were shown (a napping window draws a frame every 0.5 s but shows
it only if its picture changed). SDL's dummy video driver by default; SDL_VIDEODRIVER=x11 with a
DISPLAY for a real X server (Xvfb). Each case runs twice: with the loop as it is (napping
between looks for events when nothing moves), and forced to draw 60 frames a second as the loop
did before (`App.animating` always true), for comparison. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PETANQUE_GAME_HOME", tempfile.mkdtemp(prefix="bench-idle-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from petanque_game.record import Seat
from petanque_game.ui.app import App
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game


class BusyApp(App):
    """The loop as it was: a frame every 1/60 s whether or not anything moves."""

    @property
    def animating(self) -> bool:
        return True


def measure(app_class, where: str, seconds: float) -> tuple[float, int]:
    """(share of a core, frames shown in the window) over `seconds` of the real loop."""
    app = app_class()
    if where == "game":
        session = new_game("ten-thousand", [Seat("Ana", "human"), Seat("Bjørn", "ai", "easy")],
                           {}, 7)
        open_game_scene(app, session)
        assert app.top.human_turn
    frames = 0
    present = app.present

    def counted():
        nonlocal frames
        frames += 1
        present()

    app.present = counted
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), 1)
    wall, cpu = time.perf_counter(), time.process_time()
    app.loop()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    app.close()
    return cpu / wall, frames


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    print(f"CPU while waiting for a click, {args.seconds:g} s each (share of one core):")
    for where in ("menu", "game"):
        idle, idle_frames = measure(App, where, args.seconds)
        busy, busy_frames = measure(BusyApp, where, args.seconds)
        print(f"  {where:5} napping: {idle * 100:4.1f} % ({idle_frames} frames shown)   "
              f"60 frames a second: {busy * 100:4.1f} % ({busy_frames} frames shown)")


if __name__ == "__main__":
    main()
