"""Closed-form pieces of a throw's flight, for skipping steps that cannot matter.

When does a falling Euler arc first come down to a height, and when does a point moving in a
straight line at constant speed first come within reach of a circle or a segment. Steps are
counted in whole physics steps; every answer errs early (never later than the truth), since it
only decides how long the world may go unstepped.
"""

from __future__ import annotations

import math

from petanque_game.physics.geometry import Polygon


def bounding_circle(poly: Polygon) -> tuple[float, float, float]:
    cx = sum(x for x, _ in poly) / len(poly)
    cy = sum(y for _, y in poly) / len(poly)
    return cx, cy, max(math.hypot(x - cx, y - cy) for x, y in poly)


def first_at_or_below(a: float, b: float, z: float, level: float) -> int:
    """First step n >= 1 at which z + b*n - a*n*n <= level (a > 0): a falling arc."""
    c = z - level
    n = max(1, int((b + math.sqrt(max(0.0, b * b + 4.0 * a * c))) / (2.0 * a)))
    while n > 1 and z + b * (n - 1) - a * (n - 1) * (n - 1) <= level:
        n -= 1
    while z + b * n - a * n * n > level:
        n += 1
    return n


def first_within(px: float, py: float, dx: float, dy: float, r: float, start: int) -> int | None:
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


def first_near_segment(px: float, py: float, dx: float, dy: float, ax: float, ay: float,
                       bx: float, by: float, r: float, start: int) -> int | None:
    """First step n >= start at which (px, py) + n (dx, dy) is within r of the segment a-b
    (rounded down: never later than the truth), or None."""
    first = first_within(px - ax, py - ay, dx, dy, r, start)
    at_b = first_within(px - bx, py - by, dx, dy, r, start)
    if at_b is not None and (first is None or at_b < first):
        first = at_b
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
        inside = math.floor(lo)
        if first is None or inside < first:
            first = inside
    return first


def framed(ax: float, ay: float, bx: float, by: float,
           half: float) -> tuple[float, float, float, float, float, float, float, float]:
    """A wall's segment with what `first_near_segment` works out from it alone, once:
    (ax, ay, bx, by, half width, length, ux, uy), u the unit vector from a to b."""
    length = math.hypot(bx - ax, by - ay)
    return ax, ay, bx, by, half, length, (bx - ax) / length, (by - ay) / length


def first_near_any(px: float, py: float, dx: float, dy: float,
                   circles: list[tuple[float, float, float]],
                   walls: tuple[tuple[float, float, float, float, float, float, float, float], ...],
                   margin: float, start: int, reach: int) -> int:
    """The least of `reach`, `first_within` each circle (x, y, radius + margin) and
    `first_near_segment` each wall (`framed`; its half width + margin): the same numbers, worked
    out the same way, with fewer calls (a flight's closed form tries this at every bounce)."""
    a = dx * dx + dy * dy
    if a == 0.0:  # not moving in the plane: the plain functions
        for cx, cy, radius in circles:
            first = first_within(px - cx, py - cy, dx, dy, radius + margin, start)
            if first is not None:
                reach = min(reach, first)
        for ax, ay, bx, by, half, _, _, _ in walls:
            first = first_near_segment(px, py, dx, dy, ax, ay, bx, by, half + margin, start)
            if first is not None:
                reach = min(reach, first)
        return reach
    for cx, cy, radius in circles:
        r = radius + margin
        reach = _within(px - cx, py - cy, dx, dy, a, r * r, start, reach)
    for wall in walls:
        r = wall[4] + margin
        reach = _within(px - wall[2], py - wall[3], dx, dy, a, r * r, start, reach)  # end b
        reach = _near_wall(px, py, dx, dy, a, wall, r, start, reach)  # end a, and inside
    return reach


def _within(qx: float, qy: float, dx: float, dy: float, a: float, rr: float, start: int,
            reach: int) -> int:
    """min(reach, first_within(qx, qy, dx, dy, r, start)) for a = dx^2 + dy^2 > 0, rr = r * r:
    the same operations on the same floats."""
    b = qx * dx + qy * dy
    disc = b * b - a * (qx * qx + qy * qy - rr)
    if disc >= 0.0:
        root = math.sqrt(disc)
        if (-b + root) / a >= start:
            first = max(start, math.floor((-b - root) / a))
            if first < reach:
                return first
    return reach


def _near_wall(px: float, py: float, dx: float, dy: float, a: float,
               wall: tuple[float, float, float, float, float, float, float, float], r: float,
               start: int, reach: int) -> int:
    """min(reach, first_near_segment(...)) for a `framed` wall but round its end b (the caller
    counts that one): round its end a and inside its band, as `first_near_segment` does."""
    ax, ay, _, _, _, length, ux, uy = wall
    qx, qy = px - ax, py - ay
    reach = _within(qx, qy, dx, dy, a, r * r, start, reach)
    # across the segment: |c0 + n c1| <= r; along it: 0 <= c0 + n c1 <= length
    lo, hi = float(start), math.inf
    for c0, c1, low, high in ((qx * -uy + qy * ux, dx * -uy + dy * ux, -r, r),
                              (qx * ux + qy * uy, dx * ux + dy * uy, 0.0, length)):
        if c1 == 0.0:
            if not low <= c0 <= high:
                lo = math.inf
            continue
        n_a, n_b = (low - c0) / c1, (high - c0) / c1
        lo, hi = max(lo, min(n_a, n_b)), min(hi, max(n_a, n_b))
    if lo <= hi and lo < math.inf:
        return min(reach, math.floor(lo))
    return reach
