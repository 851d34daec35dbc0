"""Frame times at the Terningepetanque table while a person aims, during the reckoning and during
the roll for who starts, drawn with SDL's software renderer at 1280x720 (no screen needed).

    python benchmarks/bench_table_aim.py [--frames 1200]

Aiming: the mouse moves to a new point of the board every frame (so every frame solves a new aim
from the flight prediction and draws its path, with the spread of the player's normal hand sampled
anew), with the hint shown; a 4-player table with 6 dice on it. The reckoning: a 4-player round's
last table with its measuring lines, card and moving points. Prints the median, the 99th percentile
and the worst frame (update + draw + scale to the window), by the wall clock and by the window
thread's CPU time. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PETANQUE_GAME_HOME", tempfile.mkdtemp(prefix="bench-table-aim-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from petanque_game.record import Seat
from petanque_game.ui.app import App
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game
from petanque_game.ui.settings import load_settings
from petanque_game.ui.table.view import AREA

PLAYERS = [Seat("Ana", "human"), Seat("Bjørn", "ai", "medium"), Seat("Åse", "ai", "medium"),
           Seat("Kari", "ai", "medium")]


def table_app() -> tuple[App, object]:
    app = App(settings=load_settings({"ai_delay": 0, "roll_time": 0, "replay_delay": 0}))
    open_game_scene(app, new_game("terningepetanque", PLAYERS, {"rounds": 2}, 11, "classic"))
    return app, app.top


def timed(app, frames: int, before_frame) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of each frame. The CPU time is the window thread's own
    (`time.thread_time`): on a machine shared with other work the wall clock's tail is mostly
    waiting for a core, which the CPU time leaves out."""
    wall, cpu = [], []
    for i in range(frames):
        t0, c0 = time.perf_counter(), time.thread_time()
        before_frame(i)
        app.step(1 / 60)
        app.render()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    return wall, cpu


def until(app, scene, done) -> None:
    for _ in range(200000):
        if done():
            return
        if scene.human_turn and not scene.busy:
            st = scene.session.state
            if st.starter is None:
                app.key(pygame.K_r)
            elif st.awaiting_accept:
                app.key(pygame.K_a)
            else:
                app.key(pygame.K_SPACE)
        if scene.reckoning is not None and not scene.flying and not done():
            scene.continue_reckoning()
        app.step(1 / 60)
    raise RuntimeError("the game never got there")


def aiming(frames: int) -> list[float]:
    app, scene = table_app()
    until(app, scene, lambda: scene.aiming and len(scene.session.state.table.dice) >= 5)
    scene.hint.ask(scene.session.state)
    while scene.hint.current(scene.session.state) is None:
        app.step(1 / 60)
        time.sleep(0.01)

    def move(i: int) -> None:
        a = i * 0.05
        x, y = 180 * math.cos(a), 120 * math.sin(1.3 * a)
        sx, sy = scene.view.to_screen(x, y)
        app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(sx + AREA.x),
                                              int(sy + AREA.y)), rel=(0, 0), buttons=(0, 0, 0)))
    return timed(app, frames, move)


def reckoning(frames: int) -> list[float]:
    app, scene = table_app()
    until(app, scene, lambda: scene.reckoning is not None and not scene.flying)
    scene.reckoning.wait = None
    return timed(app, frames, lambda i: None)


def report(name: str, times: tuple[list[float], list[float]]) -> None:
    for clock, ms in zip(("wall", "CPU"), times):
        q = statistics.quantiles(ms, n=100)
        print(f"| {name} | {clock} | {len(ms)} | {statistics.median(ms):.2f} | {q[98]:.2f} | "
              f"{max(ms):.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=1200)
    args = parser.parse_args()
    print("| frames | clock | count | median ms | p99 ms | worst ms |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    report("aiming, a new point every frame, hint shown", aiming(args.frames))
    report("the reckoning of a 4-player round", reckoning(args.frames))


if __name__ == "__main__":
    main()
