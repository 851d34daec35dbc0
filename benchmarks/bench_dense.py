"""Benchmark: throws onto crowded tables settle, with nothing overlapping at rest.

    PYTHONPATH=. python benchmarks/bench_dense.py [--throws 10000] [--level classic] [--seed 7]

Each throw meets a table of 5-7 dice lying within about 20 mm of the diamond (tests/dense_tables.py)
and is aimed at the diamond with a club player's hand, every fourth one wild. Reports how many
throws reached the time cap, how many left bodies overlapping each other, a wall or an obstacle
at rest, how many dice came down perched on others and toppled off, and the time taken.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(1, str(Path(__file__).resolve().parents[1] / "tests"))  # dense_tables.py

from dense_tables import dense_table, problems, throw_at

from petanque_game.physics import airborne
from petanque_game.physics.level import load_named_level


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--throws", type=int, default=10_000)
    parser.add_argument("--level", default="classic")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    level = load_named_level(args.level)
    toppled = [0]
    real = airborne.Flier._topple

    def counting(flier):
        toppled[0] += 1
        return real(flier)

    airborne.Flier._topple = counting
    rng = random.Random(args.seed)
    found: Counter[str] = Counter()
    steps = []
    start = time.perf_counter()
    for i in range(args.throws):
        table = dense_table(level, rng, rng.randint(5, 7))
        result = throw_at(level, table, rng, wild=i % 4 == 0)
        steps.append(result.steps)
        for problem in problems(level, result):
            found["time cap" if "cap" in problem else
                  "overlap at rest: " + problem.split(" overlaps ")[1].split(" by")[0]] += 1
    took = time.perf_counter() - start
    steps.sort()
    print(f"{args.throws} throws onto crowded tables ({args.level}) in {took:.1f} s "
          f"({1000 * took / args.throws:.2f} ms a throw)")
    print(f"  reached the time cap: {found['time cap']}; overlapping at rest: "
          f"{sum(v for k, v in found.items() if k != 'time cap')}; toppled off a perch: "
          f"{toppled[0]}")
    print(f"  simulated time to rest: median {steps[len(steps) // 2] / 480:.2f} s, "
          f"longest {steps[-1] / 480:.2f} s (cap 20 s)")


if __name__ == "__main__":
    main()
