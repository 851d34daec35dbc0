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
radius of gyration). The thrown body gets them when it lands (there is no friction in the air).
A body at rest that nothing touches needs no friction either, so the joints are added to a body
only when it is first woken (a contact begins with it, or with a body touching it, or it is
landed on), right after that step, in item order. (Each pair acts on its own body alone, so the
order in which different bodies' joints were added changes no number.) The flier's collision filter leaves out the walls and obstacles, and the bodies, unless it
is below the highest of their tops (plus GUARD) now or will be after the next step: a flight
costs no callbacks until it is about to come down on something or hit it.

Every CHECK_EVERY steps (1/60 s: one path frame) the world is checked: a body whose centre has
left the board falls off (removed; the throw in progress is noted), hits recorded by the `begin`
callbacks tumble the dice they struck (in a sorted order: callback order is not deterministic),
and rest is declared after REST_CHECKS checks in a row with every body slower than REST_SPEED and
REST_SPIN and no overlap deeper than MAX_OVERLAP. Only bodies this throw has woken are read at a
check. After MAX_STEPS everything stops where it is. Shapes and bodies are added in a fixed order
(the seats' walls, the obstacles, then the diamond, the dice in table order, the thrown body last).

The parts: `build.py` builds the world (and holds the fixed numbers), `airborne.py` flies and
lands the thrown body, `off_board.py` takes bodies off the board and finds free spots; here the
world is stepped, the hits are recorded and the checks made. Only pymunk's public API is used
(plain `Space.step`, `Body.position`, ...): what a step costs around pymunk is kept small by
doing little Python per step (bodies at rest that nothing touched are never read, the flier's
height is a few float operations) rather than by reaching past pymunk.
"""

from __future__ import annotations

import math

import pymunk

from petanque_game.physics import cube
from petanque_game.physics.airborne import _Airborne
from petanque_game.physics.build import (
    AIR,
    CHECK_EVERY,
    DT,
    FPS,
    MAX_OVERLAP,
    MAX_STEPS,
    REST_CHECKS,
    _Build,
)
from petanque_game.physics.off_board import _OffBoard, free_spot, outline
from petanque_game.rules.petanque_table import DIAMOND

# what settle.py and the benchmark read from here
__all__ = ["DT", "FPS", "_World", "free_spot", "outline"]


class _World(_Build, _Airborne, _OffBoard):
    """One throw's world: built (`_Build`), stepped to rest (`run`), read back by `settle.py`."""

    # --- callbacks (decisions may depend only on state, never on callback order) ------------

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
        needs_friction = self.needs_friction  # the list itself: only ever cleared in place
        air_step = self._air_step
        block = range(CHECK_EVERY)
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
                for _ in block:
                    step(DT)
                    if self.airborne:
                        air_step()
                    if needs_friction:
                        self._add_woken_friction()
                    if self.roller.rolling:
                        self.roller.step()
            else:
                for _ in block:
                    step(DT)
                    if needs_friction:
                        self._add_woken_friction()
                    if self.roller.rolling:
                        self.roller.step()
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
            self._stop_at_cap()
        return steps

    def _check(self) -> bool:
        """Falls, tumbles and a path frame; True while anything is still moving."""
        if self.hits:
            items = self.items
            for i, turns, k in sorted(self.hits):
                items[i].orientation = cube.roll(items[i].orientation, k, turns)
            self.hits.clear()
        moving = False
        flier = self.thrown if self.airborne else None  # nothing below lands or launches it
        contains = self.contains
        for it in self.awake:  # _fall_off rebinds self.awake: this loop reads the old list
            body = it.body
            if it is flier:
                x, y = body.position
                angle = body.angle
                if not self.perched and it.kind != DIAMOND:
                    vx, vy = body.velocity
                    self._flight_tumble(it, vx, vy, angle)
                it.entry = (x, y, self.z, angle, it.orientation)
                moving = True
                continue
            still = body.kinetic_energy <= it.ke_rest  # at rest: friction stops anything this
            if still and not it.stirred:               # slow within a step
                if it.entry[4] != it.orientation:
                    it.entry = (*it.entry[:4], it.orientation)
                continue
            it.stirred = not still  # a body coming to rest is read once more, then left alone
            x, y = body.position
            if not contains(x, y):
                self._fall_off(it, x, y, body.angle)
                continue
            it.entry = (x, y, 0.0, body.angle, it.orientation)
            if not still:
                moving = True
                if it.kind != DIAMOND and it.pivot is not None:
                    self.roller.consider(it, self.items.index)
        if self.record_path:
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

    def _frame(self) -> None:
        if self.record_path:
            self.frames.append(tuple([it.entry for it in self.items]))
