"""The closest-chance sums of the Terningepetanque AI's worth, worked out the short way, are the
plain sums over every grid step and seat, bit for bit (`petanque_worth._closest_chances`: the
expert's search sums them once for every throw it simulates, so they were made cheaper; the
same numbers keep its decisions the same)."""

from __future__ import annotations

import math
import random

from petanque_game.ai import petanque_worth
from petanque_game.ai.petanque_worth import FAR, GRID, _closest_chances
from petanque_game.rules.petanque_table import DiamondRest, DieRest, Table
from petanque_game.rules.terningepetanque import reckoned_distance


def _plain(table: Table, n: int, to_come: tuple[int, ...]) -> list[float]:
    """Every grid step, every seat, every other seat: the sums as first written."""
    best = [math.inf] * n
    for d in table.dice:
        if d.on_board:
            best[d.player] = min(best[d.player], reckoned_distance(d))
    steps = int(FAR / GRID)
    survival = [[(1.0 if i * GRID < best[s] else 0.0) * petanque_worth._MISSES[i] **
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
