"""What a Terningepetanque level is: the board, the felt, the dice, the diamond, the walls and
their seats, the obstacles, the throw's limits and the tumbling, as frozen dataclasses.

Units: millimetres, grams, seconds, radians. The values are read from a level file and checked by
`level_check.parse_level`; `level.py` finds and loads the files. A `Wall` stands outside the board
at compass `angle` (counter-clockwise from +x), `distance` from the centre to its inner face.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from petanque_game.physics import geometry
from petanque_game.physics.geometry import Polygon


class LevelError(ValueError):
    """A level file that cannot be used; str() is one line naming the file, the key and why.
    `key` (`obstacles[0].points`) and `reason` are the parts, when the refusal is about a key
    (the board editor says them in its own words)."""

    def __init__(self, message: str, key: str | None = None, reason: str | None = None):
        super().__init__(message)
        self.key, self.reason = key, reason


@dataclass(frozen=True)
class Board:
    shape: str  # "rect", "circle" or "polygon"
    outline: Polygon  # counter-clockwise; for a circle, a 64-gon drawn through it (for drawing)
    radius: float = 0.0  # circle only

    def contains(self, x: float, y: float) -> bool:
        """Is (x, y) on the playing surface (edges included)?"""
        if self.shape == "rect":
            return -self.outline[2][0] <= x <= self.outline[2][0] and \
                -self.outline[2][1] <= y <= self.outline[2][1]
        if self.shape == "circle":
            return x * x + y * y <= self.radius * self.radius
        return geometry.inside_convex(self.outline, x, y)

    def reach(self, angle: float) -> float:
        """How far the board reaches from its centre in direction `angle` (rad)."""
        if self.shape == "circle":
            return self.radius
        return geometry.support(self.outline, angle)

    @property
    def extent(self) -> float:
        """Radius of the smallest centred circle holding the board."""
        if self.shape == "circle":
            return self.radius
        return max(math.hypot(x, y) for x, y in self.outline)


@dataclass(frozen=True)
class Felt:
    friction: float  # sliding friction coefficient mu on the board
    restitution: float  # share of the vertical speed a landing body bounces back with
    landing_friction: float  # braking of the horizontal speed at a landing, per unit of impulse
    roll_keep: float  # share of a rolling die's kinetic energy kept at each turn-over
    roll_friction: float  # rolling resistance coefficient while a die rolls (<= friction)


@dataclass(frozen=True)
class DiceSpec:
    side: float
    mass: float
    height: float  # = side
    elasticity: float  # in-plane collisions die-die, die-diamond, die-obstacle
    friction: float  # surface friction between bodies


@dataclass(frozen=True)
class DiamondSpec:
    long_diagonal: float
    short_diagonal: float
    thickness: float
    mass: float
    elasticity: float
    friction: float


@dataclass(frozen=True)
class Wall:
    name: str
    angle: float  # rad: direction from the board's centre to the wall (its outward normal)
    length: float
    distance: float  # from the board's centre to the wall's inner face


@dataclass(frozen=True)
class Walls:
    height: float
    thickness: float
    gap: float
    elasticity: float
    sides: tuple[Wall, ...]

    def named(self, name: str) -> Wall:
        for w in self.sides:
            if w.name == name:
                return w
        raise KeyError(name)


@dataclass(frozen=True)
class Obstacle:
    name: str
    outline: Polygon  # convex, counter-clockwise, board coordinates
    height: float


@dataclass(frozen=True)
class ThrowLimits:
    hand_height: float  # mm above the floor at release
    max_speed: float  # mm/s
    min_elevation: float  # rad
    max_elevation: float  # rad
    max_spin: float  # rad/s, either way
    max_side_angle: float  # rad: how far the heading may turn from straight at the board
    release_depth: float  # mm: depth of the release zone behind the wall


@dataclass(frozen=True)
class Tumble:
    flight_step: float  # mm of flight per quarter turn of a flying die
    bounce_speed: float  # mm/s of vertical impact speed per quarter turn at a landing
    hit_speed: float  # mm/s of impact speed per quarter turn when a die is hit
    drive: float  # share of a landing's impulse that drives away the body landed on


@dataclass(frozen=True)
class Level:
    name: str  # file stem, as in a record's "level"
    title: str
    description: str
    gravity: float  # mm/s^2
    board: Board
    felt: Felt
    dice: DiceSpec
    diamond: DiamondSpec
    walls: Walls
    seats: dict[int, tuple[str, ...]]  # players -> wall name per seat
    obstacles: tuple[Obstacle, ...]
    throw: ThrowLimits
    tumble: Tumble
    sha256: str = ""  # hex SHA-256 of the file's bytes as read (a record's `level_sha256`)
    origin: str = "shipped"  # "shipped", "user" (the player's levels folder) or "file" (a path)

    def seat_wall(self, num_players: int, seat: int) -> Wall:
        return self.walls.named(self.seats[num_players][seat])

    def wall_outline(self, name: str) -> Polygon:
        """The wall's footprint seen from above (board coordinates, counter-clockwise)."""
        w = self.walls.named(name)
        nx, ny = math.cos(w.angle), math.sin(w.angle)
        tx, ty, h = -ny, nx, w.length / 2.0
        d0, d1 = w.distance, w.distance + self.walls.thickness
        return ((nx * d0 - tx * h, ny * d0 - ty * h), (nx * d1 - tx * h, ny * d1 - ty * h),
                (nx * d1 + tx * h, ny * d1 + ty * h), (nx * d0 + tx * h, ny * d0 + ty * h))

    @property
    def release_margin(self) -> float:
        """Clearance kept between a body at release and the back of the wall."""
        return max(self.dice.side * math.sqrt(0.5), self.diamond.long_diagonal / 2.0) + 2.0

    @property
    def world_half_size(self) -> float:
        """Half the side of a square, centred on the board, that no body can leave: the release
        zones plus the longest possible flight (a body stops where it lands off the board)."""
        far = max(w.distance + self.walls.thickness for w in self.walls.sides)
        v, g, h = self.throw.max_speed, self.gravity, self.throw.hand_height
        longest = v * (v + math.sqrt(v * v + 2.0 * g * h)) / g
        return far + self.release_margin + self.throw.release_depth + longest + 100.0

