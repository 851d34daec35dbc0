"""Building the pymunk world of one throw from the table at rest (see `world.py`).

The fixed numbers of the simulation (step, check cadence, rest thresholds, collision types and
filters); the felt's friction joints (on an `item.Item`); and what every world of a level
shares, worked out once per level. (The board's pymunk parts, and their adding to a throw's
space in a fixed order, are `parts.py`'s.)

Speed (the benchmark is `benchmarks/bench_throw.py`): what every world of a level shares (the
walls' outlines, the flight's clearances, each kind of body's mass, moment and friction limits,
the board's edge test, and the board's pymunk parts) is kept in a cache beside the level
(`_plans`; nothing is written onto the frozen Level). Making pymunk objects through pymunk's
public constructors and setters (about 25 us a body with its shape) was most of what building a
world cost: the parts are now made once per board and lent to each throw, and a body at rest
gets its friction joints only once something touches it.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pymunk

from petanque_game.physics import flight, geometry
from petanque_game.physics.geometry import Polygon
from petanque_game.physics.item import Item
from petanque_game.physics.level import Level
from petanque_game.physics.level_play import STEPS_PER_SECOND
from petanque_game.physics.level_spec import DiamondSpec, DiceSpec
from petanque_game.physics.rolling import roll_speed
from petanque_game.rules.petanque_table import DIAMOND

DT = 1.0 / STEPS_PER_SECOND  # 480 Hz or finer against tunnelling (docs/design.md#tunnelling)
CHECK_EVERY = 8  # steps per check and per path frame: 60 frames per simulated second
FPS = 60
REST_CHECKS = 3  # checks in a row with everything still
MAX_STEPS = 20 * 480  # the hard cap: 20 simulated seconds
REST_SPEED = 1.0  # mm/s
REST_SPIN = 0.05  # rad/s
HOP_MIN = 100.0  # mm/s: a bounce slower than this ends the bouncing
PERCH_STEPS = 120  # steps (1/4 s) a body may stay perched before it topples off (airborne.py)
Z_EPS = 1e-6  # mm
# Overlaps are pushed apart by pymunk's bias velocity, which friction does not resist and kinetic
# energy does not show: correct 5% of an overlap per step, and do not call a table at rest while
# any contact is deeper than MAX_OVERLAP.
COLLISION_BIAS = 0.95 ** 480
MAX_OVERLAP = 0.25  # mm

GROUND, AIR, STATIC = 1, 2, 3
# Collision filters: the flier only meets the categories whose tops it is below (by GUARD mm),
# now or after the next step (`airborne.Flier.filter`): a flight costs no callbacks until it is
# about to land on or hit something.
STATIC_BIT, BODY_BIT = 1, 2
STATIC_FILTER = pymunk.ShapeFilter(categories=STATIC_BIT)
BODY_FILTER = pymunk.ShapeFilter(categories=BODY_BIT)
FLIER_FILTERS = tuple(pymunk.ShapeFilter(categories=BODY_BIT, mask=m) for m in range(4))
GUARD = 1.0  # mm: leeway on the tops, for rounding
IDENTITY = pymunk.Transform.identity()  # what pymunk.Poly places vertices with by default


# --- the pymunk parts ------------------------------------------------------------------------

def new_space() -> pymunk.Space:
    """A throw's space: no gravity in the board plane and 10 iterations (both pymunk's
    defaults, so not set again: a setter is a call through pymunk each throw), and the
    collision bias."""
    space = pymunk.Space()
    space.collision_bias = COLLISION_BIAS
    return space


def add_friction(space: pymunk.Space, static: pymunk.Body, it: Item) -> None:
    """The felt's friction on a body: PivotJoint + GearJoint to the board's static body."""
    pivot = pymunk.PivotJoint(static, it.body, (0.0, 0.0), (0.0, 0.0))
    gear = pymunk.GearJoint(static, it.body, 0.0, 1.0)
    for joint, limit in ((pivot, it.force), (gear, it.torque)):
        joint.max_bias = 0.0
        joint.max_force = limit
    space.add(pivot, gear)
    it.pivot, it.gear = pivot, gear


# --- what a level's worlds share, worked out once per level ----------------------------------

@dataclass(frozen=True)
class StaticPlan:
    """The fixed parts of a world for a level and a number of players."""

    statics: tuple[tuple[Polygon, float], ...]  # (outline, top): the seats' walls, then obstacles
    # the same outlines alone (what a body off the board keeps out of)
    outlines: tuple[Polygon, ...]
    highest: float  # the highest thing anything can land on: above it a flight touches nothing
    # what a flight must keep clear of: walls as segments (ax, ay, bx, by, half width),
    # obstacles as circles (x, y, radius) round them (walls are long: a circle would cover half
    # the board)
    wall_lines: tuple[tuple[float, float, float, float, float], ...]
    # the same with each wall's length and direction worked out once (`flight.framed`)
    wall_frames: tuple[tuple[float, float, float, float, float, float, float, float], ...]
    static_bounds: tuple[tuple[float, float, float], ...]
    static_guard: float  # the flier meets walls and obstacles only below this height
    body_guard: float  # ... and bodies only below this one
    radius: dict[str, float]  # bounding radius of a diamond and of a die


@dataclass(frozen=True)
class KindPlan:
    """A die or the diamond of a level: its outline, mass and friction limits."""

    local: Polygon
    mass: float
    moment: float
    height: float
    elasticity: float
    friction: float
    force: float  # the felt's friction: mu * m * g
    torque: float  # ... and its torque limit: the force times the radius of gyration
    ke_rest: float  # kinetic energy under which the body counts as at rest
    roll_ke: float  # kinetic energy under which it surely moves too slowly to roll (`_check`)


# Plans per level, kept beside the (frozen, and unhashable: its seats are a dict) Level rather
# than on it: keyed by id(level), each entry with a weak reference to its level whose callback
# drops the entry when the level goes, so an id reused by a later Level never finds a stale plan.
_PLANS: dict[int, tuple[weakref.ref[Level], dict[Any, Any]]] = {}


def _plans(level: Level) -> dict[Any, Any]:
    """The plans worked out for `level` (each from the level's fields alone), by what they are
    for: a number of players (its StaticPlan), a kind (its KindPlan), ("parts", number of players)
    (the parts not lent, `free_parts`) and "board" (`board_test`)."""
    key = id(level)
    entry = _PLANS.get(key)
    if entry is not None and entry[0]() is level:
        return entry[1]
    plans: dict[Any, Any] = {}
    _PLANS[key] = (weakref.ref(level, lambda _: _PLANS.pop(key, None)), plans)
    return plans


def static_plan(level: Level, num_players: int) -> StaticPlan:
    plans = _plans(level)
    plan: StaticPlan | None = plans.get(num_players)
    if plan is not None:
        return plan
    walls = [level.walls.named(name) for name in level.seats[num_players]]
    statics = tuple([(level.wall_outline(w.name), level.walls.height) for w in walls]
                    + [(ob.outline, ob.height) for ob in level.obstacles])
    wall_lines = []
    for w in walls:
        nx, ny = math.cos(w.angle), math.sin(w.angle)
        mid, h = w.distance + level.walls.thickness / 2.0, w.length / 2.0
        wall_lines.append((nx * mid + ny * h, ny * mid - nx * h,
                           nx * mid - ny * h, ny * mid + nx * h,
                           level.walls.thickness / 2.0))
    plan = StaticPlan(
        statics,
        tuple(pts for pts, _ in statics),
        max([level.walls.height, level.dice.height, level.diamond.thickness]
            + [ob.height for ob in level.obstacles]) + 1.0,
        tuple(wall_lines),
        tuple(flight.framed(*line) for line in wall_lines),
        tuple(flight.bounding_circle(ob.outline) for ob in level.obstacles),
        max([level.walls.height] + [ob.height for ob in level.obstacles]) + GUARD,
        max(level.dice.height, level.diamond.thickness) + GUARD,
        {DIAMOND: level.diamond.long_diagonal / 2.0, "die": level.dice.side * math.sqrt(0.5)})
    plans[num_players] = plan
    return plan


def free_parts(level: Level, num_players: int) -> list[Any]:
    """The sets of the board's pymunk parts not lent to a throw now (`parts.Parts`)."""
    free: list[Any] = _plans(level).setdefault(("parts", num_players), [])
    return free


def kind_plan(level: Level, kind: str) -> KindPlan:
    plans = _plans(level)
    plan: KindPlan | None = plans.get(kind)
    if plan is not None:
        return plan
    mu = level.felt.friction
    spec: DiamondSpec | DiceSpec
    if kind == DIAMOND:
        spec = level.diamond
        local = geometry.rhombus(spec.long_diagonal, spec.short_diagonal)
        mass, height = spec.mass, spec.thickness
        moment = pymunk.moment_for_poly(mass, list(local))
    else:
        spec = level.dice
        local = geometry.square(spec.side)
        mass, height = spec.mass, spec.height
        moment = pymunk.moment_for_box(mass, (spec.side, spec.side))
    # pymunk's Space.step asserts this of every new body; say it here, once, in plain words
    if not (0.0 < mass < math.inf and 0.0 < moment < math.inf):
        raise ValueError(f"a {kind} needs a positive mass and moment, not {mass}, {moment}")
    force = mu * mass * level.gravity
    # a die rolls from roll_speed up (`rolling.py`): its energy is then m v^2 or more; half of
    # that leaves no doubt in the rounding; the diamond never rolls
    roll_ke = 0.5 * mass * roll_speed(level.gravity, spec.side) ** 2 \
        if isinstance(spec, DiceSpec) else math.inf
    plan = KindPlan(local, mass, moment, height, spec.elasticity, spec.friction, force,
                     force * math.sqrt(moment / mass),
                     mass * REST_SPEED ** 2 + moment * REST_SPIN ** 2, roll_ke)
    plans[kind] = plan
    return plan


def board_test(level: Level) -> Callable[[float, float], bool]:
    """`level.board.contains` as a plain function of (x, y) (the same comparisons, on the same
    numbers worked out once): the checks call it for every moving body."""
    plans = _plans(level)
    test: Callable[[float, float], bool] | None = plans.get("board")
    if test is None:
        board = level.board
        if board.shape == "rect":
            hx, hy = board.outline[2]

            def in_rect(x: float, y: float) -> bool:
                return -hx <= x <= hx and -hy <= y <= hy

            test = in_rect
        elif board.shape == "circle":
            r2 = board.radius * board.radius

            def in_circle(x: float, y: float) -> bool:
                return x * x + y * y <= r2

            test = in_circle
        else:
            test = board.contains
        plans["board"] = test
    return test
