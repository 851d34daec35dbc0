"""Checking a level document (YAML already parsed) and turning it into a `Level`.

Anything wrong (not a mapping, a missing or unknown key, a wrong type, NaN, a size of zero, a wall
inside the board, a release zone running into another seat's wall, ...) raises `LevelError`, whose
text is one line: `<file>: <key>: <reason>`. Angles in the file are in degrees (easier to write),
in the dataclasses in radians. The file format and the seats are described in `level.py`.
"""

from __future__ import annotations

import math
from typing import Any

from petanque_game.physics import geometry
from petanque_game.physics.geometry import Polygon
from petanque_game.physics.level_spec import (
    Board,
    DiamondSpec,
    DiceSpec,
    Felt,
    Level,
    LevelError,
    Obstacle,
    ThrowLimits,
    Tumble,
    Wall,
    Walls,
)

MAX_SIZE = 20000.0  # mm: anything bigger is a typo, and would make the world unbounded
MAX_MASS = 10000.0  # g

_TOP_KEYS = {"title", "description", "gravity", "board", "felt", "dice", "diamond", "walls",
             "seats", "obstacles", "throw", "tumble"}


class _Reader:
    def __init__(self, file: str):
        self.file = file

    def fail(self, key: str, reason: str) -> LevelError:
        return LevelError(f"{self.file}: {key}: {reason}")

    def mapping(self, value: Any, key: str, required: set[str], optional: set[str] = frozenset()
                ) -> dict:
        where = key or "top level"
        if not isinstance(value, dict):
            raise self.fail(where, f"must be a mapping, not {_kind(value)}")
        for k in value:
            if not isinstance(k, str):
                raise self.fail(where, f"key {k!r} must be a name")
        unknown = sorted(set(value) - required - set(optional))
        if unknown:
            raise self.fail(_join(key, unknown[0]), "unknown key")
        missing = sorted(required - set(value))
        if missing:
            raise self.fail(_join(key, missing[0]), "missing")
        return value

    def number(self, m: dict, key: str, where: str, low: float, high: float,
               low_open: bool = False) -> float:
        path = _join(where, key)
        value = m[key]
        if type(value) not in (int, float):
            raise self.fail(path, f"must be a number, not {_kind(value)}")
        value = float(value)
        if not math.isfinite(value):
            raise self.fail(path, f"must be a finite number, not {value}")
        if value < low or (low_open and value == low) or value > high:
            bound = "(" if low_open else "["
            raise self.fail(path, f"{value:g} is out of range {bound}{low:g}, {high:g}]")
        return value

    def text(self, m: dict, key: str, where: str) -> str:
        value = m[key]
        if not isinstance(value, str) or not value.strip() or len(value) > 500:
            raise self.fail(_join(where, key), "must be a non-empty text")
        return value


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _kind(value: Any) -> str:
    return "nothing" if value is None else type(value).__name__


def _points(r: _Reader, value: Any, where: str) -> Polygon:
    if not isinstance(value, list) or not 3 <= len(value) <= 32:
        raise r.fail(where, "must be a list of 3 to 32 [x, y] points")
    pts = []
    for i, p in enumerate(value):
        if not isinstance(p, list) or len(p) != 2:
            raise r.fail(f"{where}[{i}]", "must be a pair [x, y]")
        xy = {"x": p[0], "y": p[1]}
        pts.append((r.number(xy, "x", f"{where}[{i}]", -MAX_SIZE, MAX_SIZE),
                    r.number(xy, "y", f"{where}[{i}]", -MAX_SIZE, MAX_SIZE)))
    poly = geometry.ccw(tuple(pts))
    if not geometry.is_convex(poly):
        raise r.fail(where, "must be a convex polygon (no three points on a line)")
    return poly


def _board(r: _Reader, raw: Any) -> Board:
    shape = raw.get("shape") if isinstance(raw, dict) else None
    if shape == "rect":
        m = r.mapping(raw, "board", {"shape", "width", "height"})
        w = r.number(m, "width", "board", 0.0, MAX_SIZE, low_open=True)
        h = r.number(m, "height", "board", 0.0, MAX_SIZE, low_open=True)
        return Board("rect", ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)))
    if shape == "circle":
        m = r.mapping(raw, "board", {"shape", "radius"})
        rad = r.number(m, "radius", "board", 0.0, MAX_SIZE / 2, low_open=True)
        outline = tuple((rad * math.cos(2 * math.pi * i / 64), rad * math.sin(2 * math.pi * i / 64))
                        for i in range(64))
        return Board("circle", outline, rad)
    if shape == "polygon":
        m = r.mapping(raw, "board", {"shape", "points"})
        poly = _points(r, m["points"], "board.points")
        if not geometry.inside_convex(poly, 0.0, 0.0, margin=1.0):
            raise r.fail("board.points", "the board's centre (0, 0) must lie inside it")
        return Board("polygon", poly)
    r.mapping(raw, "board", {"shape"}, {"width", "height", "radius", "points"})
    raise r.fail("board.shape", f"must be rect, circle or polygon, not {shape!r}")


