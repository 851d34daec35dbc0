"""Aiming a Terningepetanque throw in the window: from where the mouse points, the power and the
elevation to a legal `Aim`, and the hint of its flight. Pure functions of the level.

The hint is the physics' lone-body prediction (`physics/predict.py`, which the AI aims with): the
arc to its first landing and whether it clears the thrower's wall; where the throw ends is the
physics' to say.
"""

from __future__ import annotations

import math

from petanque_game.physics import release_zone
from petanque_game.physics.predict import arc
from petanque_game.rules.petanque_table import Aim


def aim_launch(level, num_players: int, seat: int, target: tuple[float, float], power: float,
               elevation_deg: float) -> Aim:
    """Release from the seat's zone, just behind its wall and in line with `target` (mm), heading
    at it (within the level's side-angle limit), at `power` (0-1) of the level's top speed."""
    zone = release_zone(level, num_players, seat)
    t = level.throw
    tx, ty = target
    _, lateral = zone.local(tx, ty)
    lateral = max(-zone.half_width + 2.0, min(zone.half_width - 2.0, lateral))
    x, y = zone.point(0.05, lateral)
    inward = zone.wall.angle + math.pi
    off = math.remainder(math.atan2(ty - y, tx - x) - inward, 2 * math.pi)
    limit = t.max_side_angle * 0.99
    heading = inward + max(-limit, min(limit, off))
    speed = max(1.0, min(t.max_speed, power * t.max_speed))
    elevation = max(t.min_elevation, min(t.max_elevation, math.radians(elevation_deg)))
    return Aim(x, y, math.remainder(heading, 2 * math.pi), speed, elevation, 0.0)


def flight_hint(level, num_players: int, seat: int, launch: Aim,
                obj: str) -> tuple[list[tuple[float, float, float]], bool]:
    """The flight to its first landing as [(x, y, z)] (mm), and whether it clears the wall: the
    physics' own lone-body prediction, the one the AI aims with (`physics.predict.arc`)."""
    return arc(level, num_players, seat, obj, launch)
