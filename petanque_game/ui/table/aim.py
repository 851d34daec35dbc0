"""Aiming a Terningepetanque throw in the window: from what the player points at to a legal `Aim`,
and the preview of its whole path. Pure functions of the level.

Three ways to aim (the `aim` setting):
- "point" (the default): the player points where the throw should come to REST. The release is
  where the AI releases (`ai.petanque.aim`: halfway back in the zone, in line with the target),
  and the speed is solved so that the physics' lone-body prediction (`physics.predict.predict`,
  the one the AI aims with, the landing's bounces and the die's roll-out included) stops at that
  point, at the elevation and spin the player has set.
- "drag": pull back from the release like a slingshot (`aim_drag`): the pull's direction sets the
  heading (the throw goes the other way), its length the speed.
- "power": the mouse sets the direction only; the speed is a share of the level's top speed,
  charged on a timing bar (`aim_launch`).

`preview` tells what an aim does on the table as it lies, all from the lone-body prediction: the
arc to its first landing, the roll-out along the heading to where it comes to rest, and what goes
wrong on the way and where (it hits the wall, lands or rolls off the board, runs into an
obstacle, the diamond or a die). A preview is cached per aim, so a frame whose aim has not changed
costs nothing. The spread of the thrower's hand and the chances of what may go wrong come with
the aim's risk (`ai.petanque_risk.aim_risk`: the hand's throws simulated by the physics), worked
out on a thread of their own (ui/table/previews.py `risk_of`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from petanque_game.physics import geometry, release_zone
from petanque_game.physics.level_spec import Level
from petanque_game.physics.predict import arc, predict
from petanque_game.rules.petanque_table import DIAMOND, Aim, Table

ELEVATION_STEP = 2.5  # degrees per wheel notch or key press
TARGET_STEP = 10.0  # mm per arrow key press (five times that with Shift)
SPIN_STEPS = 4  # key presses from no spin to the level's top spin either way
SOLVE_STEPS = 30  # halvings of the speed range: far finer than a pixel of the board
# the release the AI takes (ai/petanque.py `aim`): halfway back in the zone, 20 mm inside its ends
AI_DEPTH, AI_MARGIN = 0.5, 20.0
TRACK_STEP = 2.0  # mm between the points of the roll-out checked for what it meets
PULL_FULL = 260.0  # px of pull (drag aiming) for the level's top speed
# A die that meets the diamond no more than this far (mm) before it would come to rest stops
# against it (touching: the best result) rather than pushing it on
TOUCH_ROLL = 3.0
# What a preview says of a path that is no warning: said in the aim's own colour
NOT_WARNINGS = frozenset({"table.aim.touches_diamond"})


class Solved:
    """Aims solved and previews worked out, kept by everything they depend on (the preview asks
    every frame for the same aim while the mouse rests): a table scene's own, shared with its
    previews' thread (ui/table/foresee.py)."""

    # kept at most; all forgotten beyond (plain dicts, not `ui/recent.Recent`: the previews'
    # thread reads and fills them beside the window's, and a use there would reorder them)
    AIMS, PREVIEWS = 256, 64

    def __init__(self) -> None:
        self.aims: dict[tuple[Any, ...], Aim] = {}
        self.previews: dict[tuple[Any, ...], Preview] = {}


def aim_at(level: Level, num_players: int, seat: int, target: tuple[float, float],
           elevation_deg: float, obj: str, spin: float = 0.0, kept: Solved | None = None) -> Aim:
    """The aim whose lone body comes to rest at `target` (mm) when thrown at `elevation_deg`:
    released where the AI releases in line with the target, heading at it (within the level's
    side-angle limit), at the speed whose predicted rest is that far. A target beyond reach gets
    the top speed (the preview then shows it stopping short)."""
    key = (id(level), num_players, seat, round(target[0], 1), round(target[1], 1),
           round(elevation_deg, 3), obj, round(spin, 3))
    aims = kept.aims if kept is not None else {}
    found = aims.get(key)
    if found is None:  # the preview asks every frame for the same aim while the mouse rests
        if len(aims) > Solved.AIMS:
            aims.clear()
        found = aims[key] = _solve(level, num_players, seat, key[3:5], key[5], obj, key[7])
    return found