def parse_level(data: Any, name: str, file: str) -> Level:
    """Validate the YAML document `data` (already parsed) into a Level."""
    r = _Reader(file)
    top = r.mapping(data, "", _TOP_KEYS)
    title = r.text(top, "title", "")
    description = r.text(top, "description", "")
    gravity = r.number(top, "gravity", "", 100.0, 100000.0)
    board = _board(r, top["board"])

    f = r.mapping(top["felt"], "felt", {"friction", "restitution", "landing_friction",
                                        "roll_keep", "roll_friction"})
    felt = Felt(r.number(f, "friction", "felt", 0.0, 5.0),
                r.number(f, "restitution", "felt", 0.0, 0.95),
                r.number(f, "landing_friction", "felt", 0.0, 5.0),
                r.number(f, "roll_keep", "felt", 0.05, 0.95),
                r.number(f, "roll_friction", "felt", 0.0, 5.0))
    if felt.roll_friction > felt.friction:
        raise r.fail("felt.roll_friction", f"is {felt.roll_friction:g}; a rolling die meets "
                     f"no more resistance than a sliding one (felt.friction "
                     f"{felt.friction:g})")

    d = r.mapping(top["dice"], "dice", {"side", "mass", "elasticity", "friction"})
    side = r.number(d, "side", "dice", 1.0, 200.0)
    dice = DiceSpec(side, r.number(d, "mass", "dice", 0.0, MAX_MASS, low_open=True), side,
                    r.number(d, "elasticity", "dice", 0.0, 1.0),
                    r.number(d, "friction", "dice", 0.0, 5.0))

    dm = r.mapping(top["diamond"], "diamond", {"long_diagonal", "short_diagonal", "thickness",
                                               "mass", "elasticity", "friction"})
    long_d = r.number(dm, "long_diagonal", "diamond", 1.0, 500.0)
    short_d = r.number(dm, "short_diagonal", "diamond", 1.0, 500.0)
    if short_d > long_d:
        raise r.fail("diamond.short_diagonal", "must not be longer than long_diagonal")
    diamond = DiamondSpec(long_d, short_d, r.number(dm, "thickness", "diamond", 0.5, 200.0),
                          r.number(dm, "mass", "diamond", 0.0, MAX_MASS, low_open=True),
                          r.number(dm, "elasticity", "diamond", 0.0, 1.0),
                          r.number(dm, "friction", "diamond", 0.0, 5.0))
    if 2 * side > board.extent or long_d > board.extent:
        raise r.fail("board", "is too small for the dice and the diamond")

    walls = _walls(r, top["walls"], board, side)
    seats = _seats(r, top["seats"], walls)
    obstacles = _obstacles(r, top["obstacles"], board)

    t = r.mapping(top["throw"], "throw", {"hand_height", "max_speed", "min_elevation",
                                          "max_elevation", "max_spin", "max_side_angle",
                                          "release_depth"})
    throw = ThrowLimits(
        r.number(t, "hand_height", "throw", 0.0, 3000.0, low_open=True),
        r.number(t, "max_speed", "throw", 0.0, 8000.0, low_open=True),
        math.radians(r.number(t, "min_elevation", "throw", -45.0, 85.0)),
        math.radians(r.number(t, "max_elevation", "throw", -45.0, 85.0)),
        r.number(t, "max_spin", "throw", 0.0, 100.0),
        math.radians(r.number(t, "max_side_angle", "throw", 0.0, 85.0)),
        r.number(t, "release_depth", "throw", 0.0, 2000.0, low_open=True),
    )
    if throw.min_elevation > throw.max_elevation:
        raise r.fail("throw.min_elevation", "must not be above throw.max_elevation")
    if throw.hand_height < side:
        raise r.fail("throw.hand_height", "must be at least the die's side")
    # Tunnelling (PHYSICS_NOTES): at 480 steps/s a body must not move more than half a die plus
    # half a wall in one step.
    if throw.max_speed / 480.0 > side / 2 + walls.thickness / 2:
        raise r.fail("throw.max_speed", "too fast for the wall thickness and die size "
                     "(it could pass through a wall in one step)")

    _check_release_zones(r, walls, seats, dice.side, diamond.long_diagonal, throw)

    tu = r.mapping(top["tumble"], "tumble", {"flight_step", "bounce_speed", "hit_speed", "drive"})
    tumble = Tumble(r.number(tu, "flight_step", "tumble", 1.0, 10000.0),
                    r.number(tu, "bounce_speed", "tumble", 1.0, 100000.0),
                    r.number(tu, "hit_speed", "tumble", 1.0, 100000.0),
                    r.number(tu, "drive", "tumble", 0.0, 2.0))
    return Level(name, title, description, gravity, board, felt, dice, diamond, walls, seats,
                 obstacles, throw, tumble)


