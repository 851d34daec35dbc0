"""How near a throw aimed at a rest point comes to rest there, on every shipped board.

    python benchmarks/bench_aim_rest.py [--grid 5] [--step 10] [--hand-samples 2] [--seed 1]

For every board in levels/*.yaml, every seat of every player count the board seats, the diamond
and a die, a grid of targets on the board (`--grid` x `--grid` over the board, those inside it by
more than a die's side) and the heights the window allows (its lowest to its highest, every
`--step` degrees): the window's aim at that rest point (`ui.table_aim.aim_at`, the point aiming)
is thrown on an empty board (for a die, the diamond lies where the path does not meet it) and
simulated; the miss is the distance from the target to where the body comes to rest.

An aim whose preview warns (it hits the wall, lands or rolls off the board, runs into an
obstacle, or the target is out of reach at that height) is not thrown: the player is told before
throwing that it will not stop there. Those are counted, by reason.

First with an exact hand (no wobble: the aim as decided), then with each person's hand of
`physics.hand.PERSON_HANDS`, whose wobble is drawn from a stream seeded with `--seed`
(`--hand-samples` throws of every aim). Also times the preview of one new aim (solve +
preview), which is what the previews' thread pays when the mouse moves.
Prints median, 90th percentile and worst miss (mm) per board and overall. Nothing is asserted
(tests/test_aim_rest.py asserts the median on a smaller grid).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from petanque_game.physics import load_named_level, simulate_throw
from petanque_game.physics.hand import PERSON_HANDS, wobble
from petanque_game.rules.petanque_table import DiamondRest, Launch, Table
from petanque_game.ui.table.aim import aim_at, elevation_limits, preview

LEVELS = Path(__file__).resolve().parents[1] / "levels"


def targets(level, grid: int) -> list[tuple[float, float]]:
    """A grid over the board's bounding box, the points inside the board by more than the
    diamond's reach (a body whose outline overhangs the edge is off the board)."""
    xs = [p[0] for p in level.board.outline] if level.board.outline else \
        [-level.board.radius, level.board.radius]
    ys = [p[1] for p in level.board.outline] if level.board.outline else \
        [-level.board.radius, level.board.radius]
    side = max(level.dice.side, level.diamond.long_diagonal / 2.0) + 5.0
    found = []
    for i in range(grid):
        for j in range(grid):
            x = min(xs) + (max(xs) - min(xs)) * (i + 0.5) / grid
            y = min(ys) + (max(ys) - min(ys)) * (j + 0.5) / grid
            if all(level.board.contains(x + dx, y + dy) for dx, dy in
                   ((side, 0), (-side, 0), (0, side), (0, -side))):
                found.append((x, y))
    return found


def heights(level, step: float) -> list[float]:
    lo, hi = elevation_limits(level)
    out, e = [], lo
    while e < hi + 1e-9:
        out.append(e)
        e += step
    if out[-1] < hi - 1e-9:
        out.append(hi)
    return out


def diamond_out_of_the_way(level, n, seat, aim) -> Table | None:
    """An empty board but for the diamond, lying where the die's path does not meet it."""
    spots = [(0.0, 0.0)] + [(x * 0.8, y * 0.8) for x, y in targets(level, 3)]
    for x, y in spots:
        table = Table(DiamondRest(x, y, 0.0, True))
        if not any(w[0] == "table.aim.into_diamond"
                   for w in preview(level, n, seat, aim, "die", table).warnings):
            return table
    return None


