"""The pymunk world of one throw: built afresh from the table, stepped to rest, read back.

How the pseudo-3D works (DESIGN.md, principle 5). pymunk moves every body in the board plane.
Only the thrown body ever leaves the plane: its underside height `z` and vertical speed are
integrated here with semi-implicit Euler under the level's gravity, in the same 1/480 s steps.
While it is above everything (walls, obstacles, bodies) nothing else can move, so that part of the
flight is not stepped through pymunk at all: it follows in closed form (the same Euler sums) and
the world is stepped from where it ends. Lower down, its shape has collision type AIR and a
pre_solve callback decides each contact from the heights: a body (or wall, obstacle) whose top is
above the flier's underside is hit in the plane like any collision (a throw too low hits its wall
and drops back); one whose top is below is flown over, and noted as the highest thing underneath.
When z comes down to the highest thing underneath (the board, another body, a wall or an obstacle)
the body lands there: it tumbles, bounces with the felt's restitution and is braked in proportion
to the impact; a body it lands on is driven away along the contact normal. A landing too soft to
bounce again ends the flight on the board (friction on), or leaves the body perched on what it
hit, from which it slides off, away from it, at a fixed speed, then falls. A landing on the floor
outside the board is off. A flight is bounded (speed and height are), so no body leaves the world.

Friction on the felt is the pymunk `tank.py` idiom (PHYSICS_NOTES): a PivotJoint and a GearJoint
per body to the static body with max_bias 0 and max_force mu*m*g (torque mu*m*g times the body's
radius of gyration); both are zero while the body flies.

Every CHECK_EVERY steps (1/60 s: one path frame) the world is checked: a body whose centre has
left the board falls off (removed; the throw in progress is noted), hits recorded by the `begin`
callbacks tumble the dice they struck (in a sorted order: callback order is not deterministic),
and rest is declared after REST_CHECKS checks in a row with every body slower than REST_SPEED and
REST_SPIN and no overlap deeper than MAX_OVERLAP. Only bodies this throw has woken are read at a
check. After MAX_STEPS everything stops where it is. Shapes and bodies are added in a fixed order
(the seats' walls, the obstacles, then the diamond, the dice in table order, the thrown body last).
"""

from __future__ import annotations

import math

import pymunk

from petanque_game.physics import cube, geometry
from petanque_game.physics.level import Level
from petanque_game.physics.throw import Path, ThrowResult
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
Z_EPS = 1e-6  # mm
# Overlaps are pushed apart by pymunk's bias velocity, which friction does not resist and kinetic
# energy does not show: correct 5% of an overlap per step, and do not call a table at rest while
# any contact is deeper than MAX_OVERLAP.
COLLISION_BIAS = 0.95 ** 480
MAX_OVERLAP = 0.25  # mm

GROUND, AIR, STATIC = 1, 2, 3


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


