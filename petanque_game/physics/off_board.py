"""Falling off the board, the time cap, and the nearest free spot on the board.

A body whose centre leaves the board is removed from the world and its last position kept; at the
time cap a body still in the air is laid at the nearest spot where it lies wholly on the board
touching nothing (`free_spot`), or falls off when there is none. `settle.py` lays a diamond that
went off with the same search.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from petanque_game.physics import geometry
from petanque_game.physics.build import _Item

CLEARANCE = 0.5  # mm: how far clear of a wall a body off the board is laid
FREE_SPOT_REACH = 300.0  # mm: how far from where it is wanted a body is laid at most

if TYPE_CHECKING:
    from petanque_game.physics.world import _World


class _OffBoard:
    """Falling off, for `_World`."""

    def _fall_off(self, it: _Item, x: float, y: float, angle: float) -> None:
        self.space.remove(*(o for o in (it.body, it.shape, it.pivot, it.gear) if o is not None))
        it.on = it.in_world = False
        it.off_frame = len(self.frames)
        x, y = self._clear_of_walls(it, x, y, angle)
        it.entry = (x, y, 0.0, angle, it.orientation)
        self.live = [i for i in self.live if i is not it]
        self.awake = [i for i in self.awake if i is not it]

    def _clear_of_walls(self, it: _Item, x: float, y: float, angle: float) -> tuple[float, float]:
        """Where a body that left the board lies on the floor: where it was, or, when that is
        inside a wall (it was seen between two checks, or came down on the wall's line), moved
        out of the wall the shortest way, with CLEARANCE to spare."""
        for _ in range(2 * len(self.static_outlines)):  # a corner may need one move per wall
            for wall in self.static_outlines:
                depth, nx, ny = geometry.way_out(outline(it, x, y, angle), wall)
                if depth > 0.0:
                    x, y = x + (depth + CLEARANCE) * nx, y + (depth + CLEARANCE) * ny
                    break
            else:
                break
        return x, y

    def _stop_at_cap(self) -> None:
        """The time cap: everything stops where it is; a body still in the air comes down."""
        if not self.airborne:
            return
        it = self.thrown
        x, y = it.body.position
        if not self.board.contains(x, y):
            self._fall_off(it, x, y, it.body.angle)
        else:
            spot = free_spot(self, it, x, y, it.body.angle)
            if spot is None:
                self._fall_off(it, x, y, it.body.angle)
            else:
                it.body.position = spot
                self._land(it)
        self.airborne = False
        self._frame()


def outline(it: _Item, x: float, y: float, angle: float) -> geometry.Polygon:
    return geometry.placed(it.local, x, y, angle)


def free_spot(world: _World, it: _Item, x0: float, y0: float, angle: float,
              clearance: float = 0.5, reach: float = FREE_SPOT_REACH) -> tuple[float, float] | None:
    """The nearest spot to (x0, y0), within `reach` mm, where `it` lies wholly on the board
    touching nothing; None when there is none.

    A deterministic search: rings 2 mm apart, each walked counter-clockwise from +x in steps of
    about 2 mm, the first free spot wins. Bounded: at most about pi * reach^2 / 4 spots are tried
    (some 70,000 for the default reach), whatever the size of the board.
    """
    board, level = world.board, world.level
    others = [outline(o, *o.body.position, o.body.angle) for o in world.live if o is not it]
    others += [ob.outline for ob in level.obstacles]
    limit = int(min(reach, board.extent) / 2.0) + 2
    for ring in range(limit):
        r = 2.0 * ring
        count = max(1, math.ceil(2.0 * math.pi * r / 2.0))
        for j in range(count):
            a = 2.0 * math.pi * j / count
            x, y = x0 + r * math.cos(a), y0 + r * math.sin(a)
            poly = outline(it, x, y, angle)
            if not all(board.contains(px, py) for px, py in poly):
                continue
            if all(geometry.outline_distance(poly, o) > clearance for o in others):
                return x, y
    return None
