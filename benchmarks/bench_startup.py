"""Start-up: the time from starting the process to the first drawn frame of the main menu.

    python benchmarks/bench_startup.py [--runs 9] [--driver dummy]

Starts `python -m petanque_game` (the real command line) again and again, each in a user folder of
its own, and notes when the first frame is shown (pygame.display.flip, wrapped by a small start-up
file put on the child's path; it exits the child at once). The modules' bytecode is cached as
an installed game has it (pip compiles it at install); --no-bytecode compiles every module from
source at every start instead, as a checkout run with PYTHONDONTWRITEBYTECODE does. The wall time from spawning the process
to that line is what a player waits; the child's own CPU time by then is the part the code decides
(a busy machine stretches the wall time). Prints the median, the fastest and the slowest run, and which
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
import os, sys, time
import pygame

_flip = pygame.display.flip

def flip():
    _flip()
    heavy = sorted(m for m in sys.modules if m == "pymunk" or m.startswith((
        "petanque_game.physics", "petanque_game.ai", "numpy")))
    sys.stdout.write(f"FRAME {time.process_time():.4f} " + ",".join(heavy) + "\\n")
    sys.stdout.flush()
    os._exit(0)

pygame.display.flip = flip
'''


def one_run(driver: str, root: Path = ROOT, bytecode: bool = True) -> tuple[float, float, str]:
    """(wall seconds, the child's CPU seconds, the heavy modules it had loaded) to its first
    frame."""
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        Path(tmp, "sitecustomize.py").write_text(PROBE, encoding="utf-8")
        env = dict(os.environ, PETANQUE_GAME_HOME=str(Path(tmp, "home")),
                   PYTHONPATH=os.pathsep.join([tmp, str(root)]),
                   SDL_VIDEODRIVER=driver, SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER",
                                                                          "dummy"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if not bytecode:  # every module compiled from its source at every start
            env["PYTHONDONTWRITEBYTECODE"] = "1"
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp, "pycache"))
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "petanque_game"], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        heavy, cpu = "?", float("nan")
        for line in child.stdout:
            if line.startswith("FRAME"):
                _, cpu_text, *rest = line.split(" ")
                cpu, heavy = float(cpu_text), "".join(rest).strip()
                break
        took = time.perf_counter() - start
        child.wait(timeout=30)
    return took, cpu, heavy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--driver", default="dummy", help="SDL video driver (dummy, x11)")
    parser.add_argument("--against", type=Path, help="another checkout to time in turn with "
                        "this one (the same load on the machine for both)")
    parser.add_argument("--no-bytecode", action="store_true", help="compile every module from "
                        "source at every start (as with PYTHONDONTWRITEBYTECODE and no cache)")
    args = parser.parse_args()
    bytecode = not args.no_bytecode
    roots = [ROOT] + ([args.against.resolve()] if args.against else [])
    for root in roots:
        one_run(args.driver, root, bytecode)  # warm the caches: what a second start sees
    times: dict[Path, list[float]] = {root: [] for root in roots}
    cpus: dict[Path, list[float]] = {root: [] for root in roots}
    heavy: dict[Path, str] = {}
    for _ in range(args.runs):
        for root in roots:  # in turn, so that a busy moment of the machine hits both
            took, cpu, heavy[root] = one_run(args.driver, root, bytecode)
            times[root].append(took)
            cpus[root].append(cpu)
    print(f"start-up to the first menu frame, {args.runs} runs, SDL video driver {args.driver}, "
          f"{'bytecode cached (as installed)' if bytecode else 'compiled from source each time'}:")
    for root in roots:
        t = times[root]
        print(f"  {root}: median {statistics.median(t) * 1000:.0f} ms, fastest "
              f"{min(t) * 1000:.0f} ms, slowest {max(t) * 1000:.0f} ms; CPU time (what the "
              f"machine's load does not change) median {statistics.median(cpus[root]) * 1000:.0f}"
              f" ms; heavy modules loaded by then: {heavy[root] or 'none'}")


if __name__ == "__main__":
    main()
