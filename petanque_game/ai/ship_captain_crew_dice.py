"""What a roll of the unsecured dice can give in Ship, Captain and Crew, for the AI's turn tables
(the expert's in `ship_captain_crew`, the pot round's in `ship_captain_crew_pot`)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from petanque_game.rules.ship_captain_crew_turn import secure

Utility = tuple[float, ...]  # what each final turn score 0-12 is worth to the player


@cache
def roll_table(secured: int) -> tuple[tuple[int, tuple[int, ...], float], ...]:
    """Rolling the 5 - secured unsecured dice: (secured after, cargo, probability)."""
    n = 5 - secured
    counts: Counter = Counter()
    for values in combinations_with_replacement(range(1, 7), n):  # each sorted roll, weighed
        ways = factorial(n)  # by the number of orders it comes in
        for c in Counter(values).values():
            ways //= factorial(c)
        counts[secure(secured, values)] += ways
    return tuple((k, cargo, c / 6**n) for (k, cargo), c in sorted(counts.items()))
