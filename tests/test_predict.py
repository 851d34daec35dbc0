"""physics/predict.py: the closed-form flight of a lone body agrees with a plain step-by-step
replica of the same model (below), and with the physics itself for a lone die."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from petanque_game.physics.level import level_names, load_named_level
from petanque_game.physics.predict import predict, predict_rest
from petanque_game.physics.rolling import roll_on

DT, HOP_MIN = 1.0 / 480.0, 100.0
CLASSIC = load_named_level("classic")


def stepped(level, obj, speed, elevation, wall_at=None):
    """The lone body's flight one 1/480 s step at a time: what predict.py sums in closed form."""
    g = level.gravity
    height = level.diamond.thickness if obj == "diamond" else level.dice.height
    e, lf = level.felt.restitution, level.felt.landing_friction
    z = level.throw.hand_height - height / 2.0
    vz, vh = speed * math.sin(elevation), speed * math.cos(elevation)
    s, clears, landed = 0.0, True, False
    for _ in range(20 * 480):
        s += vh * DT
        vz -= g * DT
        z += vz * DT
        if wall_at is not None and wall_at - level.dice.side <= s <= wall_at + level.dice.side \
                and z < level.walls.height:
            clears = False
        if z <= 0.0:
            landed = True
            vi = -vz
            vh = max(0.0, vh - lf * (1.0 + e) * vi)
            if e * vi < HOP_MIN:
                break
            z, vz = 0.0, e * vi
    if obj != "diamond" and landed:
        s, vh = roll_on(level, s, vh)
    a = level.felt.friction * g
    return s + max(0.0, vh * vh / (2.0 * a) - vh * DT / 2.0), clears


@pytest.mark.parametrize("name", level_names())
def test_closed_form_flight_agrees_with_the_step_by_step_one(name):
    lv = load_named_level(name)
    rng = random.Random(7)
    for _ in range(400):
        obj = rng.choice(["die", "diamond"])
        speed = rng.uniform(1.0, lv.throw.max_speed)
        elevation = rng.uniform(lv.throw.min_elevation, lv.throw.max_elevation)
        wall_at = rng.choice([None, rng.uniform(20.0, 400.0)])
        want = stepped(lv, obj, speed, elevation, wall_at)
        got = predict_rest(lv, obj, speed, elevation, wall_at)
        assert got[1] == want[1]
        assert math.isclose(got[0], want[0], rel_tol=1e-9, abs_tol=1e-6)


def test_a_body_that_never_lands_within_the_time_cap_has_no_landing():
    moon = replace(CLASSIC, gravity=100.0, throw=replace(CLASSIC.throw, hand_height=1000.0))
    f = predict(moon, "die", 8000.0, math.radians(85.0))
    assert f.landing == math.inf and f.rest > 0


def test_a_wall_higher_than_the_arc_is_not_cleared():
    low = predict(CLASSIC, "die", 1000.0, 0.5, wall=(50.0, 80.0, 200.0))
    high = predict(CLASSIC, "die", 4000.0, 1.0, wall=(50.0, 80.0, 200.0))
    assert not low.clears and high.clears and high.landing > 80.0


def test_the_aim_preview_arc_comes_down_where_the_prediction_lands():
    """The window's preview (`arc`) and the AI's prediction (`predict`) are one model: the arc's
    touchdown is the predicted first landing, and both agree on the wall."""
    from petanque_game.ai.petanque import aim
    from petanque_game.physics.predict import arc

    for target, roll in (((0.0, 0.0), 0.2), ((60.0, -40.0), 0.7), ((-80.0, 90.0), 1.0)):
        chosen = aim(CLASSIC, 2, 0, target, roll=roll)
        points, clears = arc(CLASSIC, 2, 0, "die", chosen)
        landed = math.hypot(points[-1][0] - chosen.x, points[-1][1] - chosen.y)
        flight = predict(CLASSIC, "die", chosen.speed, chosen.elevation)
        assert points[-1][2] == 0.0 and clears
        assert math.isclose(landed, flight.landing, rel_tol=1e-9, abs_tol=1e-6)
