"""physics/predict.py: the closed-form flight of a lone body agrees with the AI's step-by-step
replica of the physics (ai/petanque.py `predict_rest`), which it is meant to replace."""

from __future__ import annotations

import math
import random

import pytest

from petanque_game.ai.petanque import predict_rest as stepped
from petanque_game.physics.level import level_names, load_named_level
from petanque_game.physics.predict import predict, predict_rest


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
    f = predict(100.0, 1000.0, 16.0, 0.3, 0.4, 0.3, 8000.0, math.radians(85.0))
    assert f.landing == math.inf and f.rest > 0


def test_a_wall_higher_than_the_arc_is_not_cleared():
    low = predict(9810.0, 150.0, 16.0, 0.3, 0.4, 0.3, 1000.0, 0.5, wall=(50.0, 80.0, 200.0))
    high = predict(9810.0, 150.0, 16.0, 0.3, 0.4, 0.3, 4000.0, 1.0, wall=(50.0, 80.0, 200.0))
    assert not low.clears and high.clears and high.landing > 80.0
