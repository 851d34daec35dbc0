"""Checking a level document (YAML already parsed) and turning it into a `Level`.

Every number has a range that makes physical sense and keeps the game playable (the tables
below; docs/levels.md explains each key). Anything wrong raises `LevelError`, whose text is one
line: `<file>: <key>: <reason>`. A user's value is never shown whole (`config.brief`). Once each
part reads well on its own, `level_play.check_layout` checks the parts together: room at the
centre, walls that cross nothing, release zones, and a throw from every seat that lands the
diamond and a die on the board; then `level_knocks.check_knocks` bounds the speeds that knocks
and landings can give a body, against the thinnest wall or obstacle. Angles in the file are in
degrees, in the dataclasses radians.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import Any

from petanque_game.config import brief, key_place, key_text, looks_like_key
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
from petanque_game.physics.predict import AIM_ELEVATIONS

MAX_BOARD = 3000.0  # mm: the board fits in a square of this side centred on (0, 0)
MAX_SIZE = MAX_BOARD  # (the old name)
MAX_MASS = 100.0  # g
MAX_TEXT = {"title": 60, "description": 400, "name": 40}

# (key, lowest, highest, unit, why) for every plain number of a section; a new key of a section
# is one line here (and a field of its dataclass in level_spec.py, and a line in docs/levels.md).
FELT = (
    ("friction", 0.05, 2.0, "", "on frictionless felt nothing ever stops"),
    ("restitution", 0.0, 0.9, "", ""),
    ("landing_friction", 0.0, 2.0, "", ""),
    ("roll_keep", 0.05, 0.95, "", "a rolling die keeps this share of its energy at each turn"),
    ("roll_friction", 0.0, 2.0, "", ""),
)
DICE = (
    ("side", 5.0, 100.0, "mm", ""),
    ("mass", 1.0, MAX_MASS, "g", ""),
    ("elasticity", 0.0, 0.95, "", ""),
    ("friction", 0.0, 2.0, "", ""),
)
DIAMOND = (
    ("long_diagonal", 5.0, 300.0, "mm", ""),
    ("short_diagonal", 2.0, 300.0, "mm", ""),
    ("thickness", 1.0, 100.0, "mm", ""),
    ("mass", 1.0, MAX_MASS, "g", ""),
    ("elasticity", 0.0, 0.95, "", ""),
    ("friction", 0.0, 2.0, "", ""),
)
WALLS = (
    ("height", 5.0, 1000.0, "mm", ""),
    ("thickness", 4.0, 200.0, "mm", ""),
    ("gap", 1.0, 2000.0, "mm", ""),
    ("elasticity", 0.0, 0.95, "", ""),
)
THROW = (
    ("hand_height", 5.0, 2000.0, "mm", ""),
    ("max_speed", 100.0, 8000.0, "mm/s", ""),
    ("min_elevation", -45.0, 85.0, "degrees", ""),
    ("max_elevation", -45.0, 85.0, "degrees", ""),
    ("max_spin", 0.0, 100.0, "rad/s", ""),
    ("max_side_angle", 0.0, 80.0, "degrees", ""),
    ("release_depth", 10.0, 1000.0, "mm", ""),
)
TUMBLE = (
    ("flight_step", 5.0, 10000.0, "mm", ""),
    ("bounce_speed", 10.0, 100000.0, "mm/s", ""),
    ("hit_speed", 10.0, 100000.0, "mm/s", ""),
    ("drive", 0.0, 2.0, "", ""),
)
SECTIONS = {"felt": FELT, "dice": DICE, "diamond": DIAMOND, "walls": WALLS, "throw": THROW,
            "tumble": TUMBLE}

_TOP_KEYS = {"title", "description", "gravity", "board", "felt", "dice", "diamond", "walls",
             "seats", "obstacles", "throw", "tumble"}


class _Reader:
    def __init__(self, file: str, lines: Callable[[], dict[str, int]] | None = None):
        self.file = file
        self.lines = lines  # each key's line, by its place (config.key_lines), when asked

    def key(self, where: str, key: Any) -> str:
        """The place of the file's `key` in the mapping at `where`, as a message shows it: the
        key itself only when it looks like one (`config.looks_like_key`), else its line."""
        if looks_like_key(key) or self.lines is None:
            return _join(where, key_text(key))
        return _join(where, key_text(key, self.lines().get(key_place(where, key))))

    def fail(self, key: str, reason: str) -> LevelError:
        return LevelError(f"{self.file}: {key}: {reason}", key, reason)

    def mapping(self, value: Any, key: str, required: set[str],
                optional: AbstractSet[str] = frozenset()) -> dict:
        where = key or "top level"
        if not isinstance(value, dict):
            raise self.fail(where, f"must be a mapping, not {_kind(value)}")
        for k in value:
            if not isinstance(k, str):
                raise self.fail(self.key(key, k), "must be a name")
        unknown = sorted(set(value) - required - set(optional))
        if unknown:
            raise self.fail(self.key(key, unknown[0]), "unknown key")
        missing = sorted(required - set(value))
        if missing:
            raise self.fail(_join(key, missing[0]), "missing")
        return value

    def number(self, m: dict, key: str, where: str, low: float, high: float, unit: str = "",
               why: str = "") -> float:
        path = _join(where, key)
        value = m[key]
        if type(value) not in (int, float):
            raise self.fail(path, f"must be a number, not {_kind(value)}")
        value = float(value)
        if not math.isfinite(value):
            raise self.fail(path, f"must be a finite number, not {value}")
        if not low <= value <= high:
            unit = f" {unit}" if unit else ""
            why = f" ({why})" if why else ""
            raise self.fail(path, f"{value:g} is out of range [{low:g}, {high:g}]{unit}{why}")
        return value

    def section(self, raw: Any, where: str) -> dict[str, float]:
        """A section of plain numbers, each checked against its row of SECTIONS[where]."""
        spec = SECTIONS[where]
        m = self.mapping(raw, where, {row[0] for row in spec})
        return {key: self.number(m, key, where, low, high, unit, why)
                for key, low, high, unit, why in spec}

    def text(self, m: dict, key: str, where: str, longest: int) -> str:
        value = m[key]
        if not isinstance(value, str) or not value.strip():
            raise self.fail(_join(where, key), f"must be a non-empty text, not {_kind(value)}")
        if len(value) > longest or not value.isprintable():
            raise self.fail(_join(where, key), f"must be one line of at most {longest} "
                            f"characters: {brief(value)}")
        return value


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def one_line(text: str) -> str:
    """`text` with every character that is not printable written as its escape (a message is
    one line whatever a file holds)."""
    return text if text.isprintable() else repr(text)[1:-1]


def _kind(value: Any) -> str:
    return "nothing" if value is None else type(value).__name__


def _points(r: _Reader, value: Any, where: str) -> Polygon:
    if not isinstance(value, list) or not 3 <= len(value) <= 32:
        raise r.fail(where, "must be a list of 3 to 32 [x, y] points")
    pts = []
    half = MAX_BOARD / 2
    for i, p in enumerate(value):
        if not isinstance(p, list) or len(p) != 2:
            raise r.fail(f"{where}[{i}]", "must be a pair [x, y]")
        xy = {"x": p[0], "y": p[1]}
        pts.append((r.number(xy, "x", f"{where}[{i}]", -half, half, "mm"),
                    r.number(xy, "y", f"{where}[{i}]", -half, half, "mm")))
    poly = geometry.ccw(tuple(pts))
    if not geometry.is_convex(poly):
        raise r.fail(where, "must be a convex polygon (no three points on a line)")
    return poly


def _board(r: _Reader, raw: Any) -> Board:
    shape = raw.get("shape") if isinstance(raw, dict) else None
    if shape == "rect":
        m = r.mapping(raw, "board", {"shape", "width", "height"})
        w = r.number(m, "width", "board", 1.0, MAX_BOARD, "mm")
        h = r.number(m, "height", "board", 1.0, MAX_BOARD, "mm")
        return Board("rect", ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)))
    if shape == "circle":
        m = r.mapping(raw, "board", {"shape", "radius"})
        rad = r.number(m, "radius", "board", 1.0, MAX_BOARD / 2, "mm")
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
    raise r.fail("board.shape", f"must be rect, circle or polygon, not {brief(shape)}")


def parse_level(data: Any, name: str, file: str,
                lines: Callable[[], dict[str, int]] | None = None) -> Level:
    """Validate the YAML document `data` (already parsed) into a Level; `lines()` gives each
    key's line (config.key_lines), for naming a key that is not shown."""
    from petanque_game.physics.level_knocks import check_knocks
    from petanque_game.physics.level_play import check_layout

    r = _Reader(file, lines)
    top = r.mapping(data, "", _TOP_KEYS)
    title = r.text(top, "title", "", MAX_TEXT["title"])
    description = r.text(top, "description", "", MAX_TEXT["description"])
    gravity = r.number(top, "gravity", "", 1000.0, 30000.0, "mm/s^2")
    board = _board(r, top["board"])
    felt = Felt(**r.section(top["felt"], "felt"))
    if felt.roll_friction > felt.friction:
        raise r.fail("felt.roll_friction", f"{felt.roll_friction:g} is more than felt.friction "
                     f"{felt.friction:g}: a rolling die meets no more resistance than a sliding "
                     "one")
    d = r.section(top["dice"], "dice")
    dice = DiceSpec(height=d["side"], **d)
    diamond = DiamondSpec(**r.section(top["diamond"], "diamond"))
    if diamond.short_diagonal > diamond.long_diagonal:
        raise r.fail("diamond.short_diagonal", "must not be longer than long_diagonal")
    walls = _walls(r, top["walls"], board, dice.side)
    seats = _seats(r, top["seats"], walls)
    obstacles = _obstacles(r, top["obstacles"])
    throw = _throw(r, top["throw"], dice, diamond, walls)
    tumble = Tumble(**r.section(top["tumble"], "tumble"))
    level = Level(name, title, description, gravity, board, felt, dice, diamond, walls, seats,
                  obstacles, throw, tumble)
    check_layout(level, r.fail)
    check_knocks(level, r.fail)
    return level


