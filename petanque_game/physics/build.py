"""Building the pymunk world of one throw, afresh from the table at rest (see `world.py`).

The fixed numbers of the simulation (step, check cadence, rest thresholds, collision types and
filters), one `_Item` per die or diamond, and `_Build`: the space, the seats' walls and the
obstacles, every body in a fixed order (the diamond, the dice in table order, the thrown body
last), the felt's friction joints (added lazily, in item order) and the launch. `_World` in
`world.py` puts this together with the flier (`airborne.py`) and falling off (`off_board.py`).

Speed (the benchmark is `benchmarks/bench_throw.py`): what every world of a level shares (the
walls' outlines, the flight's clearances, each kind of body's mass, moment and friction limits,
the board's edge test) is worked out once per level and kept in a cache beside it (`_plans`;
nothing is written onto the frozen Level). The pymunk objects are made with pymunk's public API;
their making (about 15 us a body with its shape) is most of what building a world costs, so a
body at rest gets its friction joints only once something touches it.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass

import pymunk

from petanque_game.physics import flight, geometry
from petanque_game.physics.geometry import Polygon
from petanque_game.physics.level import Level
from petanque_game.physics.rolling import Roller
from petanque_game.rules.petanque_table import DIAMOND, DiamondRest, DieRest, Launch, Table

DT = 1.0 / 480.0  # PHYSICS_NOTES: 480 Hz or finer against tunnelling
CHECK_EVERY = 8  # steps per check and per path frame: 60 frames per simulated second
FPS = 60
REST_CHECKS = 3  # checks in a row with everything still
MAX_STEPS = 20 * 480  # the hard cap: 20 simulated seconds
REST_SPEED = 1.0  # mm/s
REST_SPIN = 0.05  # rad/s
HOP_MIN = 100.0  # mm/s: a bounce slower than this ends the bouncing
SLIDE_OFF = 150.0  # mm/s: how fast a body perched on another slides off it
PERCH_STEPS = 120  # steps (1/4 s) a body may stay perched before it topples off (airborne.py)
TOPPLE_REACH = 3.0  # dice sides: how far from its perch a toppling die may come down
Z_EPS = 1e-6  # mm
# Overlaps are pushed apart by pymunk's bias velocity, which friction does not resist and kinetic
# energy does not show: correct 5% of an overlap per step, and do not call a table at rest while
# any contact is deeper than MAX_OVERLAP.
COLLISION_BIAS = 0.95 ** 480
MAX_OVERLAP = 0.25  # mm

GROUND, AIR, STATIC = 1, 2, 3
# Collision filters: the flier only meets the categories whose tops it is below (by GUARD mm),
# now or after the next step (`_Airborne._filter_flier`): a flight costs no callbacks until it is
# about to land on or hit something.
STATIC_BIT, BODY_BIT = 1, 2
STATIC_FILTER = pymunk.ShapeFilter(categories=STATIC_BIT)
BODY_FILTER = pymunk.ShapeFilter(categories=BODY_BIT)
FLIER_FILTERS = tuple(pymunk.ShapeFilter(categories=BODY_BIT, mask=m) for m in range(4))
GUARD = 1.0  # mm: leeway on the tops, for rounding
IDENTITY = pymunk.Transform.identity()  # what pymunk.Poly places vertices with by default


class _Item:
    """One die or the diamond: its pymunk parts and its bookkeeping."""

    __slots__ = (
        "awake",
        "body",
        "die",
        "entry",
        "force",
        "gear",
        "height",
        "in_world",
        "ke_rest",
        "kind",
        "local",
        "off_frame",
        "on",
        "orientation",
        "pivot",
        "player",
        "rest",
        "rolled",
        "shape",
        "stirred",
        "torque",
        "was_off",
    )

    def __init__(self, kind: str, player: int, die: int, rest: DieRest | DiamondRest | None):
        self.kind, self.player, self.die, self.rest = kind, player, die, rest
        self.orientation = rest.orientation if isinstance(rest, DieRest) else 0
        self.on, self.in_world, self.off_frame, self.was_off = True, False, None, False
        self.stirred = False  # moved since the last check (a body can stop between checks)
        self.awake = False  # may have been set moving by this throw: checked at every check
        self.body = self.shape = self.pivot = self.gear = None


class _Build:
    """The building half of `_World`: everything up to the first step."""

    def __init__(self, level: Level, table: Table, num_players: int, thrower: int, obj: str,
                 die: int | None, launch: Launch, record_path: bool, callbacks: bool = True):
        self.level, self.thrower, self.record_path = level, thrower, record_path
        self.board = level.board
        self.contains = _board_test(level)  # = board.contains, for the checks
        self.space = space = pymunk.Space()
        space.gravity = (0.0, 0.0)
        space.iterations = 10
        space.collision_bias = COLLISION_BIAS
        self.top: dict[pymunk.Shape, float] = {}  # height of every shape's top
        self.order: dict[pymunk.Shape, int] = {}  # every shape's place in the adding order
        self.index: dict[pymunk.Shape, int] = {}  # a body's shape -> its place in self.items
        self.kinds = {kind: _kind_plan(level, kind) for kind in (DIAMOND, "die")}
        self._add_statics(num_players)

        self.items: list[_Item] = []
        if table.diamond is not None:
            self._add(_Item(DIAMOND, -1, -1, table.diamond), table.diamond)
        for d in table.dice:
            self._add(_Item("die", d.player, d.die, d), d)
        if obj == DIAMOND:
            self.thrown = self._add(_Item(DIAMOND, -1, -1, None), None)
        else:
            rest = DieRest(thrower, die, launch.x, launch.y, launch.direction, 1, True, None, None,
                           launch.orientation)
            self.thrown = self._add(_Item("die", thrower, die, None), rest)
            self.thrown.orientation = launch.orientation
        self.live = [it for it in self.items if it.in_world]
        # Bodies at rest that nothing has touched cost nothing at the checks. A body wakes when
        # a contact begins with it or it is landed on, together with everything it touches
        # (pymunk pushes through a contact that already exists without calling back); once
        # awake it stays awake for the rest of the throw.
        self.touching: dict[int, set[int]] = {}
        self.thrown.awake = True
        self.awake = [self.thrown]
        self.frames: list[tuple] = []
        self.hits: list[tuple[int, int, int]] = []
        self.needs_friction: list[_Item] = []
        self.roller = Roller(level, DT)
        self._launch(launch)
        if callbacks:
            space.on_collision(AIR, None, pre_solve=self._air_contact)
            space.on_collision(GROUND, None, begin=self._hit)

    # --- building --------------------------------------------------------------------------

    def _add_statics(self, num_players: int) -> None:
        plan = _static_plan(self.level, num_players)
        static = self.space.static_body
        for pts, top in plan.statics:
            self._static(pymunk.Poly(static, pts, IDENTITY), top, STATIC)
        self.static_outlines = [pts for pts, _ in plan.statics]
        self.highest = plan.highest
        self.wall_lines = plan.wall_lines
        self.static_bounds = plan.static_bounds
        self.static_guard = plan.static_guard
        self.body_guard = plan.body_guard
        self.radius = plan.radius

    def _static(self, shape: pymunk.Poly, top: float, kind: int) -> None:
        shape.elasticity = self.level.walls.elasticity
        shape.friction = 0.5
        shape.collision_type = kind
        shape.filter = STATIC_FILTER
        self.top[shape] = top
        self.order[shape] = len(self.order)
        self.space.add(shape)

    def _add(self, it: _Item, rest: DieRest | DiamondRest | None) -> _Item:
        kp = self.kinds[it.kind]
        it.local = kp.local
        height = kp.height
        it.height = height
        x = rest.x if rest is not None else 0.0
        y = rest.y if rest is not None else 0.0
        angle = rest.angle if rest is not None else 0.0
        it.entry = (x, y, 0.0, angle, it.orientation)
        self.items.append(it)
        if rest is not None and not rest.on_board:
            it.on, it.was_off, it.off_frame = False, True, 0
            return it
        body = pymunk.Body(kp.mass, kp.moment)
        body.position = (x, y)
        body.angle = angle
        shape = pymunk.Poly(body, kp.local, IDENTITY)
        shape.elasticity, shape.friction, shape.collision_type = kp.elasticity, kp.friction, GROUND
        shape.filter = BODY_FILTER
        it.force = kp.force
        it.torque = kp.torque
        self.space.add(body, shape)
        it.body, it.shape = body, shape
        it.ke_rest = kp.ke_rest
        it.in_world = True
        self.top[shape] = height
        self.order[shape] = len(self.order)
        self.index[shape] = len(self.items) - 1
        return it

    def _add_friction(self, it: _Item) -> None:
        """The felt's friction on a body: PivotJoint + GearJoint to the static body."""
        pivot = pymunk.PivotJoint(self.space.static_body, it.body, (0.0, 0.0), (0.0, 0.0))
        gear = pymunk.GearJoint(self.space.static_body, it.body, 0.0, 1.0)
        for joint, limit in ((pivot, it.force), (gear, it.torque)):
            joint.max_bias = 0.0
            joint.max_force = limit
        self.space.add(pivot, gear)
        it.pivot, it.gear = pivot, gear

    def _add_woken_friction(self) -> None:
        """Friction for the bodies woken during the last step, in a fixed order (a body at rest
        that nothing touches needs none: building joints is most of a world's cost)."""
        for it in sorted(self.needs_friction, key=self.items.index):
            if it.pivot is None and it.in_world:
                self._add_friction(it)
        self.needs_friction.clear()

    def _launch(self, launch: Launch) -> None:
        it = self.thrown  # no friction in the air: its joints come with the landing (_land)
        body = it.body
        level = self.level
        body.position = (launch.x, launch.y)
        body.angle = launch.direction
        h = launch.speed * math.cos(launch.elevation)
        body.velocity = (h * math.cos(launch.direction), h * math.sin(launch.direction))
        body.angular_velocity = launch.spin
        it.shape.collision_type = AIR
        self.airborne = True
        self.perched = False
        self.z = level.throw.hand_height - it.height / 2.0
        self.vz = launch.speed * math.sin(launch.elevation)
        self.g_dt = level.gravity * DT  # what one step takes off vz
        self.first_touchdown = None  # (x, y, angle, vx, vy, spin): the benchmark's baseline
        self.landing_speed = None  # mm/s along the felt at the first touchdown (benchmarks)
        self.steps_skipped = 0  # flight steps done in closed form, not through pymunk
        self.flown = 0.0  # mm of flight, for the tumbling in the air
        self.flight_turns = 0
        self._clear_support()
        self.coast = True  # try the flight in closed form (see _coast) at the next block
        self.mask = -1
        self._filter_flier()
        it.entry = (launch.x, launch.y, self.z, launch.direction, it.orientation)


