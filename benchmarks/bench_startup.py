"""Start-up: the time from starting the process to the first drawn frame of the main menu.

    python benchmarks/bench_startup.py [--runs 9] [--driver dummy]

Starts `python -m petanque_game` (the real command line) again and again, each in a user folder of
its own, and notes when the first frame is shown (pygame.display.flip, wrapped by a small start-up
file put on the child's path; it exits the child at once). The wall time from spawning the process
to that line is what a player waits. Prints the median, the fastest and the slowest run, and which
of the game's heavy modules (pymunk, the physics, the AI, the rules' tables) were imported by then:
none of them is needed to show the menu. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Put in the child as sitecustomize.py: the first flip reports the heavy modules loaded and ends it.
PROBE = '''
import os, sys
import pygame

_flip = pygame.display.flip

def flip():
    _flip()
    heavy = sorted(m for m in sys.modules if m == "pymunk" or m.startswith((
        "petanque_game.physics", "petanque_game.ai", "numpy")))
    sys.stdout.write("FRAME " + ",".join(heavy) + "\\n")
    sys.stdout.flush()
    os._exit(0)

pygame.display.flip = flip
'''


def one_run(driver: str) -> tuple[float, str]:
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        Path(tmp, "sitecustomize.py").write_text(PROBE, encoding="utf-8")
        env = dict(os.environ, PETANQUE_GAME_HOME=str(Path(tmp, "home")),
                   PYTHONPATH=os.pathsep.join([tmp, str(ROOT)]),
                   SDL_VIDEODRIVER=driver, SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER",
                                                                          "dummy"))
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "petanque_game"], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        heavy = "?"
        for line in child.stdout:
            if line.startswith("FRAME"):
                heavy = line[6:].strip()
                break
        took = time.perf_counter() - start
        child.wait(timeout=30)
    return took, heavy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--driver", default="dummy", help="SDL video driver (dummy, x11)")
    args = parser.parse_args()
    one_run(args.driver)  # warm the file cache: what a second start of the game sees
    times, heavy = [], ""
    for _ in range(args.runs):
        took, heavy = one_run(args.driver)
        times.append(took)
    print(f"start-up to the first menu frame, {args.runs} runs, SDL video driver {args.driver}:")
    print(f"  median {statistics.median(times) * 1000:.0f} ms, fastest {min(times) * 1000:.0f} ms,"
          f" slowest {max(times) * 1000:.0f} ms")
    print(f"  heavy modules loaded by then: {heavy or 'none'}")


if __name__ == "__main__":
    main()
