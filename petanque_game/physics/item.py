"""One die or the diamond of a throw's world: its pymunk parts and its bookkeeping (`build.py`
makes the world, `parts.py` lends the parts, `world.py`, `airborne.py`, `rolling.py` and
`knocked.py` move them)."""

from __future__ import annotations

from collections.abc import Callable

import pymunk

from petanque_game.physics import geometry
from petanque_game.physics.geometry import Polygon
from petanque_game.rules.petanque_table import DiamondRest, DieRest


class Item:
    """One die or the diamond: its pymunk parts and its bookkeeping."""

    __slots__ = (
        "awake",
        "body",
        "die",
        "entry",
        "force",
        "gear",
        "height",
        "in_world",
        "ke_rest",
        "kind",
        "local",
        "off_frame",
        "on",
        "orientation",
        "pivot",
        "placed",
        "player",
        "rest",
        "roll_ke",
        "rolled",
        "shape",
        "stirred",
        "torque",
        "touched",
        "was_off",
    )

    kind: str
    player: int
    die: int  # 0 or 1; -1 for the diamond
    rest: DieRest | DiamondRest | None  # where the table had it before the throw
    orientation: int
    on: bool
    in_world: bool
    off_frame: int | None
    was_off: bool
    stirred: bool
    awake: bool
    touched: bool
    # set by `parts.add_parts` for every item, in the world or not
    local: Polygon
    height: float
    entry: tuple[float, float, float, float, int]  # x, y, z, angle, orientation in the frames
    # set when it is put in the world (`parts.add_parts`), read only while it is there
    body: pymunk.Body
    shape: pymunk.Shape
    force: float
    torque: float
    ke_rest: float
    roll_ke: float
    placed: tuple[float, float]  # where pymunk placed it, as pymunk gives it back
    rolled: float  # set when it starts rolling (`rolling.Roller`)
    pivot: pymunk.PivotJoint | None  # the felt's friction (`add_friction`), None until then
    gear: pymunk.GearJoint | None

    def __init__(self, kind: str, player: int, die: int, rest: DieRest | DiamondRest | None):
        self.kind, self.player, self.die, self.rest = kind, player, die, rest
        self.orientation = rest.orientation if isinstance(rest, DieRest) else 0
        self.on, self.in_world, self.off_frame, self.was_off = True, False, None, False
        self.stirred = False  # moved since the last check (a body can stop between checks)
        self.awake = False  # may have been set moving by this throw: checked at every check
        self.touched = False  # a contact has begun with it (it may have moved without waking)
        self.pivot = self.gear = None

    def outline(self, x: float, y: float, angle: float) -> Polygon:
        """Its outline (top view) lying at (x, y), turned by `angle`."""
        return geometry.placed(self.local, x, y, angle)

    def outline_at(self, angle: float) -> Callable[[float, float], Polygon]:
        """Its outline function turned by `angle`, for `off_board`'s searches: (x, y) -> its
        outline lying there."""
        local = self.local
        return lambda x, y: geometry.placed(local, x, y, angle)
