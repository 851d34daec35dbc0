"""The closest-chance sums of the Terningepetanque AI's worth, worked out the short way, are the
plain sums over every grid step and seat, bit for bit (`petanque_worth._closest_chances`: the
expert's search sums them once for every throw it simulates, so they were made cheaper; the
same numbers keep its decisions the same); and so is `points_worth`, the mean over the thrown
die's six faces of `lead`, worked out with only the thrown die's owner's points made again for
each face."""

from __future__ import annotations

import dataclasses
import math
import random

from petanque_game.ai import petanque_worth
from petanque_game.ai.petanque_worth import (
    FAR,
    GRID,
    Situation,
    _closest_chances,
    lead,
    penalties_after,
    points_worth,
)
from petanque_game.rules.petanque_table import DiamondRest, DieRest, Table
from petanque_game.rules.terningepetanque import reckoned_distance


def _plain(table: Table, n: int, to_come: tuple[int, ...]) -> list[float]:
    """Every grid step, every seat, every other seat: the sums as first written."""
    best = [math.inf] * n
    for d in table.dice:
        if d.on_board:
            best[d.player] = min(best[d.player], reckoned_distance(d))
    steps = int(FAR / GRID)
    survival = [[(1.0 if i * GRID < best[s] or i == 0 else 0.0) * petanque_worth._MISSES[i] **
                 to_come.count(s) for i in range(steps + 1)] for s in range(n)]
    chances = [0.0] * n
    for i in range(steps):
        for seat in range(n):
            mass = survival[seat][i] - survival[seat][i + 1]
            if mass <= 0.0:
                continue
            others = 1.0
            for other in range(n):
                if other != seat:
                    others *= (survival[other][i] + survival[other][i + 1]) / 2.0
            chances[seat] += mass * others
    return chances


def test_the_short_sums_are_the_plain_sums_bit_for_bit():
    rng = random.Random(18)
    for _ in range(500):
        n = rng.choice((2, 3, 4))
        dice = []
        for player in range(n):
            for die in (0, 1):
                if rng.random() < 0.6:
                    on = rng.random() < 0.85
                    distance = rng.choice((0.0, rng.uniform(0, 400), rng.uniform(0, 40),
                                           float(rng.randrange(0, 300, 2))))
                    dice.append(DieRest(player, die, 0.0, 0.0, 0.0, 1, on, None,
                                        distance if on else None, 0))
        to_come = tuple(rng.randrange(n) for _ in range(rng.randrange(0, 2 * n)))
        table = Table(DiamondRest(0.0, 0.0, 0.0, True), tuple(dice))
        assert _closest_chances(table, n, to_come) == _plain(table, n, to_come)


def _plain_points_worth(table: Table, situation: Situation) -> float:
    """The mean of `lead` over the thrown die's faces, each face on a table of its own."""
    penalties = penalties_after(table, situation)
    *before, thrown = table.dice
    total = 0.0
    for face in range(1, 7):
        as_if = Table(table.diamond, (*before, dataclasses.replace(thrown, face=face)))
        total += lead(as_if, situation.thrower, penalties, situation.to_come)
    return total / 6.0


def _random_table(rng: random.Random, n: int, thrower: int) -> Table:
    """Dice of every seat on the board, off it (lost in their owner's throw or another's) or
    not yet thrown, at distances that tie, touch and differ; the thrower's die thrown last."""
    dice = []
    for player in range(n):
        for die in (0, 1):
            if (player, die) != (thrower, 1) and rng.random() < 0.7:
                dice.append(_random_die(rng, n, player, die))
    dice.append(_random_die(rng, n, thrower, 1))
    return Table(DiamondRest(0.0, 0.0, 0.0, True, rng.random() < 0.1), tuple(dice))


def _random_die(rng: random.Random, n: int, player: int, die: int) -> DieRest:
    face = rng.randint(1, 6)
    if rng.random() < 0.8:
        distance = rng.choice((0.0, 0.5, 10.0, rng.uniform(0, 300), rng.uniform(0, 40)))
        return DieRest(player, die, 0.0, 0.0, 0.0, face, True, None, distance, 0)
    return DieRest(player, die, 0.0, 0.0, 0.0, face, False,
                   rng.choice((None, player, rng.randrange(n))), None, 0)


def test_points_worth_is_the_plain_mean_over_the_faces_bit_for_bit():
    rng = random.Random(1818)
    for _ in range(1000):
        n = rng.choice((2, 3, 4))
        thrower = rng.randrange(n)
        table = _random_table(rng, n, thrower)
        to_come = tuple(rng.randrange(n) for _ in range(rng.choice((0, 0, 1, 2, 5))))
        penalties = tuple(rng.choice((0, 0, -5, -10)) for _ in range(n))
        situation = Situation(table, n, thrower, "die", 1, penalties, to_come)
        assert points_worth(table, situation) == _plain_points_worth(table, situation)


def _lying(*distances: float) -> Table:
    """One die of each seat on the board, at these distances from the diamond (0: touching)."""
    return Table(DiamondRest(0.0, 0.0, 0.0, True),
                 tuple(DieRest(seat, 0, 0.0, 0.0, 0.0, 1, True, None, d, 0)
                       for seat, d in enumerate(distances)))


def test_a_die_touching_the_diamond_is_the_likeliest_to_end_closest():
    # a touching die is reckoned at 0 mm: it used to fall before the first grid step, so its
    # seat had no chance of ending closest and no seat had any (the chances summed to 0)
    for to_come in ((), (1,), (1, 1), (0, 1)):
        touching = _closest_chances(_lying(0.0, 50.0), 2, to_come)
        assert math.isclose(sum(touching), 1.0, abs_tol=1e-3), (to_come, touching)
        assert touching == _closest_chances(_lying(1.0, 50.0), 2, to_come)  # the same step
        assert touching[0] > 0.8
    both = _closest_chances(_lying(0.0, 0.0, 80.0), 3, (2,))
    assert both[0] == both[1] and both[0] > 0.45  # two touching share it
    # and what the die is worth: the thrower's lead counts its face
    table = _lying(0.0, 50.0)
    assert lead(table, 0, (0, 0), (1,)) > 0.5 > lead(table, 1, (0, 0), (1,))
