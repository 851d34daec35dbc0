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
    """
    limit = int(min(reach, board.extent) / 2.0) + 2
    for ring in range(limit):
        r = 2.0 * ring
        count = max(1, math.ceil(2.0 * math.pi * r / 2.0))
        for j in range(count):
            a = 2.0 * math.pi * j / count
            x, y = x0 + r * math.cos(a), y0 + r * math.sin(a)
            poly = outline_at(x, y)
            if not all(board.contains(px, py) for px, py in poly):
                continue
            if all(geometry.outline_distance(poly, o) > clearance for o in others):
                return x, y
    return None
