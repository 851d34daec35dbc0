"""Benchmark: one Terningepetanque throw against bare pymunk stepping of the same world.

    PYTHONPATH=. python benchmarks/bench_throw.py [--runs N] [--fairness [--throws 6000]]

The throw is the last of a 4-player round on the classic board: the diamond and 7 dice at rest
around it, the 8th die thrown from the east wall through them (it knocks two). `simulate_throw`
is timed (median of N runs, with and without the playback path); side by side, in the same run,
the same bodies and shapes (physics.settle.bare_space: no callbacks, no flight, the thrown die
starting on the board where and as it first lands, so it slides into the same dice) are stepped
the same number of steps in a bare `space.step` loop; building those spaces is not timed. Two
baselines: every body with its PivotJoint + GearJoint friction (the plain world), and joints only
on the bodies the throw itself gave them (simulate_throw adds friction to a body when it is first
touched; untouched bodies at rest need none). The ratios are the cost of everything around pymunk:
building the world, the flight, the checks, the path, the distances.
--fairness throws 6,000 varied dice (aimed and wild, all levels, random starting orientations)
and prints the face counts, the chi-square p-value and the time taken.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from petanque_game.ai.petanque import aim
from petanque_game.physics import cube
from petanque_game.physics.chipmunk import chipmunk_step
from petanque_game.physics.level import load_named_level
from petanque_game.physics.settle import bare_space, baseline
from petanque_game.physics.throw import random_launch, simulate_throw
from petanque_game.physics.world import DT
from petanque_game.rules.petanque_table import DiamondRest, DieRest, Table


def end_of_round_table() -> Table:
    spots = [(0, 0, -30.0, -35.0, 0.3, 5), (1, 0, 28.0, 22.0, 1.1, 9), (2, 0, -45.0, 40.0, 0.7, 2),
             (3, 0, 55.0, -20.0, 2.0, 14), (0, 1, -10.0, -70.0, 0.1, 20),
             (1, 1, 80.0, 60.0, 0.9, 3), (2, 1, -85.0, -5.0, 1.7, 17)]
    dice = tuple(DieRest(p, d, x, y, a, cube.TOP_FACE[o], True, None, 1.0, o)
                 for p, d, x, y, a, o in spots)
    return Table(DiamondRest(5.0, 3.0, 0.4, True), dice)


def bench(runs: int) -> None:
    level = load_named_level("classic")
    table = end_of_round_table()
    launch = aim(level, 4, 3, (-150.0, -20.0), roll=0.8).launched(6)
    args = (level, table, 4, 3, "die", 1, launch)
    result = simulate_throw(*args)
    steps = result.steps
    start, with_friction = baseline(*args)
    full, no_path, bare_all, bare_used, raw_used = [], [], [], [], []

    def timed(out: list, f) -> None:
        t0 = time.perf_counter()
        f()
        out.append(time.perf_counter() - t0)

    def stepping(space) -> None:
        step = space.step
        for _ in range(steps):
            step(DT)

    def raw_stepping(space) -> None:
        step, cp_space = chipmunk_step(space)  # Chipmunk's own step, as simulate_throw calls it
        for _ in range(steps):
            step(cp_space, DT)

    def bare(out: list, friction_for, stepper=stepping) -> None:
        space = bare_space(*args, start, friction_for=friction_for)  # built outside the timing
        timed(out, lambda: stepper(space))

    jobs = [
        lambda: timed(full, lambda: simulate_throw(*args)),
        lambda: timed(no_path, lambda: simulate_throw(*args, record_path=False)),
        lambda: bare(bare_all, None),
        lambda: bare(bare_used, with_friction),
        lambda: bare(raw_used, with_friction, raw_stepping),
    ]
    for i in range(runs):  # all in turn, in a rotating order (no order favoured)
        for job in jobs[i % len(jobs):] + jobs[:i % len(jobs)]:
            job()
    m_full, m_np, m_all, m_used, m_raw = (statistics.median(v) * 1000 for v in
                                          (full, no_path, bare_all, bare_used, raw_used))
    moved = sum((a.x, a.y) != (b.x, b.y) for a, b in zip(result.table.dice, table.dice))
    print(f"throw: 8 dice + diamond (7 dice + diamond at rest, 1 thrown), classic, "
          f"{steps} steps = {steps * DT:.3f} simulated s ({result.pymunk_steps} through pymunk, "
          f"the rest of the flight in closed form), settled={result.settled}, "
          f"{moved} dice knocked, {len(result.path.frames)} frames, friction joints on "
          f"{len(with_friction)} of 9 bodies")
    print(f"simulate_throw (with path)       median {m_full:7.3f} ms ({m_full * 1000 / steps:.2f} "
          f"us/step)")
    print(f"simulate_throw (no path)         median {m_np:7.3f} ms")
    print(f"bare pymunk, joints on all 9     median {m_all:7.3f} ms ({m_all * 1000 / steps:.2f} "
          f"us/step)")
    print(f"bare pymunk, joints as the throw median {m_used:7.3f} ms ({m_used * 1000 / steps:.2f} "
          f"us/step)")
    print(f"bare Chipmunk step, joints as used median {m_raw:7.3f} ms "
          f"({m_raw * 1000 / steps:.2f} us/step; no pymunk wrapper, as simulate_throw steps)")
    print(f"ratio to bare (all joints): with path {m_full / m_all:.2f}x, without {m_np / m_all:.2f}x;"
          f" to bare (joints as used): with path {m_full / m_used:.2f}x, without "
          f"{m_np / m_used:.2f}x (target <= 1.5x); to bare Chipmunk step (joints as used): with "
          f"path {m_full / m_raw:.2f}x; runs={runs}")


def fairness(throws: int, seed: int = 2024, hand: int | None = None) -> None:
    """Faces of varied throws; `hand` fixes every die's starting orientation (else random), so
    that any evenness must come from the tumbling."""
    levels = [load_named_level(n) for n in ("classic", "round-table", "bumper-lane")]
    rng = random.Random(seed)
    counts: Counter[int] = Counter()
    t0 = time.perf_counter()
    for i in range(throws):
        level = levels[i % 3]
        players = 2 + i % 3
        seat = rng.randrange(players)
        table = Table(DiamondRest(rng.uniform(-60, 60), rng.uniform(-40, 40), 0.0, True))
        start = rng.randrange(24) if hand is None else hand
        if i % 2:
            launch = random_launch(level, players, seat, rng, orientation=start)
        else:
            launch = aim(level, players, seat, (rng.uniform(-120, 120), rng.uniform(-80, 80)),
                         roll=rng.random(), spin=rng.uniform(-10, 10)).launched(start)
        res = simulate_throw(level, table, players, seat, "die", 0, launch, record_path=False)
        counts[res.table.dice[-1].face] += 1
    seconds = time.perf_counter() - t0
    faces = [counts[f] for f in range(1, 7)]
    stat, p = cube.face_chi_square(faces)
    start = "random starting orientations" if hand is None else f"every die leaving the hand " \
        f"in orientation {hand}"
    print(f"fairness, {start}: {throws} throws in {seconds:.1f} s "
          f"({seconds / throws * 1000:.2f} ms each)")
    print(f"faces 1-6: {faces}  chi-square {stat:.2f} (5 dof)  p = {p:.4f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=31)
    ap.add_argument("--fairness", action="store_true")
    ap.add_argument("--throws", type=int, default=6000)
    a = ap.parse_args()
    bench(a.runs)
    if a.fairness:
        fairness(a.throws)
        fairness(a.throws, hand=0)


if __name__ == "__main__":
    main()
