"""How repeatable a person's throw is with the power bar and with the slingshot drag, against the
spread of their own hand.

    python benchmarks/bench_input_spread.py [--samples 200] [--board classic] [--hand normal]

For targets on the board (seat 0 of 2, a die, the window's middle height), three spreads of where
a lone die comes to rest (the lone-body prediction the preview uses, `physics.predict`), each the
root mean square distance of the rest points from their mean (mm):

- the hand: the point aim at the target (`aim_at`) thrown by the person's hand (its wobble);
- the bar: a scripted player holds the button and lets go when the bar shows the power whose
  throw stops at the target (`aim_launch`), with human timing jitter (normal, 30 ms) on the
  moment it lets go; the bar's power over time is `Aiming.charge`, as the window swings it;
- the drag: a scripted player grabs the board at the target and pulls back along the heading by
  the pull whose throw stops there (`aim_drag`), the end of the pull off by human pointing
  jitter (normal, 2 px, each way), at the board's scale on a 1280x720 window's table.

With Shift held (the fine adjustment, `aiming.FINE`) the bar moves, and the pull follows the
mouse, at a quarter of their pace: the same jitter then counts a quarter as much (the columns
"fine"). Prints each target's spreads and the ratio of the bar's and the drag's to the hand's
(the aim: at most 1.5). Nothing is asserted (tests/test_ui_table_input.py asserts the ratio on
a smaller sample).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from petanque_game.physics import load_named_level, release_zone
from petanque_game.physics.hand import PERSON_HANDS, wobble
from petanque_game.physics.predict import predict
from petanque_game.rules.petanque_table import Aim
from petanque_game.ui.table.aim import aim_at, aim_drag, aim_launch, elevation_limits
from petanque_game.ui.table.aiming import CLICK_HOLD, FINE, Aiming
from petanque_game.ui.table.window import AREA

N, SEAT = 2, 0


def rest_of(level, aim: Aim) -> tuple[float, float]:
    s = predict(level, "die", aim.speed, aim.elevation).rest
    return aim.x + math.cos(aim.direction) * s, aim.y + math.sin(aim.direction) * s


def spread(points: list[tuple[float, float]]) -> float:
    mx = statistics.fmean(p[0] for p in points)
    my = statistics.fmean(p[1] for p in points)
    return math.sqrt(statistics.fmean((p[0] - mx) ** 2 + (p[1] - my) ** 2 for p in points))


def hand_spread(level, target, elevation, hand, rng, samples) -> float:
    aim = aim_at(level, N, SEAT, target, elevation, "die")
    return spread([rest_of(level, wobble(level, N, SEAT, aim, hand, rng))
                   for _ in range(samples)])


def bar_of(level, elevation) -> Aiming:
    """The window's bar, at the height set, starting from the least power."""
    bar = Aiming(level, power=0.02)
    bar.elevation = elevation
    return bar


def bar_moment(level, target, elevation) -> float:
    """The moment (s held, the bar's first swing up) whose power stops the throw at `target`."""
    bar = bar_of(level, elevation)

    def reach(t: float) -> float:
        bar.charging = t
        aim = aim_launch(level, N, SEAT, target, bar.charge(), elevation)
        rx, ry = rest_of(level, aim)
        return math.hypot(rx - aim.x, ry - aim.y) - math.hypot(target[0] - aim.x,
                                                               target[1] - aim.y)

    lo, hi = CLICK_HOLD, CLICK_HOLD + bar.top_moment()
    for _ in range(40):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if reach(mid) < 0 else (lo, mid)
    return (lo + hi) / 2


def bar_spread(level, target, elevation, rng, samples, jitter=0.030) -> float:
    t = bar_moment(level, target, elevation)
    bar = bar_of(level, elevation)
    points = []
    for _ in range(samples):
        bar.charging = max(0.0, t + rng.gauss(0.0, jitter))
        points.append(rest_of(level, aim_launch(level, N, SEAT, target, bar.charge(), elevation)))
    return spread(points)


def drag_spread(level, target, elevation, scale, rng, samples, jitter=2.0) -> float:
    """`scale`: px per mm of the board on screen."""
    zone = release_zone(level, N, SEAT)
    inward = zone.wall.angle + math.pi
    ux, uy = math.cos(inward), math.sin(inward)

    def aim_of(px: float, ex: float = 0.0, ey: float = 0.0) -> Aim | None:
        pull = (target[0] - ux * px / scale + ex / scale, target[1] - uy * px / scale + ey / scale)
        return aim_drag(level, N, SEAT, target, pull, math.hypot(px * ux - ex, px * uy - ey),
                        elevation)

    lo, hi = 4.0, 2000.0
    for _ in range(40):  # the pull whose throw stops at the target
        mid = (lo + hi) / 2
        aim = aim_of(mid)
        assert aim is not None
        rx, ry = rest_of(level, aim)
        lo, hi = (mid, hi) if (rx - target[0]) * ux + (ry - target[1]) * uy < 0 else (lo, mid)
    points = []
    for _ in range(samples):
        aim = aim_of((lo + hi) / 2, rng.gauss(0.0, jitter), rng.gauss(0.0, jitter))
        assert aim is not None
        points.append(rest_of(level, aim))
    return spread(points)


def targets(level) -> list[tuple[float, float]]:
    """Along the seat's line of throw: the board's middle, and a third of the way either side."""
    zone = release_zone(level, N, SEAT)
    ux, uy = -math.cos(zone.wall.angle), -math.sin(zone.wall.angle)
    return [(ux * k, uy * k) for k in (-150.0, 0.0, 150.0)]


def board_scale(level) -> float:
    from petanque_game.ui.table.camera import Camera

    return float(Camera(level, AREA.size).fit)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--board", default="classic")
    ap.add_argument("--hand", default="normal")
    args = ap.parse_args()
    level = load_named_level(args.board)
    lo, hi = elevation_limits(level)
    elevation = (lo + hi) / 2
    scale = board_scale(level)
    rng = random.Random(1)
    print(f"{args.board}, hand {args.hand}, {args.samples} throws each, {scale:.3f} px/mm")
    print("| target (mm) | hand | bar (30 ms) | drag (2 px) | bar / hand | drag / hand "
          "| fine bar / hand | fine drag / hand |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for target in targets(level):
        h = hand_spread(level, target, elevation, PERSON_HANDS[args.hand], rng, args.samples)
        b = bar_spread(level, target, elevation, rng, args.samples)
        d = drag_spread(level, target, elevation, scale, rng, args.samples)
        fb = bar_spread(level, target, elevation, rng, args.samples, 0.030 * FINE)
        fd = drag_spread(level, target, elevation, scale, rng, args.samples, 2.0 * FINE)
        print(f"| {target[0]:.0f}, {target[1]:.0f} | {h:.1f} | {b:.1f} | {d:.1f} "
              f"| {b / h:.2f} | {d / h:.2f} | {fb / h:.2f} | {fd / h:.2f} |")

if __name__ == "__main__":
    main()
