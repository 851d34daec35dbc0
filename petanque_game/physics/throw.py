"""One Terningepetanque throw: checking a launch and simulating it to rest.

`simulate_throw(level, table, num_players, thrower, obj, die, launch)` is a pure function
(docs/design.md#a-throw-is-a-pure-function): its world is built from the table at rest
(world.py: a new space each throw, with pymunk parts kept per board and laid out exactly as new
ones would be),
stepped at a fixed 1/480 s until everything is still or 20 simulated seconds have passed, and the
settled `Table` comes back with the path for playback (`results.py`). Same inputs, the same Table
bit for bit, in any process on the same machine (no random numbers, no clock, one thread, a fixed
order).

The result table lists the diamond and every die of the round in throw order, the thrown die
last. A die that ended off the board during this throw has `off_during = thrower` (whoever owns
it) and its last position (where it left the board, or where it came down off it); dice already
off stay exactly as they were. A diamond that ended off the board is laid at the centre, or at the
nearest free spot to it (rings 2 mm apart, walked counter-clockwise from +x), angle 0,
`reset = True`. `distance` is the outline-to-outline distance (top view) from each die on the
board to the diamond where it finally lies (`geometry.outline_distance`), 0 when touching.

Launch fields and their ranges (the level sets the numbers, `level.throw`):
- x, y: the release point (mm, board coordinates) inside the thrower's release zone: behind the
  thrower's wall, from `level.release_margin` to `release_margin + release_depth` beyond the
  wall's outer face, and no further sideways than the wall's half length.
- direction: heading (rad, 0 = +x, counter-clockwise), at most `max_side_angle` away from straight
  at the board (the direction opposite the wall's outward normal); any finite value is reduced to
  that comparison, so headings differing by whole turns are the same throw.
- speed: (0, max_speed] mm/s along the heading tilted up by elevation.
- elevation: [min_elevation, max_elevation] rad.
- spin: [-max_spin, max_spin] rad/s about the vertical axis.
- orientation: 0-23, the die's cube rotation in the hand (see `cube.py`); 0 for the diamond.
- tumble: 0 to TUMBLE_MAX, the chance in how the dice this throw knocks land (`knocked.py`: the
  physics of version 3); None runs the throw with the physics of version 2, where a knocked die
  turns by the physics alone. 0 for the diamond (nothing lies on the board to knock).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from petanque_game.physics.level import Level, Wall
from petanque_game.physics.results import ThrowResult
from petanque_game.rules.base import Refused
from petanque_game.rules.petanque_table import (
    DIAMOND,
    DIE,
    TUMBLE_MAX,
    Aim,
    Launch,
    Table,
    TableError,
)


class LaunchError(Refused):
    """A launch the physics refuses; its `refusal` names the field and the allowed range."""


@dataclass(frozen=True)
class ReleaseZone:
    """Where a seat may release a throw: a band behind its wall, in the wall's own frame."""

    wall: Wall
    near: float  # distance from the board's centre along the wall's normal, nearest allowed
    far: float
    half_width: float  # how far sideways from the wall's centre line

    @property
    def normal(self) -> tuple[float, float]:
        return math.cos(self.wall.angle), math.sin(self.wall.angle)

    def point(self, depth: float, lateral: float) -> tuple[float, float]:
        """Board coordinates of the point `depth` (0 near .. 1 far) and `lateral` (mm, + is
        counter-clockwise along the wall) in the zone."""
        nx, ny = self.normal
        d = self.near + depth * (self.far - self.near)
        return nx * d - ny * lateral, ny * d + nx * lateral

    def local(self, x: float, y: float) -> tuple[float, float]:
        """(distance along the normal, lateral) of a board point."""
        nx, ny = self.normal
        return x * nx + y * ny, -x * ny + y * nx


def release_zone(level: Level, num_players: int, thrower: int) -> ReleaseZone:
    if num_players not in level.seats:
        raise LaunchError("launch.seats", given=repr(num_players))
    if type(thrower) is not int or not 0 <= thrower < num_players:
        raise LaunchError("launch.thrower", given=repr(thrower), last=num_players - 1)
    wall = level.seat_wall(num_players, thrower)
    near = wall.distance + level.walls.thickness + level.release_margin
    return ReleaseZone(wall, near, near + level.throw.release_depth, wall.length / 2.0)


def check_launch(level: Level, num_players: int, thrower: int, launch: Launch) -> None:
    """Raise LaunchError with one clear reason when `launch` is not a legal throw for the seat."""
    if not isinstance(launch, Launch):
        raise LaunchError("launch.not_launch", given=type(launch).__name__)
    if type(launch.orientation) is not int or not 0 <= launch.orientation < 24:
        raise LaunchError("launch.orientation", given=repr(launch.orientation))
    tumble = launch.tumble
    if tumble is not None and (type(tumble) is not int or not 0 <= tumble <= TUMBLE_MAX):
        raise LaunchError("launch.tumble", given=repr(tumble), most=TUMBLE_MAX)
    check_aim(level, num_players, thrower, launch)


