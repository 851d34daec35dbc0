"""What a full garbage collection costs the window, with and without start-up's objects frozen.

    python benchmarks/bench_gc.py [--frames 1500]

Python's collector stops every thread while it walks the objects it tracks; a full (generation
2) collection comes when Python decides, inside whatever frame is being drawn. `App.loop`
freezes what start-up made (`gc.freeze()` after the first frame: modules, the menu), so a full
collection walks only what came after. Each run here starts a window at the menu (three frames,
as the loop's first), freezes or not, opens a Terningepetanque table of four AIs, plays
`--frames` frames of it, and times three full collections there. The two kinds of run take
turns, in fresh processes, `--runs` times each. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

ONE_RUN = r"""
import gc, sys, time
from petanque_game.record import Seat
from petanque_game.ui.app import App
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game
from petanque_game.ui.settings import load_settings

app = App(settings=load_settings({"handover": False}))
for _ in range(3):
    app.step(1 / 60)
    app.render()
if sys.argv[1] == "frozen":
    gc.freeze()
seats = [Seat(name, "ai", "medium") for name in ("A", "B", "C", "D")]
open_game_scene(app, new_game("terningepetanque", seats, {"rounds": 15}, 3, "classic"))
for _ in range(int(sys.argv[2])):
    app.step(1 / 60)
    app.render()
times = []
for _ in range(3):
    start = time.perf_counter()
    gc.collect()
    times.append((time.perf_counter() - start) * 1000)
print(len(gc.get_objects()), gc.get_freeze_count(), *times)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1500, help="frames played at the table")
    parser.add_argument("--runs", type=int, default=3, help="runs of each kind")
    args = parser.parse_args()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    found: dict[str, list[list[float]]] = {"as before": [], "frozen": []}
    for _ in range(args.runs):
        for kind, runs in found.items():
            out = subprocess.run([sys.executable, "-c", ONE_RUN, kind, str(args.frames)],
                                 capture_output=True, text=True, env=env, check=True)
            runs.append([float(x) for x in out.stdout.split()[-5:]])
    print(f"load average {os.getloadavg()[0]:.2f}; {args.frames} frames at a table of four AIs")
    print("| start-up's objects | objects walked | frozen | full collection ms (median, "
          "each run's first) |")
    print("| --- | ---: | ---: | --- |")
    for kind, runs in found.items():
        walked = statistics.median(r[0] for r in runs)
        frozen = statistics.median(r[1] for r in runs)
        firsts = " / ".join(f"{r[2]:.1f}" for r in runs)
        every = statistics.median(t for r in runs for t in r[2:])
        print(f"| {kind} | {walked:.0f} | {frozen:.0f} | {every:.1f} ({firsts}) |")


if __name__ == "__main__":
    main()
