"""A die rolling over the felt: edge over edge in the way it travels, then sliding to rest.

A die that reaches the felt fast enough does not slide: it tips over its leading edge, lands on
the next face and tips again. Each tip lifts its centre from half a side to half a diagonal, so
it needs a speed of at least ROLL_SPEED = sqrt(g * side * (sqrt(2) - 1)) (the kinetic energy per
gram that lifts the centre by side * (sqrt(2) - 1) / 2); below it the die slides to rest under the
felt's friction as before.

While a die rolls:
- for every side length it covers it turns a quarter turn about the horizontal axis across its
  travel (`cube.roll` towards its heading, in its own yaw frame), so the face on top walks
  through the 24 orientations as a real die's does;
- each turn costs energy: the face slapping down keeps the share `felt.roll_keep` of the die's
  kinetic energy (its speed and spin are scaled by the square root of that share);
- in between, the felt resists it by `felt.roll_friction` (a rolling resistance, in the place of
  the sliding friction `felt.friction`, through the same PivotJoint: `build.add_friction`).
Hits from other bodies and the die's spin act as before: a die knocked hard enough rolls too.

`Roller` is owned by one throw's world. It keeps no state of its own but the dice rolling now and
the distance each has covered since its last turn; the world tells it when a die starts to move on
the felt (`consider`) and calls `step` after every physics step while any die rolls. Everything
happens in a fixed order (the dice in the world's item order), with no random numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from math import atan2, hypot
from typing import TYPE_CHECKING

from petanque_game.physics import cube

if TYPE_CHECKING:  # neither is needed to run: predictions roll without pymunk
    from petanque_game.physics.item import Item
    from petanque_game.physics.level_spec import Level


def roll_speed(gravity: float, side: float) -> float:
    """The least speed (mm/s) at which a die of `side` mm tips over its leading edge."""
    return math.sqrt(gravity * side * (math.sqrt(2.0) - 1.0))


def roll_on(level: Level, s: float, vh: float) -> tuple[float, float]:
    """A lone die rolling on from `s` mm at `vh` mm/s, as `Roller` rolls it: where it stops
    rolling, and how fast it still slides then (for predictions: `predict.py`)."""
    side, felt = level.dice.side, level.felt
    threshold = roll_speed(level.gravity, side)
    brake = 2.0 * felt.roll_friction * level.gravity * side  # v^2 lost to resistance per side
    while vh >= threshold:
        v2 = vh * vh - brake
        if v2 <= 0.0:
            return s + side * vh * vh / brake, 0.0
        s += side
        vh = math.sqrt(v2 * felt.roll_keep)
    return s, vh


class Roller:
    """The dice of one throw's world that are rolling on the felt."""

    def __init__(self, level: Level, dt: float):
        felt = level.felt
        self.side = level.dice.side
        self.threshold = roll_speed(level.gravity, level.dice.side)
        self.keep = math.sqrt(felt.roll_keep)  # the share of speed kept at each turn
        self.resistance = felt.roll_friction / felt.friction  # of the sliding friction's force
        self.dt = dt
        self.rolling: list = []  # items, in the world's item order
        self.turns = 0  # turn-overs on the felt so far in this throw (for the benchmark)

    @property
    def active(self) -> bool:
        return bool(self.rolling)

    def consider(self, it: Item, index_of: Callable[[Item], int]) -> None:
        """A die on the felt has been set moving: it rolls when it is fast enough."""
        if it.kind != "die" or it in self.rolling or it.pivot is None:
            return
        vx, vy = it.body.velocity
        if vx * vx + vy * vy < self.threshold * self.threshold:
            return
        it.rolled = 0.0
        it.pivot.max_force = it.force * self.resistance
        self.rolling.append(it)
        self.rolling.sort(key=index_of)

    def step(self) -> None:
        """After one physics step: turn the dice that have covered a side, stop the slow ones."""
        threshold, side, dt = self.threshold, self.side, self.dt
        stopped: list = []  # (Item)
        for it in self.rolling:
            if not it.in_world:
                stopped.append(it)
                continue
            body = it.body
            vx, vy = body.velocity
            speed = hypot(vx, vy)
            if speed < threshold:
                it.pivot.max_force = it.force  # too slow to tip: it slides to rest
                stopped.append(it)
                continue
            rolled = it.rolled + speed * dt
            if rolled >= side:
                rolled -= side
                k = cube.direction_index(atan2(vy, vx) - body.angle)
                it.orientation = cube.roll(it.orientation, k, 1)
                keep = self.keep
                body.velocity = (vx * keep, vy * keep)
                body.angular_velocity = body.angular_velocity * keep
                self.turns += 1
            it.rolled = rolled
        if stopped:
            self.rolling = [it for it in self.rolling if it not in stopped]
