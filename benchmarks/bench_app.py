"""Benchmark: the standalone app (tools/build_app.py) beside the game run from Python, as a
player starts them: its size on disk, and the wall time from starting the command to its end for
`--version` and for `play --frames 1` (the window opened, the menu drawn once, closed).

    python benchmarks/bench_app.py [--app dist/petanque-game/petanque-game] [--runs 9]

Each run is a fresh process started from `/`, the two ways interleaved so that the machine's load
falls on both alike; the table gives the median and the range, and the ratio of the medians. The
window uses whatever display the environment names (DISPLAY under X, or SDL_VIDEODRIVER=dummy).
Builds the app first if it is not there. Nothing is asserted.
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
DEFAULT_APP = ROOT / "dist" / "petanque-game" / "petanque-game"


def timed(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, cwd="/", env=env, check=True, capture_output=True, timeout=300)
    return time.perf_counter() - started


def _mib(files) -> float:
    return sum(f.stat().st_size for f in files if f.is_file() and not f.is_symlink()) / 2**20


def size_of(folder: Path) -> dict[str, float]:
    """MiB on disk (links counted once): all of it, and its larger parts."""
    inside = folder / "_internal"
    every = list(folder.rglob("*"))
    return {
        "all": _mib(every),
        "Python runtime": _mib([f for f in every if f.name.startswith(("libpython", "base_"))
                                or "python3." in str(f.relative_to(folder))]),
        "pygame-ce and SDL": _mib([f for f in every if "pygame" in str(f.relative_to(folder))]),
        "pymunk": _mib((inside / "pymunk").rglob("*")),
        "the game's data": _mib((inside / "petanque_game").rglob("*")),
        "the launcher (with the game's code)": _mib([folder / "petanque-game"]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app", default=str(DEFAULT_APP))
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    app = Path(args.app)
    if not app.is_file():
        subprocess.run([sys.executable, str(ROOT / "tools" / "build_app.py")], check=True)
    home = tempfile.mkdtemp(prefix="bench-app-")
    env = {k: v for k, v in os.environ.items()
           if k in ("DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "XAUTHORITY", "PATH")}
    env["PETANQUE_GAME_HOME"] = home
    source_env = {**env, "PYTHONPATH": str(ROOT)}
    ways = {"app": ([str(app)], env), "python -m": ([sys.executable, "-m", "petanque_game"],
                                                   source_env)}
    commands = {"--version": ["--version"], "play --frames 1": ["play", "--frames", "1"]}
    print(f"load average before: {os.getloadavg()[0]:.2f}; display: "
          f"{env.get('DISPLAY') or env.get('SDL_VIDEODRIVER', 'default')}")
    for name, mib in size_of(app.parent).items():
        print(f"size, {name}: {mib:.1f} MiB")
    for label, tail in commands.items():
        times: dict[str, list[float]] = {way: [] for way in ways}
        for _ in range(args.runs):
            for way, (head, way_env) in ways.items():
                times[way].append(timed([*head, *tail], way_env))
        medians = {way: statistics.median(t) for way, t in times.items()}
        for way, t in times.items():
            print(f"{label:18} {way:10} median {medians[way] * 1000:6.0f} ms "
                  f"(range {min(t) * 1000:.0f}-{max(t) * 1000:.0f}, {len(t)} runs)")
        print(f"{label:18} app / python -m: {medians['app'] / medians['python -m']:.2f}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
