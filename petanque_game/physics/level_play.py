"""Checks of a level as a whole, made when it is loaded, after each part has been read.

- Obstacles lie on the board, the centre is free: the diamond is laid there (docs/rules.md: after
  it went off), so a circle round (0, 0) holding the diamond at any angle, or a die, plus 1 mm,
  must lie on the board and clear of every obstacle.
- No wall crosses another wall, an obstacle or the board (every wall is drawn, whoever sits).
- In every seat layout, no seat's release zone runs into another seat's wall.
- No obstacle is so thin that a body could pass through it in one step (as the walls' thickness
  and `max_speed` are checked), and none that a throw can come down on (lower than the highest
  any body can fly) is so wide that a die landing on top could not tip off it within
  TOPPLE_REACH die sides (nothing rests on an obstacle: a recorded table is flat).
- Every seat of every layout can play: thrown straight at the centre from the middle of its
  release zone, some speed up to `max_speed` and some elevation in range clears the wall and
  brings the diamond to rest wholly on the board, and likewise a die (`predict.py`: a lone body
  on an empty board, in closed form, so the whole check costs milliseconds). Obstacles are not
  in that prediction: a designer may hide the centre behind one.

A failure calls `fail(key, reason)` and raises what it returns (a LevelError naming the file).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from petanque_game.physics import geometry
from petanque_game.physics.geometry import Polygon
from petanque_game.physics.level_spec import Level, LevelError, Wall
from petanque_game.physics.predict import Flight, predict

TOPPLE_REACH = 3.0  # die sides: how far from its perch a toppling die may come down (airborne.py)

Fail = Callable[[str, str], LevelError]
STEPS_PER_SECOND = 480  # the physics' steps (physics.build.DT)
SLIDE_OFF = 150.0  # mm/s: how fast a body perched on another slides off it (airborne.py)
MIN_THICKNESS = 4.0  # mm: no obstacle thinner than the thinnest wall allowed
SPEED_STEPS = 18  # bisection steps for the slowest speed that reaches the board
ELEVATIONS = 13  # elevations tried, spread over the allowed range


def check_layout(level: Level, fail: Fail) -> None:
    _check_obstacles(level, fail)
    _check_obstacle_sizes(level, fail)
    _check_centre(level, fail)
    _check_walls_cross(level, fail)
    _check_release_zones(level, fail)
    _check_playable(level, fail)


def centre_room(level: Level) -> float:
    """Radius (mm) of the circle round the centre that must be board, free of obstacles."""
    return max(level.diamond.long_diagonal / 2.0, level.dice.side * math.sqrt(0.5)) + 1.0


def _check_obstacles(level: Level, fail: Fail) -> None:
    for i, ob in enumerate(level.obstacles):
        if not all(level.board.contains(x, y) for x, y in ob.outline):
            raise fail(f"obstacles[{i}].points", "every corner must lie on the board")


def narrowest_body(level: Level) -> float:
    """The narrowest width (mm) of a die or the diamond."""
    return min(level.dice.side, diamond_width(level))


def diamond_width(level: Level) -> float:
    """The diamond's narrowest width (mm): the rhombus' height across its sides."""
    long_d, short_d = level.diamond.long_diagonal, level.diamond.short_diagonal
    return long_d * short_d / math.hypot(long_d, short_d)


def highest_flight(level: Level) -> float:
    """No body's underside ever gets higher (mm): thrown straight up at max_speed from the
    hand; a bounce gives back less than the fall took."""
    t = level.throw
    return t.hand_height + t.max_speed * t.max_speed / (2.0 * level.gravity)


def widest_ledge(level: Level) -> float:
    """The widest (mm, at its narrowest) an obstacle may be that a throw can come down on: a
    die perched anywhere on it finds the felt beside it within TOPPLE_REACH die sides (from its
    middle half the width, half a die's diagonal and the search's 2 mm rings, with room)."""
    side = level.dice.side
    return 2.0 * (TOPPLE_REACH * side - side * math.sqrt(0.5) - 4.0)


def _check_obstacle_sizes(level: Level, fail: Fail) -> None:
    step = level.throw.max_speed / STEPS_PER_SECOND  # the furthest a body moves in one step
    thinnest = max(MIN_THICKNESS, 2.0 * (step - narrowest_body(level) / 2.0))
    ledge, top = widest_ledge(level), highest_flight(level)
    for i, ob in enumerate(level.obstacles):
        width = geometry.width(ob.outline)
        if width < thinnest:
            why = "no thinner than the thinnest wall" if thinnest == MIN_THICKNESS else \
                f"or a body at max_speed {level.throw.max_speed:g} mm/s could pass through it " \
                "in one step"
            raise fail(f"obstacles[{i}].points", f"{ob.name!r} is {width:.3g} mm across at its "
                       f"narrowest: at least {thinnest:.3g} mm, {why}")
        if width > ledge and ob.height < top:
            raise fail(f"obstacles[{i}].points", f"{ob.name!r} is {width:.3g} mm across at its "
                       f"narrowest and a throw can come down on its top: a die cannot lie on an "
                       f"obstacle and could not get off one wider than {ledge:.3g} mm (make it "
                       f"narrower, or at least {top:.4g} mm high, out of reach)")


def _check_centre(level: Level, fail: Fail) -> None:
    room, board = centre_room(level), level.board
    fits = board.radius >= room if board.shape == "circle" else \
        geometry.inside_convex(board.outline, 0.0, 0.0, margin=room)
    if not fits:
        raise fail("board", f"is too small: the diamond and a die are laid at the centre, which "
                   f"needs {room:g} mm of board all round (0, 0)")
    for i, ob in enumerate(level.obstacles):
        if _distance_to(ob.outline) < room:
            raise fail(f"obstacles[{i}].points", f"covers the centre, where the diamond is laid: "
                       f"keep it at least {room:g} mm from (0, 0)")


def _distance_to(poly: Polygon) -> float:
    """Distance from (0, 0) to the convex polygon (0 inside it)."""
    if geometry.inside_convex(poly, 0.0, 0.0):
        return 0.0
    best = math.inf
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
        ex, ey = bx - ax, by - ay
        t = max(0.0, min(1.0, -(ax * ex + ay * ey) / (ex * ex + ey * ey)))
        best = min(best, math.hypot(ax + t * ex, ay + t * ey))
    return best


def _check_walls_cross(level: Level, fail: Fail) -> None:
    sides = level.walls.sides
    outlines = [level.wall_outline(w.name) for w in sides]
    for j, w in enumerate(sides):
        key = f"walls.sides[{j}]"
        for i in range(j):
            if geometry.overlap(outlines[i], outlines[j]):
                raise fail(key, f"wall {w.name!r} crosses wall {sides[i].name!r} (make them "
                           "shorter, or further apart)")
        if geometry.overlap(outlines[j], level.board.outline):
            raise fail(key, f"wall {w.name!r} crosses the board")
        for ob in level.obstacles:
            if geometry.overlap(outlines[j], ob.outline):
                raise fail(key, f"wall {w.name!r} crosses obstacle {ob.name!r}")


def _band(w: Wall, d0: float, d1: float) -> Polygon:
    nx, ny = math.cos(w.angle), math.sin(w.angle)
    tx, ty, h = -ny, nx, w.length / 2.0
    return ((nx * d0 - tx * h, ny * d0 - ty * h), (nx * d1 - tx * h, ny * d1 - ty * h),
            (nx * d1 + tx * h, ny * d1 + ty * h), (nx * d0 + tx * h, ny * d0 + ty * h))


def _check_release_zones(level: Level, fail: Fail) -> None:
    """No seat's release zone may overlap another seat's wall (a throw would start inside it)."""
    walls = level.walls
    for count, names in level.seats.items():
        used = [walls.named(n) for n in names]
        for i, w in enumerate(used):
            near = w.distance + walls.thickness
            zone = _band(w, near, near + level.release_margin + level.throw.release_depth)
            for other in used:
                if other is not w and geometry.overlap(
                        zone, _band(other, other.distance, other.distance + walls.thickness)):
                    raise fail(f"seats.{count}", f"seat {i}'s release zone behind wall "
                               f"{w.name!r} runs into wall {other.name!r}")


def _check_playable(level: Level, fail: Fail) -> None:
    verdicts: dict[str, str | None] = {}
    for count in sorted(level.seats):
        for seat, name in enumerate(level.seats[count]):
            if name not in verdicts:
                wall = level.walls.named(name)
                verdicts[name] = throw_problem(level, wall, "diamond") or \
                    throw_problem(level, wall, "die")
            if verdicts[name]:
                raise fail(f"seats.{count}", f"from seat {seat} (wall {name!r}) "
                           f"{verdicts[name]}")


def throw_problem(level: Level, wall: Wall, obj: str) -> str | None:
    """None when some legal throw straight at the centre from the middle of the release zone
    behind `wall` brings `obj` ("diamond" or "die") to rest wholly on the board; else why not."""
    t, walls = level.throw, level.walls
    if obj == "diamond":
        reach, what = level.diamond.long_diagonal / 2.0, "the diamond"
    else:
        reach, what = level.dice.side * math.sqrt(0.5), "a die"
    release = wall.distance + walls.thickness + level.release_margin + t.release_depth / 2.0
    over = (release - wall.distance - walls.thickness - reach, release - wall.distance + reach,
            walls.height)
    near = release - level.board.reach(wall.angle) + reach  # first landing at or beyond
    far = release + level.board.reach(wall.angle + math.pi) - reach  # rest at or before
    if far <= near:
        return f"the board is too narrow for {what} to come to rest on it"

    def flight(speed: float, elevation: float) -> Flight:
        return predict(level, obj, speed, elevation, over)

    lo_e, hi_e = t.min_elevation, t.max_elevation
    spread = [lo_e + (hi_e - lo_e) * k / (ELEVATIONS - 1) for k in range(ELEVATIONS)]
    best = min(max(math.radians(45.0), lo_e), hi_e)  # the likeliest first
    elevations = [best, *sorted(spread, key=lambda e: abs(e - best))]
    cleared = reached = False
    for elevation in elevations:
        top = flight(t.max_speed, elevation)
        cleared = cleared or (top.clears and top.landing > over[1])  # over it, not short of it
        if not (top.clears and top.landing >= near):
            continue
        reached = True
        lo, hi = 0.0, t.max_speed  # the slowest throw that clears and lands on the board
        for _ in range(SPEED_STEPS):
            mid = (lo + hi) / 2.0
            f = flight(mid, elevation)
            if f.clears and f.landing >= near:
                hi = mid
            else:
                lo = mid
        if flight(hi, elevation).rest <= far:
            return None
    if not cleared:
        return (f"no throw of {what} within max_speed {t.max_speed:g} mm/s clears the "
                f"{walls.height:g} mm wall")
    if not reached:
        return (f"no throw of {what} within max_speed {t.max_speed:g} mm/s that clears the "
                f"wall comes down on the board")
    return (f"every throw of {what} that comes down on the board slides or bounces off its far "
            f"side")
