"""Frame times of the tray window while a human asks for hints: the hint worked out on the AI's
thread (as the window does) against worked out inside the frame that asked for it.

    python benchmarks/bench_tray_hints.py [--games 6] [--seed 0]

Plays each tray game in the real App (software renderer, dummy video driver, 1280x720): a human
seat that presses H at each of its decisions, waits for the hint and follows it by keys and clicks,
against an expert AI. Before each game the games' AI caches are cleared, so the first hint pays for
the expert's tables as the first hint of a session does. For each hint asked, takes the slowest
frame from the key press to the frame that shows the hint (the stall a player could see); prints
the median, 99th percentile and worst of those in milliseconds, and how many were over the
16.7 ms of a frame, both ways side by side. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import Future
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PETANQUE_GAME_HOME", tempfile.mkdtemp(prefix="bench-tray-hints-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import pygame

from petanque_game.ai import ship_captain_crew, shut_the_box, ten_thousand_points, ten_thousand_win
from petanque_game.record import Seat
from petanque_game.ui.app import App
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game
from petanque_game.ui.settings import load_settings

GAMES = [("ten-thousand", {"target": 5000}), ("shut-the-box", {"rounds": 2}),
         ("ship-captain-crew", {"target": 25})]


def clear_caches() -> None:
    for module in (ship_captain_crew, shut_the_box, ten_thousand_points, ten_thousand_win):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def in_the_frame(job):
    """The hint worked out in the frame that asks for it (what the window does not do)."""
    future: Future = Future()
    future.set_result(job())
    return future


def play(game: str, options: dict, seed: int, in_frame: bool) -> list[float]:
    from test_ui_tray_games import follow_hint

    settings = load_settings({"ai_delay": 0, "roll_time": 0, "replay_delay": 0})
    app = App(settings=settings)
    clear_caches()
    session = new_game(game, [Seat("Åse", "human"), Seat("Bjørn", "ai", "expert")], options,
                       seed, autosave=False)
    open_game_scene(app, session)
    scene = app.top
    times: list[float] = []
    if in_frame:  # the tray's hint asks this in place of the App's AI thread
        scene.hint.workers = SimpleNamespace(in_background=in_the_frame)
    try:
        for _ in range(20000):
            if app.top is not scene or session.over:
                break
            if scene.holding:
                app.key(pygame.K_SPACE)
            elif scene.human_turn and not scene.busy:
                start = time.perf_counter()
                app.key(pygame.K_h)
                app.step(1 / 60)
                app.render()
                worst = time.perf_counter() - start
                while scene.advice_shown() is None:
                    time.sleep(1 / 240)
                    start = time.perf_counter()
                    app.step(1 / 60)
                    app.render()
                    worst = max(worst, time.perf_counter() - start)
                times.append(worst)
                follow_hint(app, scene, scene.advice_shown())
            app.step(1 / 60)
    finally:
        app.close()
    return [t * 1000 for t in times]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print("| game | hints | way | median ms | p99 ms | worst ms | over 16.7 ms |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: |")
    for game, options in GAMES:
        for in_frame in (False, True):
            times: list[float] = []
            for g in range(args.games):
                times += play(game, options, args.seed + g, in_frame)
            times.sort()
            p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
            way = "in the frame" if in_frame else "AI's thread"
            print(f"| {game} | {len(times)} | {way} | {statistics.median(times):.2f} | "
                  f"{p99:.2f} | {times[-1]:.2f} | {sum(t > 1000 / 60 for t in times)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
