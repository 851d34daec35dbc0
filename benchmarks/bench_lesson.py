"""Benchmark: how often each of the first lesson's targets is hit (ai/petanque_lesson.py), so that
the lesson is neither a wall nor a walk-over, and its advice holds.

    PYTHONPATH=. nice -n 5 python benchmarks/bench_lesson.py [--throws 100] [--board classic]

For each hand and target, `--throws` throws of the lesson's own start (the point at the target's
middle and its starting height; the knock: 100 mm past the other die, at 25 degrees as the words
advise, and at 45 degrees, the window's usual height), the hand's chance from a stream of the
benchmark's own. Prints the share hit, and the share a steady hand's throw of the same aim would
have hit (the aim's own worth, apart from the wobble).
"""

from __future__ import annotations

import argparse
import random

from petanque_game.ai import petanque_lesson as lesson
from petanque_game.physics.hand import PERSON_HANDS
from petanque_game.physics.level import load_named_level
from petanque_game.ui.table.aim import aim_at


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--throws", type=int, default=100)
    parser.add_argument("--board", default="classic")
    args = parser.parse_args()
    level = load_named_level(args.board)
    ux, uy = lesson.inward(level)
    for name, hand in PERSON_HANDS.items():
        for t in lesson.targets(level):
            spot, heights = t.centre, [t.height]
            if t.goal == "knock":
                x, y = lesson.aimed_from(t)
                spot, heights = (x + 100 * ux, y + 100 * uy), [t.height, 45.0]
            for height in heights:
                aim = aim_at(level, lesson.PLAYERS, lesson.SEAT, spot, height, t.obj)
                rng = random.Random(f"bench_lesson:{name}:{t.goal}:{height}")
                tries = [lesson.throw(level, t, aim, hand, rng) for _ in range(args.throws)]
                hit = sum(tr.passed for tr in tries) / len(tries)
                steady = sum(tr.aimed_passed for tr in tries) / len(tries)
                print(f"{name:7s} {t.goal:6s} {height:3.0f} deg: hit {100 * hit:5.1f}% "
                      f"(a steady throw of the aim: {100 * steady:5.1f}%)", flush=True)


if __name__ == "__main__":
    main()
