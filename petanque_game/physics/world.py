"""The pymunk world of one throw: built from the table, stepped to rest, read back.

`World` owns the throw's space, a new one each throw, and the board's parts lent to it
(`parts.py`: made once per board, given back by `finish`, added in a fixed order:
the seats' walls, the obstacles, then the diamond, the dice in table order, the thrown body
last, so that the world is the same as one made afresh, bit for bit), the
thrown body's flight (an `airborne.Flier`: docs/design.md#pseudo-3d-flight, which is described
there), the dice rolling on the felt (a `rolling.Roller`), the hits the contact callbacks record
and the path's frames. `settle.py` runs it and reads the settled table and the path back.

Felt friction is pymunk's `tank.py` idiom (docs/design.md#coming-to-rest): a PivotJoint and a
GearJoint per body to the static body with max_bias 0 and max_force mu*m*g (torque mu*m*g times the
body's radius of gyration). The thrown body gets them when it lands (there is no friction in the
air). A body at rest that nothing touches needs no friction either, so the joints are added to a
body only when it is first woken (a contact begins with it, or with a body touching it, or it is
landed on), right after that step, in item order. (Each pair acts on its own body alone, so the
order in which different bodies' joints were added changes no number.)

Every CHECK_EVERY steps (1/60 s: one path frame) the world is checked: a body whose centre has
left the board falls off (removed, and laid clear of the walls: `off_board.clear_of_walls`; the
throw in progress is noted), hits recorded by the `begin` callbacks tumble the dice they struck
(in a sorted order: callback order is not deterministic), a die that lay before the throw and has
been struck hard or moved is knocked (physics 3: it tumbles by chance, `knocked.py`), and rest is
declared after REST_CHECKS checks in a row with every body slower than REST_SPEED and REST_SPIN
and no overlap deeper than MAX_OVERLAP. Only bodies this throw has woken are read at a check, and
without a path only what decides something (speed, then place); where everything came to rest is
read once at the end (`settle.read_rest`). After MAX_STEPS everything stops where it is, and a body
still in the air comes down (`Flier.come_down`).

Only pymunk's public API is used (plain `Space.step`, `Body.position`, ...): what a step costs
around pymunk is kept small by doing little Python per step (bodies at rest that nothing touched
are never read, the flier's usual step in the air is a few float operations: `Flier.fly`) rather
than by reaching past pymunk. A body no contact began with (`Item.touched`) and that was never
woken lies exactly where it was placed: it is read from there (`Item.placed`), and lent as it
lies to the next throw from the same table (`parts.Parts.give_back`).
"""

from __future__ import annotations

import math
import weakref
from typing import Any

import pymunk

from petanque_game.physics import cube
from petanque_game.physics.airborne import Flier
from petanque_game.physics.build import (
    AIR,
    BODY_FILTER,
    CHECK_EVERY,
    DT,
    GROUND,
    MAX_OVERLAP,
    MAX_STEPS,
    REST_CHECKS,
    Item,
    add_friction,
    board_test,
    new_space,
    static_plan,
)
from petanque_game.physics.coasting import coast
from petanque_game.physics.geometry import Polygon
from petanque_game.physics.knocked import Knocks
from petanque_game.physics.level import Level
from petanque_game.physics.off_board import clear_of_walls
from petanque_game.physics.parts import add_parts, lend
from petanque_game.physics.rolling import Roller
from petanque_game.rules.petanque_table import DIAMOND, Launch, Table

EDGE_ROOM = 1.0  # mm: how far inside the world's edge (`Level.world_half_size`) a body may lie


