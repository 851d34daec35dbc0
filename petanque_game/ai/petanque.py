"""Terningepetanque AI: aiming a throw, and choosing one at three levels of care.

`aim` inverts the physics for a lone body: it picks a release point behind the seat's wall in
line with the target, an elevation from `roll` (0 = a high lob that stops where it lands, 1 = a
low throw that lands early and slides), then searches the speed by bisection on a small replica of
the physics (the same semi-implicit flight, landing brake, restitution and felt friction as
`physics/world.py`, with no other bodies), so the body comes to rest near the target.

`choose_throw` aims honestly at the diamond (at the board's centre for the diamond throw) and adds
human-like noise drawn from the seat's own `rng` (large for easy, less for medium, little for
expert). The expert also draws a handful of candidate launches and simulates each one with
`simulate_throw` on the real table, keeping the one best for its seat (nearest the diamond without
going off, knocking an opponent's die if that pays). The die's starting orientation is a
parameter: the match draws it from the game's stream; the AI never does.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from petanque_game.physics.level import Level
from petanque_game.physics.throw import check_launch, release_zone, simulate_throw
from petanque_game.rules.petanque_table import DIAMOND, Launch, Table

DT = 1.0 / 480.0  # as physics/world.py
HOP_MIN = 100.0


@dataclass(frozen=True)
class Care:
    """How carefully a level throws: standard deviations of the hand's errors, and the search."""

    direction: float  # rad
    speed: float  # relative
    elevation: float  # rad
    lateral: float  # mm, the release point sideways
    candidates: int  # launches simulated to pick from (1: no search)


CARE = {
    "easy": Care(0.07, 0.10, 0.08, 30.0, 1),
    "medium": Care(0.03, 0.045, 0.04, 12.0, 1),
    "expert": Care(0.012, 0.018, 0.015, 5.0, 16),
}


def predict_rest(level: Level, obj: str, speed: float, elevation: float,
                 wall_at: float | None = None) -> tuple[float, bool]:
    """How far (mm, horizontally from release) a lone body comes to rest, and whether it clears
    the wall `wall_at` mm ahead of the release point (None: no wall check)."""
    g = level.gravity
    height = level.diamond.thickness if obj == DIAMOND else level.dice.height
    e, lf = level.felt.restitution, level.felt.landing_friction
    z = level.throw.hand_height - height / 2.0
    vz = speed * math.sin(elevation)
    vh = speed * math.cos(elevation)
    s = 0.0
    clears = True
    for _ in range(20 * 480):
        s += vh * DT
        vz -= g * DT
        z += vz * DT
        if wall_at is not None and s <= wall_at + level.dice.side and \
                s >= wall_at - level.dice.side and z < level.walls.height:
            clears = False
        if z <= 0.0:
            vi = -vz
            vh = max(0.0, vh - lf * (1.0 + e) * vi)
            if e * vi < HOP_MIN:
                break
            z, vz = 0.0, e * vi
    a = level.felt.friction * g
    return s + max(0.0, vh * vh / (2.0 * a) - vh * DT / 2.0), clears


def aim(level: Level, num_players: int, thrower: int, target_xy: tuple[float, float], *,
        roll: float = 0.5, obj: str = "die", orientation: int = 0, spin: float = 0.0,
        depth: float = 0.5) -> Launch:
    """A legal launch that should bring a lone body to rest near `target_xy`."""
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
    launch = Launch(x, y, math.remainder(heading, 2 * math.pi), speed, elevation, max(-t.max_spin, min(t.max_spin, spin)),
                    orientation)
    check_launch(level, num_players, thrower, launch)
    return launch


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


