"""A small, independent solve of two-player Ten Thousand for the chance to win (pure Python).

Used by the tests to check the shipped tables and the AI built on them. It shares nothing with
the AI or `tools/solve_ten_thousand.py` but the rules' `legal_keeps` and `keep_score`: the rolls
are enumerated here, and the mutual turn-start values of a pair of scores are found by Newton's
method on the piecewise linear map (value and slope with respect to the bust value tracked
together), where the tool uses a secant iteration over whole diagonals.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from petanque_game.rules.ten_thousand import keep_score, legal_keeps

STEP = 50
DICE = 6


def rolls(n: int) -> tuple[float, list[tuple[float, list[tuple[int, int]]]]]:
    """Bust chance and, per distinct set of (points, dice used) a roll allows, its chance."""
    bust, out = 0.0, Counter()
    for roll in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for count in Counter(roll).values():
            ways //= factorial(count)
        p = ways / 6**n
        options = tuple(sorted({(keep_score(k) // STEP, len(k)) for k in legal_keeps(roll)}))
        if options:
            out[options] += p
        else:
            bust += p
    return bust, [(p, list(options)) for options, p in out.items()]


def _indexed(bust: float, outcomes: list[tuple[float, list[tuple[int, int]]]]):
    """`rolls(n)` with each roll's keeps as indices into one list of the distinct keeps, so that
    the value after each keep is looked up once per roll of n dice, not once per outcome."""
    keeps = sorted({k for _, options in outcomes for k in options})
    where = {k: i for i, k in enumerate(keeps)}
    return bust, keeps, [(p, [where[k] for k in options]) for p, options in outcomes]


@dataclass
class Solution:
    goal: int
    banks: bool
    start: dict[tuple[int, int], float]  # S(a, b)
    value: dict[tuple[int, int], dict[tuple[int, int], float]]  # (a, b) -> (t, n) -> V
    bank: dict[tuple[int, int], dict[int, float]]  # (a, b) -> t -> worth of banking
    rolled: dict[tuple[int, int], dict[tuple[int, int], float]]  # (a, b) -> (t, n) -> rolling

    def after(self, a: int, b: int, t: int, left: int) -> float:
        """The chance to win after a keep that leaves turn total t and `left` dice."""
        if a + t >= self.goal:
            return 1.0
        if left == 0:
            return self.start[a + t, b] if self.banks else self.value[a, b][t, DICE]
        return self.value[a, b][t, left]


@cache  # two test modules check against the same solves; one worker solves each once
def solve(target: int, banks: bool) -> Solution:
    goal = target // STEP
    table = {n: _indexed(*rolls(n)) for n in range(1, DICE + 1)}
    sol = Solution(goal, banks, {}, {}, {}, {})

    def turn(a: int, b: int, x: float) -> tuple[float, float]:
        """The pair's turn for bust value x: S(a, b) and its slope in x; fills sol's tables."""
        value: dict[tuple[int, int], tuple[float, float]] = {}
        bank = {t: 1.0 - sol.start[b, a + t] for t in range(1, goal - a)}

        def roll(t: int, n: int) -> tuple[float, float]:
            bust, keeps, outcomes = table[n]
            thens = []  # the value after each (points, dice used) some roll of n dice allows
            for s, u in keeps:
                total, left = t + s, n - u
                if a + total >= goal:
                    thens.append((1.0, 0.0))
                elif left == 0:
                    thens.append((sol.start[a + total, b], 0.0) if banks else value[total, DICE])
                else:
                    thens.append(value[total, left])
            v, d = bust * x, bust
            for p, options in outcomes:
                best = (-1.0, 0.0)
                for i in options:  # the best keep (written out, not max(): the solve's inner loop)
                    then = thens[i]
                    if then > best:  # noqa: PLR1730 (max() is a call, in the inner loop)
                        best = then
                v, d = v + p * best[0], d + p * best[1]
            return v, d

        rolled = {}
        for t in range(goal - a - 1, 0, -1):
            for n in range(1, DICE if banks else DICE + 1):
                r = roll(t, n)
                rolled[t, n] = r[0]
                value[t, n] = max(r, (bank[t], 0.0))
        sol.value[a, b] = {k: v for k, (v, _) in value.items()}
        sol.bank[a, b], sol.rolled[a, b] = bank, rolled
        return roll(0, DICE)

    for d in range(2 * goal - 2, -1, -1):
        for a in range(max(0, d - goal + 1), min(d, goal - 1) + 1):
            b = d - a
            if a > b:
                continue
            y1 = y2 = 0.5  # S(a, b), S(b, a)
            for _ in range(50):
                v1, d1 = turn(a, b, 1.0 - y2)
                v2, d2 = turn(b, a, 1.0 - y1)
                # y1 = v1 + d1 (1 - y2' - (1 - y2)), y2 = v2 + d2 (y1 - y1') ... solved jointly
                c1, c2 = v1 + d1 * y2, v2 + d2 * y1  # y1 = c1 - d1 y2', y2 = c2 - d2 y1'
                n1 = (c1 - d1 * c2) / (1.0 - d1 * d2)
                n2 = (c2 - d2 * c1) / (1.0 - d1 * d2)
                done = abs(n1 - y1) < 1e-14 and abs(n2 - y2) < 1e-14
                y1, y2 = n1, n2
                if done:
                    break
            sol.start[a, b], sol.start[b, a] = y1, y2  # the tables were filled within 1e-14
    return sol
