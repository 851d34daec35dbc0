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
radius of gyration); both are zero while the body flies. A body at rest that nothing touches
needs no friction, so the joints are added to a body only when it is first woken (a contact
begins with it, or with a body touching it, or it is landed on), right after that step, in item
order. The flier's collision filter leaves out the walls and obstacles, and the bodies, while it
is more than GUARD above their tops: high flights cost no callbacks.

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

from petanque_game.physics import cube, flight, geometry
from petanque_game.physics.level import Level
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
# Collision filters: the flier only meets the categories whose tops it is low enough to reach
# (within GUARD mm), so flying high over the table costs no callbacks at all.
STATIC_BIT, BODY_BIT = 1, 2
STATIC_FILTER = pymunk.ShapeFilter(categories=STATIC_BIT)
BODY_FILTER = pymunk.ShapeFilter(categories=BODY_BIT)
FLIER_FILTERS = tuple(pymunk.ShapeFilter(categories=BODY_BIT, mask=m) for m in range(4))
GUARD = 20.0  # mm: more than two steps' fall at any speed a throw can reach


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
        self.needs_friction: list[_Item] = []
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
        self.static_bounds = [flight.bounding_circle(ob.outline) for ob in level.obstacles]
        self.static_guard = max([level.walls.height] + [ob.height for ob in level.obstacles]) \
            + GUARD
        self.body_guard = max(level.dice.height, level.diamond.thickness) + GUARD
        self.radius = {DIAMOND: level.diamond.long_diagonal / 2.0,
                       "die": level.dice.side * math.sqrt(0.5)}

    def _static(self, shape: pymunk.Poly, top: float, kind: int) -> None:
        shape.elasticity = self.level.walls.elasticity
        shape.friction = 0.5
        shape.collision_type = kind
        shape.filter = STATIC_FILTER
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
        shape.filter = BODY_FILTER
        it.force = mu * mass * level.gravity
        it.torque = it.force * math.sqrt(moment / mass)
        self.space.add(body, shape)
        it.body, it.shape = body, shape
        it.ke_rest = mass * REST_SPEED ** 2 + moment * REST_SPIN ** 2
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
        it = self.thrown
        self._add_friction(it)
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
        self.mask = -1
        self._filter_flier()
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
                if it.pivot is None:
                    self.needs_friction.append(it)  # added after the step: not in a callback
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
                    if self.needs_friction:
                        self._add_woken_friction()
            else:
                for _ in range(CHECK_EVERY):
                    step(DT)
                    if self.needs_friction:
                        self._add_woken_friction()
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
        ground = flight.first_at_or_below(a, b, self.z, 0.0)  # first step at or below the board
        high = flight.first_at_or_below(a, b, self.z, self.highest) if self.z > self.highest else 0
        body = it.body
        (x0, y0), a0 = body.position, body.angle
        vx, vy = body.velocity
        w = body.angular_velocity
        reach = ground
        step_len = math.hypot(vx, vy) * DT
        margin = self.radius[it.kind] + 2.0 * step_len + 1.0
        dx, dy = vx * DT, vy * DT
        for cx, cy, radius in self._bounds():
            first = flight.first_within(x0 - cx, y0 - cy, dx, dy, radius + margin, high)
            if first is not None and first < reach:
                reach = first
        for ax, ay, bx, by, half in self.wall_lines:
            first = flight.first_near_segment(x0, y0, dx, dy, ax, ay, bx, by, half + margin, high)
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
        self._filter_flier()
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
                self._filter_flier()
                return
            self.perched = False
            self.vz = 0.0
        vz = self.vz - self.level.gravity * DT
        z = self.z + vz * DT
        if z <= sup:
            self._touchdown(sup, shape, normal, -vz)
        else:
            self.z, self.vz = z, vz
        self._filter_flier()

    def _filter_flier(self) -> None:
        if self.airborne:
            z = self.z
            mask = (STATIC_BIT if z < self.static_guard else 0) | \
                (BODY_BIT if z < self.body_guard else 0)
            if mask != self.mask:
                self.mask = mask
                self.thrown.shape.filter = FLIER_FILTERS[mask]

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
        it.shape.filter = BODY_FILTER
        it.stirred = True
        it.pivot.max_force = it.force
        it.gear.max_force = it.torque

    def _fall_off(self, it: _Item, x: float, y: float, angle: float) -> None:
        self.space.remove(*(o for o in (it.body, it.shape, it.pivot, it.gear) if o is not None))
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
                if it.pivot is None:
                    self.needs_friction.append(it)
            self._add_woken_friction()
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


def outline(it: _Item, x: float, y: float, angle: float) -> geometry.Polygon:
    return geometry.placed(it.local, x, y, angle)


def free_spot(world: _World, it: _Item, x0: float, y0: float, angle: float,
              clearance: float = 0.5) -> tuple[float, float] | None:
    """The nearest spot to (x0, y0) where `it` lies wholly on the board touching nothing.

    A deterministic search: rings 2 mm apart, each walked counter-clockwise from +x in steps of
    about 2 mm, the first free spot wins.
    """
    board, level = world.board, world.level
    others = [outline(o, *o.body.position, o.body.angle) for o in world.live if o is not it]
    others += [ob.outline for ob in level.obstacles]
    limit = int(board.extent / 2.0) + 2
    for ring in range(limit):
        r = 2.0 * ring
        count = max(1, math.ceil(2.0 * math.pi * r / 2.0))
        for j in range(count):
            a = 2.0 * math.pi * j / count
            x, y = x0 + r * math.cos(a), y0 + r * math.sin(a)
            poly = outline(it, x, y, angle)
            if not all(board.contains(px, py) for px, py in poly):
                continue
            if all(geometry.outline_distance(poly, o) > clearance for o in others):
                return x, y
    return None
