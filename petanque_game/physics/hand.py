"""The thrower's hand: what chance adds to an aim when it leaves the hand.

A thrower decides an `Aim` only. The hand then adds what nobody chooses: a wobble (small errors
in the release point, heading, speed, elevation and spin, normal with the hand's standard
deviations, clamped back into the level's limits), the die's starting orientation, one of the 24
cube rotations with equal chance, and (physics version 3) the tumble, a whole number 0 to 2^32-1
that decides how the dice the throw knocks land (`knocked.py`). The match draws them from its own
keyed streams after the decision (`throwing.release`) and records the result as the throw's
`launch`; an AI that wants to know what its aim is worth samples hands from its own stream.

The orientation and the tumble come from streams of their own, drawn apart from the wobble, so a
record's orientations and tumbles can be checked against its seed whatever the aim was.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from petanque_game.physics.level import Level
from petanque_game.physics.throw import check_aim, release_zone
from petanque_game.rules.petanque_table import DIAMOND, HAND_NAMES, Aim, Launch

ORIENTATIONS = 24


@dataclass(frozen=True)
class Hand:
    """How steady a hand is: the standard deviation of each error it adds to an aim."""

    direction: float = 0.0  # rad
    speed: float = 0.0  # share of the aimed speed
    elevation: float = 0.0  # rad
    lateral: float = 0.0  # mm, the release point sideways along the wall
    spin: float = 0.0  # rad/s

    @property
    def steady(self) -> bool:
        return not any((self.direction, self.speed, self.elevation, self.lateral, self.spin))


STEADY = Hand()  # no wobble at all: the aim given is the aim thrown (records made before hands)

# The hands a person may throw with at the table (chosen per seat in the setup; the default in the
# settings). A record names each human seat's hand in its top-level "hands"; a record without
# one was played with steady hands.
PERSON_HANDS = dict(zip(HAND_NAMES, (
    Hand(direction=0.006, speed=0.009, elevation=0.008, lateral=2.5, spin=1.0),  # steady
    Hand(direction=0.018, speed=0.027, elevation=0.022, lateral=8.0, spin=2.0),  # normal
    Hand(direction=0.04, speed=0.06, elevation=0.05, lateral=16.0, spin=3.0),  # shaky
)))
DEFAULT_PERSON_HAND = "normal"


def draw_orientation(rng: random.Random) -> int:
    """The die's starting orientation in the hand (0-23), every one equally likely."""
    return rng.randrange(ORIENTATIONS)


def draw_tumble(rng: random.Random) -> int:
    """The chance in how the dice a throw knocks land (0 to TUMBLE_MAX, every one equally
    likely)."""
    return rng.getrandbits(32)


def wobble(level: Level, num_players: int, thrower: int, aim: Aim, hand: Hand,
           rng: random.Random) -> Aim:
    """The aim as `hand` throws it: each number off by the hand's normal error, then clamped back
    into the level's limits (a legal aim stays legal). A steady hand draws nothing."""
    if hand.steady:
        return Aim(aim.x, aim.y, aim.direction, aim.speed, aim.elevation, aim.spin)
    zone = release_zone(level, num_players, thrower)
    t = level.throw
    d, lateral = zone.local(aim.x, aim.y)
    lateral = max(-zone.half_width, min(zone.half_width, lateral + rng.gauss(0.0, hand.lateral)))
    depth = max(0.0, min(1.0, (d - zone.near) / (zone.far - zone.near)))
    x, y = zone.point(depth, lateral)
    inward = zone.wall.angle + math.pi
    off = math.remainder(aim.direction + rng.gauss(0.0, hand.direction) - inward, 2 * math.pi)
    direction = math.remainder(inward + max(-t.max_side_angle, min(t.max_side_angle, off)),
                               2 * math.pi)
    speed = min(t.max_speed, max(1.0, aim.speed * (1.0 + rng.gauss(0.0, hand.speed))))
    elevation = max(t.min_elevation,
                    min(t.max_elevation, aim.elevation + rng.gauss(0.0, hand.elevation)))
    spin = max(-t.max_spin, min(t.max_spin, aim.spin + rng.gauss(0.0, hand.spin)))
    return Aim(x, y, direction, speed, elevation, spin)


def release(level: Level, num_players: int, thrower: int, obj: str, aim: Aim, hand: Hand,
            orientation_rng: random.Random, wobble_rng: random.Random,
            tumble_rng: random.Random | None = None) -> Launch:
    """The launch that leaves `hand` when it throws `aim` (LaunchError for an aim the seat may
    not make). The diamond has no orientation that matters, and nothing lies on the board for it
    to knock: both are always 0 and draw nothing. `tumble_rng` None: a throw of physics version 2,
    which has no tumble."""
    check_aim(level, num_players, thrower, aim)
    orientation = 0 if obj == DIAMOND else draw_orientation(orientation_rng)
    tumble = None
    if tumble_rng is not None:
        tumble = 0 if obj == DIAMOND else draw_tumble(tumble_rng)
    a = wobble(level, num_players, thrower, aim, hand, wobble_rng)
    return Launch(a.x, a.y, a.direction, a.speed, a.elevation, a.spin, orientation, tumble)