class _World:
    def __init__(self, level: Level, table: Table, num_players: int, thrower: int, obj: str,
                 die: int | None, launch: Launch, record_path: bool, callbacks: bool = True):
        self.level, self.thrower, self.record_path = level, thrower, record_path
        self.board = level.board
        self.space = space = pymunk.Space()
        space.gravity = (0.0, 0.0)
        space.iterations = 10
        space.collision_bias = COLLISION_BIAS
        self.top: dict[pymunk.Shape, float] = {}  # height of every shape's top
        self.order: dict[pymunk.Shape, int] = {}  # every shape's place in the adding order
        self.index: dict[pymunk.Shape, int] = {}  # a body's shape -> its place in self.items
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
        self._launch(launch)
        if callbacks:
            space.on_collision(AIR, None, pre_solve=self._air_contact)
            space.on_collision(GROUND, None, begin=self._hit)

    # --- building --------------------------------------------------------------------------

    def _add_statics(self, num_players: int) -> None:
        level, space = self.level, self.space
        static = space.static_body
        for name in level.seats[num_players]:
            pts = list(level.wall_outline(name))
            self._static(pymunk.Poly(static, pts), level.walls.height, STATIC)
        for ob in level.obstacles:
            self._static(pymunk.Poly(static, list(ob.outline)), ob.height, STATIC)
        # the highest thing anything can land on: above it a flight touches nothing
        self.highest = max([level.walls.height, level.dice.height, level.diamond.thickness]
                           + [ob.height for ob in level.obstacles]) + 1.0
        # what a flight must keep clear of: walls as segments with a half width, obstacles as
        # circles round them (walls are long: a circle would cover half the board)
        self.wall_lines = []
        for name in level.seats[num_players]:
            w = level.walls.named(name)
            nx, ny = math.cos(w.angle), math.sin(w.angle)
            mid, h = w.distance + level.walls.thickness / 2.0, w.length / 2.0
            self.wall_lines.append((nx * mid + ny * h, ny * mid - nx * h,
                                    nx * mid - ny * h, ny * mid + nx * h,
                                    level.walls.thickness / 2.0))
        self.static_bounds = [_bounding_circle(ob.outline) for ob in level.obstacles]
        self.radius = {DIAMOND: level.diamond.long_diagonal / 2.0,
                       "die": level.dice.side * math.sqrt(0.5)}

    def _static(self, shape: pymunk.Poly, top: float, kind: int) -> None:
        shape.elasticity = self.level.walls.elasticity
        shape.friction = 0.5
        shape.collision_type = kind
        self.top[shape] = top
        self.order[shape] = len(self.order)
        self.space.add(shape)

    def _add(self, it: _Item, rest: DieRest | DiamondRest | None) -> _Item:
        level = self.level
        if it.kind == DIAMOND:
            spec = level.diamond
            it.local = geometry.rhombus(spec.long_diagonal, spec.short_diagonal)
            mass, height, mu = spec.mass, spec.thickness, level.felt.friction
            moment = pymunk.moment_for_poly(mass, list(it.local))
            elasticity, friction = spec.elasticity, spec.friction
        else:
            spec = level.dice
            it.local = geometry.square(spec.side)
            mass, height, mu = spec.mass, spec.height, level.felt.friction
            moment = pymunk.moment_for_box(mass, (spec.side, spec.side))
            elasticity, friction = spec.elasticity, spec.friction
        it.height = height
        x = rest.x if rest is not None else 0.0
        y = rest.y if rest is not None else 0.0
        angle = rest.angle if rest is not None else 0.0
        it.entry = (x, y, 0.0, angle, it.orientation)
        self.items.append(it)
        if rest is not None and not rest.on_board:
            it.on, it.was_off, it.off_frame = False, True, 0
            return it
        body = pymunk.Body(mass, moment)
        body.position = (x, y)
        body.angle = angle
        shape = pymunk.Poly(body, list(it.local))
        shape.elasticity, shape.friction, shape.collision_type = elasticity, friction, GROUND
        it.force = mu * mass * level.gravity
        it.torque = it.force * math.sqrt(moment / mass)
        pivot = pymunk.PivotJoint(self.space.static_body, body, (0.0, 0.0), (0.0, 0.0))
        gear = pymunk.GearJoint(self.space.static_body, body, 0.0, 1.0)
        for joint, limit in ((pivot, it.force), (gear, it.torque)):
            joint.max_bias = 0.0
            joint.max_force = limit
        self.space.add(body, shape, pivot, gear)
        it.body, it.shape, it.pivot, it.gear = body, shape, pivot, gear
        it.ke_rest = mass * REST_SPEED ** 2 + moment * REST_SPIN ** 2
        it.in_world = True
        self.top[shape] = height
        self.order[shape] = len(self.order)
        self.index[shape] = len(self.items) - 1
        return it

    def _launch(self, launch: Launch) -> None:
        it = self.thrown
        body = it.body
        level = self.level
        body.position = (launch.x, launch.y)
        body.angle = launch.direction
        h = launch.speed * math.cos(launch.elevation)
        body.velocity = (h * math.cos(launch.direction), h * math.sin(launch.direction))
        body.angular_velocity = launch.spin
        it.shape.collision_type = AIR
        it.pivot.max_force = 0.0
        it.gear.max_force = 0.0
        self.airborne = True
        self.perched = False
        self.z = level.throw.hand_height - it.height / 2.0
        self.vz = launch.speed * math.sin(launch.elevation)
        self.first_touchdown = None  # (x, y, angle, vx, vy, spin): the benchmark's baseline
        self.steps_skipped = 0  # flight steps done in closed form, not through pymunk
        self.flown = 0.0  # mm of flight, for the tumbling in the air
        self.flight_turns = 0
        self._clear_support()
        self.coast = True  # try the flight in closed form (see _coast) at the next block
        it.entry = (launch.x, launch.y, self.z, launch.direction, it.orientation)

    def _flight_z(self, n: int) -> float:
        """Height n steps on from (self.z, self.vz), as n semi-implicit Euler steps give it."""
        return self.z + n * DT * self.vz - 0.5 * self.level.gravity * DT * DT * n * (n + 1)

    def _clear_support(self) -> None:
        self.sup, self.sup_shape, self.sup_normal, self.sup_key = 0.0, None, (0.0, 0.0), None

    # --- callbacks (decisions may depend only on state, never on callback order) ------------

    def _air_contact(self, arb: pymunk.Arbiter, space: pymunk.Space, data) -> None:
        b = arb.shapes[1]
        top = self.top[b]
        if self.z < top - Z_EPS:  # lower than the top of what it meets: an ordinary collision
            i = self.index.get(b)
            if i is not None and not self.items[i].awake:
                self._wake(i)
            return
        arb.process_collision = False
        key = (top, -self.order[b])
        if self.sup_key is None or key > self.sup_key:
            n = arb.normal
            self.sup, self.sup_shape, self.sup_normal, self.sup_key = top, b, (n.x, n.y), key

    def _wake(self, i: int) -> None:
        todo = [i]
        while todo:
            j = todo.pop()
            it = self.items[j]
            if not it.awake:
                it.awake = it.stirred = True
                todo.extend(self.touching.get(j, ()))
        self.awake = [it for it in self.live if it.awake]

    def _hit(self, arb: pymunk.Arbiter, space: pymunk.Space, data) -> None:
        a, b = arb.shapes
        if a.collision_type == AIR or b.collision_type == AIR:
            return  # the flier: decided by _air_contact, every step
        ia, ib = self.index.get(a), self.index.get(b)
        if ia is not None and ib is not None:
            if ia > ib:
                return  # a (GROUND, None) handler is called for both orders of such a pair
            self.touching.setdefault(ia, set()).add(ib)
            self.touching.setdefault(ib, set()).add(ia)
            if self.items[ia].awake != self.items[ib].awake:
                self._wake(ib if self.items[ia].awake else ia)
        n = arb.normal
        va, vb = a.body.velocity, b.body.velocity
        approach = (va.x - vb.x) * n.x + (va.y - vb.y) * n.y
        turns = int(approach / self.level.tumble.hit_speed)
        if turns <= 0:
            return
        for shape, sign in ((a, -1.0), (b, 1.0)):
            i = self.index.get(shape)
            if i is not None and self.items[i].kind != DIAMOND:
                heading = math.atan2(sign * n.y, sign * n.x)
                k = cube.direction_index(heading - shape.body.angle)
                self.hits.append((i, turns, k))

    # --- stepping ----------------------------------------------------------------------------

    def run(self) -> int:
        """Step to rest (or the cap); returns the simulated steps, the flight's included."""
        step = self.space.step
        still = 0
        self._frame()
        steps = 0
        while steps < MAX_STEPS:
            if self.coast:
                self.coast = False
                n = self._coast(MAX_STEPS - steps)
                if n:
                    steps += n
                    continue
            if self.airborne:
                for _ in range(CHECK_EVERY):
                    step(DT)
                    if self.airborne:
                        self._air_step()
            else:
                for _ in range(CHECK_EVERY):
                    step(DT)
            steps += CHECK_EVERY
            if self._check():
                still = 0
            else:
                still += 1
                if still >= REST_CHECKS:
                    if self._overlapping():
                        still = 0
                        continue
                    self.settled = True
                    return steps
        self.settled = False
        self._stop_at_cap()
        return steps

    def _coast(self, limit: int) -> int:
        """Run the flight in closed form for as many whole blocks as it surely touches nothing.

        While the rest of the table is at rest and the flier is either above everything or out
        of reach of every shape, pymunk would only move it in a straight line at constant speed
        and spin (no friction in the air, no contact), and z follows the Euler sums: so those
        steps are not run through pymunk, only their frames and the tumbling are made. Returns
        the number of steps done (a multiple of CHECK_EVERY; 0 when none can be skipped).
        """
        it = self.thrown
        if not self.airborne or self.perched:
            return 0
        for other in self.awake:
            if other is not it and (other.stirred or
                                    other.body.kinetic_energy > other.ke_rest):
                return 0
        g = self.level.gravity
        a, b = 0.5 * g * DT * DT, DT * self.vz - 0.5 * g * DT * DT
        ground = _first_at_or_below(a, b, self.z, 0.0)  # first step at or below the board
        high = _first_at_or_below(a, b, self.z, self.highest) if self.z > self.highest else 0
        body = it.body
        (x0, y0), a0 = body.position, body.angle
        vx, vy = body.velocity
        w = body.angular_velocity
        reach = ground
        step_len = math.hypot(vx, vy) * DT
        margin = self.radius[it.kind] + 2.0 * step_len + 1.0
        dx, dy = vx * DT, vy * DT
        for cx, cy, radius in self._bounds():
            first = _first_within(x0 - cx, y0 - cy, dx, dy, radius + margin, high)
            if first is not None and first < reach:
                reach = first
        for ax, ay, bx, by, half in self.wall_lines:
            first = _first_near_segment(x0, y0, dx, dy, ax, ay, bx, by, half + margin, high)
            if first is not None and first < reach:
                reach = first
        n_free = min(reach - 2, limit)
        n_free -= n_free % CHECK_EVERY
        if n_free <= 0:
            return 0
        for n in range(CHECK_EVERY, n_free + 1, CHECK_EVERY):
            t = n * DT
            angle = a0 + w * t
            if it.kind != DIAMOND:
                self._flight_tumble(it, vx, vy, angle)
            it.entry = (x0 + vx * t, y0 + vy * t, self._flight_z(n), angle, it.orientation)
            self._frame()
        t = n_free * DT
        body.position = (x0 + vx * t, y0 + vy * t)
        body.angle = a0 + w * t
        self.z, self.vz = self._flight_z(n_free), self.vz - n_free * g * DT
        self.steps_skipped += n_free
        return n_free

    def _bounds(self) -> list[tuple[float, float, float]]:
        """Bounding circles (x, y, radius) of everything the flier could touch."""
        out = list(self.static_bounds)
        for o in self.live:
            if o is not self.thrown:
                x, y = o.body.position
                out.append((x, y, self.radius[o.kind]))
        return out

    def _air_step(self) -> None:
        sup, shape, normal = self.sup, self.sup_shape, self.sup_normal
        self._clear_support()
        if self.perched:
            if shape is not None and sup >= self.z - Z_EPS:
                self.z = sup
                return
            self.perched = False
            self.vz = 0.0
        vz = self.vz - self.level.gravity * DT
        z = self.z + vz * DT
        if z <= sup:
            self._touchdown(sup, shape, normal, -vz)
        else:
            self.z, self.vz = z, vz

    def _touchdown(self, level_z: float, shape, normal: tuple[float, float], vi: float) -> None:
        it, level = self.thrown, self.level
        body = it.body
        e = level.felt.restitution
        vx, vy = body.velocity
        if it.kind != DIAMOND:
            turns = int(vi / level.tumble.bounce_speed)
            if turns:
                k = cube.direction_index(math.atan2(vy, vx) - body.angle)
                it.orientation = cube.roll(it.orientation, k, turns)
        speed = math.hypot(vx, vy)
        keep = 1.0
        if speed > 0.0:
            keep = max(0.0, speed - level.felt.landing_friction * (1.0 + e) * vi) / speed
        vx, vy = vx * keep, vy * keep
        body.angular_velocity = body.angular_velocity * keep
        x, y = body.position
        if self.first_touchdown is None:
            self.first_touchdown = (x, y, body.angle, vx, vy, body.angular_velocity)
        if shape is not None and shape in self.index:
            other = self.items[self.index[shape]].body
            push = level.tumble.drive * (1.0 + e) * body.mass * vi / other.mass
            ov = other.velocity
            other.velocity = (ov.x + push * normal[0], ov.y + push * normal[1])
            self._wake(self.index[shape])
        if shape is None and not self.board.contains(x, y):
            self.z, self.vz = 0.0, 0.0
            self.airborne = False
            self._fall_off(it, x, y, body.angle)
            return
        bounce = e * vi
        if bounce >= HOP_MIN:
            body.velocity = (vx, vy)
            self.z, self.vz = level_z, bounce
            self.coast = True
        elif shape is None:
            body.velocity = (vx, vy)
            self._land(it)
        else:
            ax, ay = -normal[0], -normal[1]  # away from what it landed on
            along = vx * ax + vy * ay
            if along < SLIDE_OFF:
                vx, vy = vx + (SLIDE_OFF - along) * ax, vy + (SLIDE_OFF - along) * ay
            body.velocity = (vx, vy)
            self.z, self.vz, self.perched = level_z, 0.0, True

    def _land(self, it: _Item) -> None:
        self.z, self.vz = 0.0, 0.0
        self.airborne = self.perched = False
        it.shape.collision_type = GROUND
        it.stirred = True
        it.pivot.max_force = it.force
        it.gear.max_force = it.torque

    def _fall_off(self, it: _Item, x: float, y: float, angle: float) -> None:
        self.space.remove(it.body, it.shape, it.pivot, it.gear)
        it.on = it.in_world = False
        it.off_frame = len(self.frames)
        it.entry = (x, y, 0.0, angle, it.orientation)
        self.live = [i for i in self.live if i is not it]
        self.awake = [i for i in self.awake if i is not it]

    def _check(self) -> bool:
        """Falls, tumbles and a path frame; True while anything is still moving."""
        if self.hits:
            for i, turns, k in sorted(self.hits):
                self.items[i].orientation = cube.roll(self.items[i].orientation, k, turns)
            self.hits.clear()
        moving = False
        thrown = self.thrown
        contains = self.board.contains
        for it in self.awake:
            body = it.body
            if it is thrown and self.airborne:
                x, y = body.position
                angle = body.angle
                if not self.perched and it.kind != DIAMOND:
                    vx, vy = body.velocity
                    self._flight_tumble(it, vx, vy, angle)
                it.entry = (x, y, self.z, angle, it.orientation)
                moving = True
                continue
            ke = body.kinetic_energy
            still = ke <= it.ke_rest  # at rest: friction stops anything this slow within a step
            if still and not it.stirred:
                if it.entry[4] != it.orientation:
                    it.entry = it.entry[:4] + (it.orientation,)
                continue
            it.stirred = not still  # a body coming to rest is read once more, then left alone
            x, y = body.position
            if not contains(x, y):
                self._fall_off(it, x, y, body.angle)
                continue
            it.entry = (x, y, 0.0, body.angle, it.orientation)
            if not still:
                moving = True
        self._frame()
        return moving

    def _overlapping(self) -> bool:
        """Is any body still overlapping another (or an obstacle) by more than MAX_OVERLAP?
        If so its position is still being corrected: keep reading it at every check."""
        deep = []

        def look(arb: pymunk.Arbiter) -> None:
            if arb.process_collision and any(p.distance < -MAX_OVERLAP
                                             for p in arb.contact_point_set.points):
                deep.append(True)

        for it in self.live:
            it.body.each_arbiter(look)
        if deep:  # still being pushed apart: watch everything
            for it in self.live:
                it.awake = it.stirred = True
            self.awake = list(self.live)
        return bool(deep)

    def _flight_tumble(self, it: _Item, vx: float, vy: float, angle: float) -> None:
        self.flown += math.hypot(vx, vy) * DT * CHECK_EVERY
        turns = int(self.flown / self.level.tumble.flight_step) - self.flight_turns
        if turns > 0:
            self.flight_turns += turns
            k = cube.direction_index(math.atan2(vy, vx) - angle)
            it.orientation = cube.roll(it.orientation, k, turns)

    def _frame(self) -> None:
        if self.record_path:
            self.frames.append(tuple([it.entry for it in self.items]))

    def _stop_at_cap(self) -> None:
        """The time cap: everything stops where it is; a body still in the air comes down."""
        if not self.airborne:
            return
        it = self.thrown
        x, y = it.body.position
        if not self.board.contains(x, y):
            self._fall_off(it, x, y, it.body.angle)
        else:
            spot = free_spot(self, it, x, y, it.body.angle)
            if spot is None:
                self._fall_off(it, x, y, it.body.angle)
            else:
                it.body.position = spot
                self._land(it)
        self.airborne = False
        self._frame()


