"""What a roll of n dice allows in Ten Thousand, grouped for the AI's turn tables.

Built from the rules' own `legal_keeps` and `keep_score`, so the AI, the offline solver
(`tools/solve_ten_thousand.py`) and the tests cannot drift from the rules. Points are counted in
steps of 50 (every score in the game is a multiple of 50).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from petanque_game.rules.ten_thousand import keep_score, legal_keeps

STEP = 50

Choices = tuple[tuple[int, int], ...]  # (points in steps, dice used), sorted

# The rules' score of a keep, remembered: the same few hundred keeps come up in the 923 rolls of
# one to six dice that a first turn table goes through (a cold hint's time: bench_cold_ai.py).
_score = cache(keep_score)


def best_keeps(roll: tuple[int, ...] | list[int]) -> dict[int, tuple[int, ...]]:
    """For each number of dice that may be set aside from `roll`, the best-scoring such keep.

    Only these matter: with the same dice left in hand, more points are never worse.
    """
    best: dict[int, tuple[int, ...]] = {}
    for keep in legal_keeps(roll):
        used = len(keep)
        if used not in best or _score(keep) > _score(best[used]):
            best[used] = keep
    return best


def keep_options(roll: tuple[int, ...] | list[int]) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """`best_keeps` as (keep, points in steps, dice used), fewest dice first; () is a bust."""
    return _keep_options(tuple(sorted(roll)))


@cache
def _keep_options(roll: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    return tuple((k, _score(k) // STEP, u) for u, k in sorted(best_keeps(roll).items()))


def choices_of(roll: tuple[int, ...] | list[int]) -> Choices:
    """The roll's distinct choices as (points in steps, dice used); () is a bust."""
    return tuple(sorted((s, u) for _, s, u in keep_options(roll)))


@cache
def roll_groups(n: int) -> tuple[float, tuple[tuple[float, Choices], ...]]:
    """Rolling n dice: the bust probability, and the other rolls grouped by their choices.

    Groups come in a fixed order (sorted by their choices), each with its probability.
    """
    bust = 0.0
    groups: dict[Choices, float] = {}
    for roll in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for value in set(roll):
            ways //= factorial(roll.count(value))
        p = ways / 6**n
        choices = choices_of(roll)
        if not choices:
            bust += p
        else:
            groups[choices] = groups.get(choices, 0.0) + p
    return bust, tuple((p, c) for c, p in sorted(groups.items()))