def check_aim(level: Level, num_players: int, thrower: int, launch: Aim) -> None:
    """Raise LaunchError with one clear reason when the aim is not a throw the seat may make
    (the same limits as `check_launch`, the hand's orientation aside)."""
    if not isinstance(launch, Aim):
        raise LaunchError("launch.not_aim", given=type(launch).__name__)
    for name in Aim.FIELDS:
        value = getattr(launch, name)
        if type(value) not in (int, float) or not math.isfinite(value):
            raise LaunchError("launch.not_finite", name=name, given=repr(value))
    zone = release_zone(level, num_players, thrower)
    t = level.throw
    if not 0.0 < launch.speed <= t.max_speed:
        raise LaunchError("launch.speed", speed=launch.speed, most=t.max_speed)
    if not t.min_elevation <= launch.elevation <= t.max_elevation:
        raise LaunchError("launch.elevation", elevation=launch.elevation,
                          low=t.min_elevation, high=t.max_elevation)
    if abs(launch.spin) > t.max_spin:
        raise LaunchError("launch.spin", spin=launch.spin, low=-t.max_spin, high=t.max_spin)
    inward = zone.wall.angle + math.pi
    off = abs(math.remainder(launch.direction - inward, 2 * math.pi))
    if off > t.max_side_angle + 1e-9:  # rounding of a heading right at the limit
        raise LaunchError("launch.direction", direction=launch.direction, off=off,
                          inward=math.remainder(inward, 2 * math.pi), most=t.max_side_angle)
    d, lateral = zone.local(launch.x, launch.y)
    if not zone.near - 1e-6 <= d <= zone.far + 1e-6 or abs(lateral) > zone.half_width + 1e-6:
        raise LaunchError("launch.zone", x=launch.x, y=launch.y, seat=thrower,
                          wall=repr(zone.wall.name), near=zone.near, far=zone.far, depth=d,
                          half=zone.half_width, lateral=lateral)


def random_launch(level: Level, num_players: int, thrower: int, rng: random.Random,
                  orientation: int | None = None) -> Launch:
    """A legal launch drawn evenly over every field's range (tests, benchmarks, wild throws).
    Speeds are drawn from a quarter of the maximum up. `orientation` None draws it too."""
    zone = release_zone(level, num_players, thrower)
    t = level.throw
    x, y = zone.point(rng.random(), rng.uniform(-zone.half_width, zone.half_width))
    direction = zone.wall.angle + math.pi + rng.uniform(-t.max_side_angle, t.max_side_angle)
    return Launch(x, y, math.remainder(direction, 2 * math.pi),
                  rng.uniform(0.25, 1.0) * t.max_speed,
                  rng.uniform(t.min_elevation, t.max_elevation),
                  rng.uniform(-t.max_spin, t.max_spin),
                  rng.randrange(24) if orientation is None else orientation)


def simulate_throw(level: Level, table: Table, num_players: int, thrower: int, obj: str,
                   die: int | None, launch: Launch, *, record_path: bool = True) -> ThrowResult:
    """Simulate one throw from `table` at rest; see the module docstring and `world.py`."""
    check_launch(level, num_players, thrower, launch)
    _check_table(table, obj, thrower, die)
    # here, not at the top: pymunk is loaded with the first throw, not with the levels and the
    # launch checks (the menu, the level checks and `verify` of other games need neither)
    from petanque_game.physics.settle import run_throw
    return run_throw(level, table, num_players, thrower, obj, die, launch, record_path)


def _check_table(table: Table, obj: str, thrower: int, die: int | None) -> None:
    if not isinstance(table, Table):
        raise TableError("table.not_table", given=type(table).__name__)
    if obj == DIAMOND:
        if die is not None or table.dice or table.diamond is not None:
            raise TableError("table.diamond_first")
        return
    if obj != DIE:
        raise TableError("table.obj", given=repr(obj))
    if die not in (0, 1):
        raise TableError("table.die", given=repr(die))
    if table.diamond is None or not table.diamond.on_board:
        raise TableError("table.no_diamond")
    seen = set()
    for d in table.dice:
        if (d.player, d.die) in seen:
            raise TableError("table.twice", die=d.die, player=d.player)
        seen.add((d.player, d.die))
    if (thrower, die) in seen:
        raise TableError("table.thrown", die=die, player=thrower)