def _bounding_circle(poly: geometry.Polygon) -> tuple[float, float, float]:
    cx = sum(x for x, _ in poly) / len(poly)
    cy = sum(y for _, y in poly) / len(poly)
    return cx, cy, max(math.hypot(x - cx, y - cy) for x, y in poly)


def _first_at_or_below(a: float, b: float, z: float, level: float) -> int:
    """First step n >= 1 at which z + b*n - a*n*n <= level (a > 0): a falling arc."""
    c = z - level
    n = max(1, int((b + math.sqrt(max(0.0, b * b + 4.0 * a * c))) / (2.0 * a)))
    while n > 1 and z + b * (n - 1) - a * (n - 1) * (n - 1) <= level:
        n -= 1
    while z + b * n - a * n * n > level:
        n += 1
    return n


def _first_within(px: float, py: float, dx: float, dy: float, r: float, start: int) -> int | None:
    """First step n >= start at which |(px, py) + n (dx, dy)| <= r, or None."""
    a = dx * dx + dy * dy
    b = px * dx + py * dy
    c = px * px + py * py - r * r
    if a == 0.0:
        return start if c <= 0.0 else None
    disc = b * b - a * c
    if disc < 0.0:
        return None
    root = math.sqrt(disc)
    n1, n2 = (-b - root) / a, (-b + root) / a
    if n2 < start:
        return None
    return max(start, math.floor(n1))