def _solve(level: Level, num_players: int, seat: int, target: tuple[float, float],
           elevation_deg: float, obj: str, spin: float) -> Aim:
    t = level.throw
    x, y, heading = _release(level, num_players, seat, target, AI_DEPTH, AI_MARGIN)
    elevation = max(t.min_elevation, min(t.max_elevation, math.radians(elevation_deg)))
    off = math.atan2(target[1] - y, target[0] - x) - heading
    distance = math.hypot(target[0] - x, target[1] - y) * math.cos(off)  # along the heading
    spin = max(-t.max_spin, min(t.max_spin, spin))
    lo, hi = 1.0, t.max_speed
    if predict(level, obj, hi, elevation).rest < distance:
        return Aim(x, y, heading, hi, elevation, spin)
    for _ in range(SOLVE_STEPS):
        mid = (lo + hi) / 2.0
        if predict(level, obj, mid, elevation).rest < distance:
            lo = mid
        else:
            hi = mid
    return Aim(x, y, heading, (lo + hi) / 2.0, elevation, spin)


def aim_launch(level: Level, num_players: int, seat: int, target: tuple[float, float], power: float,
               elevation_deg: float, spin: float = 0.0) -> Aim:
    """The power bar's aim: release from the seat's zone, just behind its wall and in line with
    `target` (mm), heading at it (within the level's side-angle limit), at `power` (0-1) of the
    level's top speed."""
    t = level.throw
    x, y, heading = _release(level, num_players, seat, target, 0.05, 2.0)
    speed = max(1.0, min(t.max_speed, power * t.max_speed))
    elevation = max(t.min_elevation, min(t.max_elevation, math.radians(elevation_deg)))
    return Aim(x, y, heading, speed, elevation, max(-t.max_spin, min(t.max_spin, spin)))


def aim_drag(level: Level, num_players: int, seat: int, grab: tuple[float, float],
             pull: tuple[float, float], pull_px: float, elevation_deg: float,
             spin: float = 0.0) -> Aim | None:
    """The slingshot's aim: the player grabbed the board at `grab` (mm) and pulled back to `pull`
    (mm), `pull_px` pixels on screen. The throw heads from the pull towards the grab (within the
    level's side-angle limit) along the line through the grab, released on that line halfway back
    in the zone (within its ends), at the share `pull_px / PULL_FULL` of the level's top speed.
    None while the pull is too short to tell a direction."""
    if pull_px < 4.0 or math.dist(grab, pull) < 1e-6:
        return None
    t = level.throw
    zone = release_zone(level, num_players, seat)
    inward = zone.wall.angle + math.pi
    wanted = math.atan2(grab[1] - pull[1], grab[0] - pull[0])
    off = math.remainder(wanted - inward, 2 * math.pi)
    limit = t.max_side_angle * 0.98
    heading = math.remainder(inward + max(-limit, min(limit, off)), 2 * math.pi)
    # back along the heading from the grab to the release's depth in the zone
    depth, _ = zone.local(*zone.point(AI_DEPTH, 0.0))
    d0, lat0 = zone.local(*grab)
    d1, lat1 = zone.local(grab[0] - math.cos(heading), grab[1] - math.sin(heading))
    lateral = lat0 + (lat1 - lat0) * (depth - d0) / (d1 - d0)
    lateral = max(-zone.half_width + AI_MARGIN, min(zone.half_width - AI_MARGIN, lateral))
    x, y = zone.point(AI_DEPTH, lateral)
    speed = max(1.0, min(t.max_speed, pull_px / PULL_FULL * t.max_speed))
    elevation = max(t.min_elevation, min(t.max_elevation, math.radians(elevation_deg)))
    return Aim(x, y, heading, speed, elevation, max(-t.max_spin, min(t.max_spin, spin)))