class World:
    """One throw's world: built from the table at rest, stepped to rest (`run`), read back by
    `settle.py`."""

    def __init__(self, level: Level, table: Table, num_players: int, thrower: int, obj: str,
                 die: int | None, launch: Launch, record_path: bool, callbacks: bool = True):
        self.level, self.thrower, self.record_path = level, thrower, record_path
        self.board = level.board
        self.contains = board_test(level)  # = board.contains, for the checks
        self.plan = static_plan(level, num_players)
        self.space = space = new_space()
        self.parts = parts = lend(level, num_players, self.plan)  # given back by `finish`
        self.static_body = parts.static_body
        self.top: dict[pymunk.Shape, float] = {}  # height of every shape's top
        self.order: dict[pymunk.Shape, int] = {}  # every shape's place in the adding order
        self.index: dict[pymunk.Shape, int] = {}  # a body's shape -> its place in self.items
        self.items = add_parts(space, parts, table, thrower, obj, die, launch, self.top,
                               self.order, self.index)
        self.thrown = self.items[-1]
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
        self.needs_friction: list[Item] = []
        self.roller = Roller(level, DT)
        # physics 3: the dice this throw knocks tumble by the launch's chance (`knocked.py`)
        self.knocks = None if launch.tumble is None else Knocks(launch.tumble, self.items)
        self.flier = Flier(self, launch)
        self.settled = False
        # nothing lies beyond the world a record is checked against (`fall_off`)
        self.edge = level.world_half_size - EDGE_ROOM
        if callbacks:  # through a weak reference: see `_air_contact`
            me = weakref.ref(self)
            space.on_collision(AIR, None, pre_solve=_air_contact, data=me)
            space.on_collision(GROUND, None, begin=_hit, data=me)

    # --- callbacks (decisions may depend only on state, never on callback order) ------------

    def wake(self, i: int) -> None:
        """Body i has been set moving (hit, or landed on): it and everything touching it are
        read at the checks from now on, and get the felt's friction after this step."""
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

    def _hit(self, arb: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        a, b = arb.shapes
        ia, ib = self.index.get(a), self.index.get(b)  # None for a wall or an obstacle
        if ia is not None:
            self.items[ia].touched = True
        if ib is not None:
            self.items[ib].touched = True
        if AIR in (a.collision_type, b.collision_type):
            return  # the flier: decided by Flier.air_contact, every step
        if ia is not None and ib is not None:
            if ia > ib:
                return  # a (GROUND, None) handler is called for both orders of such a pair
            self.touching.setdefault(ia, set()).add(ib)
            self.touching.setdefault(ib, set()).add(ia)
            if self.items[ia].awake != self.items[ib].awake:
                self.wake(ib if self.items[ia].awake else ia)
        n, body_a, body_b = arb.normal, a.body, b.body
        assert body_a is not None and body_b is not None  # every shape in the world is on one
        va, vb = body_a.velocity, body_b.velocity
        approach = (va.x - vb.x) * n.x + (va.y - vb.y) * n.y
        turns = int(approach / self.level.tumble.hit_speed)
        if turns <= 0:
            return
        for shape, body, sign in ((a, body_a, -1.0), (b, body_b, 1.0)):
            i = self.index.get(shape)
            if i is not None and self.items[i].kind != DIAMOND:
                heading = math.atan2(sign * n.y, sign * n.x)
                k = cube.direction_index(heading - body.angle)
                self.hits.append((i, turns, k))

    # --- stepping ----------------------------------------------------------------------------

    def run(self) -> int:
        """Step to rest (or the cap); returns the simulated steps, the flight's included."""
        step = self.space.step
        needs_friction = self.needs_friction  # the list itself: only ever cleared in place
        flier, roller = self.flier, self.roller
        fly, after_step = flier.fly, self._after_step
        block = range(CHECK_EVERY)
        still = 0
        self.frame()
        steps = 0
        while steps < MAX_STEPS:
            if flier.may_coast:
                flier.may_coast = False
                n = coast(flier, MAX_STEPS - steps)
                if n:
                    steps += n
                    continue
            if flier.airborne:
                fly(step, after_step, needs_friction, roller)
            elif roller.rolling:
                for _ in block:
                    step(DT)
                    if needs_friction:
                        self._add_woken_friction()
                    if roller.rolling:
                        roller.step()
            else:  # nothing rolls, and nothing starts rolling within a block (`_check` does)
                for _ in block:
                    step(DT)
                    if needs_friction:
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
                    break
        else:
            self.settled = False
            flier.come_down()
        if self.knocks is not None:
            self.knocks.sweep(self.items)
        return steps

    def _after_step(self) -> None:
        """The world's own work after a step: friction for what the step woke, and the rolling."""
        if self.needs_friction:
            self._add_woken_friction()
        if self.roller.rolling:
            self.roller.step()

    def _check(self) -> bool:
        """Falls, tumbles and a path frame; True while anything is still moving."""
        knocks = self.knocks
        if self.hits:
            items = self.items
            for i, turns, k in sorted(self.hits):
                if knocks is not None:
                    knocks.knock(items[i])
                items[i].orientation = cube.roll(items[i].orientation, k, turns)
            self.hits.clear()
        moving = False
        flier = self.flier
        in_air = flier.it if flier.airborne else None  # nothing below lands or launches it
        contains = self.contains
        record = self.record_path  # without a path, `read_rest` reads the entries at the end
        for it in self.awake:  # fall_off rebinds self.awake: this loop reads the old list
            body = it.body
            if it is in_air:
                moving = True
                if not flier.perched and it.kind != DIAMOND:
                    angle = body.angle
                    vx, vy = body.velocity
                    flier.tumble(vx, vy, angle)
                if record:
                    x, y = body.position
                    it.entry = (x, y, flier.z, body.angle, it.orientation)
                continue
            ke = body.kinetic_energy
            still = ke <= it.ke_rest  # at rest: friction stops anything this slow within a step
            if still and not it.stirred:
                if record and it.entry[4] != it.orientation:
                    it.entry = (*it.entry[:4], it.orientation)
                continue
            it.stirred = not still  # a body coming to rest is read once more, then left alone
            x, y = body.position
            if knocks is not None and knocks.moved(it, x, y):
                knocks.knock(it)
            if not contains(x, y):
                self.fall_off(it, x, y, body.angle)
                continue
            if record:
                it.entry = (x, y, 0.0, body.angle, it.orientation)
            if not still:
                moving = True
                # too slow to roll (m v^2 <= kinetic energy: half the rolling speed's energy
                # leaves no doubt in the rounding) needs no look at its velocity
                if ke >= it.roll_ke and it.pivot is not None:
                    self.roller.consider(it, self.items.index)
        if record:
            self.frames.append(tuple([it.entry for it in self.items]))
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

    def frame(self) -> None:
        """A path frame: every body's entry as it stands (when the path is recorded)."""
        if self.record_path:
            self.frames.append(tuple([it.entry for it in self.items]))

    # --- bodies coming down, leaving, and getting friction -----------------------------------

    def on_felt(self, it: Item) -> None:
        """The thrown body lies on the felt from now on: it meets the bodies on the board again,
        under the felt's friction, and it may roll."""
        it.shape.collision_type = GROUND
        it.shape.filter = BODY_FILTER
        it.stirred = True
        if it.pivot is None:  # the felt's friction, from the landing on
            add_friction(self.space, self.static_body, it)
        self.roller.consider(it, self.items.index)

    def fall_off(self, it: Item, x: float, y: float, angle: float) -> None:
        """A body whose centre has left the board (at x, y) is taken out of the world; it lies
        there on the floor, clear of the walls, and no further out than the world's edge (what
        a record is checked against, whatever the board)."""
        self.space.remove(*(o for o in (it.body, it.shape, it.pivot, it.gear) if o is not None))
        it.on = it.in_world = False
        it.off_frame = len(self.frames)
        edge = self.edge  # a body that came down beyond the world lies at its edge
        x, y = max(-edge, min(edge, x)), max(-edge, min(edge, y))
        x, y = clear_of_walls(it.outline_at(angle), x, y, self.plan.outlines)
        it.entry = (x, y, 0.0, angle, it.orientation)
        self.live = [i for i in self.live if i is not it]
        self.awake = [i for i in self.awake if i is not it]

    def others(self, it: Item) -> list[Polygon]:
        """The outlines `it` must keep clear of on the board: every other body in the world
        where it is now, then the obstacles."""
        out = [o.outline(*o.body.position, o.body.angle) for o in self.live if o is not it]
        out += [ob.outline for ob in self.level.obstacles]
        return out

    def finish(self) -> None:
        """The throw has been read back: the board's parts go back for the next throw (the
        world's bodies are not to be read after this); those that nothing touched or set moving
        lie as they were laid, for the next throw from the same table (`Parts.give_back`).
        The flier lets go of the world, so that the world is freed as soon as it is dropped."""
        self.parts.give_back({id(it.body) for it in self.items
                              if it.in_world and not (it.awake or it.touched)})
        del self.flier.world

    def _add_woken_friction(self) -> None:
        """Friction for the bodies woken during the last step, in a fixed order (a body at rest
        that nothing touches needs none: building joints is most of a world's cost)."""
        for it in sorted(self.needs_friction, key=self.items.index):
            if it.pivot is None and it.in_world:
                add_friction(self.space, self.static_body, it)
        self.needs_friction.clear()


# The space's handlers hold the world weakly, and `finish` parts it from its flier: a world then
# holds no reference to itself, and is freed as soon as it is dropped rather than by the garbage
# collector (a space and its handlers hold each other, in pymunk, and wait for it), which would
# otherwise find a whole world, its items and its bookkeeping, to go through after every few
# throws.

def _air_contact(arb: pymunk.Arbiter, space: pymunk.Space, world: weakref.ref[World]) -> None:
    w = world()
    if w is not None:  # (always, while the world steps)
        w.flier.air_contact(arb, space, None)


def _hit(arb: pymunk.Arbiter, space: pymunk.Space, world: weakref.ref[World]) -> None:
    w = world()
    if w is not None:
        w._hit(arb, space, None)
