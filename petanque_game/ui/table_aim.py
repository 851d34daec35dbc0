"""Aiming a Terningepetanque throw in the window: from what the player points at to a legal `Aim`,
and the preview of its flight. Pure functions of the level.

Two ways to aim (the `aim` setting):
- "point" (the default): the player points where the throw should first land. The release is
  where the AI releases (`ai.petanque.aim`: halfway back in the zone, in line with the target),
  and the speed is solved so that the physics' lone-body prediction (`physics.predict.predict`,
  the one the AI aims with) touches down at that point, at the elevation and spin the player has
  set.
- "power": the mouse sets the direction only; the speed is a share of the level's top speed,
  charged on a timing bar (`aim_launch`).

The preview is the physics' lone-body prediction too (`physics.predict.arc`): the arc to its first
landing and whether it clears the thrower's wall; where the throw ends is the physics' to say.
"""

from __future__ import annotations

import math

from petanque_game.physics import release_zone
from petanque_game.physics.predict import arc, predict
from petanque_game.rules.petanque_table import Aim

ELEVATION_STEP = 2.5  # degrees per wheel notch or key press
TARGET_STEP = 10.0  # mm per arrow key press (five times that with Shift)
SPIN_STEPS = 4  # key presses from no spin to the level's top spin either way
SOLVE_STEPS = 30  # halvings of the speed range: far finer than a pixel of the board
# the release the AI takes (ai/petanque.py `aim`): halfway back in the zone, 20 mm inside its ends
AI_DEPTH, AI_MARGIN = 0.5, 20.0


def aim_at(level, num_players: int, seat: int, target: tuple[float, float],
           elevation_deg: float, obj: str, spin: float = 0.0) -> Aim:
    """The aim whose lone-body flight first touches down at `target` (mm) at `elevation_deg`:
    released where the AI releases in line with the target, heading at it (within the level's
    side-angle limit), at the speed whose predicted landing is that far. A target beyond reach
    gets the top speed (the preview then shows it falling short)."""
    key = (id(level), num_players, seat, round(target[0], 1), round(target[1], 1),
           round(elevation_deg, 3), obj, round(spin, 3))
    found = _aims.get(key)
    if found is None:  # the preview asks every frame for the same aim while the mouse rests
        if len(_aims) > 256:
            _aims.clear()
        found = _aims[key] = _solve(level, num_players, seat, key[3:5], key[5], obj, key[7])
    return found


_aims: dict[tuple, Aim] = {}


def _solve(level, num_players: int, seat: int, target: tuple[float, float],
           elevation_deg: float, obj: str, spin: float) -> Aim:
    t = level.throw
    x, y, heading = _release(level, num_players, seat, target, AI_DEPTH, AI_MARGIN)
    elevation = max(t.min_elevation, min(t.max_elevation, math.radians(elevation_deg)))
    off = math.atan2(target[1] - y, target[0] - x) - heading
    distance = math.hypot(target[0] - x, target[1] - y) * math.cos(off)  # along the heading
    spin = max(-t.max_spin, min(t.max_spin, spin))
    lo, hi = 1.0, t.max_speed
    if predict(level, obj, hi, elevation).landing < distance:
        return Aim(x, y, heading, hi, elevation, spin)
    for _ in range(SOLVE_STEPS):
        mid = (lo + hi) / 2.0
        if predict(level, obj, mid, elevation).landing < distance:
            lo = mid
        else:
            hi = mid
    return Aim(x, y, heading, (lo + hi) / 2.0, elevation, spin)


def aim_launch(level, num_players: int, seat: int, target: tuple[float, float], power: float,
               elevation_deg: float, spin: float = 0.0) -> Aim:
    """The power bar's aim: release from the seat's zone, just behind its wall and in line with
    `target` (mm), heading at it (within the level's side-angle limit), at `power` (0-1) of the
    level's top speed."""
    t = level.throw
    x, y, heading = _release(level, num_players, seat, target, 0.05, 2.0)
    speed = max(1.0, min(t.max_speed, power * t.max_speed))
    elevation = max(t.min_elevation, min(t.max_elevation, math.radians(elevation_deg)))
    return Aim(x, y, heading, speed, elevation, max(-t.max_spin, min(t.max_spin, spin)))


def _release(level, num_players: int, seat: int, target: tuple[float, float], depth: float,
             margin: float) -> tuple[float, float, float]:
    """Where and which way a throw at `target` leaves the hand: in the seat's zone at `depth`
    (0 at the wall, 1 at the back) in line with the target (`margin` mm inside the zone's ends),
    heading at it within the level's side-angle limit."""
    zone = release_zone(level, num_players, seat)
    tx, ty = target
    _, lateral = zone.local(tx, ty)
    lateral = max(-zone.half_width + margin, min(zone.half_width - margin, lateral))
    x, y = zone.point(depth, lateral)
    inward = zone.wall.angle + math.pi
    off = math.remainder(math.atan2(ty - y, tx - x) - inward, 2 * math.pi)
    limit = level.throw.max_side_angle * 0.98
    heading = inward + max(-limit, min(limit, off))
    return x, y, math.remainder(heading, 2 * math.pi)


def flight_hint(level, num_players: int, seat: int, launch: Aim,
                obj: str) -> tuple[list[tuple[float, float, float]], bool]:
    """The flight to its first landing as [(x, y, z)] (mm), and whether it clears the wall: the
    physics' own lone-body prediction, the one the AI aims with (`physics.predict.arc`)."""
    return arc(level, num_players, seat, obj, launch)


def landing_warning(level, points: list[tuple[float, float, float]], clears: bool) -> str | None:
    """The key of what goes wrong with a previewed flight (lang `table.aim.*`), or None."""
    if not clears:
        return "table.aim.hits_wall"
    if points and not level.board.contains(points[-1][0], points[-1][1]):
        return "table.aim.lands_off"
    return None


def elevation_limits(level) -> tuple[float, float]:
    """The elevations (degrees) a player may set on `level`."""
    t = level.throw
    return math.degrees(t.min_elevation), math.degrees(t.max_elevation)


def spin_step(level) -> float:
    return level.throw.max_spin / SPIN_STEPS
