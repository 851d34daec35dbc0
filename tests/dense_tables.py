"""Crowded tables for testing the physics hard: dice packed round the diamond, and what must hold
after any throw onto them (test support, not part of the game: used by
tests/test_physics_dense.py and benchmarks/bench_dense.py).

`dense_table` lays the diamond near the centre and 5-7 dice of a 4-player round within about
20 mm of it, none overlapping; `throw_at` throws the round's last die at it, aimed at the diamond
with a hand's wobble or wild; `problems` lists what is wrong with a settled throw: the time cap
reached, bodies at rest overlapping each other, a wall or an obstacle (a die off the board
included: it lies on the floor beyond the board and the walls).
"""

from __future__ import annotations

import math
import random

from petanque_game.physics import cube, geometry
from petanque_game.physics.build import kind_plan
from petanque_game.physics.level import Level
from petanque_game.physics.results import ThrowResult
from petanque_game.physics.throw import random_launch, simulate_throw
from petanque_game.rules.petanque_table import DiamondRest, DieRest, Table

PLAYERS = 4
OVERLAP = 0.25  # mm: deeper than this, two outlines at rest overlap (the rest check's bound)


def dense_table(level: Level, rng: random.Random, lying: int) -> Table:
    """The diamond near the centre and `lying` dice (at most 7) within about 20 mm of it."""
    diamond = DiamondRest(rng.uniform(-30, 30), rng.uniform(-30, 30), rng.uniform(-3.2, 3.2),
                          True)
    shapes = [_outline(level, "diamond", diamond.x, diamond.y, diamond.angle)]
    shapes += [ob.outline for ob in level.obstacles]
    owners = [(p, d) for d in (0, 1) for p in range(PLAYERS)][:lying]
    dice = []
    reach = level.dice.side * math.sqrt(0.5) + level.diamond.long_diagonal / 2.0 + 20.0
    for player, die in owners:
        for _ in range(400):
            r, a = rng.uniform(0.0, reach), rng.uniform(0.0, 2.0 * math.pi)
            x, y = diamond.x + r * math.cos(a), diamond.y + r * math.sin(a)
            angle = rng.uniform(-3.2, 3.2)
            poly = _outline(level, "die", x, y, angle)
            if all(geometry.outline_distance(poly, s) > 0.05 for s in shapes):
                break
        else:
            continue  # no room left for this die: the table holds fewer
        shapes.append(poly)
        distance = geometry.outline_distance(poly, shapes[0])
        o = rng.randrange(24)
        dice.append(DieRest(player, die, x, y, angle, cube.TOP_FACE[o], True, None, distance, o))
    return Table(diamond, tuple(dice))


def throw_at(level: Level, table: Table, rng: random.Random, wild: bool) -> ThrowResult:
    """The last die of the round thrown at the crowded table, from its owner's seat."""
    from petanque_game.ai.petanque import HANDS, aim
    from petanque_game.physics.hand import wobble

    thrown = {(d.player, d.die) for d in table.dice}
    player, die = next((p, d) for d in (1, 0) for p in range(PLAYERS) if (p, d) not in thrown)
    if wild:
        launch = random_launch(level, PLAYERS, player, rng)
    else:
        dm = table.diamond
        chosen = aim(level, PLAYERS, player, (dm.x + rng.uniform(-15, 15),
                                               dm.y + rng.uniform(-15, 15)),
                     roll=rng.random(), spin=rng.uniform(-10.0, 10.0))
        launch = wobble(level, PLAYERS, player, chosen, HANDS["medium"], rng).launched(
            rng.randrange(24))
    return simulate_throw(level, table, PLAYERS, player, "die", die, launch, record_path=False)


def problems(level: Level, result: ThrowResult) -> list[str]:
    """What is wrong with a settled throw, in words; empty when nothing is."""
    found = []
    if not result.settled:
        found.append("reached the time cap")
    table = result.table
    bodies = [("diamond", _outline(level, "diamond", table.diamond.x, table.diamond.y,
                                   table.diamond.angle), True)]
    bodies += [(f"die {d.player}/{d.die}", _outline(level, "die", d.x, d.y, d.angle), d.on_board)
               for d in table.dice]
    fixed = [(f"wall {w.name}", level.wall_outline(w.name))
             for w in (level.walls.named(n) for n in level.seats[PLAYERS])]
    fixed += [(f"obstacle {ob.name}", ob.outline) for ob in level.obstacles]
    for i, (name, poly, on) in enumerate(bodies):
        for other, fixed_poly in fixed:
            d = geometry.penetration(poly, fixed_poly)
            if d > OVERLAP:
                found.append(f"{name} overlaps {other} by {d:.2f} mm")
        if not on:
            continue  # on the floor beyond the board: only the walls are there with it
        for other, other_poly, other_on in bodies[i + 1:]:
            if other_on:
                d = geometry.penetration(poly, other_poly)
                if d > OVERLAP:
                    found.append(f"{name} overlaps {other} by {d:.2f} mm")
    return found


def _outline(level: Level, kind: str, x: float, y: float, angle: float) -> geometry.Polygon:
    """A body's outline where it lies: the same local outline the world builds it from."""
    return geometry.placed(kind_plan(level, kind).local, x, y, angle)
