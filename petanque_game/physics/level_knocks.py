"""How fast a knock can send a body, checked against the thinnest wall or obstacle.

The throw's own speed is bounded by `throw.max_speed` (level_check.py), but a body set moving by
another can go faster than the thrower: a heavy die striking a light diamond gives it up to
(1 + e) * M / (M + m) times the die's speed in one blow, and a diamond caught between a wall and
a die still coming on is struck again and again, faster each time. No single blow's factor
bounds that; energy does. Every in-plane collision of the simulation loses energy (pymunk's
elasticity is the product of the two bodies', below 1), so no body ever carries more kinetic
energy than the throw brought in:

- the thrown die's: its speed, its spin (a square's moment, M s^2 / 6) and the push that slides
  it off a body it is perched on (only dice are thrown onto bodies: the diamond is thrown onto an
  empty board, rules/petanque_table.py);
- the push of its landing on a body, `tumble.drive * (1 + felt.restitution) * M / m` times its
  downward speed (airborne.py), which comes from the throw's upward share and the fall from the
  hand (the steeper the throw, the less of max_speed is left along the felt); a bounce comes
  down again with at most `felt.restitution` of the speed it landed with, so the pushes of all
  its landings add up to at most 1 / (1 - restitution) of the first.

A body of mass m can therefore move no faster than sqrt(2 E / m), and in one physics step (1/480
s) it must move less than half its narrowest width plus half the thinnest wall or obstacle, the
limit measured for tunnelling (docs/design.md#tunnelling).
"""

from __future__ import annotations

import math

from petanque_game.physics import geometry
from petanque_game.physics.level_play import SLIDE_OFF, STEPS_PER_SECOND, Fail, diamond_width
from petanque_game.physics.level_spec import Level


def energy(level: Level) -> tuple[float, float]:
    """The most kinetic energy (g mm^2 / s^2) a throw brings onto the board, at the elevation
    that brings the most: (the thrown die's, its landings' pushes')."""
    t = level.throw
    shares = [math.sin(t.min_elevation) ** 2, math.sin(t.max_elevation) ** 2]
    if t.min_elevation <= 0.0 <= t.max_elevation:
        shares.append(0.0)  # a level throw: all of max_speed along the felt
    return max((_energy(level, share) for share in shares), key=sum)


def _energy(level: Level, up: float) -> tuple[float, float]:
    """The energies of a throw at max_speed with the share `up` of its speed squared upwards."""
    d, t, e = level.dice, level.throw, level.felt.restitution
    along = t.max_speed * math.sqrt(1.0 - up) + SLIDE_OFF
    thrown = 0.5 * d.mass * (along * along + (d.side * t.max_spin) ** 2 / 6.0)
    down2 = t.max_speed ** 2 * up + 2.0 * level.gravity * t.hand_height  # the landing's speed^2
    lightest = min(d.mass, level.diamond.mass)  # a push gives the lighter body the most energy
    push = level.tumble.drive * (1.0 + e) * d.mass / lightest / (1.0 - e)
    return thrown, 0.5 * lightest * push * push * down2


def fastest(level: Level, mass: float) -> float:
    """The fastest (mm/s) a body of `mass` can ever move on this board."""
    return math.sqrt(2.0 * sum(energy(level)) / mass)


def thinnest(level: Level) -> tuple[str, float]:
    """The thinnest wall or obstacle: (its name in a message, its width in mm)."""
    best = ("the walls", level.walls.thickness)
    for ob in level.obstacles:
        width = geometry.width(ob.outline)
        if width < best[1]:
            best = (f"obstacle {ob.name!r}", width)
    return best


def check_knocks(level: Level, fail: Fail) -> None:
    """Refuse a board where a knock could send a body through a wall or obstacle in one step."""
    where, width = thinnest(level)

    def limit(narrow: float) -> float:  # mm/s: the fastest that cannot cross it in one step
        return (narrow + width) / 2.0 * STEPS_PER_SECOND

    bodies = [("the diamond", level.diamond.mass, limit(diamond_width(level))),
              ("a die", level.dice.mass, limit(level.dice.side))]
    what, mass, most = max(bodies, key=lambda b: fastest(level, b[1]) / b[2])
    speed = fastest(level, mass)
    if speed <= most:
        return
    thrown, pushed = energy(level)
    drive = "a lower tumble.drive or felt.restitution"
    if mass < level.dice.mass:
        key, change = "diamond.mass", "a heavier diamond or lighter dice" + \
            (f" ({drive})" if pushed > thrown else "")
    elif pushed > thrown:
        key, change = "tumble.drive", drive
    else:
        key, change = "throw.max_speed", "a lower throw.max_speed or throw.max_spin"
    raise fail(key, f"a knock could send {what} at up to {speed / 1000:.3g} m/s, through "
               f"{where} ({width:.3g} mm) in one physics step (at most {most / 1000:.3g} m/s "
               f"here): make {change}, or the walls and obstacles thicker")
