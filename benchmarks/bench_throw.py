"""Benchmark: one Terningepetanque throw against bare pymunk stepping of the same bodies.

    PYTHONPATH=. python benchmarks/bench_throw.py [--runs N] [--searches N]
                                                  [--fairness [--throws 6000]]
                                                  [--against REF [--batches N] [--states N]
                                                   [--seeds N] [--digests N]]

The fullest table a throw can meet: the last throw of a 4-player round on the classic board, the
diamond and 7 dice at rest around it, the 8th die thrown from the east wall through them (it
knocks two). A level seats at most 4 players with 2 dice each, so no throw ever meets 8 lying
dice. `simulate_throw` is timed (CPU time, median of N runs, with and without the playback path);
side by side, in the same run, the same bodies and shapes (physics.settle.bare_space: no
callbacks, no flight, the thrown die starting on the board where and as it first lands, so it
slides into the same dice) are stepped in a bare public `space.step(DT)` loop for as many steps as
the throw ran through pymunk (`ThrowResult.pymunk_steps`; the free part of the flight is worked out
in closed form and is not counted). Building those spaces is not timed; building the throw's world
is. Two baselines: every body with its PivotJoint + GearJoint friction (the plain world), and joints
only on the bodies the throw itself gave them (the lean one: simulate_throw adds friction to a body
when it is first touched; untouched bodies at rest need none). The ratios are the cost of
everything around pymunk: building the world, the flight, the checks, the path, the distances.
pymunk's floor adds to the lean loop what building any throw's world costs through pymunk's public
API (`pymunk_building`: a new space, its collision handlers, every body and shape added and
removed, the friction joints of the bodies the throw wakes): what no Python of ours can save.

Throws per second at that table, which is what bounds the AI: the benchmark throw without a
path, and the expert AI's search there (`ai.petanque.choose_throw`: its candidate aims, each
thrown with the hands it samples and simulated without a path; the time in `simulate_throw` is
told apart from the aiming).
--against REF times this checkout and REF (a git ref, e.g. main, checked out in a temporary
`git worktree`) side by side, in two worker processes (`throw_worker.py`) asked in turn, so both
meet the same load: the benchmark throw in batches (CPU time a throw, each batch's order
alternating), the expert's decision over decision states from every board (`throw_worker.states`)
and several seeds (CPU time a decision, p50 and p95, and whether both chose the same aims), and
the digests of the first N throws of `throw_corpus.py` (each version in its own process: they
must be identical).
--fairness throws 6,000 varied dice (aimed and wild, all levels, random starting orientations)
and prints the face counts, the chi-square p-value and the time taken.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from petanque_game.ai import petanque as ai_petanque
from petanque_game.ai.petanque import aim, choose_throw
from petanque_game.ai.petanque_worth import Situation
from petanque_game.physics import cube
from petanque_game.physics.build import AIR, DT, GROUND, add_friction, new_space
from petanque_game.physics.level import Level, load_named_level
from petanque_game.physics.settle import bare_space, baseline
from petanque_game.physics.throw import random_launch, simulate_throw
from petanque_game.physics.world import World
from petanque_game.rules.petanque_table import DiamondRest, Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from checkouts import checkout_of
from throw_corpus import corpus_digests
from throw_worker import end_of_round_table

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def bench(runs: int, searches: int) -> None:
    level = load_named_level("classic")
    table = end_of_round_table()
    most = 2 * max(level.seats)
    assert len(table.dice) == most - 1, "the fullest table: every die of the round but one"
    launch = aim(level, 4, 3, (-150.0, -20.0), roll=0.8).launched(6)
    args = (level, table, 4, 3, "die", 1, launch)
    result = simulate_throw(*args)
    steps = result.pymunk_steps  # what the bare loops step: the steps pymunk really ran
    start, with_friction = baseline(*args)
    full, no_path, bare_all, bare_used = [], [], [], []

    def timed(out: list, f) -> None:
        t0 = time.process_time()
        f()
        out.append(time.process_time() - t0)

    def stepping(space) -> None:
        step = space.step
        for _ in range(steps):
            step(DT)

    def bare(out: list, friction_for) -> None:
        space = bare_space(*args, start, friction_for=friction_for)  # built outside the timing
        timed(out, lambda: stepping(space))

    building = []
    build_world = pymunk_building(args, with_friction)
    jobs = [
        lambda: timed(full, lambda: simulate_throw(*args)),
        lambda: timed(no_path, lambda: simulate_throw(*args, record_path=False)),
        lambda: bare(bare_all, None),
        lambda: bare(bare_used, with_friction),
        lambda: timed(building, build_world),
    ]
    for i in range(runs):  # all in turn, in a rotating order (no order favoured)
        for job in jobs[i % len(jobs):] + jobs[:i % len(jobs)]:
            job()
    m_full, m_np, m_all, m_used, m_build = (statistics.median(v) * 1000 for v in
                                            (full, no_path, bare_all, bare_used, building))
    moved = sum((a.x, a.y) != (b.x, b.y) for a, b in zip(result.table.dice, table.dice))
    print(f"throw: diamond + {len(table.dice)} dice at rest, 1 die thrown (the last of a "
          f"4-player round), classic: {result.steps} steps = {result.steps * DT:.3f} simulated s, "
          f"{steps} of them through pymunk (the rest of the flight in closed form); "
          f"settled={result.settled}, {moved} dice knocked, {len(result.path.frames)} frames, "
          f"friction joints on {len(with_friction)} of {len(table.dice) + 2} bodies")
    n = len(table.dice) + 2
    rows = [("simulate_throw, with the path", m_full),
            ("simulate_throw, without the path", m_np),
            (f"bare space.step loop, joints on all {n} bodies", m_all),
            (f"bare space.step loop, joints on the {len(with_friction)} the throw used", m_used)]
    for name, ms in rows:
        print(f"  {name:<52} median {ms:7.3f} ms CPU {ms * 1000 / steps:5.2f} us per pymunk step")
    print(f"ratio to bare stepping ({steps} pymunk steps), runs={runs}:")
    print(f"  against joints on all bodies:  with path {m_full / m_all:.2f}x, "
          f"without {m_np / m_all:.2f}x")
    print(f"  against joints as used (lean): with path {m_full / m_used:.2f}x, "
          f"without {m_np / m_used:.2f}x   (target <= 1.5x)")

    print(f"  pymunk's floor: the lean bare loop + {m_build:.3f} ms to make a space with the two "
          f"collision handlers, add and remove the {n} bodies and their shapes and the walls, and "
          f"join the friction of the {len(with_friction)}: {m_used + m_build:.3f} ms, "
          f"{(m_used + m_build) / m_np:.0%} of the throw without the path")
    print(f"throws per second at this table (diamond + {len(table.dice)} dice lying, 1 thrown; "
          f"no die of a round ever meets {most} lying):")
    print(f"  the benchmark throw, without the path: {1000.0 / m_np:5.0f} throws/s")
    if searches > 0:
        expert_search(level, table, searches)


def pymunk_building(args: tuple, used: frozenset[int]):
    """What any throw's world costs through pymunk's public API besides stepping it: a new space
    with the throw's two collision handlers, the board's and the table's bodies and shapes added
    and removed again, and the friction joints of the bodies the throw woke (`used`). Returns a
    function doing that once (with parts taken from a world built here)."""
    world = World(*args, False, callbacks=False)
    space = world.space
    bodies = list(space.bodies)
    shapes = list(space.shapes)
    joined = [it for i, it in enumerate(world.items) if i in used]
    space.remove(*space.constraints, *space.shapes, *space.bodies)

    def nothing(arbiter, space, data) -> None:
        return None

    def build_world() -> None:
        space = new_space()
        space.on_collision(AIR, None, pre_solve=nothing)
        space.on_collision(GROUND, None, begin=nothing)
        space.add(*bodies, *shapes)
        for it in joined:
            add_friction(space, world.static_body, it)
        space.remove(*space.constraints, *space.shapes, *space.bodies)

    return build_world


def expert_search(level: Level, table: Table, searches: int) -> None:
    """The expert AI's search for seat 3's last die at `table`, timed: all of it, and the part
    spent in `simulate_throw` (the rest is aiming the candidates)."""
    searches_ms, simulating_ms, calls = [], [], []
    simulate = ai_petanque.simulate_throw
    spent = [0.0]
    count = [0]
    situation = Situation(table, 4, 3, "die", 1, (0, 0, 0, 0), ())

    def timed_simulate(*a, **k):  # the search's own simulate_throw calls, timed and counted
        count[0] += 1
        t0 = time.process_time()
        try:
            return simulate(*a, **k)
        finally:
            spent[0] += time.process_time() - t0

    ai_petanque.simulate_throw = timed_simulate
    try:
        for s in range(searches):
            spent[0], count[0] = 0.0, 0
            t0 = time.process_time()
            choose_throw(level, situation, "expert", random.Random(s))
            searches_ms.append((time.process_time() - t0) * 1000)
            simulating_ms.append(spent[0] * 1000)
            calls.append(count[0])
    finally:
        ai_petanque.simulate_throw = simulate
    m_search, m_sim = statistics.median(searches_ms), statistics.median(simulating_ms)
    per_search = statistics.median(calls)
    print(f"  the expert AI's search, {per_search:g} simulated throws (candidates x sampled "
          f"hands, median of {searches} searches): {m_search:.1f} ms CPU a search ({m_sim:.1f} ms "
          f"of it in simulate_throw, the rest aiming), "
          f"{per_search * 1000.0 / m_sim:5.0f} throws/s simulated")


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


class Worker:
    """A `throw_worker.py` process importing the game from `root`."""

    def __init__(self, root: Path):
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        self.proc = subprocess.Popen([sys.executable, str(HERE / "throw_worker.py"), str(root)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     env=env, cwd=str(root))

    def ask(self, request: str) -> dict:
        self.proc.stdin.write(request + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def _quantile(values: list[float], q: float) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def against(ref: str, batches: int, per_batch: int, states: int, seeds: int,
            digests: int) -> None:
    """This checkout and `ref` side by side (see the module docstring)."""
    with checkout_of(ref) as old_root:
        _against(old_root, ref, batches, per_batch, states, seeds, digests)


def _against(old_root: Path, ref: str, batches: int, per_batch: int, states: int, seeds: int,
             digests: int) -> None:
    commit = subprocess.run(["git", "-C", str(old_root), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True, check=False).stdout.strip()
    load = os.getloadavg()
    print(f"\nside by side: {ref} ({commit}) and this checkout, in two worker processes asked in "
          f"turn (load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} at the start)")
    old, new = Worker(old_root), Worker(ROOT)
    try:
        cpu = {"old": [], "new": []}
        wall = {"old": [], "new": []}
        for b in range(batches):
            for name, w in ((("old", old), ("new", new)) if b % 2 == 0 else
                            (("new", new), ("old", old))):
                r = w.ask(f"throws {per_batch} 0")
                cpu[name].append(r["cpu"] / per_batch * 1000)
                wall[name].append(r["wall"] / per_batch * 1000)
        o, n = statistics.median(cpu["old"]), statistics.median(cpu["new"])
        pairs = sorted(a / b for a, b in zip(cpu["old"], cpu["new"]))
        print(f"  the benchmark throw without a path, CPU ms a throw (median of {batches} batches "
              f"of {per_batch}; quartiles): {ref} {o:.3f} ({_quantile(cpu['old'], 0.25):.3f}-"
              f"{_quantile(cpu['old'], 0.75):.3f}), this {n:.3f} ({_quantile(cpu['new'], 0.25):.3f}"
              f"-{_quantile(cpu['new'], 0.75):.3f})")
        print(f"    throws/s {1000 / o:.0f} -> {1000 / n:.0f}: {o / n:.2f}x (batch by batch "
              f"{pairs[0]:.2f}x-{pairs[-1]:.2f}x, quartiles {_quantile(pairs, 0.25):.2f}x-"
              f"{_quantile(pairs, 0.75):.2f}x); wall ms a throw "
              f"{statistics.median(wall['old']):.3f}"
              f" -> {statistics.median(wall['new']):.3f}")
        if states and seeds:
            _decisions(old, new, ref, states, seeds)
    finally:
        old.close()
        new.close()
    if digests:
        t0 = time.perf_counter()
        mine = corpus_digests(digests)
        env = dict(os.environ, PYTHONPATH=str(old_root))
        theirs = subprocess.run([sys.executable, str(HERE / "throw_corpus.py"), str(digests)],
                                capture_output=True, text=True, env=env, cwd=str(old_root),
                                check=True).stdout.split()
        same = sum(a == b for a, b in zip(mine, theirs))
        print(f"  resting tables (and paths, steps) of the first {digests} throws of "
              f"throw_corpus.py, every board: {same} of {len(theirs)} identical to {ref}'s "
              f"({time.perf_counter() - t0:.0f} s)")


def _decisions(old: Worker, new: Worker, ref: str, states: int, seeds: int) -> None:
    cpu = {"old": [], "new": []}
    per_seed = {"old": {}, "new": {}}
    same = 0
    for i in range(states):
        for seed in range(seeds):
            order = (("old", old), ("new", new)) if (i + seed) % 2 == 0 else \
                (("new", new), ("old", old))
            aims = {}
            for name, w in order:
                r = w.ask(f"decide {i} {seed} {states}")
                cpu[name].append(r["cpu"])
                per_seed[name].setdefault(seed, []).append(r["cpu"])
                aims[name] = r["aim"]
            same += aims["old"] == aims["new"]
    total = states * seeds
    print(f"  the expert's decision, {states} states (every board, 2-4 players, early and late in "
          f"the round) x {seeds} seeds, CPU s a decision: {same} of {total} decisions the same")
    for name, label in (("old", ref), ("new", "this")):
        v = cpu[name]
        p95s = [_quantile(per_seed[name][s], 0.95) for s in sorted(per_seed[name])]
        print(f"    {label:>6}: p50 {_quantile(v, 0.5):.3f}  p95 {_quantile(v, 0.95):.3f}  max "
              f"{max(v):.3f}  (p95 seed by seed {min(p95s):.3f}-{max(p95s):.3f})")
    print(f"    p95 {_quantile(cpu['old'], 0.95) / _quantile(cpu['new'], 0.95):.2f}x faster, p50 "
          f"{_quantile(cpu['old'], 0.5) / _quantile(cpu['new'], 0.5):.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=31)
    ap.add_argument("--searches", type=int, default=21)
    ap.add_argument("--fairness", action="store_true")
    ap.add_argument("--throws", type=int, default=6000)
    ap.add_argument("--against", metavar="REF", help="a git ref to time side by side (main)")
    ap.add_argument("--batches", type=int, default=40)
    ap.add_argument("--per-batch", type=int, default=25)
    ap.add_argument("--states", type=int, default=30)
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--digests", type=int, default=3000)
    a = ap.parse_args()
    bench(a.runs, a.searches)
    if a.against:
        against(a.against, a.batches, a.per_batch, a.states, a.seeds, a.digests)
    if a.fairness:
        fairness(a.throws)
        fairness(a.throws, hand=0)


if __name__ == "__main__":
    main()