# --- what a level's worlds share, worked out once per level ----------------------------------

@dataclass(frozen=True)
class _StaticPlan:
    """The fixed parts of a world for a level and a number of players."""

    statics: tuple[tuple[Polygon, float], ...]  # (outline, top): the seats' walls, then obstacles
    highest: float  # the highest thing anything can land on: above it a flight touches nothing
    # what a flight must keep clear of: walls as segments (ax, ay, bx, by, half width),
    # obstacles as circles (x, y, radius) round them (walls are long: a circle would cover half
    # the board)
    wall_lines: tuple[tuple[float, float, float, float, float], ...]
    static_bounds: tuple[tuple[float, float, float], ...]
    static_guard: float  # the flier meets walls and obstacles only below this height
    body_guard: float  # ... and bodies only below this one
    radius: dict[str, float]  # bounding radius of a diamond and of a die


@dataclass(frozen=True)
class _KindPlan:
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


# Plans per level, kept beside the (frozen, and unhashable: its seats are a dict) Level rather
# than on it: keyed by id(level), each entry with a weak reference to its level whose callback
# drops the entry when the level goes, so an id reused by a later Level never finds a stale plan.
_PLANS: dict[int, tuple[weakref.ref, dict]] = {}


def _plans(level: Level) -> dict:
    """The plans worked out for `level` (each from the level's fields alone)."""
    key = id(level)
    entry = _PLANS.get(key)
    if entry is not None and entry[0]() is level:
        return entry[1]
    plans: dict = {}
    _PLANS[key] = (weakref.ref(level, lambda _, key=key: _PLANS.pop(key, None)), plans)
    return plans