def _throw(r: _Reader, raw: Any, dice: DiceSpec, diamond: DiamondSpec, walls: Walls
           ) -> ThrowLimits:
    t = r.section(raw, "throw")
    for key in ("min_elevation", "max_elevation", "max_side_angle"):
        t[key] = math.radians(t[key])
    throw = ThrowLimits(**t)
    if throw.min_elevation > throw.max_elevation:
        raise r.fail("throw.min_elevation", "must not be above throw.max_elevation")
    low, high = AIM_ELEVATIONS  # the computer players aim only in there
    if throw.max_elevation < low or throw.min_elevation > high:
        key = "throw.max_elevation" if throw.max_elevation < low else "throw.min_elevation"
        raise r.fail(key, f"the elevations allowed must reach into {math.degrees(low):g} to "
                     f"{math.degrees(high):g} degrees, where the computer players aim")
    if throw.hand_height < dice.side:
        raise r.fail("throw.hand_height", "must be at least the die's side")
    if throw.hand_height < diamond.thickness:
        raise r.fail("throw.hand_height", "must be at least the diamond's thickness")
    # Tunnelling: at 480 steps/s no body may move further in one step than half its narrowest
    # width plus half a wall's thickness (the diamond's narrowest width is its rhombus' height).
    long_d, short_d = diamond.long_diagonal, diamond.short_diagonal
    narrowest = min(dice.side, long_d * short_d / math.hypot(long_d, short_d))
    if throw.max_speed / 480.0 > narrowest / 2 + walls.thickness / 2:
        raise r.fail("throw.max_speed", f"{throw.max_speed:g} mm/s is too fast for the wall "
                     "thickness and the size of the dice and the diamond (a body could pass "
                     "through a wall in one step)")
    return throw