def _walls(r: _Reader, raw: Any, board: Board, side: float) -> Walls:
    m = r.mapping(raw, "walls", {"height", "thickness", "gap", "elasticity", "sides"})
    height = r.number(m, "height", "walls", 0.0, 2000.0, low_open=True)
    thickness = r.number(m, "thickness", "walls", 2.0, 500.0)
    gap = m["gap"]
    if type(gap) in (int, float) and math.isfinite(gap) and gap <= 0:
        raise r.fail("walls.gap", f"{gap:g} puts the walls inside the board; the gap from wall "
                     "to board edge must be positive (RULES.md: 8 dice = 128 mm)")
    gap = r.number(m, "gap", "walls", 0.0, MAX_SIZE, low_open=True)
    elasticity = r.number(m, "elasticity", "walls", 0.0, 1.0)
    raw_sides = m["sides"]
    if not isinstance(raw_sides, list) or not 2 <= len(raw_sides) <= 16:
        raise r.fail("walls.sides", "must be a list of 2 to 16 walls")
    sides = []
    for i, s in enumerate(raw_sides):
        where = f"walls.sides[{i}]"
        sm = r.mapping(s, where, {"name", "angle", "length"})
        name = r.text(sm, "name", where)
        if any(w.name == name for w in sides):
            raise r.fail(f"{where}.name", f"{name!r} is used twice")
        angle = math.radians(r.number(sm, "angle", where, -360.0, 360.0))
        length = r.number(sm, "length", where, 2 * side, MAX_SIZE)
        sides.append(Wall(name, angle, length, board.reach(angle) + gap))
    return Walls(height, thickness, gap, elasticity, tuple(sides))


def _seats(r: _Reader, raw: Any, walls: Walls) -> dict[int, tuple[str, ...]]:
    if not isinstance(raw, dict):
        raise r.fail("seats", f"must be a mapping of player counts 2, 3, 4, not {_kind(raw)}")
    seats: dict[int, tuple[str, ...]] = {}
    for key, value in raw.items():
        count = int(key) if isinstance(key, (int, str)) and str(key) in ("2", "3", "4") else None
        if count is None or type(key) is bool:
            raise r.fail(f"seats.{key}", "unknown key: player counts are 2, 3 and 4")
        where = f"seats.{count}"
        if not isinstance(value, list) or len(value) != count:
            raise r.fail(where, f"must list {count} wall names, one per seat")
        for name in value:
            if not isinstance(name, str) or not any(w.name == name for w in walls.sides):
                raise r.fail(where, f"{name!r} is not a wall in walls.sides")
        if len(set(value)) != count:
            raise r.fail(where, "a wall is used by two seats")
        seats[count] = tuple(value)
    for count in (2, 3, 4):
        if count not in seats:
            raise r.fail(f"seats.{count}", "missing")
    a, b = (walls.named(n).angle for n in seats[2])
    if abs(math.remainder(a - b, 2 * math.pi)) < math.pi - 1e-9:
        raise r.fail("seats.2", "with two players the walls must stand on opposite sides")
    return seats


def _check_release_zones(r: _Reader, walls: Walls, seats: dict[int, tuple[str, ...]],
                         side: float, long_diagonal: float, throw: ThrowLimits) -> None:
    """No seat's release zone may overlap another seat's wall (a throw would start inside it)."""
    margin = max(side * math.sqrt(0.5), long_diagonal / 2.0) + 2.0  # = Level.release_margin

    def band(w: Wall, d0: float, d1: float) -> Polygon:
        nx, ny = math.cos(w.angle), math.sin(w.angle)
        tx, ty, h = -ny, nx, w.length / 2.0
        return ((nx * d0 - tx * h, ny * d0 - ty * h), (nx * d1 - tx * h, ny * d1 - ty * h),
                (nx * d1 + tx * h, ny * d1 + ty * h), (nx * d0 + tx * h, ny * d0 + ty * h))

    for count, names in seats.items():
        used = [walls.named(n) for n in names]
        for i, w in enumerate(used):
            near = w.distance + walls.thickness
            zone = band(w, near, near + margin + throw.release_depth)
            for other in used:
                if other is not w and geometry.overlap(
                        zone, band(other, other.distance, other.distance + walls.thickness)):
                    raise r.fail(f"seats.{count}", f"seat {i}'s release zone behind wall "
                                 f"{w.name!r} runs into wall {other.name!r}")


def _obstacles(r: _Reader, raw: Any, board: Board) -> tuple[Obstacle, ...]:
    if not isinstance(raw, list) or len(raw) > 16:
        raise r.fail("obstacles", "must be a list (of up to 16 obstacles; [] for none)")
    out = []
    for i, o in enumerate(raw):
        where = f"obstacles[{i}]"
        om = r.mapping(o, where, {"name", "points", "height"})
        name = r.text(om, "name", where)
        poly = _points(r, om["points"], f"{where}.points")
        if not all(board.contains(x, y) for x, y in poly):
            raise r.fail(f"{where}.points", "every corner must lie on the board")
        if geometry.inside_convex(poly, 0.0, 0.0):
            raise r.fail(f"{where}.points", "must leave the board's centre free (the diamond "
                         "is laid there)")
        out.append(Obstacle(name, poly, r.number(om, "height", where, 1.0, 2000.0)))
    return tuple(out)
