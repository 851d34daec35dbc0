"""Aiming a Terningepetanque throw at a point: `aim` inverts the physics for a lone body. It picks
a release point behind the seat's wall in line with the target, an elevation from `roll` (0 = a
high lob that stops where it lands, 1 = a low throw that lands early and rolls on), then searches
the speed by bisection on the lone-body prediction of `physics/predict.py`, so the body comes to
rest near the target. Every AI level and the hint aim with it (petanque.py)."""

from __future__ import annotations

import math

from petanque_game.physics.level import Level
from petanque_game.physics.predict import predict_rest
from petanque_game.physics.throw import check_aim, release_zone
from petanque_game.rules.petanque_table import Aim


def aim(level: Level, num_players: int, thrower: int, target_xy: tuple[float, float], *,
        roll: float = 0.5, obj: str = "die", spin: float = 0.0, depth: float = 0.5) -> Aim:
    """A legal aim that should bring a lone body to rest near `target_xy`."""
    zone = release_zone(level, num_players, thrower)
    tx, ty = target_xy
    _, lat_t = zone.local(tx, ty)
    lateral = max(-zone.half_width + 20.0, min(zone.half_width - 20.0, lat_t))
    x, y = zone.point(depth, lateral)
    inward = zone.wall.angle + math.pi
    heading = math.atan2(ty - y, tx - x)
    off = math.remainder(heading - inward, 2 * math.pi)
    limit = level.throw.max_side_angle * 0.98
    heading = inward + max(-limit, min(limit, off))
    distance = math.hypot(tx - x, ty - y)
    along = max(1e-9, math.cos(heading - inward))
    d_release, _ = zone.local(x, y)
    wall_at = (d_release - zone.wall.distance - level.walls.thickness / 2.0) / along
    t = level.throw
    roll = max(0.0, min(1.0, roll))
    lo_e, hi_e = max(t.min_elevation, math.radians(10)), min(t.max_elevation, math.radians(65))
    elevation = hi_e - roll * (hi_e - lo_e)
    speed = _speed_for(level, obj, elevation, distance, wall_at)
    # a throw that would not clear the wall gets a higher arc
    while not predict_rest(level, obj, speed, elevation, wall_at)[1] and elevation < hi_e:
        elevation = min(hi_e, elevation + math.radians(3))
        speed = _speed_for(level, obj, elevation, distance, wall_at)
    chosen = Aim(x, y, math.remainder(heading, 2 * math.pi), speed, elevation,
                 max(-t.max_spin, min(t.max_spin, spin)))
    check_aim(level, num_players, thrower, chosen)
    return chosen


def _speed_for(level: Level, obj: str, elevation: float, distance: float,
               wall_at: float) -> float:
    lo, hi = 1.0, level.throw.max_speed
    for _ in range(40):
        mid = (lo + hi) / 2.0
        if predict_rest(level, obj, mid, elevation)[0] < distance:
            lo = mid
        else:
            hi = mid
    return hi
