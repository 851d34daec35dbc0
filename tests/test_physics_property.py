"""Property test: no throw the UI or AI can make sends a body through a wall, out of the world,
onto an obstacle, into another body or to NaN (docs/design.md#what-must-never-break)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from petanque_game.ai.petanque import aim
from petanque_game.physics import cube, geometry
from petanque_game.physics.level import level_names, load_named_level
from petanque_game.physics.throw import release_zone, simulate_throw
from petanque_game.rules.petanque_table import DiamondRest, DieRest, Launch, Table

LEVELS = {name: load_named_level(name) for name in level_names()}


def random_table(level, rng: random.Random, thrower: int, count: int) -> Table:
    """A table at rest: the diamond and up to `count` dice, on the board apart, or off it."""
    side = level.dice.side
    placed = [ob.outline for ob in level.obstacles]

    def free_spot(local):
        for _ in range(200):
            x = rng.uniform(-level.board.extent, level.board.extent)
            y = rng.uniform(-level.board.extent, level.board.extent)
            angle = rng.uniform(-math.pi, math.pi)
            poly = geometry.placed(local, x, y, angle)
            if all(level.board.contains(px, py) for px, py in poly) and \
                    all(geometry.outline_distance(poly, o) > 0.5 for o in placed):
                placed.append(poly)
                return x, y, angle
        return None

    dx, dy, da = free_spot(geometry.rhombus(level.diamond.long_diagonal,
                                            level.diamond.short_diagonal))
    owners = [(p, d) for p in range(4) for d in (0, 1) if (p, d) != (thrower, 0)]
    rng.shuffle(owners)
    dice = []
    for player, die in owners[:count]:
        o = rng.randrange(24)
        spot = free_spot(geometry.square(side)) if rng.random() < 0.85 else None
        if spot is None:
            dice.append(DieRest(player, die, rng.uniform(-900, 900), rng.uniform(-900, 900), 0.0,
                                cube.TOP_FACE[o], False, player, None, o))
        else:
            dice.append(DieRest(player, die, *spot, cube.TOP_FACE[o], True, None, 1.0, o))
    return Table(DiamondRest(dx, dy, da, True), tuple(dice))


def launch_from(level, num_players, thrower, u):
    zone = release_zone(level, num_players, thrower)
    t = level.throw
    x, y = zone.point(u[0], (2 * u[1] - 1) * zone.half_width)
    direction = zone.wall.angle + math.pi + (2 * u[2] - 1) * t.max_side_angle
    return Launch(x, y, math.remainder(direction, 2 * math.pi), max(1.0, u[3] * t.max_speed),
                  t.min_elevation + u[4] * (t.max_elevation - t.min_elevation),
                  (2 * u[5] - 1) * t.max_spin, int(u[6] * 23.999))


def check_settled(level, tb: Table, res, thrower: int) -> None:
    after = res.table
    assert len(after.dice) == len(tb.dice) + 1
    half = level.world_half_size
    dm = after.diamond
    assert dm is not None and dm.on_board
    for v in (dm.x, dm.y, dm.angle):
        assert math.isfinite(v)
    bodies = [geometry.placed(geometry.rhombus(level.diamond.long_diagonal - 1.0,
                                               level.diamond.short_diagonal - 1.0),
                              dm.x, dm.y, dm.angle)]
    assert level.board.contains(dm.x, dm.y)
    for before, d in zip(tb.dice, after.dice):
        assert (d.player, d.die) == (before.player, before.die)
        if not before.on_board:
            assert d == before
    for d in after.dice:
        for v in (d.x, d.y, d.angle):
            assert math.isfinite(v)
        assert d.face == cube.TOP_FACE[d.orientation]
        if d.on_board:
            assert level.board.contains(d.x, d.y)
            assert d.off_during is None and d.distance is not None and d.distance >= 0.0
            bodies.append(geometry.placed(geometry.square(level.dice.side - 1.0), d.x, d.y,
                                          d.angle))
        else:
            assert d.distance is None and d.off_during is not None
            assert abs(d.x) <= half and abs(d.y) <= half
    statics = [ob.outline for ob in level.obstacles]
    statics += [level.wall_outline(w) for w in level.walls.sides and
                [s.name for s in level.walls.sides]]
    for i, body in enumerate(bodies):
        for s in statics:
            assert not geometry.overlap(body, s), f"body {i} overlaps an obstacle or wall"
        for other in bodies[i + 1:]:
            assert not geometry.overlap(body, other), "two bodies overlap at rest"
    for frame in (res.path.frames if res.path else ()):
        for x, y, z, _angle, _orientation in frame:
            assert math.isfinite(x) and math.isfinite(y) and math.isfinite(z)
            assert abs(x) <= half and abs(y) <= half and z >= 0.0


unit = st.floats(0.0, 1.0)


def aimed_launch(level, num_players, thrower, tb, u):
    """What the AI throws: aimed at (or near) the diamond or a die, with any roll and spin."""
    targets = [(tb.diamond.x, tb.diamond.y)] + [(d.x, d.y) for d in tb.dice if d.on_board]
    tx, ty = targets[int(u[0] * len(targets) * 0.999)]
    return aim(level, num_players, thrower, (tx + 60 * (u[1] - 0.5), ty + 60 * (u[2] - 0.5)),
               roll=u[4], spin=(2 * u[5] - 1) * level.throw.max_spin,
               depth=u[3]).launched(int(u[6] * 23.999))


def _property(name, num_players, thrower, seed, count, u, aimed=False):
    level = LEVELS[name]
    thrower %= num_players
    tb = random_table(level, random.Random(seed), thrower, count)
    if aimed:
        launch = aimed_launch(level, num_players, thrower, tb, u)
    else:
        launch = launch_from(level, num_players, thrower, u)
    res = simulate_throw(level, tb, num_players, thrower, "die", 0, launch)
    check_settled(level, tb, res, thrower)


_args = {"name": st.sampled_from(sorted(LEVELS)), "num_players": st.integers(2, 4),
         "thrower": st.integers(0, 3), "seed": st.integers(0, 2**32),
         "count": st.integers(0, 7), "u": st.tuples(*[unit] * 7), "aimed": st.booleans()}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**_args)
def test_any_legal_throw_ends_on_or_off_the_board_cleanly(name, num_players, thrower, seed,
                                                          count, u, aimed):
    _property(name, num_players, thrower, seed, count, u, aimed)


@pytest.mark.slow
@settings(max_examples=10000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**_args)
def test_any_legal_throw_ends_cleanly_many(name, num_players, thrower, seed, count, u, aimed):
    _property(name, num_players, thrower, seed, count, u, aimed)


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_crowded_tables_random_throws(name):
    """Seeded sweep over every seat count, with full tables (7 dice + the diamond)."""
    level = LEVELS[name]
    rng = random.Random(name)
    for i in range(40):
        num_players = 2 + i % 3
        thrower = i % num_players
        tb = random_table(level, rng, thrower, 7)
        u = tuple(rng.random() for _ in range(7))
        if i % 2:
            launch = aimed_launch(level, num_players, thrower, tb, u)
        else:
            launch = launch_from(level, num_players, thrower, u)
        res = simulate_throw(level, tb, num_players, thrower, "die", 0, launch)
        check_settled(level, tb, res, thrower)
