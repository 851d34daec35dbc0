"""Where the Terningepetanque table's frames go: bench_frames.py's table scenes, each frame split.

    python benchmarks/bench_table_split.py [--frames 600] [aiming] [ai] [reckoning] [scrubbed]

The scenes are bench_frames.py's own (the same App, the same moves, paced at 60 frames a
second). Timers by the window thread's processor time (`time.thread_time`) are put round the
table's drawing steps (the header, the area and, in it, the board, the bodies at rest or in
flight, the score sheet; the side panel, the status bar, the overlays), the AI's move taken, a
replay's jump, the App's step and present, and Python's garbage collections. Per scene: the
frames as bench_frames.py prints them, the mean and the median of each part a frame, and the
slowest 2% of frames (by the window thread's time) with what happened in each: its parts of 0.3
ms or more, the kept pictures drawn (ui/table/kept.py), the board pictures painted
(ui/table/board_pictures.py), the `smoothscale` calls, whether a throw flew and the camera's
scale. The timers themselves cost a little (a few µs each). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import functools
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_frames as bf
import pygame

from petanque_game.ui import app as app_module
from petanque_game.ui import replay, session
from petanque_game.ui.table import board_pictures, overlay, view
from petanque_game.ui.table import draw as table_draw
from petanque_game.ui.table.pictures import pictures_of

now: dict[str, float] = {}  # this frame's parts, ms


def timed(owner, name: str, label: str) -> None:
    """Add the window thread's time in `owner.name` to this frame's `label`."""
    real = getattr(owner, name)

    @functools.wraps(real)
    def wrapper(*args, **kwargs):
        start = time.thread_time()
        try:
            return real(*args, **kwargs)
        finally:
            now[label] = now.get(label, 0.0) + (time.thread_time() - start) * 1000
    setattr(owner, name, wrapper)


def put_timers() -> None:
    for owner, name, label in [
            (app_module.App, "step", "step"), (app_module.App, "present", "present"),
            (view.TableDrawing, "draw_header", "header"),
            (view.TableDrawing, "draw_status", "status"),
            (view.TableDrawing, "_draw_whole_area", "area (drawn)"),
            (view.TableDrawing, "_draw_flight", "bodies in flight"),
            (view.TableDrawing, "_draw_table", "bodies at rest"),
            (view.TableDrawing, "_draw_sheet", "score sheet"),
            (view, "draw_side", "side panel"), (board_pictures, "draw_board", "board"),
            (board_pictures, "_picture", "board picture painted"),
            (view.tb, "prepare_board", "still picture prepared"),
            (overlay, "draw_overlays", "overlays"), (table_draw, "face_sprite", "face sprites"),
            (session.LiveSession, "play_ai", "AI's move taken"),
            (replay.ReplayControls, "jump", "replay's jump")]:
        timed(owner, name, label)
    started = [0.0]

    def collecting(phase: str, info: dict) -> None:
        if phase == "start":
            started[0] = time.thread_time()
        else:
            now["garbage collection"] = now.get("garbage collection", 0.0) + \
                (time.thread_time() - started[0]) * 1000
    gc.callbacks.append(collecting)
    smooth = pygame.transform.smoothscale

    def counted(*args, **kwargs):
        now["smoothscale calls"] = now.get("smoothscale calls", 0) + 1
        return smooth(*args, **kwargs)
    pygame.transform.smoothscale = counted


frames: list[dict] = []


class Split(bf.Watch):
    """Each frame bench_frames.run_frames times, kept with its parts (`frames`)."""

    seen: tuple[int, int] = (0, 0)  # the window's pictures drawn and boards painted so far

    def begin(self) -> None:
        now.clear()

    def counted(self, app, wall: float, cpu: float, own: float) -> None:
        scene = app.top
        made = pictures_of(app.memory)  # the window's own (ui/table/pictures.py)
        totals = (made.kept.drawn, made.boards.painted)
        drawn, painted = (max(0, t - s) for t, s in zip(totals, self.seen))
        self.seen = totals
        frame = dict(now, wall=wall, cpu=cpu, own=own, kept=drawn, painted=painted,
                     flying=getattr(scene, "flying", None))
        cam = getattr(scene, "view", None)
        frame["scale"] = round(cam.view.scale, 3) if cam is not None else None
        frames.append(frame)


NOT_PARTS = {"wall", "cpu", "own", "kept", "painted", "flying", "scale", "smoothscale calls"}


def report(name: str, times: bf.Times) -> None:
    print(bf.row(name, times))
    parts = sorted({k for f in frames for k in f if k not in NOT_PARTS})
    n = max(1, len(frames))
    print("  mean ms a frame: " + ", ".join(f"{k} {sum(f.get(k, 0.0) for f in frames) / n:.2f}"
                                            for k in parts))
    print("  median ms a frame: " + ", ".join(
        f"{k} {statistics.median(f.get(k, 0.0) for f in frames):.2f}" for k in parts))
    print(f"  the slowest 2% of {len(frames)} frames (window thread ms):")
    for f in sorted(frames, key=lambda f: -f["own"])[:max(1, len(frames) // 50)]:
        said = ", ".join(f"{k} {f[k]:.1f}" for k in parts if f.get(k, 0.0) >= 0.3)
        print(f"    {f['own']:.1f} (wall {f['wall']:.1f}): {said}; kept pictures drawn "
              f"{f['kept']}, board pictures painted {f['painted']}, smoothscale "
              f"{f.get('smoothscale calls', 0)}, flying {f['flying']}, scale {f['scale']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("scenes", nargs="*", default=["aiming", "ai", "reckoning", "scrubbed"])
    args = parser.parse_args()
    n = args.frames
    scenes = {"aiming": ("table, aiming", lambda: bf.table_aiming(n)),
              "ai": ("table, 4 AIs", lambda: bf.table_throw(n * 2)),
              "reckoning": ("table, the reckoning", lambda: bf.reckoning(n)),
              "scrubbed": ("replay scrubbed, Terningepetanque",
                           lambda: bf.scrubbed("terningepetanque", {"rounds": 15}, n))}
    put_timers()
    bf.WATCH = Split()
    for key in args.scenes:
        name, measure = scenes[key]
        frames.clear()
        report(name, measure())
        pygame.quit()


if __name__ == "__main__":
    main()
