"""Aiming where the die should stop (ui/table/aim.py): the aim comes to rest at the point on every
shipped board, and the preview warns along the whole path where it goes wrong (the hand's spread:
tests/test_aim_risk.py). benchmarks/bench_aim_rest.py measures the same on a finer grid."""

import math
import statistics
from pathlib import Path

import pytest

from petanque_game.physics import load_named_level, simulate_throw
from petanque_game.rules.petanque_table import Aim, DiamondRest, DieRest, Launch, Table
from petanque_game.ui.table.aim import aim_at, elevation_limits, preview

MEDIAN_WITHIN = 10.0  # mm, the bound (measured: about 1 mm, benchmarks/RESULTS.md)
LEVELS = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "levels").glob("*.yaml"))


def _thrown(level, n, seat, obj, aim, table):
    launch = Launch(aim.x, aim.y, aim.direction, aim.speed, aim.elevation, aim.spin, 0)
    rest = simulate_throw(level, table, n, seat, obj, None if obj == "diamond" else 0,
                          launch).table
    return rest.diamond if obj == "diamond" else rest.dice[-1]


@pytest.mark.parametrize("name", LEVELS)
def test_an_exact_throw_comes_to_rest_within_10_mm_of_the_point_median(name):
    level = load_named_level(name)
    lo, hi = elevation_limits(level)
    half = 0.55 * min(max(abs(x) for x, _ in level.board.outline),
                      max(abs(y) for _, y in level.board.outline))
    misses, warned = [], 0
    for seat in range(2):
        for obj in ("diamond", "die"):
            table = Table() if obj == "diamond" else Table(DiamondRest(0.0, 0.0, 0.0, True))
            for target in ((-half, -half * 0.6), (half * 0.7, 0.4 * half), (0.3 * half, -half)):
                for elevation in (lo + 0.3 * (hi - lo), (lo + hi) / 2, hi):
                    aim = aim_at(level, 2, seat, target, elevation, obj)
                    shown = preview(level, 2, seat, aim, obj, table)
                    if shown.warnings or math.dist(shown.rest, target) > 1.0:
                        warned += 1  # told beforehand: it does not stop there
                        continue
                    body = _thrown(level, 2, seat, obj, aim, table)
                    misses.append(math.dist((body.x, body.y), target))
    assert len(misses) >= 24, (warned, "most of these points can be aimed at")
    assert statistics.median(misses) <= MEDIAN_WITHIN, sorted(misses)


def test_the_preview_warns_where_the_path_meets_a_die_and_where_it_rolls_off():
    level = load_named_level("classic")
    diamond = DiamondRest(0.0, 0.0, 0.0, True)
    other = DieRest(1, 0, 0.0, -60.0, 0.0, 3, True, None, 40.0, 0)
    table = Table(diamond, (other,))
    # seat 0 throws from the south wall (y < 0): a low throw to rest beyond the die runs into it
    aim = aim_at(level, 2, 0, (0.0, -30.0), 20.0, "die")
    shown = preview(level, 2, 0, aim, "die", table)
    kinds = [w[0] for w in shown.warnings]
    assert "table.aim.into_die" in kinds
    where = dict(shown.warnings)["table.aim.into_die"]
    assert math.dist(where, (0.0, -60.0)) < 40.0 and where[1] < -60.0  # drawn where it meets it
    # the same point without the die: nothing in the way but the diamond beyond it
    clear = preview(level, 2, 0, aim, "die", Table(diamond))
    assert [w[0] for w in clear.warnings] == []
    # aimed short of the diamond: no warning; through it: it pushes the diamond
    assert preview(level, 2, 0, aim_at(level, 2, 0, (0.0, -40.0), 45.0, "die"), "die",
                   Table(diamond)).warnings == []
    pushed = preview(level, 2, 0, aim_at(level, 2, 0, (0.0, 60.0), 30.0, "die"), "die",
                     Table(diamond))
    assert [w[0] for w in pushed.warnings] == ["table.aim.into_diamond"]
    # landing on the board, rolling off beyond its far edge
    far = aim_at(level, 2, 0, (150.0, 280.0), 20.0, "die")
    off = preview(level, 2, 0, far, "die", Table(diamond))
    assert off.warnings[0][0] in ("table.aim.rolls_off", "table.aim.lands_off")
    assert level.board.contains(*off.landing) == (off.warnings[0][0] == "table.aim.rolls_off")
    # from the north wall, low, to a point near that edge: it comes down in the gap before the
    # board, and stops there (the physics stops a body that lands off the board)
    short = preview(level, 2, 1, aim_at(level, 2, 1, (40.0, 180.0), 20.0, "diamond"), "diamond")
    assert short.warnings[0][0] == "table.aim.lands_off" and short.rest == short.landing


def test_the_preview_sees_the_bumpers_and_the_wall():
    level = load_named_level("bumper-lane")
    # from the west wall along y = 55 at the east end: the west bumper (x -260..-230, y 40..70)
    # lies in the way of a low throw, not of a high one that comes down beyond it
    flat = aim_at(level, 2, 0, (0.0, 55.0), 5.0, "die")
    low = preview(level, 2, 0, flat, "die")
    assert any(w[0] == "table.aim.into_obstacle" for w in low.warnings)
    high = preview(level, 2, 0, aim_at(level, 2, 0, (-150.0, 55.0), 70.0, "die"), "die")
    assert not any(w[0] == "table.aim.into_obstacle" for w in high.warnings)
    # a weak flat throw meets the thrower's own wall (tests/test_ui_table.py: the power bar's)
    weak = Aim(flat.x, flat.y, flat.direction, 800.0, 0.0, 0.0)
    assert [w[0] for w in preview(level, 2, 0, weak, "die").warnings] == ["table.aim.hits_wall"]
