"""What a turn of Ten Thousand is worth in points as the expected-points expert plays it.

The hint without a win table (`ai.hints`) says this number. The expert plays by a table
(`ten_thousand_points.table_at`): far from the target the uncapped one, near it one capped at the
target with a bonus for reaching it. The table's own values are the worth of the capped, bonused
turn, not the points the turn brings, so they are worked out here for the play itself: at each
position the table's choice, and the points banked this turn on average when it is followed to
the end of the turn (a bust banks nothing; a total that reaches the target is banked at once).

With `hot_dice_banks`, hot dice bank the total and six fresh dice roll on in the same turn, now
needing that much less, so the play after them is the one of a nearer need: `fresh(m)`, the worth
of six fresh dice needing m steps, is worked out level by level from the target down. Far from
the target (m above `NEAR`) the play is the far table's whatever m is; only what follows hot dice
differs, so there `fresh(m)` is the far play's points before hot dice plus, for each total k at
which it gets hot dice, their chance times `fresh(m - k)` (`_far_segment`, worked out once).

Totals and needs are counted in steps of 50 (`STEP`); the worths are in points.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import cache, lru_cache

from petanque_game.ai import ten_thousand_points as points
from petanque_game.ai.ten_thousand_dice import STEP, roll_groups
from petanque_game.rules.ten_thousand import DICE, TenThousandState, keep_score

NEAR_STEPS = points.NEAR // STEP
_log = logging.getLogger(__name__)


def of_roll(state: TenThousandState) -> float:
    """The points the seat to move banks this turn on average, rolling its dice now."""
    level = _level_of(state)
    return level.roll(state.turn_total // STEP, state.dice_in_hand)


def of_keep(state: TenThousandState, keep: tuple[int, ...]) -> float:
    """The points the seat to move banks this turn on average after setting `keep` aside."""
    level = _level_of(state)
    return level.after((state.turn_total + keep_score(keep)) // STEP,
                       state.dice_in_hand - len(keep))


def _level_of(state: TenThousandState) -> _Level:
    need = state.target - state.banked[state.turn_player]
    return level(need // STEP, state.hot_dice_banks, points.bonus_factor(state))


@lru_cache(maxsize=256)
def level(need: int, banks: bool, factor: float) -> _Level:
    """The turn's worths for a seat needing `need` steps (bonus factor `factor`)."""
    return _Level(need, banks, factor, fresh)


class _Level:
    """The worth of every position (t, n) of a turn played by the table for `need` steps:
    turn total t below `top` (from `top` on the play banks), n dice in hand; `then(m, factor)`
    gives the worth of six fresh dice needing m steps, after hot dice that bank."""

    def __init__(self, need: int, banks: bool, factor: float,
                 then: Callable[[int, float], float]) -> None:
        self.need, self.banks, self.factor, self.then = need, banks, factor, then
        self.table = table = points.table_at(need * STEP, banks, factor)
        self.top = top = min(need, table.goal)
        self._rolled: dict[int, float] = {}  # t * 8 + n -> rolling's worth, where the play rolls
        self._worth = [[0.0] * top for _ in range(DICE + 1)]
        worth, rolled = self._worth, self._rolled
        prefer = _preferences(table, top)
        for t in range(top - 1, -1, -1):
            for n in range(1, DICE + 1):
                if banks and n == DICE and t:
                    continue  # six dice with a total: never, when hot dice bank
                if t and table.bank_value(t * STEP) > table.roll_value(t * STEP, n):
                    worth[n][t] = float(t * STEP)  # the play banks (as `points.choose`)
                    continue
                total = 0.0
                for p, choices in roll_groups(n)[1]:
                    s, u = _chosen(prefer, t, n, choices)
                    total += p * self.after(t + s, n - u)
                worth[n][t] = rolled[t * 8 + n] = total

    def roll(self, t: int, n: int) -> float:
        """Rolling n dice at total t (where the play rolls, or t = 0)."""
        known = self._rolled.get(t * 8 + n)
        if known is None:
            raise ValueError(f"the expert does not roll {n} dice at a total of {t * STEP}")
        return known

    def after(self, t: int, left: int) -> float:
        """After a keep leaving total t and `left` dice in hand."""
        if t >= self.need:
            return float(t * STEP)  # the target is reached: banked at once
        if left == 0:
            if self.banks:  # banked, and six fresh dice needing that much less
                return t * STEP + self.then(self.need - t, self.factor)
            left = DICE
        return self._worth[left][t] if t < self.top else float(t * STEP)


