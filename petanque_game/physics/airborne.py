"""The thrown body while it is airborne: contacts decided by height, the flight in closed form,
each step in the air, the touchdown and the landing (the pseudo-3D of `world.py`'s docstring).

A mixin of `_World` (`world.py`): it reads and writes the world's flight state (`z`, `vz`,
`airborne`, `perched`, the support found by `_air_contact` during a step).
"""

from __future__ import annotations

import math

import pymunk

from petanque_game.physics import cube, flight
from petanque_game.physics.build import (
    BODY_BIT,
    BODY_FILTER,
    CHECK_EVERY,
    DT,
    FLIER_FILTERS,
    GROUND,
    HOP_MIN,
    PERCH_STEPS,
    SLIDE_OFF,
    STATIC_BIT,
    TOPPLE_REACH,
    Z_EPS,
    _Item,
)
from petanque_game.physics.off_board import free_spot
from petanque_game.rules.petanque_table import DIAMOND


class _Airborne:
    """The flier's half of `_World`."""

    def _flight_z(self, n: int) -> float:
        """Height n steps on from (self.z, self.vz), as n semi-implicit Euler steps give it."""
        return self.z + n * DT * self.vz - 0.5 * self.level.gravity * DT * DT * n * (n + 1)

    def _clear_support(self) -> None:
        self.sup, self.sup_shape, self.sup_normal, self.sup_key = 0.0, None, (0.0, 0.0), None

    # --- the contact callback (decides from heights only, never from callback order) ---------

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
        if min(ground - 2, limit) < CHECK_EVERY:  # not one whole block before it comes down
            return 0
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
        tumbles, record = it.kind != DIAMOND, self.record_path
        for n in range(CHECK_EVERY, n_free + 1, CHECK_EVERY):
            if tumbles:
                self._flight_tumble(it, vx, vy, a0 + w * (n * DT))
            if record or n == n_free:  # without a path only the last frame's entry is kept
                t = n * DT
                it.entry = (x0 + vx * t, y0 + vy * t, self._flight_z(n), a0 + w * t,
                            it.orientation)
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
                p = o.body.position
                out.append((p.x, p.y, self.radius[o.kind]))
        return out

    def _air_step(self) -> None:
        """After each step in the air: the height, a touchdown on the support found during the
        step (by `_air_contact`; the board when there is none), and the flier's filter."""
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
                self._filter_flier()
                return
            self.perched = False
            self.vz = 0.0
        g_dt = self.g_dt
        vz = self.vz - g_dt
        z = self.z + vz * DT
        if z <= sup:
            self._touchdown(sup, shape, normal, -vz)
            self._filter_flier()
            return
        self.z, self.vz = z, vz
        # _filter_flier, inlined: it runs after every step in the air
        low = min(z, z + (vz - g_dt) * DT)
        mask = (STATIC_BIT if low < self.static_guard else 0) | \
            (BODY_BIT if low < self.body_guard else 0)
        if mask != self.mask:
            self.mask = mask
            self.thrown.shape.filter = FLIER_FILTERS[mask]

    def _filter_flier(self) -> None:
        """The flier meets walls and obstacles, and bodies, only when it is below their tops
        (plus GUARD) now or will be after the next step: above them a step costs no callback."""
        if self.airborne:
            z = self.z
            low = min(z, z + (self.vz - self.g_dt) * DT)
            mask = (STATIC_BIT if low < self.static_guard else 0) | \
                (BODY_BIT if low < self.body_guard else 0)
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
            self.landing_speed = speed  # along the felt, before the landing's brake
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
            self.perch_steps = 0

    def _topple(self) -> None:
        """A die perched on other bodies that has not slid off them (they hem it in) tips off
        onto the nearest free spot of the felt beside it, and lies there."""
        it = self.thrown
        x, y = it.body.position
        spot = free_spot(self, it, x, y, it.body.angle, reach=TOPPLE_REACH * self.level.dice.side)
        if spot is None:
            return  # nowhere to go: it stays perched (the time cap lays it down)
        it.body.position = spot
        it.body.velocity = (0.0, 0.0)
        it.shape.cache_bb()
        self._land(it)

    def _land(self, it: _Item) -> None:
        self.z, self.vz = 0.0, 0.0
        self.airborne = self.perched = False
        it.shape.collision_type = GROUND
        it.shape.filter = BODY_FILTER
        it.stirred = True
        if it.pivot is None:  # the felt's friction, from the landing on
            self._add_friction(it)
        self.roller.consider(it, self.items.index)

    def _flight_tumble(self, it: _Item, vx: float, vy: float, angle: float) -> None:
        self.flown += math.hypot(vx, vy) * DT * CHECK_EVERY
        turns = int(self.flown / self.level.tumble.flight_step) - self.flight_turns
        if turns > 0:
            self.flight_turns += turns
            k = cube.direction_index(math.atan2(vy, vx) - angle)
            it.orientation = cube.roll(it.orientation, k, turns)