def _first_near_segment(px: float, py: float, dx: float, dy: float, ax: float, ay: float,
                        bx: float, by: float, r: float, start: int) -> int | None:
    """First step n >= start at which (px, py) + n (dx, dy) is within r of the segment a-b
    (rounded down: never later than the truth), or None."""
    firsts = [f for f in (_first_within(px - ax, py - ay, dx, dy, r, start),
                          _first_within(px - bx, py - by, dx, dy, r, start)) if f is not None]
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    lo, hi = float(start), math.inf
    # across the segment: |s0 + n s1| <= r; along it: 0 <= t0 + n t1 <= length
    for c0, c1, low, high in (((px - ax) * -uy + (py - ay) * ux, dx * -uy + dy * ux, -r, r),
                              ((px - ax) * ux + (py - ay) * uy, dx * ux + dy * uy, 0.0, length)):
        if c1 == 0.0:
            if not low <= c0 <= high:
                lo = math.inf
            continue
        n_a, n_b = (low - c0) / c1, (high - c0) / c1
        lo, hi = max(lo, min(n_a, n_b)), min(hi, max(n_a, n_b))
    if lo <= hi and lo < math.inf:
        firsts.append(math.floor(lo))
    return min(firsts) if firsts else None


def _outline(it: _Item, x: float, y: float, angle: float) -> geometry.Polygon:
    return geometry.placed(it.local, x, y, angle)