def _walls(r: _Reader, raw: Any, board: Board, side: float) -> Walls:
    m = r.mapping(raw, "walls", {"height", "thickness", "gap", "elasticity", "sides"})
    gap = m["gap"]
    if type(gap) in (int, float) and math.isfinite(gap) and gap <= 0:
        raise r.fail("walls.gap", f"{gap:g} puts the walls inside the board; the gap from wall "
                     "to board edge must be positive (the rules: 8 dice)")
    w = r.section({k: v for k, v in m.items() if k != "sides"}, "walls")
    if abs(w["gap"] - 8 * side) > side:
        raise r.fail("walls.gap", f"{w['gap']:g} mm is not 8 dice: the rules put the walls 8 die "
                     f"sides from the board ({8 * side:g} mm here), give or take one side "
                     f"({7 * side:g} to {9 * side:g} mm)")
    raw_sides = m["sides"]
    if not isinstance(raw_sides, list) or not 2 <= len(raw_sides) <= 16:
        raise r.fail("walls.sides", "must be a list of 2 to 16 walls")
    sides: list[Wall] = []
    for i, s in enumerate(raw_sides):
        where = f"walls.sides[{i}]"
        sm = r.mapping(s, where, {"name", "angle", "length"})
        name = r.text(sm, "name", where, MAX_TEXT["name"])
        if any(wall.name == name for wall in sides):
            raise r.fail(f"{where}.name", f"{brief(name)} is used twice")
        angle = math.radians(r.number(sm, "angle", where, -360.0, 360.0, "degrees"))
        length = r.number(sm, "length", where, 4 * side, 2 * MAX_BOARD, "mm")
        sides.append(Wall(name, angle, length, board.reach(angle) + w["gap"]))
    return Walls(w["height"], w["thickness"], w["gap"], w["elasticity"], tuple(sides))