def _static_plan(level: Level, num_players: int) -> _StaticPlan:
    plans = _plans(level)
    plan = plans.get(num_players)
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
    plan = _StaticPlan(
        statics,
        max([level.walls.height, level.dice.height, level.diamond.thickness]
            + [ob.height for ob in level.obstacles]) + 1.0,
        tuple(wall_lines),
        tuple(flight.bounding_circle(ob.outline) for ob in level.obstacles),
        max([level.walls.height] + [ob.height for ob in level.obstacles]) + GUARD,
        max(level.dice.height, level.diamond.thickness) + GUARD,
        {DIAMOND: level.diamond.long_diagonal / 2.0, "die": level.dice.side * math.sqrt(0.5)})
    plans[num_players] = plan
    return plan


def _kind_plan(level: Level, kind: str) -> _KindPlan:
    plans = _plans(level)
    plan = plans.get(kind)
    if plan is not None:
        return plan
    mu = level.felt.friction
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
    plan = _KindPlan(local, mass, moment, height, spec.elasticity, spec.friction, force,
                     force * math.sqrt(moment / mass),
                     mass * REST_SPEED ** 2 + moment * REST_SPIN ** 2)
    plans[kind] = plan
    return plan


def _board_test(level: Level):
    """`level.board.contains` as a plain function of (x, y) (the same comparisons, on the same
    numbers worked out once): the checks call it for every moving body."""
    plans = _plans(level)
    test = plans.get("board")
    if test is None:
        board = level.board
        if board.shape == "rect":
            hx, hy = board.outline[2]
            test = lambda x, y: -hx <= x <= hx and -hy <= y <= hy
        elif board.shape == "circle":
            r2 = board.radius * board.radius
            test = lambda x, y: x * x + y * y <= r2
        else:
            test = board.contains
        plans["board"] = test
    return test