def free_spot(world: _World, it: _Item, x0: float, y0: float, angle: float,
              clearance: float = 0.5) -> tuple[float, float] | None:
    """The nearest spot to (x0, y0) where `it` lies wholly on the board touching nothing.

    A deterministic search: rings 2 mm apart, each walked counter-clockwise from +x in steps of
    about 2 mm, the first free spot wins.
    """
    board, level = world.board, world.level
    others = [_outline(o, *o.body.position, o.body.angle) for o in world.live if o is not it]
    others += [ob.outline for ob in level.obstacles]
    limit = int(board.extent / 2.0) + 2
    for ring in range(limit):
        r = 2.0 * ring
        count = max(1, math.ceil(2.0 * math.pi * r / 2.0))
        for j in range(count):
            a = 2.0 * math.pi * j / count
            x, y = x0 + r * math.cos(a), y0 + r * math.sin(a)
            poly = _outline(it, x, y, angle)
            if not all(board.contains(px, py) for px, py in poly):
                continue
            if all(geometry.outline_distance(poly, o) > clearance for o in others):
                return x, y
    return None


def run_throw(level: Level, table: Table, num_players: int, thrower: int, obj: str,
              die: int | None, launch: Launch, record_path: bool) -> ThrowResult:
    world = _World(level, table, num_players, thrower, obj, die, launch, record_path)
    steps = world.run()
    for it in list(world.live):  # belt and braces: nothing at rest beyond the edge
        x, y = it.body.position
        if not world.board.contains(x, y):
            world._fall_off(it, x, y, it.body.angle)
            it.off_frame = max(0, len(world.frames) - 1)
        else:
            it.entry = (x, y, 0.0, it.body.angle, it.orientation)
    if record_path:  # the last frame shows exactly where everything came to rest
        world.frames[-1] = tuple([it.entry for it in world.items])
    table_after = _settled_table(world)  # first: it lays a reset diamond, the path shows that
    path = _path(world) if record_path else None
    return ThrowResult(table_after, path, steps, world.settled)