def _preferences(table: points._Turn, top: int) -> list[list[float]]:
    """The table's worth after a keep leaving total k and `left` dice, for k below `top` + 41
    (six 1s, the most one roll scores, are 40 steps)."""
    return [[table.after_keep(k * STEP, left) for left in range(DICE + 1)]
            for k in range(top + 41)]


def _chosen(prefer: list[list[float]], t: int, n: int, choices: tuple) -> tuple[int, int]:
    """The keep the play makes from a roll of n dice at total t (as `points.best_keep`: the best
    worth in its table, then the most points, then the fewest dice)."""
    best, bs, bu = -1.0, 0, 0
    for s, u in choices:
        v = prefer[t + s][n - u]
        if v > best or (v == best and (s > bs or (s == bs and u < bu))):
            best, bs, bu = v, s, u
    return bs, bu


def fresh(need: int, factor: float) -> float:
    """With hot dice banking: the worth of six fresh dice for a seat needing `need` steps (near
    the target as shipped, `build_fresh`, where the file holds them)."""
    if need > NEAR_STEPS:
        return _far_fresh(factor, need)
    shipped = _shipped_fresh().get(factor)
    if shipped is not None:
        return shipped[need - 1]
    return level(need, True, factor).roll(0, DICE)


def build_fresh(factor: float) -> list[float]:
    """`fresh(m, factor)` for m = 1 to `NEAR_STEPS`, worked out level by level (up to 0.3 s
    for them all: `tools/solve_ten_thousand_points.py` ships them)."""
    found: list[float] = []
    for need in range(1, NEAR_STEPS + 1):
        found.append(_Level(need, True, factor, lambda m, _: found[m - 1]).roll(0, DICE))
    return found


@cache
def _shipped_fresh() -> dict[float, list[float]]:
    """The shipped `build_fresh` of each bonus factor; empty when the file has none whole."""
    try:
        part = (points.shipped() or {})["fresh"]
        found = {f: [float(x) for x in part[str(f)]] for f in points.FACTORS}
        if all(len(values) == NEAR_STEPS for values in found.values()):
            return found
    except (KeyError, TypeError, ValueError):
        pass
    _log.warning("the shipped points table %s has no whole fresh-dice worths", points.FILE)
    return {}


@cache
def _far_fresh_list(factor: float) -> list[float]:
    return []  # fresh(NEAR_STEPS + 1 + i) at index i, grown as asked for


def _far_fresh(factor: float, need: int) -> float:
    known = _far_fresh_list(factor)
    base, hot = _far_segment()
    while len(known) <= need - NEAR_STEPS - 1:
        m = NEAR_STEPS + 1 + len(known)
        known.append(base + sum(p * (0.0 if k >= m else
                                     known[m - k - NEAR_STEPS - 1] if m - k > NEAR_STEPS else
                                     fresh(m - k, factor))
                                for k, p in hot))
    return known[need - NEAR_STEPS - 1]


@cache
def _far_segment() -> tuple[float, tuple[tuple[int, float], ...]]:
    """Six fresh dice far from the target, hot dice banking: the points the far play banks on
    average until its turn ends or it gets hot dice (their total included), and the chance of
    hot dice at each total k (steps). The far play rolls only at totals below `NEAR` (a test
    holds it to that), so for every need above `NEAR` it plays the same: a keep that reaches the
    target with dice left is banked, as the far play banks such a total anyway."""
    table = points.far_table(True)
    prefer = _preferences(table, NEAR_STEPS + 1)
    worth: dict[tuple[int, int], tuple[float, dict[int, float]]] = {}

    def after(t: int, left: int) -> tuple[float, dict[int, float]]:
        if left == 0:
            return float(t * STEP), {t: 1.0}
        return worth.get((t, left)) or (float(t * STEP), {})  # banked where not known

    for t in range(NEAR_STEPS, -1, -1):
        for n in range(1, DICE + (t == 0)):
            if t and table.bank_value(t * STEP) > table.roll_value(t * STEP, n):
                continue
            total, hot = 0.0, dict[int, float]()
            for p, choices in roll_groups(n)[1]:
                s, u = _chosen(prefer, t, n, choices)
                value, chances = after(t + s, n - u)
                total += p * value
                for k, q in chances.items():
                    hot[k] = hot.get(k, 0.0) + p * q
            worth[t, n] = total, hot
    base, hot = worth[0, DICE]
    return base, tuple(sorted(hot.items()))
