"""Ten Thousand played for points: the expected-points turn tables (the expert's fallback).

Used where no win table is shipped (`ten_thousand_win`): a target the menu does not offer, or solo
practice. An exact dynamic programme over the turn (turn total in steps of 50, dice in hand)
maximises the expected points of the turn. Near the end (when the seat needs at most `NEAR`
points) the points are capped at the target and reaching it earns a bonus that grows with the
chance that an opponent reaches their target on their next turn (an exact one-turn reach
probability). The far tables (one per hot-dice rule) and the reach chances take 0.1-0.3 s to
build, so `tools/solve_ten_thousand_points.py` builds them and ships them in
`assets/ai/ten-thousand-points.json` (read in a few ms; built here when it cannot be read). A near
table takes 5-15 ms to build once per need and bonus; a decision then takes well under a ms.
"""

from __future__ import annotations

import json
import logging
from functools import cache

from petanque_game.ai.ten_thousand_dice import STEP, roll_groups
from petanque_game.data import assets_dir
from petanque_game.rules.base import Bank, Keep, Roll
from petanque_game.rules.ten_thousand import DICE, KEEPING, TenThousandState, keep_score

NEAR = 3000  # needing at most this many points, the expert plays for the target
FAR = {True: 8000, False: 25000}  # the far table's horizon, beyond any sensible turn total
FILE = "ten-thousand-points.json"
FACTORS = (0.0, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0)  # the steps of the bonus for reaching the target
_log = logging.getLogger(__name__)


def rule_name(banks: bool) -> str:
    return "banks" if banks else "carries"