def cases(level, grid: int, step: float):
    """(n, seat, obj, target, elevation, aim, table) of every aim whose preview warns of nothing,
    and the Counter of the warned ones by reason."""
    warned: Counter = Counter()
    out = []
    for n in sorted(level.seats):
        for seat in range(n):
            for obj in ("diamond", "die"):
                for target in targets(level, grid):
                    for elevation in heights(level, step):
                        aim = aim_at(level, n, seat, target, elevation, obj)
                        table = Table() if obj == "diamond" else \
                            diamond_out_of_the_way(level, n, seat, aim)
                        if table is None:
                            warned["table.aim.into_diamond"] += 1
                            continue
                        shown = preview(level, n, seat, aim, obj, table)
                        if shown.warnings:
                            warned[shown.warnings[0][0]] += 1
                            continue
                        if math.dist(shown.rest, target) > 1.0:  # the ring stops short
                            warned["table.aim.out_of_reach"] += 1
                            continue
                        out.append((n, seat, obj, target, elevation, aim, table))
    return out, warned


def miss(level, case, aim) -> float:
    n, seat, obj, target, _, _, table = case
    launch = Launch(aim.x, aim.y, aim.direction, aim.speed, aim.elevation, aim.spin, 0)
    rest = simulate_throw(level, table, n, seat, obj, None if obj == "diamond" else 0,
                          launch).table
    body = rest.diamond if obj == "diamond" else rest.dice[-1]
    if obj == "diamond" and body.reset:
        return math.inf  # it left the board: laid at the centre
    if obj == "die" and not body.on_board:
        return math.inf
    return math.dist((body.x, body.y), target)


def summary(misses: list[float]) -> str:
    s = sorted(misses)
    p90 = s[min(len(s) - 1, math.ceil(0.9 * len(s)) - 1)]
    worst = s[-1]
    off = sum(1 for m in s if m == math.inf)
    said = "off the board" if worst == math.inf else f"{worst:.1f}"
    extra = f" ({off} off the board)" if off else ""
    return (f"n={len(s):5d}  median {statistics.median(s):6.1f}  p90 {p90:6.1f}  "
            f"worst {said}{extra}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--grid", type=int, default=5)
    ap.add_argument("--step", type=float, default=10.0)
    ap.add_argument("--hand-samples", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    t0 = time.perf_counter()
    exact_all: list[float] = []
    hands_all: dict[str, list[float]] = {name: [] for name in PERSON_HANDS}
    for path in sorted(LEVELS.glob("*.yaml")):
        level = load_named_level(path.stem)
        found, warned = cases(level, args.grid, args.step)
        exact = [miss(level, c, c[5]) for c in found]
        exact_all += exact
        total = len(found) + sum(warned.values())
        print(f"{path.stem}: {len(found)} of {total} aims thrown "
              f"(warned: {dict(warned) or 'none'}); heights {heights(level, args.step)}")
        print(f"  exact hand   {summary(exact)}")
        for name, hand in PERSON_HANDS.items():
            rng = random.Random(f"{args.seed}:{path.stem}:{name}")
            got = []
            for c in found:
                n, seat = c[0], c[1]
                for _ in range(args.hand_samples):
                    got.append(miss(level, c, wobble(level, n, seat, c[5], hand, rng)))
            hands_all[name] += got
            print(f"  {name:6s} hand  {summary(got)}")
        sys.stdout.flush()
    print(f"all boards: exact hand {summary(exact_all)}")
    for name, got in hands_all.items():
        print(f"all boards: {name:6s} hand {summary(got)}")
    level = load_named_level("classic")
    times = []
    for k in range(200):
        t = time.thread_time()
        a = aim_at(level, 2, 0, (-200.0 + 2.0 * k, 37.0 + k * 0.3), 45.0, "die")
        preview(level, 2, 0, a, "die", Table(DiamondRest(0.0, 0.0, 0.0, True)))
        times.append((time.thread_time() - t) * 1000)
    times.sort()
    print(f"one new aim with its preview (CPU time): median "
          f"{statistics.median(times):.2f} ms, p99 {times[197]:.2f} ms, worst {times[-1]:.2f} ms "
          f"(200 aims)")
    print(f"{time.perf_counter() - t0:.0f} s in all")


if __name__ == "__main__":
    main()
