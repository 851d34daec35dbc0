"""Where a body lies when it cannot lie where it is: out of the walls on the floor beyond the
board, or at the nearest free spot on the board.

Two searches, pure functions of what they are handed (no world, no pymunk): `clear_of_walls`
moves a body that left the board out of any wall or obstacle it is found inside, and `free_spot`
finds the nearest spot where a body lies wholly on the board touching nothing. A body is handed
in as its outline function, `outline_at(x, y)`: its outline lying at (x, y), at its angle.
The world (`world.py`) uses the first when a body falls off the board, the flier
(`airborne.py`) the second when a perched die topples off or the time cap catches it in the air,
and `settle.py` the second when it lays a diamond that went off.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from petanque_game.physics import geometry
from petanque_game.physics.geometry import Polygon
from petanque_game.physics.level import Board

CLEARANCE = 0.5  # mm: how far clear of a wall a body off the board is laid
FREE_SPOT_REACH = 300.0  # mm: how far from where it is wanted a body is laid at most

OutlineAt = Callable[[float, float], Polygon]


def clear_of_walls(outline_at: OutlineAt, x: float, y: float,
                   walls: Sequence[Polygon]) -> tuple[float, float]:
    """Where a body that left the board lies on the floor: at (x, y), or, when that is inside
    one of `walls` (it was seen between two checks, or came down on the wall's line), moved out
    of it the shortest way, with CLEARANCE to spare."""
    for _ in range(2 * len(walls)):  # a corner may need one move per wall
        for wall in walls:
            depth, nx, ny = geometry.way_out(outline_at(x, y), wall)
            if depth > 0.0:
                x, y = x + (depth + CLEARANCE) * nx, y + (depth + CLEARANCE) * ny
                break
        else:
            break
    return x, y


def free_spot(board: Board, others: Sequence[Polygon], outline_at: OutlineAt, x0: float,
              y0: float, clearance: float = 0.5,
              reach: float = FREE_SPOT_REACH) -> tuple[float, float] | None:
    """The nearest spot to (x0, y0), within `reach` mm, where the body lies wholly on `board`
    more than `clearance` mm from each of `others`; None when there is none.

    A deterministic search: rings 2 mm apart, each walked counter-clockwise from +x in steps of
    about 2 mm, the first free spot wins. Bounded: at most about pi * reach^2 / 4 spots are tried
    (some 70,000 for the default reach), whatever the size of the board.

    Each spot gets the answer the plain reading gives it (so the same spot wins), only sooner. A
    body whose centre lies off the board, or inside one of `others`, is not free, nor is any
    spot nearer to that one than the centre's depth there: those spots of the ring are passed
    over. Outlines whose bounding circles lie further apart than the clearance need no exact
    distance, and the outline that refused the last spot is tried first.
    """
    limit = int(min(reach, board.extent) / 2.0) + 2
    here = outline_at(x0, y0)
    body_r = max(math.hypot(px - x0, py - y0) for px, py in here) + SLACK
    shapes = [(_circle(o), _edges(o), o) for o in others]
    order = list(range(len(others)))
    for ring in range(limit):
        r = 2.0 * ring
        count = max(1, math.ceil(2.0 * math.pi * r / 2.0))
        arc = 2.0 * math.pi * r / count  # between neighbouring spots (no less than the chord)
        j = 0
        while j < count:
            a = 2.0 * math.pi * j / count
            x, y = x0 + r * math.cos(a), y0 + r * math.sin(a)
            j += 1
            depth = _off_board(board, x, y)
            if depth < 0.0:
                for k, i in enumerate(order):
                    (cx, cy, cr), edges, o = shapes[i]
                    far = cr + body_r + clearance
                    dx, dy = x - cx, y - cy
                    if dx * dx + dy * dy > far * far:
                        continue  # the bounding circles lie further apart than the clearance
                    depth = _depth(edges, x, y)
                    if depth >= 0.0 or \
                            geometry.outline_distance(outline_at(x, y), o) <= clearance:
                        if k:  # the outline in the way: tried first at the next spot
                            order.insert(0, order.pop(k))
                        break
                else:
                    if all(board.contains(px, py) for px, py in outline_at(x, y)):
                        return x, y
                    continue
            if depth > SLACK and arc > 0.0:
                j += int((depth - SLACK) / arc)  # spots nearer than `depth`: not free either
    return None


SLACK = 1e-6  # mm: rounding never makes a near outline look far, nor a spot look deeper


def _circle(poly: Polygon) -> tuple[float, float, float]:
    """A circle (x, y, radius) holding the polygon: round the mean of its corners."""
    cx = sum(x for x, _ in poly) / len(poly)
    cy = sum(y for _, y in poly) / len(poly)
    return cx, cy, max(math.hypot(x - cx, y - cy) for x, y in poly) + SLACK


def _edges(poly: Polygon) -> list[tuple[float, float, float, float]]:
    """Each edge of the counter-clockwise polygon as (x, y) of its start and its unit normal
    pointing in."""
    out = []
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
        length = math.hypot(bx - ax, by - ay)
        out.append((ax, ay, (ay - by) / length, (bx - ax) / length))
    return out


def _depth(edges: list[tuple[float, float, float, float]], x: float, y: float) -> float:
    """How deep (x, y) lies inside the polygon (no more than its distance to the outline);
    negative outside."""
    return min((x - ax) * nx + (y - ay) * ny for ax, ay, nx, ny in edges)


def _off_board(board: Board, x: float, y: float) -> float:
    """How far (x, y) lies off the board (no more than its distance to the board); negative or
    0 on it. A body whose centre is off the board does not lie wholly on it."""
    if board.shape == "circle":
        return math.hypot(x, y) - board.radius if not board.contains(x, y) else -1.0
    if board.contains(x, y):
        return -1.0
    return max(-_depth(_edges(board.outline), x, y), 0.0)
