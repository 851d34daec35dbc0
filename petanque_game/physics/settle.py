"""Reading a throw's world back: the settled Table, the path, and the benchmark's baseline.

`run_throw` runs a `world.World` to rest, reads where every body on the board came to rest
(once: the table and the path's last frame are made from those readings), makes sure nothing at
rest lies beyond the edge, lays a diamond that went off at the nearest free spot to the centre
(`off_board.free_spot`), measures every die's outline distance to the diamond, and packs the
frames into a `results.Path`. `landing` tells `benchmarks/bench_rolling.py` how the thrown die
came down; `baseline` and `bare_space` give `benchmarks/bench_throw.py` the same bodies stepped
bare by public `Space.step` calls, its yardstick.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pymunk

from petanque_game.physics import cube, geometry
from petanque_game.physics.build import FPS, add_friction
from petanque_game.physics.level import Level
from petanque_game.physics.off_board import free_spot
from petanque_game.physics.results import Path, ThrowResult
from petanque_game.physics.world import World
from petanque_game.rules.petanque_table import DIAMOND, DiamondRest, DieRest, Launch, Table


def run_throw(level: Level, table: Table, num_players: int, thrower: int, obj: str,
              die: int | None, launch: Launch, record_path: bool) -> ThrowResult:
    world = World(level, table, num_players, thrower, obj, die, launch, record_path)
    steps = world.run()
    read_rest(world)
    if record_path:  # the last frame shows exactly where everything came to rest
        world.frames[-1] = tuple([it.entry for it in world.items])
    table_after = _settled_table(world)  # first: it lays a reset diamond, the path shows that
    path = _path(world) if record_path else None
    world.finish()
    return ThrowResult(table_after, path, steps, world.settled,
                       steps - world.flier.steps_skipped)


def read_rest(world: World) -> None:
    """Where every body in the world came to rest, read once into its entry (the checks keep
    the entries only while a path is recorded); belt and braces: nothing at rest beyond the
    edge."""
    contains = world.contains
    for it in list(world.live):
        body = it.body
        # untouched and never set moving, it lies where it was placed (`world.py`)
        x, y = body.position if it.awake or it.touched else it.placed
        if not contains(x, y):
            world.fall_off(it, x, y, body.angle)
            it.off_frame = max(0, len(world.frames) - 1)
        else:
            it.entry = (x, y, 0.0, body.angle, it.orientation)


# Outline distances already measured, by the die's outline and place and the diamond's: the
# throws of an AI's search start from one table, and most leave most dice and the diamond where
# they lay, so their distances are the same numbers again (the same function of the same floats).
DISTANCES_KEPT = 4096
_DISTANCES: dict[tuple, float] = {}


def _settled_table(world: World) -> Table:
    """The Table at rest: bodies on the board where `run_throw` read them (their entries)."""
    diamond_rest = None
    diamond_poly = diamond_key = None
    dice: list[DieRest] = []
    tau = 2.0 * math.pi
    for it in world.items:
        if it.kind == DIAMOND:
            if it.on:
                x, y, _, angle, _ = it.entry
                angle = math.remainder(angle, tau)
                diamond_rest = DiamondRest(x, y, angle, True, False)
            else:
                spot = free_spot(world.board, world.others(it),
                                 it.outline_at(0.0), 0.0, 0.0)
                x, y = spot if spot is not None else (0.0, 0.0)
                angle = 0.0
                diamond_rest = DiamondRest(x, y, 0.0, True, True)
                it.entry = (x, y, 0.0, 0.0, 0)
            diamond_poly = it.outline(x, y, angle)
            diamond_key = (it.local, x, y, angle)
    for it in world.items:
        if it.kind == DIAMOND:
            continue
        if it.was_off:
            assert isinstance(it.rest, DieRest)  # only a die of the table can be off before
            dice.append(it.rest)  # off the board before this throw: as it was
            continue
        x, y, _, angle, _ = it.entry
        angle = math.remainder(angle, tau)
        orientation = it.orientation
        if it.on:
            distance = None
            if diamond_poly is not None:
                key = (it.local, x, y, angle, diamond_key)
                distance = _DISTANCES.get(key)
                if distance is None:
                    if len(_DISTANCES) >= DISTANCES_KEPT:
                        _DISTANCES.clear()
                    distance = geometry.outline_distance(it.outline(x, y, angle), diamond_poly)
                    _DISTANCES[key] = distance
            dice.append(DieRest(it.player, it.die, x, y, angle, cube.TOP_FACE[orientation],
                                True, None, distance, orientation))
        else:
            dice.append(DieRest(it.player, it.die, x, y, angle, cube.TOP_FACE[orientation],
                                False, world.thrower, None, orientation))
    return Table(diamond_rest, tuple(dice))


def _path(world: World) -> Path:
    bodies = tuple((it.kind, it.player, it.die) for it in world.items)
    if world.frames and any(it.kind == DIAMOND and not it.on for it in world.items):
        world.frame()  # the reset diamond, laid at the centre, in a last frame
    return Path(FPS, bodies, tuple(world.frames), tuple(it.off_frame for it in world.items))


@dataclass(frozen=True)
class Landing:
    """For the rolling benchmark: how the thrown die came down and what it did after."""

    speed: float | None  # mm/s along the felt as it first came down, before the landing's brake
    travel: float | None  # mm from its first touchdown to where it rests
    felt_turns: int  # turn-overs while rolling on the felt (all dice of the throw)
    face: int  # 0 for the diamond
    on_board: bool


def landing(level: Level, table: Table, num_players: int, thrower: int, obj: str,
            die: int | None, launch: Launch) -> Landing:
    world = World(level, table, num_players, thrower, obj, die, launch, False)
    world.run()
    read_rest(world)
    table_after = _settled_table(world)
    world.finish()
    rest = table_after.dice[-1] if obj != DIAMOND else table_after.diamond
    assert rest is not None  # a thrown diamond lies on the board or is laid back on it
    travel = None
    first = world.flier.first_touchdown
    if first is not None:
        travel = math.hypot(rest.x - first[0], rest.y - first[1])
    return Landing(world.flier.landing_speed, travel, world.roller.turns, getattr(rest, "face", 0),
                   rest.on_board)


def baseline(level: Level, table: Table, num_players: int, thrower: int, obj: str,
             die: int | None, launch: Launch) -> tuple[tuple[float, ...] | None, frozenset[int]]:
    """For the benchmark: where and how the thrown body first comes down (x, y, angle, vx, vy,
    spin), and which bodies (indices in Path.bodies order) got friction joints in the throw."""
    world = World(level, table, num_players, thrower, obj, die, launch, False)
    world.run()
    used = frozenset(i for i, it in enumerate(world.items) if it.pivot is not None)
    world.finish()
    return world.flier.first_touchdown, used


def bare_space(level: Level, table: Table, num_players: int, thrower: int, obj: str,
               die: int | None, launch: Launch, start: tuple[float, ...] | None = None,
               friction_for: frozenset[int] | None = None) -> pymunk.Space:
    """The benchmark's baseline: the same bodies and shapes with no callbacks and no flight; the
    thrown body starts on the board at `start` (see `baseline`), friction on. Friction joints on
    every body (the plain way), or only on the bodies in `friction_for`. The world's parts stay
    in the space returned (they are never given back: the next throw makes new ones)."""
    world = World(level, table, num_players, thrower, obj, die, launch, False, callbacks=False)
    for i, other in enumerate(world.items):
        if other.in_world and other.pivot is None and (friction_for is None or i in friction_for):
            add_friction(world.space, world.static_body, other)
    it = world.thrown
    world.flier.land()
    if start is not None:
        x, y, angle, vx, vy, spin = start
        it.body.position, it.body.angle = (x, y), angle
        it.body.velocity, it.body.angular_velocity = (vx, vy), spin
    return world.space
