"""Plane geometry for the table, seen from above: convex polygons, outline distance, boards.

Pure functions on tuples of floats (millimetres, radians), no pymunk: the distance a round is
scored on must not depend on the physics engine's internals. Polygons are tuples of (x, y)
vertices in counter-clockwise order.
"""

from __future__ import annotations

import math

Point = tuple[float, float]
Polygon = tuple[Point, ...]


def placed(local: Polygon, x: float, y: float, angle: float) -> Polygon:
    """A body's outline in board coordinates: `local` turned by `angle`, moved to (x, y)."""
    c, s = math.cos(angle), math.sin(angle)
    return tuple((x + c * px - s * py, y + s * px + c * py) for px, py in local)


def square(side: float) -> Polygon:
    h = side / 2.0
    return ((-h, -h), (h, -h), (h, h), (-h, h))


def rhombus(long_diagonal: float, short_diagonal: float) -> Polygon:
    a, b = long_diagonal / 2.0, short_diagonal / 2.0
    return ((a, 0.0), (0.0, b), (-a, 0.0), (0.0, -b))


def signed_area(poly: Polygon) -> float:
    n = len(poly)
    return 0.5 * sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1]
                     for i in range(n))


def is_convex(poly: Polygon) -> bool:
    """Strictly convex and counter-clockwise (no three vertices on a line)."""
    n = len(poly)
    if n < 3:
        return False
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = poly[i], poly[(i + 1) % n], poly[(i + 2) % n]
        if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) <= 0.0:
            return False
    return True


def ccw(poly: Polygon) -> Polygon:
    return poly if signed_area(poly) > 0 else tuple(reversed(poly))


def centroid(poly: Polygon) -> Point:
    n = len(poly)
    a = cx = cy = 0.0
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        cr = x0 * y1 - x1 * y0
        a += cr
        cx += (x0 + x1) * cr
        cy += (y0 + y1) * cr
    return cx / (3.0 * a), cy / (3.0 * a)


def inside_convex(poly: Polygon, x: float, y: float, margin: float = 0.0) -> bool:
    """(x, y) inside the counter-clockwise convex polygon, at least `margin` from every edge."""
    n = len(poly)
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        cross = ex * (y - ay) - ey * (x - ax)
        if cross < margin * math.hypot(ex, ey):
            return False
    return True


def _separated(p: Polygon, q: Polygon) -> bool:
    """True when an edge of p separates p from q (the separating axis test, one side): every
    vertex of q strictly outside (to the right of) that edge of the counter-clockwise p."""
    n = len(p)
    for i in range(n):
        (ax, ay), (bx, by) = p[i], p[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        for x, y in q:
            if ex * (y - ay) - ey * (x - ax) >= 0.0:
                break
        else:
            return True
    return False


def overlap(p: Polygon, q: Polygon) -> bool:
    """Two counter-clockwise convex polygons share area or touch."""
    return not (_separated(p, q) or _separated(q, p))


def outline_distance(p: Polygon, q: Polygon) -> float:
    """Shortest distance between the outlines of two convex polygons; 0 when they touch or overlap.

    One pass over every (vertex, edge) pair both ways: a vertex strictly outside an edge's line
    is measured to that edge (the closest point to a vertex outside a convex polygon lies on an
    edge it is outside of); an edge with every vertex of the other polygon outside it separates
    them. Not separated either way: they touch or overlap. Symmetric in p and q, and for mirror
    image placements equal bit for bit (no accumulated sums).
    """
    best = math.inf
    separated = False
    for a, b in ((p, q), (q, p)):
        m = len(a)
        for (ax, ay), (bx, by) in zip(b, b[1:] + b[:1]):  # each edge, counter-clockwise
            ex, ey = bx - ax, by - ay
            length2 = ex * ex + ey * ey
            outside = 0
            for px, py in a:
                wx, wy = px - ax, py - ay
                if ex * wy - ey * wx >= 0.0:
                    continue
                outside += 1
                dot = wx * ex + wy * ey
                if dot <= 0.0:
                    d = wx * wx + wy * wy
                elif dot >= length2:
                    dx, dy = px - bx, py - by
                    d = dx * dx + dy * dy
                else:
                    t = dot / length2
                    dx, dy = wx - t * ex, wy - t * ey
                    d = dx * dx + dy * dy
                if d < best:  # noqa: PLR1730  (= min(best, d), faster; no NaN or -0.0 here)
                    best = d
            if outside == m:
                separated = True
    return math.sqrt(best) if separated else 0.0


def penetration(p: Polygon, q: Polygon) -> float:
    """How deep two convex polygons overlap: the least shift along any edge normal of either that
    parts them (separating axes); 0 when they only touch or lie apart."""
    return way_out(p, q)[0]


def way_out(p: Polygon, q: Polygon) -> tuple[float, float, float]:
    """(depth, nx, ny): the shortest move that takes convex p out of convex q is `depth` along
    the unit vector (nx, ny) (separating axes: the edge normal of either with the least overlap,
    the first such in edge order on a tie); depth 0 when they only touch or lie apart."""
    best = (math.inf, 0.0, 0.0)
    for poly in (p, q):
        for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
            nx, ny = ay - by, bx - ax
            length = math.hypot(nx, ny)
            nx, ny = nx / length, ny / length
            pp = [x * nx + y * ny for x, y in p]
            qq = [x * nx + y * ny for x, y in q]
            forward, back = max(qq) - min(pp), max(pp) - min(qq)  # move p along +n or -n
            if forward <= 0.0 or back <= 0.0:
                return 0.0, 0.0, 0.0
            if forward < best[0]:
                best = (forward, nx, ny)
            if back < best[0]:
                best = (back, -nx, -ny)
    return best


def width(poly: Polygon) -> float:
    """The convex polygon's narrowest width: the least, over its edges, of how far its furthest
    corner lies from that edge's line (the narrowest slot it would pass through)."""
    best = math.inf
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
        ex, ey = bx - ax, by - ay
        length = math.hypot(ex, ey)
        best = min(best, max((ex * (y - ay) - ey * (x - ax)) / length for x, y in poly))
    return best


def support(poly: Polygon, angle: float) -> float:
    """How far the polygon reaches from the origin in direction `angle`."""
    c, s = math.cos(angle), math.sin(angle)
    return max(c * x + s * y for x, y in poly)