def _wobble(level: Level, num_players: int, thrower: int, launch: Launch, care: Care,
            rng: random.Random) -> Launch:
    """The launch as a hand of this care throws it: noisy, then clamped back into the limits."""
    zone = release_zone(level, num_players, thrower)
    t = level.throw
    d, lateral = zone.local(launch.x, launch.y)
    lateral = max(-zone.half_width, min(zone.half_width, lateral + rng.gauss(0.0, care.lateral)))
    depth = (d - zone.near) / (zone.far - zone.near)
    x, y = zone.point(max(0.0, min(1.0, depth)), lateral)
    inward = zone.wall.angle + math.pi
    off = math.remainder(launch.direction + rng.gauss(0.0, care.direction) - inward, 2 * math.pi)
    direction = math.remainder(inward + max(-t.max_side_angle, min(t.max_side_angle, off)),
                               2 * math.pi)
    speed = min(t.max_speed, max(1.0, launch.speed * (1.0 + rng.gauss(0.0, care.speed))))
    elevation = max(t.min_elevation, min(t.max_elevation,
                                         launch.elevation + rng.gauss(0.0, care.elevation)))
    spin = max(-t.max_spin, min(t.max_spin, launch.spin + rng.gauss(0.0, 2.0)))
    return Launch(x, y, direction, speed, elevation, spin, launch.orientation)


def choose_throw(level: Level, table: Table, num_players: int, thrower: int, obj: str,
                 die: int | None, ai_level: str, rng: random.Random, *,
                 orientation: int = 0) -> Launch:
    """The launch the AI of `ai_level` (easy, medium, expert) throws for seat `thrower`."""
    care = CARE[ai_level]
    if obj == DIAMOND:
        targets = [(0.0, 0.0)]
        orientation = 0
    else:
        dm = table.diamond
        targets = [(dm.x, dm.y)]
        zone = release_zone(level, num_players, thrower)
        nx, ny = zone.normal
        short = level.dice.side  # stop just in front of the diamond rather than push it
        targets.append((dm.x + nx * short, dm.y + ny * short))
        for d in table.dice:  # an opponent's die lying close: knock it away
            if d.on_board and d.player != thrower and d.distance is not None and d.distance < 40:
                targets.append((d.x, d.y))
    if care.candidates <= 1:
        roll = rng.uniform(0.2, 0.7)
        base = aim(level, num_players, thrower, targets[0], roll=roll, obj=obj,
                   orientation=orientation)
        return _wobble(level, num_players, thrower, base, care, rng)
    best, best_value = None, -math.inf
    for i in range(care.candidates):
        target = targets[i % len(targets)]
        roll = (0.15, 0.45, 0.75)[i % 3]
        base = aim(level, num_players, thrower, target, roll=roll, obj=obj,
                   orientation=orientation)
        launch = _wobble(level, num_players, thrower, base, care, rng)
        result = simulate_throw(level, table, num_players, thrower, obj, die, launch,
                                record_path=False)
        value = _value(result.table, thrower, num_players, obj)
        if value > best_value:
            best, best_value = launch, value
    return best


def _value(table: Table, seat: int, num_players: int, obj: str) -> float:
    """Roughly what the table is worth to `seat` now: its round points minus the best other's,
    with a tie-break for being near the diamond (RULES.md section 1 scoring, simplified)."""
    dm = table.diamond
    if obj == DIAMOND:
        return -(5.0 if dm.reset else 0.0) - 0.01 * math.hypot(dm.x, dm.y)
    points = [0.0] * num_players
    on = [d for d in table.dice if d.on_board]
    if on:
        best = min(d.distance for d in on)
        closest = {d.player for d in on if d.distance == best}
    else:
        closest = set()
    for p in range(num_players):
        mine = [d for d in table.dice if d.player == p]
        faces = [d.face for d in mine if d.on_board]
        doubles = len(faces) == 2 and faces[0] == faces[1]
        if p in closest or doubles:
            points[p] += sum(faces)
        points[p] -= sum(d.face for d in mine if not d.on_board and d.off_during == p)
    if dm.reset:
        points[seat] -= 5.0
    others = max((points[p] for p in range(num_players) if p != seat), default=0.0)
    mine_on = [d.distance for d in on if d.player == seat]
    near = min(mine_on) if mine_on else 1000.0
    return points[seat] - others - 0.002 * near
