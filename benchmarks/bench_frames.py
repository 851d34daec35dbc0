"""Frame times of the window, drawn with SDL's software renderer at 1280x720 (no screen needed).

    python benchmarks/bench_frames.py [--seconds 60]

Plays an all-AI game in the real App, paced at 60 frames per second as the game's loop is (so a
run takes as long as the game time it covers), and times every frame (update + draw + scale to
the window): a 4-player Terningepetanque game (the frames while a throw
is being played back are counted apart, as DESIGN.md asks that a throw holds 60 frames per
second), and a Ten Thousand game in the dice tray. Prints the median, the 99th percentile and the
worst frame, each as a share of the 16.7 ms a frame may take at 60 frames per second. Medium AI
players, so that what is timed is the drawing; then expert ones, whose throw search runs on a
worker thread during the AI's pause. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PETANQUE_GAME_HOME", tempfile.mkdtemp(prefix="bench-frames-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from petanque_game.record import Seat
from petanque_game.ui import theme
from petanque_game.ui.app import App
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game

BUDGET_MS = 1000 / 60


def frames(game: str, options: dict, players: list[Seat], seconds: float,
           level: str | None = None) -> tuple[list[float], list[float]]:
    """Frame times (ms) of `seconds` of play; the second list: frames playing back a throw."""
    app = App(settings=theme.load_settings({"ai_delay": 0.4, "roll_time": 0.7}))
    open_game_scene(app, new_game(game, players, options, 7, level))
    all_ms, throw_ms = [], []
    next_frame = time.perf_counter()
    for _ in range(int(seconds * 60)):
        t0 = time.perf_counter()
        app.step(1 / 60)
        app.render()
        done = time.perf_counter()
        ms = (done - t0) * 1000
        all_ms.append(ms)
        if getattr(app.top, "flight", None) is not None:  # the table is playing a throw back
            throw_ms.append(ms)
        # Paced like the game's loop (Clock.tick(60)): what is left of a frame is idle time,
        # in which the AI's worker thread thinks.
        next_frame = max(next_frame + 1 / 60, done)
        time.sleep(max(0.0, next_frame - time.perf_counter()))
    pygame.quit()
    return all_ms, throw_ms


def line(label: str, ms: list[float]) -> str:
    if not ms:
        return f"{label:<40} no frames"
    ms = sorted(ms)
    med, p99, worst = statistics.median(ms), ms[int(0.99 * (len(ms) - 1))], ms[-1]
    over = sum(m > BUDGET_MS for m in ms)
    return (f"{label:<40}{len(ms):>7}{med:>9.2f}{p99:>9.2f}{worst:>9.2f}"
            f"{p99 / BUDGET_MS:>10.2f}{over:>7}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    print(f"SDL video driver: {os.environ['SDL_VIDEODRIVER']}, window 1280x720, "
          f"pygame-ce {pygame.version.ver}")
    print(f"{'frames':<40}{'count':>7}{'median':>9}{'p99':>9}{'worst':>9}{'p99/16.7':>10}"
          f"{'>16.7':>7}   (ms)")
    medium = [Seat(f"AI {i}", "ai", "medium") for i in range(4)]
    table, throws = frames("terningepetanque", {"rounds": 15}, medium, args.seconds, "classic")
    print(line("table, all frames", table))
    print(line("table, while a throw plays back", throws))
    tray, _ = frames("ten-thousand", {}, medium[:2], args.seconds)
    print(line("Ten Thousand tray, all frames", tray))
    experts = [Seat(f"AI {i}", "ai", "expert") for i in range(4)]
    table_x, _ = frames("terningepetanque", {"rounds": 15}, experts, args.seconds / 2, "classic")
    print(line("table, 4 expert AIs (search on a thread)", table_x))


if __name__ == "__main__":
    main()
