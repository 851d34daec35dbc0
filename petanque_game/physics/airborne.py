"""The thrown body from the hand to the felt: its height, its contacts in the air, the flight in
closed form, the touchdowns and the landing (docs/design.md#pseudo-3d-flight).

pymunk moves every body in the board plane. Only the thrown body ever leaves the plane: its
underside height `z` and vertical speed `vz` are integrated here with semi-implicit Euler under
the level's gravity, in the world's 1/480 s steps. While it is above everything (walls, obstacles,
bodies) nothing else can move, so that part of the flight is not stepped through pymunk at all:
it follows in closed form (the same Euler sums, `coasting.coast`) and the world is stepped from
where it ends. Lower down, its shape has collision type AIR and a pre_solve callback
(`Flier.air_contact`) decides each contact from the heights: a body (or wall, obstacle) whose top
is above the flier's underside is hit in the plane like any collision (a throw too low hits its
wall and drops back); one whose top is below is flown over, and noted as the highest thing
underneath. When z comes down to the highest thing underneath (the board, another body, a wall or
an obstacle) the body lands there: it tumbles, bounces with the felt's restitution and is braked
in proportion to the impact; a body it lands on is driven away along the contact normal. A landing
too soft to bounce again ends the flight on the board (friction on), or leaves the body perched
on what it hit, from which it slides off, away from it, at a fixed speed, then falls; a die still
perched after PERCH_STEPS topples off onto the nearest free spot beside it, or, when there is
none within TOPPLE_REACH die sides, is laid down at once as the time cap lays it (`lay_down`).
A landing on the floor outside the board is off. A flight is bounded (speed and height are), and
a body that comes down beyond the world lies at its edge (`world.World.fall_off`).

The flier's collision filter leaves out the walls and obstacles, and the bodies, unless it is
below the highest of their tops (plus GUARD) now or will be after the next step: a flight costs
no callbacks until it is about to come down on something or hit it.

`Flier` holds all of the flight's state; the world (`world.World`) owns one per throw and calls
it after each step in the air. What the flier needs of the world in return (waking a body,
taking one off the board, a path frame, putting it on the felt, the outlines round a spot) is
`Surroundings`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Protocol

import pymunk

from petanque_game.physics import cube
from petanque_game.physics.build import (
    AIR,
    BODY_BIT,
    CHECK_EVERY,
    DT,
    FLIER_FILTERS,
    HOP_MIN,
    PERCH_STEPS,
    STATIC_BIT,
    Z_EPS,
    Item,
    StaticPlan,
)
from petanque_game.physics.geometry import Polygon
from petanque_game.physics.level import Board, Level
from petanque_game.physics.level_play import SLIDE_OFF, TOPPLE_REACH
from petanque_game.physics.off_board import free_spot
from petanque_game.physics.rolling import Roller
from petanque_game.rules.petanque_table import DIAMOND, Launch

_BLOCK = range(CHECK_EVERY)


class Surroundings(Protocol):
    """What the flier needs of the world it flies in (`world.World` is one)."""

    level: Level
    board: Board
    plan: StaticPlan
    record_path: bool
    thrown: Item
    items: list[Item]
    top: dict[pymunk.Shape, float]  # every shape's top height
    order: dict[pymunk.Shape, int]  # every shape's place in the adding order
    index: dict[pymunk.Shape, int]  # a body's shape -> its place in items
    live: list[Item]  # the bodies in the world
    awake: list[Item]  # ... and those this throw may have set moving

    def wake(self, i: int) -> None: ...
    def fall_off(self, it: Item, x: float, y: float, angle: float) -> None: ...
    def frame(self) -> None: ...
    def on_felt(self, it: Item) -> None: ...
    def others(self, it: Item) -> list[Polygon]: ...


class Flier:
    """The thrown body while it is in the air or perched, and what its flight did."""

    sup_shape: pymunk.Shape | None  # the highest shape it is over, while it is over one
    sup_key: tuple[float, int] | None  # (that shape's top, -its adding order)
    first_touchdown: tuple[float, float, float, float, float, float] | None
    landing_speed: float | None

    def __init__(self, world: Surroundings, launch: Launch):
        self.world = world
        self.level = level = world.level
        self.board = world.board
        self.it = it = world.thrown
        self.items, self.top, self.order, self.index = world.items, world.top, world.order, \
            world.index
        plan = world.plan
        self.highest, self.radius = plan.highest, plan.radius
        self.wall_frames, self.static_bounds = plan.wall_frames, plan.static_bounds
        self.static_guard, self.body_guard = plan.static_guard, plan.body_guard
        self.record_path = world.record_path
        # the launch: no friction in the air (the joints come with the landing: `land`)
        body = it.body
        body.position = (launch.x, launch.y)
        body.angle = launch.direction
        h = launch.speed * math.cos(launch.elevation)
        body.velocity = (h * math.cos(launch.direction), h * math.sin(launch.direction))
        body.angular_velocity = launch.spin
        it.shape.collision_type = AIR
        self.airborne = True
        self.perched = False
        self.perch_steps = 0  # steps perched so far
        self.z = level.throw.hand_height - it.height / 2.0
        self.vz = launch.speed * math.sin(launch.elevation)
        self.g_dt = level.gravity * DT  # what one step takes off vz
        self.first_touchdown = None  # (x, y, angle, vx, vy, spin): the benchmark's baseline
        self.landing_speed = None  # mm/s along the felt at the first touchdown (benchmarks)
        self.steps_skipped = 0  # flight steps done in closed form, not through pymunk
        self.flown = 0.0  # mm of flight, for the tumbling in the air
        self.flight_turns = 0
        self._clear_support()
        self.may_coast = True  # try the flight in closed form (`coasting.coast`) next
        self.mask = -1
        self.filter()
        it.entry = (launch.x, launch.y, self.z, launch.direction, it.orientation)

    def flight_z(self, n: int) -> float:
        """Height n steps on from (self.z, self.vz), as n semi-implicit Euler steps give it."""
        return self.z + n * DT * self.vz - 0.5 * self.level.gravity * DT * DT * n * (n + 1)

    def _clear_support(self) -> None:
        self.sup, self.sup_shape, self.sup_normal, self.sup_key = 0.0, None, (0.0, 0.0), None

    # --- the contact callback (decides from heights only, never from callback order) ---------

    def air_contact(self, arb: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        b = arb.shapes[1]
        top = self.top[b]
        if self.z < top - Z_EPS:  # lower than the top of what it meets: an ordinary collision
            i = self.index.get(b)
            if i is not None and not self.items[i].awake:
                self.world.wake(i)
            return
        arb.process_collision = False
        key = (top, -self.order[b])
        if self.sup_key is None or key > self.sup_key:
            n = arb.normal
            self.sup, self.sup_shape, self.sup_normal, self.sup_key = top, b, (n.x, n.y), key

    def fly(self, step: Callable[[float], None], after: Callable[[], None],
            needs_friction: list[Item], roller: Roller) -> None:
        """CHECK_EVERY steps of the world with the flier in the air: `step` steps pymunk, then
        the flier follows (`air_step`) and `after` does the world's own work of a step when
        there is any (bodies woken in `needs_friction`, dice rolling in `roller`).

        The usual step (nothing found underneath, not perched, still above the board) is
        `air_step`'s own arithmetic written out here, on the same floats in the same order;
        anything else goes through `air_step` itself."""
        g_dt, static_guard, body_guard = self.g_dt, self.static_guard, self.body_guard
        dt, filters, shape = DT, FLIER_FILTERS, self.it.shape
        for _ in _BLOCK:
            step(dt)
            if self.airborne:
                if self.sup_shape is None and not self.perched:
                    vz = self.vz - g_dt
                    z = self.z + vz * dt
                    if z > 0.0:
                        self.z, self.vz = z, vz
                        # min(z, z + d): only compared with the guards below
                        d = (vz - g_dt) * dt
                        low = z + d if d < 0.0 else z
                        mask = (STATIC_BIT if low < static_guard else 0) | \
                            (BODY_BIT if low < body_guard else 0)
                        if mask != self.mask:
                            self.mask = mask
                            shape.filter = filters[mask]
                    else:
                        self.air_step()
                else:
                    self.air_step()
            if needs_friction or roller.rolling:
                after()

    def air_step(self) -> None:
        """After each step in the air: the height, a touchdown on the support found during the
        step (by `air_contact`; the board when there is none), and the flier's filter."""
        shape = self.sup_shape
        if shape is None:  # the support is clear (_clear_support): the board
            sup, normal = 0.0, (0.0, 0.0)
        else:
            sup, normal = self.sup, self.sup_normal
            self.sup, self.sup_shape, self.sup_normal, self.sup_key = 0.0, None, (0.0, 0.0), None
        if self.perched:
            if shape is not None and sup >= self.z - Z_EPS:
                self.z = sup
                self.perch_steps += 1
                if self.perch_steps >= PERCH_STEPS:
                    self._topple()
                self.filter()
                return
            self.perched = False
            self.vz = 0.0
        g_dt = self.g_dt
        vz = self.vz - g_dt
        z = self.z + vz * DT
        if z <= sup:
            self._touchdown(sup, shape, normal, -vz)
            self.filter()
            return
        self.z, self.vz = z, vz
        # filter(), inlined: it runs after every step in the air
        low = min(z, z + (vz - g_dt) * DT)
        mask = (STATIC_BIT if low < self.static_guard else 0) | \
            (BODY_BIT if low < self.body_guard else 0)
        if mask != self.mask:
            self.mask = mask
            self.it.shape.filter = FLIER_FILTERS[mask]

    def filter(self) -> None:
        """The flier meets walls and obstacles, and bodies, only when it is below their tops
        (plus GUARD) now or will be after the next step: above them a step costs no callback."""
        if self.airborne:
            z = self.z
            low = min(z, z + (self.vz - self.g_dt) * DT)
            mask = (STATIC_BIT if low < self.static_guard else 0) | \
                (BODY_BIT if low < self.body_guard else 0)
            if mask != self.mask:
                self.mask = mask
                self.it.shape.filter = FLIER_FILTERS[mask]

    def _touchdown(self, level_z: float, shape: pymunk.Shape | None, normal: tuple[float, float],
                   vi: float) -> None:
        it, level = self.it, self.level
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
            self.landing_speed = speed  # along the felt, before the landing's brake
        if shape is not None and shape in self.index:
            other = self.items[self.index[shape]].body
            push = level.tumble.drive * (1.0 + e) * body.mass * vi / other.mass
            ov = other.velocity
            other.velocity = (ov.x + push * normal[0], ov.y + push * normal[1])
            self.world.wake(self.index[shape])
        if shape is None and not self.board.contains(x, y):
            self.z, self.vz = 0.0, 0.0
            self.airborne = False
            self.world.fall_off(it, x, y, body.angle)
            return
        bounce = e * vi
        if bounce >= HOP_MIN:
            body.velocity = (vx, vy)
            self.z, self.vz = level_z, bounce
            self.may_coast = True
        elif shape is None:
            body.velocity = (vx, vy)
            self.land()
        else:
            ax, ay = -normal[0], -normal[1]  # away from what it landed on
            along = vx * ax + vy * ay
            if along < SLIDE_OFF:
                vx, vy = vx + (SLIDE_OFF - along) * ax, vy + (SLIDE_OFF - along) * ay
            body.velocity = (vx, vy)
            self.z, self.vz, self.perched = level_z, 0.0, True
            self.perch_steps = 0

    def _topple(self) -> None:
        """A die perched on other bodies that has not slid off them (they hem it in) tips off
        onto the nearest free spot of the felt beside it, and lies there. When there is none
        within reach (a pocket between obstacles, a crowd, the top of a wall) it is laid down at
        once as the time cap would lay it (`lay_down`): searching again at every step while
        it stays stuck would cost a whole search a step."""
        it = self.it
        x, y = it.body.position
        angle = it.body.angle
        reach = TOPPLE_REACH * self.level.dice.side
        spot = free_spot(self.board, self.world.others(it), it.outline_at(angle), x, y,
                         reach=reach)
        if spot is None:
            self.lay_down(searched=reach)
            return
        it.body.position = spot
        it.body.velocity = (0.0, 0.0)
        it.shape.cache_bb()
        self.land()

    def land(self) -> None:
        """The flight ends on the felt: the world puts the body on it (friction on)."""
        self.z, self.vz = 0.0, 0.0
        self.airborne = self.perched = False
        self.world.on_felt(self.it)

    def come_down(self) -> None:
        """The time cap, with the body still in the air: it is laid down (`lay_down`)."""
        if not self.airborne:
            return
        self.lay_down()
        self.world.frame()

    def lay_down(self, searched: float = 0.0) -> None:
        """The body leaves the air where it is: at the nearest free spot on the board, or off the
        board when there is none (or it is beyond the board). After a topple's search (of reach
        `searched`, in vain) it lies there at rest, and that search is not made again."""
        it = self.it
        x, y = it.body.position
        angle = it.body.angle
        if not self.board.contains(x, y):
            self.world.fall_off(it, x, y, angle)
        else:
            spot = free_spot(self.board, self.world.others(it),
                             it.outline_at(angle), x, y, searched=searched)
            if spot is None:
                self.world.fall_off(it, x, y, angle)
            else:
                it.body.position = spot
                if searched:
                    it.body.velocity = (0.0, 0.0)
                    it.shape.cache_bb()
                self.land()
        self.airborne = self.perched = False

    def tumble(self, vx: float, vy: float, angle: float) -> None:
        """The tumbling in the air: a quarter turn for every `tumble.flight_step` mm flown,
        counted once a path frame (CHECK_EVERY steps)."""
        it = self.it
        self.flown += math.hypot(vx, vy) * DT * CHECK_EVERY
        turns = int(self.flown / self.level.tumble.flight_step) - self.flight_turns
        if turns > 0:
            self.flight_turns += turns
            k = cube.direction_index(math.atan2(vy, vx) - angle)
            it.orientation = cube.roll(it.orientation, k, turns)
