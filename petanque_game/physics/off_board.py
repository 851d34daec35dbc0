"""Where a body lies when it cannot lie where it is: out of the walls on the floor beyond the
board, or at the nearest free spot on the board.

Two searches, pure functions of what they are handed (no world, no pymunk): `clear_of_walls`
moves a body that left the board out of any wall or obstacle it is found inside, and `free_spot`
finds the nearest spot where a body lies wholly on the board touching nothing. A body is handed
in as its outline function, `outline_at(x, y)`: its outline lying at (x, y), at its angle.
The world (`world.py`) uses the first when a body falls off the board, the flier
(`airborne.py`) the second when a perched die topples off (or, finding no spot within reach, is
laid down) or the time cap catches it in the air, and `settle.py` the second when it lays a
diamond that went off.
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
              y0: float, clearance: float = 0.5, reach: float = FREE_SPOT_REACH,
              searched: float = 0.0) -> tuple[float, float] | None:
    """The nearest spot to (x0, y0), within `reach` mm, where the body lies wholly on `board`
    more than `clearance` mm from each of `others`; None when there is none. `searched`: the
    reach of a search already made in vain from there (its rings are not walked again).

    A deterministic search: rings 2 mm apart, each walked counter-clockwise from +x in steps of
    about 2 mm, the first free spot wins. Bounded: at most about pi * reach^2 / 4 spots are tried
    (some 70,000 for the default reach), whatever the size of the board.

    Each spot gets the answer the plain reading gives it (so the same spot wins), only sooner.
    The body holds a disc round its centre (`inner`): where that disc reaches into one of
    `others` or off the board, the spot is not free, nor is any spot of the ring nearer to it
    than the disc reaches in, so those are passed over. An outline whose bounding circle lies
    further from the body's than the clearance needs no exact distance, and the outline that
    refused the last spot is tried first.
    """
    limit = _rings(reach, board)
    here = outline_at(x0, y0)
    body_r = max(math.hypot(px - x0, py - y0) for px, py in here) + SLACK
    inner = _inside(_edges(here), x0, y0) - SLACK  # the disc round its centre the body holds
    shapes = [(_circle(o), _edges(o), o) for o in others]
    order = list(range(len(others)))
    for ring in range(_rings(searched, board) if searched > 0.0 else 0, limit):
        r = 2.0 * ring
        count = max(1, math.ceil(2.0 * math.pi * r / 2.0))
        arc = 2.0 * math.pi * r / count  # between neighbouring spots (no less than the chord)
        j = 0
        while j < count:
            a = 2.0 * math.pi * j / count
            x, y = x0 + r * math.cos(a), y0 + r * math.sin(a)
            j += 1
            into = _off_board(board, x, y) + inner  # how far its disc reaches off the board
            if into <= 0.0:
                for k, i in enumerate(order):
                    (cx, cy, cr), edges, o = shapes[i]
                    far = cr + body_r + clearance
                    dx, dy = x - cx, y - cy
                    if dx * dx + dy * dy > far * far:
                        continue  # the bounding circles lie further apart than the clearance
                    into = _inside(edges, x, y) + inner
                    if into > 0.0 or \
                            geometry.outline_distance(outline_at(x, y), o) <= clearance:
                        if k:  # the outline in the way: tried first at the next spot
                            order.insert(0, order.pop(k))
                        break
                else:
                    if all(board.contains(px, py) for px, py in outline_at(x, y)):
                        return x, y
                    continue
            if into > SLACK and arc > 0.0:
                j += int((into - SLACK) / arc)  # spots nearer than that: not free either
    return None


def _rings(reach: float, board: Board) -> int:
    """How many rings a search of `reach` walks."""
    return int(min(reach, board.extent) / 2.0) + 2


SLACK = 1e-6  # mm: rounding never makes a near outline look far, nor a spot look deeper


def _circle(poly: Polygon) -> tuple[float, float, float]:
    """A circle (x, y, radius) holding the polygon: round the mean of its corners."""
    cx = sum(x for x, _ in poly) / len(poly)
    cy = sum(y for _, y in poly) / len(poly)
    return cx, cy, max(math.hypot(x - cx, y - cy) for x, y in poly) + SLACK


Edge = tuple[float, float, float, float, float, float, float]


def _edges(poly: Polygon) -> list[Edge]:
    """Each edge of the counter-clockwise polygon: (x, y) of its start, its unit normal
    pointing in, the edge as a vector and its length squared."""
    out = []
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
        ex, ey = bx - ax, by - ay
        length = math.hypot(ex, ey)
        out.append((ax, ay, -ey / length, ex / length, ex, ey, ex * ex + ey * ey))
    return out


def _inside(edges: list[Edge], x: float, y: float) -> float:
    """How deep (x, y) lies inside the convex polygon (its distance to the outline); outside,
    minus its distance to it."""
    depth = min((x - ax) * nx + (y - ay) * ny for ax, ay, nx, ny, _, _, _ in edges)
    if depth >= 0.0:
        return depth
    best = math.inf
    for ax, ay, _, _, ex, ey, length2 in edges:
        wx, wy = x - ax, y - ay
        t = max(0.0, min(1.0, (wx * ex + wy * ey) / length2))
        dx, dy = wx - t * ex, wy - t * ey
        best = min(best, dx * dx + dy * dy)
    return -math.sqrt(best)


def _off_board(board: Board, x: float, y: float) -> float:
    """How far (x, y) lies off the board, no more than its distance to it (a body whose centre is
    off the board does not lie wholly on it); on the board, minus its distance to the edge, no
    more than that (-inf for a polygon: not worked out)."""
    if board.shape == "circle":
        return math.hypot(x, y) - board.radius
    if board.shape == "rect":
        hx, hy = board.outline[2]
        return max(abs(x) - hx, abs(y) - hy)
    if board.contains(x, y):
        return -math.inf
    outside = max((ax - x) * nx + (ay - y) * ny
                  for ax, ay, nx, ny, _, _, _ in _edges(board.outline))
    return max(0.0, outside)