def _release(level: Level, num_players: int, seat: int, target: tuple[float, float], depth: float,
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


# --- the preview ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Preview:
    """What an aim does on the table as it lies, as the lone-body prediction sees it."""

    arc: list[tuple[float, float, float]]  # the flight to its first landing, (x, y, z) mm
    landing: tuple[float, float]
    rest: tuple[float, float]  # where it stops (where it lands, when that is off the board)
    warnings: list[tuple[str, tuple[float, float]]]  # (text key `table.aim.*`, where), in order


def preview(level: Level, num_players: int, seat: int, aim: Aim, obj: str,
            table: Table | None = None, kept: Solved | None = None) -> Preview:
    """The preview of `aim` thrown by `seat` onto `table` (kept per aim in `kept`)."""
    key = (id(level), num_players, seat, aim, obj, table)
    previews = kept.previews if kept is not None else {}
    found = previews.get(key)
    if found is None:
        if len(previews) > Solved.PREVIEWS:
            previews.clear()
        found = previews[key] = _preview(level, num_players, seat, aim, obj, table or Table())
    return found


def _preview(level: Level, num_players: int, seat: int, aim: Aim, obj: str,
             table: Table) -> Preview:
    points, clears = arc(level, num_players, seat, obj, aim)
    flight = predict(level, obj, aim.speed, aim.elevation)
    ux, uy = math.cos(aim.direction), math.sin(aim.direction)
    land_s = math.hypot(points[-1][0] - aim.x, points[-1][1] - aim.y)
    rest_s = max(land_s, flight.rest)
    rest = (aim.x + ux * rest_s, aim.y + uy * rest_s)
    landing = (points[-1][0], points[-1][1])
    if not clears:
        wall = level.seat_wall(num_players, seat)
        nx, ny = math.cos(wall.angle), math.sin(wall.angle)
        mid = wall.distance + level.walls.thickness / 2.0
        at = min(points, key=lambda p: abs(p[0] * nx + p[1] * ny - mid))
        return Preview(points, landing, rest, [("table.aim.hits_wall", at[:2])])
    warnings = _met(level, obj, aim, points, land_s, rest_s, table)
    if warnings and warnings[0][0] == "table.aim.lands_off":
        rest = landing  # a body that comes down off the board stays there
    return Preview(points, landing, rest, warnings)


def _met(level: Level, obj: str, aim: Aim, points: list[tuple[float, float, float]], land_s: float,
         rest_s: float, table: Table) -> list[tuple[str, tuple[float, float]]]:
    """What the path meets after it clears the wall, each where it first meets it: the board's
    edge, an obstacle, the diamond, a die. The path runs straight along the heading; it is low
    enough to meet a body from the last point of the arc above that body's height on."""
    ux, uy = math.cos(aim.direction), math.sin(aim.direction)
    half = (level.diamond.thickness if obj == DIAMOND else level.dice.height) / 2.0
    reach = _reach(level, obj)

    def at(s: float) -> tuple[float, float]:
        return aim.x + ux * s, aim.y + uy * s

    def low_from(height: float) -> float:
        """Along the path, where the body is last above `height` before it lands."""
        s = 0.0
        for x, y, z in points:
            if z - half > height:
                s = math.hypot(x - aim.x, y - aim.y)
        return s

    found: list[tuple[str, tuple[float, float]]] = []
    if not level.board.contains(*at(land_s)):
        found.append(("table.aim.lands_off", at(land_s)))
    else:
        s = land_s
        while s < rest_s:
            s = min(rest_s, s + TRACK_STEP)
            if not level.board.contains(*at(s)):
                found.append(("table.aim.rolls_off", at(s)))
                break
    end = rest_s if not found else math.hypot(found[0][1][0] - aim.x, found[0][1][1] - aim.y)
    for ob in level.obstacles:
        s = low_from(ob.height)
        while s <= end:
            if geometry.inside_convex(ob.outline, *at(s), -reach):
                found.append(("table.aim.into_obstacle", at(s)))
                break
            s += TRACK_STEP
    bodies = []
    if table.diamond is not None and table.diamond.on_board:
        bodies.append(("table.aim.into_diamond", table.diamond.x, table.diamond.y,
                       reach + _reach(level, DIAMOND), level.diamond.thickness))
    for d in table.dice:
        if d.on_board:
            bodies.append(("table.aim.into_die", d.x, d.y, reach + _reach(level, "die"),
                           level.dice.height))
    for what, bx, by, within, height in bodies:
        along = (bx - aim.x) * ux + (by - aim.y) * uy
        across = abs(-(bx - aim.x) * uy + (by - aim.y) * ux)
        if across >= within:
            continue
        first = max(low_from(height), along - math.sqrt(within * within - across * across))
        if first <= end:
            touches = what == "table.aim.into_diamond" and obj != DIAMOND \
                and end - first <= TOUCH_ROLL  # it stops against it: the best there is
            found.append(("table.aim.touches_diamond" if touches else what, at(first)))
    found.sort(key=lambda w: math.hypot(w[1][0] - aim.x, w[1][1] - aim.y))
    return found


def _reach(level: Level, obj: str) -> float:
    """A body's reach from its centre for telling a touch: halfway between the circles inside and
    around its outline (a square die, a rhombic diamond)."""
    if obj == DIAMOND:
        a, b = level.diamond.long_diagonal / 2.0, level.diamond.short_diagonal / 2.0
        return float((a + a * b / math.hypot(a, b)) / 2.0)
    return float(level.dice.side * (1.0 + math.sqrt(2.0)) / 4.0)


def elevation_limits(level: Level) -> tuple[float, float]:
    """The elevations (degrees) a player may set on `level`."""
    t = level.throw
    return math.degrees(t.min_elevation), math.degrees(t.max_elevation)


def spin_step(level: Level) -> float:
    return float(level.throw.max_spin / SPIN_STEPS)
