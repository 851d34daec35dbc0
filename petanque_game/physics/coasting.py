"""A thrown body's flight in closed form (docs/design.md#pseudo-3d-flight): the whole blocks of
steps in which the flier (`airborne.Flier`) surely touches nothing are worked out, not stepped
through pymunk. The world tries it whenever the flier may coast (after the launch and after each
bounce) and steps the rest."""

from __future__ import annotations

import math

from petanque_game.physics import cube, flight
from petanque_game.physics.airborne import Flier
from petanque_game.physics.build import CHECK_EVERY, DT
from petanque_game.rules.petanque_table import DIAMOND


def coast(flier: Flier, limit: int) -> int:
    """Run the flight in closed form for as many whole blocks as it surely touches nothing.

    While the rest of the table is at rest and the flier is either above everything or out
    of reach of every shape, pymunk would only move it in a straight line at constant speed
    and spin (no friction in the air, no contact), and z follows the Euler sums: so those
    steps are not run through pymunk, only their frames and the tumbling are made. Returns
    the number of steps done (a multiple of CHECK_EVERY; 0 when none can be skipped).
    """
    it = flier.it
    if not flier.airborne or flier.perched:
        return 0
    for other in flier.world.awake:
        if other is not it and (other.stirred or
                                other.body.kinetic_energy > other.ke_rest):
            return 0
    g = flier.level.gravity
    a, b = 0.5 * g * DT * DT, DT * flier.vz - 0.5 * g * DT * DT
    ground = flight.first_at_or_below(a, b, flier.z, 0.0)  # first step at or below the board
    if min(ground - 2, limit) < CHECK_EVERY:  # not one whole block before it comes down
        return 0
    high = flight.first_at_or_below(a, b, flier.z, flier.highest) if flier.z > flier.highest else 0
    body = it.body
    (x0, y0), a0 = body.position, body.angle
    vx, vy = body.velocity
    w = body.angular_velocity
    step_len = math.hypot(vx, vy) * DT
    margin = flier.radius[it.kind] + 2.0 * step_len + 1.0
    reach = flight.first_near_any(x0, y0, vx * DT, vy * DT, _bounds(flier), flier.wall_frames,
                                  margin, high, ground)
    n_free = min(reach - 2, limit)
    n_free -= n_free % CHECK_EVERY
    if n_free <= 0:
        return 0
    record, frame = flier.record_path, flier.world.frame
    if it.kind != DIAMOND:  # `tumble` at every block, with what stays the same worked out once
        block_flown, flight_step = math.hypot(vx, vy) * DT * CHECK_EVERY, \
            flier.level.tumble.flight_step
        flown, flight_turns = flier.flown, flier.flight_turns
    for n in range(CHECK_EVERY, n_free + 1, CHECK_EVERY):
        if it.kind != DIAMOND:
            flown += block_flown
            turns = int(flown / flight_step) - flight_turns
            if turns > 0:
                flight_turns += turns
                k = cube.direction_index(math.atan2(vy, vx) - (a0 + w * (n * DT)))
                it.orientation = cube.roll(it.orientation, k, turns)
        if record or n == n_free:  # without a path only the last frame's entry is kept
            t = n * DT
            it.entry = (x0 + vx * t, y0 + vy * t, flier.flight_z(n), a0 + w * t,
                        it.orientation)
            frame()
    if it.kind != DIAMOND:
        flier.flown, flier.flight_turns = flown, flight_turns
    t = n_free * DT
    body.position = (x0 + vx * t, y0 + vy * t)
    body.angle = a0 + w * t
    flier.z, flier.vz = flier.flight_z(n_free), flier.vz - n_free * g * DT
    flier.filter()
    flier.steps_skipped += n_free
    return n_free

def _bounds(flier: Flier) -> list[tuple[float, float, float]]:
    """Bounding circles (x, y, radius) of everything the flier could touch."""
    out = list(flier.static_bounds)
    radius = flier.radius
    for o in flier.world.live:
        if o is not flier.it:
            if o.awake or o.touched:
                x, y = o.body.position
            else:  # nothing has touched it: it lies exactly where it was placed
                x, y = o.placed
            out.append((x, y, radius[o.kind]))
    return out
