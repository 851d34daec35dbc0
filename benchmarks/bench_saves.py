"""What saving costs the frame that makes a move: the autosave written in the frame (as the match
writes it alone) against written behind it by the saves' thread (as the window writes it).

    python benchmarks/bench_saves.py [--games 6] [--game ten-thousand] [--folder DIR]

Each game is played twice, move by move with the same seed, once each way, alternately, in a user
folder on the disk the player's would be on (`--folder`; by default a new folder under the
system's temporary folder: on a tmpfs a flush to disk costs nothing, so say where it ran). Per
move: the wall-clock and the thread's processor milliseconds of `LiveSession.play_ai` (the AI's
decision, the move, and the save or its hand-over), then the game is left (which waits for the
thread). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def p99(values: list[float]) -> float:
    values = sorted(values)
    return values[int(0.99 * (len(values) - 1))]


def play(game: str, seed: int, behind: bool) -> tuple[list[float], list[float], float]:
    """(wall ms per move, thread CPU ms per move, wall ms of leaving)."""
    from petanque_game.record import Seat
    from petanque_game.ui.session import new_game

    session = new_game(game, [Seat("A", "ai", "medium"), Seat("B", "ai", "medium")], {}, seed)
    if behind:
        session.write_behind()
    wall, cpu = [], []
    while not session.over:
        t0, c0 = time.perf_counter(), time.thread_time()
        session.play_ai()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    t0 = time.perf_counter()
    session.close()
    return wall, cpu, (time.perf_counter() - t0) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--game", default="ten-thousand")
    parser.add_argument("--folder", help="the user folder (default: a new temporary one)")
    args = parser.parse_args()
    home = args.folder or tempfile.mkdtemp(prefix="bench-saves-")
    os.environ["PETANQUE_GAME_HOME"] = home
    print(f"user folder {home}; load average at start {os.getloadavg()[0]:.2f}")
    found = {False: ([], [], []), True: ([], [], [])}
    for seed in range(args.games):
        for behind in (False, True):
            wall, cpu, leave = play(args.game, seed, behind)
            found[behind][0].extend(wall)
            found[behind][1].extend(cpu)
            found[behind][2].append(leave)
    print("| autosave | moves | median ms | p99 ms | worst ms | median CPU ms | p99 CPU ms "
          "| leaving, median ms |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for behind, (wall, cpu, leave) in found.items():
        print(f"| {'behind (thread)' if behind else 'in the frame'} | {len(wall)} | "
              f"{statistics.median(wall):.2f} | {p99(wall):.2f} | {max(wall):.2f} | "
              f"{statistics.median(cpu):.2f} | {p99(cpu):.2f} | {statistics.median(leave):.2f} |")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
