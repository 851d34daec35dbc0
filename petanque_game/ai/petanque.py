"""Terningepetanque AI: aiming a throw, and choosing one at three levels of care.

`aim` inverts the physics for a lone body: it picks a release point behind the seat's wall in
line with the target, an elevation from `roll` (0 = a high lob that stops where it lands, 1 = a
low throw that lands early and slides), then searches the speed by bisection on a small replica of
the physics (the same semi-implicit flight, landing brake, restitution and felt friction as
`physics/world.py`, with no other bodies), so the body comes to rest near the target.

An AI decides an aim only. The match then throws it with the AI's hand (`HANDS`: large errors for
easy, smaller for medium, small for expert) and draws the die's orientation; the AI sees neither
(DESIGN.md, principle 11). Easy and medium aim honestly at the diamond (at the board's centre for
the diamond throw). The expert weighs a handful of candidate aims on the real table: each is
thrown with hands it samples itself from its own stream, simulated with `simulate_throw`, and
valued with the rules' own scoring, the thrown die's face taken at its expectation (whatever the
path, a uniformly random starting orientation leaves it uniform: `physics/cube.py`).
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from petanque_game.physics.hand import Hand, wobble
from petanque_game.physics.level import Level
from petanque_game.physics.rolling import roll_speed
from petanque_game.physics.throw import check_aim, release_zone, simulate_throw
from petanque_game.rules.petanque_table import DIAMOND, Aim, Table
from petanque_game.rules.terningepetanque import DIAMOND_PENALTY, score_round

DT = 1.0 / 480.0  # as physics/world.py
HOP_MIN = 100.0


# The hand each level throws with (the match applies it: `physics.hand`).
HANDS = {
    "easy": Hand(direction=0.07, speed=0.10, elevation=0.08, lateral=30.0, spin=2.0),
    "medium": Hand(direction=0.03, speed=0.045, elevation=0.04, lateral=12.0, spin=2.0),
    "expert": Hand(direction=0.012, speed=0.018, elevation=0.015, lateral=5.0, spin=2.0),
}
# The expert's search: candidate aims, each thrown with this many hands sampled from its stream.
CANDIDATES = 8
SAMPLES = 2


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
    if obj != DIAMOND:
        s, vh = roll_on(level, s, vh)
    a = level.felt.friction * g
    return s + max(0.0, vh * vh / (2.0 * a) - vh * DT / 2.0), clears


def roll_on(level: Level, s: float, vh: float) -> tuple[float, float]:
    """A lone die rolling on from `s` at `vh` (physics/rolling.py): where it stops rolling, and
    how fast it is still sliding then."""
    side, felt = level.dice.side, level.felt
    threshold = roll_speed(level.gravity, side)
    brake = 2.0 * felt.roll_friction * level.gravity * side  # v^2 lost to resistance per side
    while vh >= threshold:
        v2 = vh * vh - brake
        if v2 <= 0.0:
            return s + side * vh * vh / brake, 0.0
        s += side
        vh = math.sqrt(v2 * felt.roll_keep)
    return s, vh


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


def choose_throw(level: Level, table: Table, num_players: int, thrower: int, obj: str,
                 die: int | None, ai_level: str, rng: random.Random,
                 penalties: tuple[int, ...] | None = None) -> Aim:
    """The aim of the AI of `ai_level` (easy, medium, expert) for seat `thrower`; `penalties` are
    the round's diamond penalties so far (the rules' `penalties`), for the expert's valuation."""
    if ai_level not in HANDS:
        raise ValueError(f"unknown AI level {ai_level!r}")
    if obj == DIAMOND:
        targets = [(0.0, 0.0)]
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
    if ai_level != "expert":
        return aim(level, num_players, thrower, targets[0], roll=rng.uniform(0.2, 0.7), obj=obj)
    hand = HANDS[ai_level]
    penalties = penalties or (0,) * num_players
    best, best_value = None, -math.inf
    for i in range(CANDIDATES):
        candidate = aim(level, num_players, thrower, targets[i % len(targets)],
                        roll=(0.15, 0.45, 0.75)[i % 3], obj=obj)
        value = 0.0
        for _ in range(SAMPLES):  # thrown as its own hand might throw it
            launch = wobble(level, num_players, thrower, candidate, hand, rng).launched(0)
            result = simulate_throw(level, table, num_players, thrower, obj, die, launch,
                                    record_path=False)
            value += _value(result.table, thrower, obj, penalties)
        if value > best_value:
            best, best_value = candidate, value
    return best


def _value(table: Table, seat: int, obj: str, penalties: tuple[int, ...]) -> float:
    """What the table is worth to `seat` if the round ended now: its points minus the best other
    seat's (the rules' `score_round`), averaged over the six faces the thrown die (the last one
    listed) may show, with a small tie-break for lying near the diamond."""
    dm = table.diamond
    if obj == DIAMOND:
        return -(DIAMOND_PENALTY if dm.reset else 0.0) - 0.01 * math.hypot(dm.x, dm.y)
    if dm.reset:
        penalties = tuple(p - DIAMOND_PENALTY if i == seat else p
                          for i, p in enumerate(penalties))
    *before, thrown = table.dice
    total = 0.0
    for face in range(1, 7):
        as_if = Table(dm, (*before, replace(thrown, face=face)))
        points, _ = score_round(as_if, penalties)
        others = max((p for i, p in enumerate(points) if i != seat), default=0)
        total += points[seat] - others
    mine_on = [d.distance for d in table.dice if d.on_board and d.player == seat]
    near = min(mine_on) if mine_on else 1000.0
    return total / 6.0 - 0.002 * near
