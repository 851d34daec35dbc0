"""Dice roll on the felt after they land (physics/rolling.py): edge over edge the way they travel,
losing energy at each turn, then slide to rest. The numbers the issue sets are measured by
benchmarks/bench_rolling.py; here each behaviour is checked on throws built for it."""

from __future__ import annotations

import math
import random
import statistics
from itertools import pairwise

import pytest

from petanque_game.ai.petanque import aim
from petanque_game.physics import cube
from petanque_game.physics.level import level_names, load_named_level
from petanque_game.physics.rolling import roll_speed
from petanque_game.physics.settle import landing
from petanque_game.physics.throw import release_zone, simulate_throw
from petanque_game.rules.petanque_table import Aim, DiamondRest, Table

CLASSIC = load_named_level("classic")
TABLE = Table(DiamondRest(280.0, 170.0, 0.0, True))  # out of the way, in a corner


def test_a_die_tips_over_only_above_the_speed_that_lifts_its_centre_over_an_edge():
    # g * side * (sqrt 2 - 1): 9810 mm/s^2, 16 mm dice
    assert roll_speed(9810.0, 16.0) == pytest.approx(254.9, abs=0.1)


def _flat(level, seat, speed, elevation_deg=8.0):
    zone = release_zone(level, 2, seat)
    x, y = zone.point(0.5, 0.0)
    inward = zone.wall.angle + math.pi
    return Aim(x, y, math.remainder(inward, 2 * math.pi), speed, math.radians(elevation_deg), 0.0)


def test_a_die_landing_fast_rolls_on_and_turns_over_on_the_felt():
    rng = random.Random(3)
    travels, turned = [], 0
    for i in range(40):
        chosen = aim(CLASSIC, 2, i % 2, (rng.uniform(-150, 150), rng.uniform(-100, 100)),
                     roll=rng.uniform(0.3, 1.0))
        seen = landing(CLASSIC, TABLE, 2, i % 2, "die", 0, chosen.launched(rng.randrange(24)))
        if seen.on_board and 1000.0 <= seen.speed <= 2000.0:
            travels.append(seen.travel)
            turned += seen.felt_turns > 0
    assert len(travels) >= 20
    assert 50.0 <= statistics.median(travels) <= 250.0
    assert turned > len(travels) / 2


def test_the_playback_shows_the_die_turning_over_on_the_felt():
    chosen = aim(CLASSIC, 2, 0, (0.0, 60.0), roll=0.9)
    result = simulate_throw(CLASSIC, TABLE, 2, 0, "die", 0, chosen.launched(0))
    thrown = len(result.path.bodies) - 1
    on_felt = [frame[thrown][4] for frame in result.path.frames if frame[thrown][2] == 0.0]
    changes = sum(1 for a, b in pairwise(on_felt) if a != b)
    assert changes >= 1, "the die's face never changed once it was on the felt"
    assert on_felt[-1] == result.table.dice[-1].orientation


def test_the_diamond_slides_it_never_rolls():
    chosen = aim(CLASSIC, 2, 0, (0.0, 0.0), roll=1.0, obj="diamond")
    seen = landing(CLASSIC, Table(), 2, 0, "diamond", None, chosen.launched())
    assert seen.felt_turns == 0


def test_rolling_keeps_the_faces_of_a_random_hand_fair():
    """Every turn on the felt is a fixed quarter turn whatever the face: a uniformly random
    starting orientation stays uniform (cube.py), so the faces of many throws are even."""
    rng = random.Random(8)
    counts = [0] * 6
    for i in range(600):
        chosen = aim(CLASSIC, 2, i % 2, (rng.uniform(-150, 150), rng.uniform(-100, 100)),
                     roll=rng.random(), spin=rng.uniform(-10, 10))
        face = landing(CLASSIC, TABLE, 2, i % 2, "die", 0,
                       chosen.launched(rng.randrange(24))).face
        counts[face - 1] += 1
    assert cube.face_chi_square(counts)[1] > 0.001, counts


@pytest.mark.parametrize("name", level_names())
def test_the_aim_foresees_the_roll_of_a_lone_die(name):
    """The AI's lone-body prediction rolls the die too: a die aimed at a free spot rests near it."""
    level = load_named_level(name)
    errors = []
    for seat in range(2):
        for roll in (0.2, 0.6, 0.9):
            target = (60.0 * (1 - 2 * seat), 30.0)
            chosen = aim(level, 2, seat, target, roll=roll)
            rest = simulate_throw(level, Table(DiamondRest(0.0, -300.0 if name != "round-table"
                                                           else -250.0, 0.0, True)),
                                  2, seat, "die", 0, chosen.launched(5)).table.dice[-1]
            errors.append(math.hypot(rest.x - target[0], rest.y - target[1]))
    assert statistics.median(errors) < 15.0, errors
