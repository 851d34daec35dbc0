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
    return _near_walls(px, py, dx, dy, a, walls, margin, start,
                       _near_circles(px, py, dx, dy, a, circles, margin, start, reach))


# `first_within` and `first_near_segment` written out for `first_near_any` (a = dx^2 + dy^2 > 0
# there): the same operations on the same floats, each result taken into `reach` at once.

def _near_circles(px: float, py: float, dx: float, dy: float, a: float,
                  circles: list[tuple[float, float, float]], margin: float, start: int,
                  reach: int) -> int:
    sqrt, floor = math.sqrt, math.floor
    for cx, cy, radius in circles:
        qx, qy, r = px - cx, py - cy, radius + margin
        b = qx * dx + qy * dy
        disc = b * b - a * (qx * qx + qy * qy - r * r)
        if disc >= 0.0:
            root = sqrt(disc)
            if (-b + root) / a >= start:
                reach = min(reach, max(start, floor((-b - root) / a)))
    return reach


def _near_walls(px: float, py: float, dx: float, dy: float, a: float,
                walls: tuple[tuple[float, float, float, float, float, float, float, float], ...],
                margin: float, start: int, reach: int) -> int:
    sqrt, floor, inf = math.sqrt, math.floor, math.inf
    for ax, ay, bx, by, half, length, ux, uy in walls:
        r = half + margin
        rr = r * r
        qx, qy = px - ax, py - ay
        for ex, ey in ((qx, qy), (px - bx, py - by)):  # round its end a, then its end b
            b = ex * dx + ey * dy
            disc = b * b - a * (ex * ex + ey * ey - rr)
            if disc >= 0.0:
                root = sqrt(disc)
                if (-b + root) / a >= start:
                    reach = min(reach, max(start, floor((-b - root) / a)))
        # inside its band: across it |c0 + n c1| <= r, along it 0 <= c0 + n c1 <= length
        lo, hi = float(start), inf
        c0, c1 = qx * -uy + qy * ux, dx * -uy + dy * ux
        if c1 == 0.0:
            if not -r <= c0 <= r:
                lo = inf
        else:
            n_a, n_b = (-r - c0) / c1, (r - c0) / c1
            lo, hi = max(lo, min(n_a, n_b)), min(hi, max(n_a, n_b))
        c0, c1 = qx * ux + qy * uy, dx * ux + dy * uy
        if c1 == 0.0:
            if not 0.0 <= c0 <= length:
                lo = inf
        else:
            n_a, n_b = (0.0 - c0) / c1, (length - c0) / c1
            lo, hi = max(lo, min(n_a, n_b)), min(hi, max(n_a, n_b))
        if lo <= hi and lo < inf:
            reach = min(reach, floor(lo))
    return reach