def _seats(r: _Reader, raw: Any, walls: Walls) -> dict[int, tuple[str, ...]]:
    if not isinstance(raw, dict):
        raise r.fail("seats", f"must be a mapping of player counts 2, 3, 4, not {_kind(raw)}")
    seats: dict[int, tuple[str, ...]] = {}
    for key, value in raw.items():
        count = int(key) if isinstance(key, (int, str)) and str(key) in ("2", "3", "4") else None
        if count is None or type(key) is bool:
            raise r.fail(r.key("seats", key), "unknown key: player counts are 2, 3 and 4")
        where = f"seats.{count}"
        if count in seats:
            raise r.fail(where, "given twice")
        if not isinstance(value, list) or len(value) != count:
            raise r.fail(where, f"must list {count} wall names, one per seat")
        for name in value:
            if not isinstance(name, str) or not any(w.name == name for w in walls.sides):
                raise r.fail(where, f"{brief(name)} is not a wall in walls.sides")
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


def _obstacles(r: _Reader, raw: Any) -> tuple[Obstacle, ...]:
    if not isinstance(raw, list) or len(raw) > 16:
        raise r.fail("obstacles", "must be a list (of up to 16 obstacles; [] for none)")
    out = []
    for i, o in enumerate(raw):
        where = f"obstacles[{i}]"
        om = r.mapping(o, where, {"name", "points", "height"})
        name = r.text(om, "name", where, MAX_TEXT["name"])
        poly = _points(r, om["points"], f"{where}.points")
        out.append(Obstacle(name, poly, r.number(om, "height", where, 1.0, 1000.0, "mm")))
    return tuple(out)
