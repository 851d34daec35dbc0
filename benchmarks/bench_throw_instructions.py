"""Benchmark: the instructions one benchmark throw costs, counted by valgrind, beside a git ref.

    python benchmarks/bench_throw_instructions.py [--throws N] [REF ...]

CPU time on a shared machine wobbles with the load; the number of machine instructions a piece
of code executes does not. For this checkout and each REF (checked out in a temporary `git
worktree`), `valgrind --tool=callgrind` counts the instructions of a process that makes the
benchmark throw of `bench_throw.py` (`throw_worker.benchmark_throw`, no path) N times after a
first one, and of one that makes it only that first time; the difference over N is what a throw
costs, imports and start-up left out. Instructions are not time (a cache miss costs more than an
addition), so this stands beside `bench_throw.py --against`, not in its place. It needs valgrind
(`apt-get install valgrind`); under it a throw runs about 50 times slower.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
from checkouts import checkout_of

THROWS = """
import sys
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[2])
from throw_worker import benchmark_throw
from petanque_game.physics.throw import simulate_throw
args = benchmark_throw()
simulate_throw(*args, record_path=False)
for _ in range(int(sys.argv[3])):
    simulate_throw(*args, record_path=False)
"""


def instructions(root: Path, throws: int) -> int:
    """Instructions of a process that makes the benchmark throw 1 + `throws` times."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", THROWS, str(root), str(HERE), str(throws)],
                         capture_output=True, text=True, cwd=str(root), check=True).stderr
    found = re.search(r"Collected : (\d+)", out)
    if found is None:
        raise SystemExit(f"valgrind gave no count for {root}:\n{out[-2000:]}")
    return int(found.group(1))


def per_throw(root: Path, throws: int) -> float:
    return (instructions(root, throws) - instructions(root, 0)) / throws


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--throws", type=int, default=40)
    ap.add_argument("refs", nargs="*", help="git refs to count beside this checkout (main)")
    a = ap.parse_args()
    counts = []
    for ref in a.refs:
        with checkout_of(ref) as root:
            counts.append((ref, per_throw(root, a.throws)))
    mine = per_throw(ROOT, a.throws)
    print(f"instructions a benchmark throw (no path), {a.throws} throws counted by callgrind:")
    for ref, n in counts:
        print(f"  {ref:>12}: {n / 1e6:6.3f} M   ({n / mine:.2f}x this checkout's)")
    print(f"  {'this':>12}: {mine / 1e6:6.3f} M")


if __name__ == "__main__":
    main()