def _settled_table(world: _World) -> Table:
    diamond_rest = None
    diamond_poly = None
    dice = []
    for it in world.items:
        if it.kind == DIAMOND:
            if it.on:
                x, y = it.body.position
                angle = math.remainder(it.body.angle, 2.0 * math.pi)
                diamond_rest = DiamondRest(x, y, angle, True, False)
            else:
                spot = free_spot(world, it, 0.0, 0.0, 0.0)
                x, y = spot if spot is not None else (0.0, 0.0)
                angle = 0.0
                diamond_rest = DiamondRest(x, y, 0.0, True, True)
                it.entry = (x, y, 0.0, 0.0, 0)
            diamond_poly = _outline(it, x, y, angle)
    for it in world.items:
        if it.kind == DIAMOND:
            continue
        if it.was_off:
            dice.append(it.rest)  # off the board before this throw: as it was
            continue
        if it.on:
            x, y = it.body.position
            angle = math.remainder(it.body.angle, 2.0 * math.pi)
            distance = None
            if diamond_poly is not None:
                distance = geometry.outline_distance(_outline(it, x, y, angle), diamond_poly)
            dice.append(DieRest(it.player, it.die, x, y, angle, cube.TOP_FACE[it.orientation],
                                True, None, distance, it.orientation))
        else:
            x, y, _, angle, _ = it.entry
            dice.append(DieRest(it.player, it.die, x, y, math.remainder(angle, 2.0 * math.pi),
                                cube.TOP_FACE[it.orientation], False, world.thrower, None,
                                it.orientation))
    return Table(diamond_rest, tuple(dice))