@cache
def _shipped() -> dict | None:
    """The shipped far and reach tables, or None when the file cannot be read."""
    try:
        data = json.loads((assets_dir() / "ai" / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        _log.warning("the shipped points table %s cannot be read (%s): building it", FILE, e)
        return None
    return data if isinstance(data, dict) else None


def shipped() -> dict | None:
    """What the shipped file holds (None when it cannot be read): the far tables, the reach
    chances and `ten_thousand_worth`'s fresh-dice worths."""
    return _shipped()


def choose(state: TenThousandState) -> object:
    """The expected-points expert's decision (a keep, Roll or Bank) for the seat to move."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    need = state.target - state.banked[state.turn_player]
    if state.phase == KEEPING:
        return Keep(best_keep(state, [a.dice for a in actions], need))
    t, n = state.turn_total, state.dice_in_hand
    if t >= need:
        return Bank()
    if t == 0:
        return Roll(n)
    table = table_for(state, need)
    return Bank() if table.bank_value(t) > table.roll_value(t, n) else Roll(n)


def best_keep(state: TenThousandState, keeps: list[tuple[int, ...]], need: int) -> tuple:
    table = table_for(state, need)
    t, n = state.turn_total, state.dice_in_hand
    return max(keeps, key=lambda k: (table.after_keep(t + keep_score(k), n - len(k)),
                                     keep_score(k), -len(k)))


def table_for(state: TenThousandState, need: int) -> _Turn:
    return table_at(need, state.hot_dice_banks, bonus_factor(state))


def bonus_factor(state: TenThousandState) -> float:
    """How much more than its points reaching the target is worth to the seat to move: the
    threat t that some opponent reaches their target on their next turn, as t / (1 - t), in a
    few steps (so that tables are shared). It does not change during a turn."""
    threat = 1.0
    for seat, score in enumerate(state.banked):
        if seat != state.turn_player:
            threat *= 1.0 - _reach_probability(-(-(state.target - score) // STEP))
    threat = 1.0 - threat
    factor = min(8.0, threat / max(1e-9, 1.0 - threat))
    return max((f for f in FACTORS if f <= factor), default=0.0)


def table_at(need: int, banks: bool, factor: float) -> _Turn:
    """The table the expert plays by when it needs `need` points: the far one, or near the
    target the one capped there, reaching it worth `factor` times `need` more."""
    if need > NEAR:
        return far_table(banks)
    hot = far_table(banks).value(0, DICE) if banks else 0.0
    return _near_table(need // STEP, round(factor * need), banks, hot)


class _Turn:
    """The turn's values for one goal: `value(t, n)` when choosing with total t and n dice.

    Points are capped at `goal` (in steps), and reaching it is worth `bonus` more; with hot dice
    banking, the rest of the turn after hot dice is worth `hot` (the far table's fresh turn) or
    the chance of reaching the goal from there, whichever is more (an estimate).
    """

    def __init__(self, goal: int, bonus: float, banks: bool, hot: float) -> None:
        self.goal, self.bonus, self.banks, self.hot = goal, bonus, banks, hot
        self._values = [[0.0] * (DICE + 1) for _ in range(goal)]
        self._rolls = [[0.0] * (DICE + 1) for _ in range(goal)]
        # k -> what a keep leaving k and n dice is worth
        self._rows: list[list[float]] = [[]] * goal
        groups = [roll_groups(n)[1] for n in range(DICE + 1)]
        rows, reached = self._rows, self._bank(goal)
        for k in range(goal - 1, -1, -1):  # a keep only raises the total: fill from the top
            for n in range(1, DICE + 1):
                roll = 0.0
                for p, choices in groups[n]:  # the best keep of each roll (`_after`, unrolled)
                    best = -1.0
                    for s, u in choices:
                        v = reached if k + s >= goal else rows[k + s][n - u]
                        if v > best:  # noqa: PLR1730 - max() is slower in this hot loop
                            best = v
                    roll += p * best
                self._rolls[k][n] = roll
                self._values[k][n] = max(self._bank(k), roll)
            self._rows[k] = self._row(k)

    def _row(self, k: int) -> list[float]:
        """After a keep leaving total k (below the goal) and `left` dice: the turn's worth."""
        row = list(self._values[k])
        if not self.banks:
            row[0] = row[DICE]
        else:  # hot dice banked: the points are safe and six fresh dice either play for points
            rest = self.goal - k  # (worth about `hot`) or for the target (the one-turn chance)
            go_for_it = _reach_probability(rest) * (STEP * rest + self.bonus)
            row[0] = STEP * k + max(min(self.hot, STEP * rest), go_for_it)
        return row

    def _bank(self, k: int) -> float:
        return STEP * self.goal + self.bonus if k >= self.goal else float(STEP * k)

    def _after(self, k: int, left: int) -> float:
        return self._bank(k) if k >= self.goal else self._rows[k][left]

    def _roll(self, k: int, n: int) -> float:
        _, groups = roll_groups(n)
        return sum(p * max(self._after(k + s, n - u) for s, u in choices)
                   for p, choices in groups)

    @classmethod
    def from_rolls(cls, goal: int, banks: bool, hot: float, rolls: list) -> _Turn:
        """A bonus-free table of rolling's worth `rolls` (goal rows of DICE + 1), as shipped."""
        table = cls.__new__(cls)
        table.goal, table.bonus, table.banks, table.hot = goal, 0.0, banks, hot
        table._rolls = [[float(x) for x in row] for row in rolls]
        if len(table._rolls) != goal or any(len(row) != DICE + 1 for row in table._rolls):
            raise ValueError("a points table of the wrong size")
        table._values = [[0.0] + [max(float(STEP * k), r) for r in row[1:]]
                         for k, row in enumerate(table._rolls)]
        table._rows = [table._row(k) for k in range(goal)]
        return table

    def rolls(self) -> list[list[float]]:
        return self._rolls

    def bank_value(self, t: int) -> float:
        return self._bank(t // STEP)

    def roll_value(self, t: int, n: int) -> float:
        k = t // STEP
        return self._rolls[k][n] if k < self.goal else self._roll(k, n)

    def value(self, t: int, n: int) -> float:
        return max(self.bank_value(t), self.roll_value(t, n))

    def after_keep(self, t: int, left: int) -> float:
        return self._after(t // STEP, left)


@cache
def _near_table(goal: int, bonus: int, banks: bool, hot: float) -> _Turn:
    return _Turn(goal, float(bonus), banks, hot)


@cache
def far_table(banks: bool) -> _Turn:
    """The expected-points table: the shipped one (`tools/solve_ten_thousand_points.py`), or
    built (`build_far_table`) when it cannot be read."""
    shipped = _shipped()
    if shipped is not None:
        try:
            part = shipped[rule_name(banks)]
            return _Turn.from_rolls(FAR[banks] // STEP, banks, float(part["hot"]), part["rolls"])
        except (KeyError, TypeError, ValueError) as e:
            _log.warning("the shipped points table %s cannot be used (%s)", FILE, e)
    return build_far_table(banks)


def build_far_table(banks: bool) -> _Turn:
    """The expected-points table, built (0.1-0.3 s); with hot dice banking its fresh-turn worth is
    a fixed point."""
    goal = FAR[banks] // STEP
    if not banks:
        return _Turn(goal, 0.0, False, 0.0)
    hot = 0.0
    for _ in range(20):
        table = _Turn(goal, 0.0, True, hot)
        fresh = table.value(0, DICE)
        if abs(fresh - hot) < 0.01:
            break
        hot = fresh
    return table


def _reach_probability(steps: int) -> float:
    """The chance to score `steps` * 50 points or more in one turn, playing only for that.

    Hot dice keep their points towards the target under either option, so the option does not
    change the chance. Beyond `NEAR` the chance is taken as 0.
    """
    if steps > NEAR // STEP:
        return 0.0
    return _reach_table()[max(steps, 0)][DICE]


@cache
def _reach_table() -> list[list[float]]:
    shipped = _shipped()
    if shipped is not None:
        try:
            reach = [[float(x) for x in row] for row in shipped["reach"]]
            if len(reach) == NEAR // STEP + 1 and all(len(row) == DICE + 1 for row in reach):
                return reach
        except (KeyError, TypeError, ValueError):
            pass
        _log.warning("the shipped points table %s has no whole reach table", FILE)
    return build_reach_table()


def build_reach_table() -> list[list[float]]:
    """The chance to reach r steps in one turn from n dice, for r up to NEAR (about 30 ms)."""
    top = NEAR // STEP
    reach = [[1.0] * (DICE + 1)]
    for r in range(1, top + 1):
        row = [0.0] * (DICE + 1)
        for n in range(1, DICE + 1):
            _, groups = roll_groups(n)
            row[n] = sum(p * max(reach[max(r - s, 0)][n - u or DICE] if s < r else 1.0
                                 for s, u in choices) for p, choices in groups)
        reach.append(row)
    return reach
