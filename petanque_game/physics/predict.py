"""Where a lone body thrown onto an empty board comes to rest, without running the physics.

The same model as the world's flight (`airborne.py`) for one body and nothing else on the table:
the height follows semi-implicit Euler steps of 1/480 s from the hand (the body's underside
starts at `hand_height - height / 2`); at each touchdown the horizontal speed loses
`landing_friction * (1 + restitution) * impact speed`, and the body bounces back up with
`restitution * impact speed` until that is below HOP_MIN; then a die rolls on while it is fast
enough to tip (`rolling.roll_on`, the world's model for a lone die) and the body slides to a stop
under the felt's friction. The horizontal speed is constant in the air. Each flight arc is done in
closed form (the sums of the Euler steps), so a prediction costs a few microseconds per bounce, not
a loop over every step: cheap enough for a level's load-time checks and for the AI's aiming.

Distances are measured horizontally from the release point along the throw's heading. A wall
is given as the stretch of that line over which the body's underside must stay above the wall's
top (the wall's footprint widened by the body's reach); a body below it there hits the wall.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from petanque_game.physics.flight import first_at_or_below
from petanque_game.physics.rolling import roll_on

if TYPE_CHECKING:
    from petanque_game.physics.level_spec import Level

DT = 1.0 / 480.0  # the world's step
HOP_MIN = 100.0  # mm/s: a touchdown bouncing up slower than this ends the bounces
MAX_STEPS = 20 * 480  # the world's time cap, in steps
# the elevations (rad) the computer players aim in (ai/petanque.py `aim`); a level must allow some
AIM_ELEVATIONS = (math.radians(10.0), math.radians(65.0))


@dataclass(frozen=True)
class Flight:
    rest: float  # mm from the release to where the body stops
    landing: float  # mm from the release to its first touchdown (math.inf: none within the cap)
    clears: bool  # its underside stays above the wall's top over the wall's stretch (also
    # when it comes down before reaching it: compare `landing` with the stretch for that)


def predict(level: Level, obj: str, speed: float, elevation: float,
            wall: tuple[float, float, float] | None = None) -> Flight:
    """The flight of a lone `obj` ("diamond" or "die") thrown at `speed` (mm/s) and `elevation`
    (rad) on `level`.

    `wall` = (start, end, top): the body's underside must stay above `top` (mm) while it is
    between `start` and `end` mm from the release (None: no wall).
    """
    felt = level.felt
    g, e, lf = level.gravity, felt.restitution, felt.landing_friction
    height = level.diamond.thickness if obj == "diamond" else level.dice.height
    a = 0.5 * g * DT * DT
    s, z, vz = 0.0, level.throw.hand_height - height / 2.0, speed * math.sin(elevation)
    vh = speed * math.cos(elevation)
    clears, landing, left = True, math.inf, MAX_STEPS
    while left > 0:
        b = DT * vz - a  # z after n steps: z + b n - a n^2
        n = min(first_at_or_below(a, b, z, 0.0), left)
        if wall is not None and clears:
            clears = _above(wall, s, vh * DT, z, a, b, n)
        left -= n
        s += n * vh * DT
        vz -= n * g * DT
        if z + b * n - a * n * n > 0.0:  # the time cap came first
            break
        if landing == math.inf:
            landing = s
        vi = -vz
        vh = max(0.0, vh - lf * (1.0 + e) * vi)
        if e * vi < HOP_MIN:
            break
        z, vz = 0.0, e * vi
    if obj != "diamond" and landing < math.inf:
        s, vh = roll_on(level, s, vh)
    slide = max(0.0, vh * vh / (2.0 * felt.friction * g) - vh * DT / 2.0)
    return Flight(s + slide, landing, clears)


def _above(wall: tuple[float, float, float], s0: float, ds: float, z0: float, a: float,
           b: float, n: int) -> bool:
    """Over steps 1..n of one arc, is the height above the wall's top wherever the body is over
    the wall? (The arc is concave in n, so its lowest point over a stretch is at an end.)"""
    start, end, top = wall
    if ds <= 0.0:
        if not start <= s0 <= end:
            return True
        first, last = 1, n
    else:
        first = max(1, math.ceil((start - s0) / ds))
        last = min(n, math.floor((end - s0) / ds))
    if first > last:
        return True
    return min(z0 + b * first - a * first * first, z0 + b * last - a * last * last) >= top


def predict_rest(level: Level, obj: str, speed: float, elevation: float,
                 wall_at: float | None = None) -> tuple[float, bool]:
    """How far (mm, horizontally from release) a lone body comes to rest, and whether it clears
    the wall whose middle is `wall_at` mm ahead of the release point (None: no wall check): its
    underside above the wall's top within one die side either side of that point."""
    wall = None
    if wall_at is not None:
        wall = (wall_at - level.dice.side, wall_at + level.dice.side, level.walls.height)
    f = predict(level, obj, speed, elevation, wall)
    return f.rest, f.clears


def arc(level: Level, num_players: int, seat: int, obj: str, aim: Any,
        every: int = 8) -> tuple[list[tuple[float, float, float]], bool]:
    """The flight of `aim` (a lone body thrown by `seat`) to its first touchdown, for the aim's
    preview: [(x, y, z)] in board millimetres every `every` steps of the world's flight (the same
    Euler steps as `predict`), the touchdown last; and whether it clears the seat's own wall (its
    underside above the wall's top while its centre is within half its height of the wall)."""
    height = level.diamond.thickness if obj == "diamond" else level.dice.height
    g, z = level.gravity, level.throw.hand_height - height / 2.0
    vz, vh = aim.speed * math.sin(aim.elevation), aim.speed * math.cos(aim.elevation)
    dx, dy = math.cos(aim.direction) * vh * DT, math.sin(aim.direction) * vh * DT
    wall = level.seat_wall(num_players, seat)
    nx, ny = math.cos(wall.angle), math.sin(wall.angle)
    near = wall.distance - height / 2.0
    far = wall.distance + level.walls.thickness + height / 2.0
    x, y = aim.x, aim.y
    points, clears = [(x, y, z)], True
    for n in range(1, MAX_STEPS + 1):
        x, y = x + dx, y + dy
        vz -= g * DT
        z += vz * DT
        if z <= 0.0:
            points.append((x, y, 0.0))
            break
        if near <= x * nx + y * ny <= far and z < level.walls.height:
            clears = False
        if n % every == 0:
            points.append((x, y, z))
    return points, clears