def _path(world: _World) -> Path:
    bodies = tuple((it.kind, it.player, it.die) for it in world.items)
    if world.frames and any(it.kind == DIAMOND and not it.on for it in world.items):
        world._frame()  # the reset diamond, laid at the centre, in a last frame
    return Path(FPS, bodies, tuple(world.frames), tuple(it.off_frame for it in world.items))


def first_touchdown(level: Level, table: Table, num_players: int, thrower: int, obj: str,
                    die: int | None, launch: Launch) -> tuple[float, ...] | None:
    """Where and how the thrown body first comes down: (x, y, angle, vx, vy, spin)."""
    world = _World(level, table, num_players, thrower, obj, die, launch, False)
    world.run()
    return world.first_touchdown


def bare_space(level: Level, table: Table, num_players: int, thrower: int, obj: str,
               die: int | None, launch: Launch,
               start: tuple[float, ...] | None = None) -> pymunk.Space:
    """The benchmark's baseline: the same bodies, shapes and joints with no callbacks and no
    flight; the thrown body starts on the board at `start` (see first_touchdown), friction on."""
    world = _World(level, table, num_players, thrower, obj, die, launch, False, callbacks=False)
    it = world.thrown
    world._land(it)
    if start is not None:
        x, y, angle, vx, vy, spin = start
        it.body.position, it.body.angle = (x, y), angle
        it.body.velocity, it.body.angular_velocity = (vx, vy), spin
    return world.space
