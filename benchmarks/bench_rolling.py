"""Benchmark: how far a die travels on the felt after it first touches down, and how often it
turns over there (the rolling of `physics/rolling.py`).

    PYTHONPATH=. python benchmarks/bench_rolling.py [--throws 2000] [--level classic]

Dice are thrown at a table holding only the diamond, aimed by the AI's `aim` at random points
of the board with any roll and spin, every starting orientation. For the throws whose first
touchdown comes at 1-2 m/s (the die's speed along the felt as it comes down, before the
landing's brake) it reports the distribution of the travel from that touchdown to where the die
rests (straight line, mm) and the share of throws with at least one turn-over on the felt; then the
faces of all the dice thrown, from a fixed and from a random starting orientation (chi-square).
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
from petanque_game.physics.level import load_named_level
from petanque_game.physics.settle import landing
from petanque_game.rules.petanque_table import DiamondRest, Table


def run(throws: int, level_name: str, seed: int) -> None:
    level = load_named_level(level_name)
    rng = random.Random(seed)
    table = Table(DiamondRest(0.0, 0.0, 0.0, True))
    hb = level.board.extent / 2.0
    travels, turned, faces_fixed, faces_random = [], 0, Counter(), Counter()
    all_travel = []
    start = time.perf_counter()
    for i in range(throws):
        players = rng.choice(sorted(level.seats))
        seat = rng.randrange(players)
        target = (rng.uniform(-0.6, 0.6) * hb, rng.uniform(-0.6, 0.6) * hb)
        fixed = i % 2 == 0
        orientation = 0 if fixed else rng.randrange(24)
        launch = aim(level, players, seat, target, roll=rng.random(),
                     spin=rng.uniform(-10.0, 10.0)).launched(orientation)
        seen = landing(level, table, players, seat, "die", 0, launch)
        (faces_fixed if fixed else faces_random)[seen.face] += 1
        if seen.speed is None or not seen.on_board:
            continue
        all_travel.append(seen.travel)
        if 1000.0 <= seen.speed <= 2000.0:
            travels.append(seen.travel)
            turned += seen.felt_turns > 0
    took = time.perf_counter() - start
    print(f"{throws} throws on {level_name} in {took:.1f} s")
    n = len(travels)
    if n:
        q = statistics.quantiles(travels, n=10)
        print(f"landing at 1-2 m/s and resting on the board: {n} throws")
        print(f"  travel after the first touchdown (mm): median {statistics.median(travels):.0f}, "
              f"10% {q[0]:.0f}, 25% {statistics.quantiles(travels, n=4)[0]:.0f}, "
              f"75% {statistics.quantiles(travels, n=4)[2]:.0f}, 90% {q[-1]:.0f}")
        print(f"  with at least one turn-over on the felt: {turned} ({100.0 * turned / n:.0f}%)")
    if all_travel:
        print(f"all landings on the board: {len(all_travel)}, median travel "
              f"{statistics.median(all_travel):.0f} mm")
    for name, counts in (("fixed", faces_fixed), ("random", faces_random)):
        c = [counts[f] for f in range(1, 7)]
        x, p = cube.face_chi_square(c)
        print(f"faces, {name} starting orientation: {c}, chi-square {x:.2f}, p = {p:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--throws", type=int, default=2000)
    parser.add_argument("--level", default="classic")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    run(args.throws, args.level, args.seed)


if __name__ == "__main__":
    main()
