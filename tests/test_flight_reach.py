"""`flight.first_near_any`, the closed-form flight's one call for all it may meet, gives exactly
what `first_within` and `first_near_segment` give one by one (the least of them and the reach)."""

from __future__ import annotations

import random

from petanque_game.physics import flight


def _plain(px, py, dx, dy, circles, lines, margin, start, reach):
    for cx, cy, radius in circles:
        first = flight.first_within(px - cx, py - cy, dx, dy, radius + margin, start)
        if first is not None and first < reach:
            reach = first
    for ax, ay, bx, by, half in lines:
        first = flight.first_near_segment(px, py, dx, dy, ax, ay, bx, by, half + margin, start)
        if first is not None and first < reach:
            reach = first
    return reach


def test_the_one_call_gives_what_the_calls_one_by_one_give():
    rng = random.Random(7)
    for case in range(5000):
        circles = [(rng.uniform(-300, 300), rng.uniform(-300, 300), rng.uniform(1, 60))
                   for _ in range(rng.randrange(8))]
        lines = [(rng.uniform(-300, 300), rng.uniform(-300, 300), rng.uniform(-300, 300),
                  rng.uniform(-300, 300), rng.uniform(1, 20)) for _ in range(rng.randrange(5))]
        if case % 7 == 0:  # walls along the axes, and flights along them, as on a real board
            lines += [(-250.0, 260.0, 250.0, 260.0, 10.0), (260.0, -250.0, 260.0, 250.0, 10.0)]
        px, py = rng.uniform(-400, 400), rng.uniform(-400, 400)
        dx, dy = rng.uniform(-3, 3), rng.uniform(-3, 3)
        if case % 5 == 0:
            dx = 0.0
        if case % 11 == 0:
            dx = dy = 0.0
        margin, start = rng.uniform(0, 20), rng.randrange(0, 50)
        reach = rng.randrange(start, 2000)
        walls = tuple(flight.framed(*line) for line in lines)
        assert flight.first_near_any(px, py, dx, dy, circles, walls, margin, start, reach) == \
            _plain(px, py, dx, dy, circles, lines, margin, start, reach), case
