"""Issue 32, item 1: a Ten Thousand hint without a win table (solo practice, and every target but
1,000 / 5,000 / 10,000) states the points the turn brings as the expert plays it, near the target
included (where the expert plays by a table capped at the target, whose own values are not
points).

The reference is worked out here from the rules alone: every roll of the dice in hand (as a
multiset, with its chance), the game's own `apply`, and the expert's own decision on each real
state (`ai.ten_thousand.choose`), followed to the end of the turn. A hint's number must be the
reference to the digit it shows (and its `value` to 1e-9)."""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

import pytest

from petanque_game.ai import ten_thousand as ai
from petanque_game.ai import ten_thousand_points as points
from petanque_game.ai import ten_thousand_worth as worth
from petanque_game.ai.hints import hint
from petanque_game.rules import ten_thousand as tt
from petanque_game.rules.base import Bank, Dice, Keep, Roll

NUMBER = r"(\d[\d,]*(?:\.\d+)?) points expected"


@cache
def rolls(n: int) -> list[tuple[float, tuple[int, ...]]]:
    out = []
    for roll in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for count in Counter(roll).values():
            ways //= factorial(count)
        out.append((ways / 6**n, roll))
    return out


class Reference:
    """The points the seat to move banks from a state to the end of its turn, the expert deciding
    every move on the real states (remembered by seat, scores, phase, total and dice)."""

    def __init__(self) -> None:
        self.memo: dict = {}
        self.rng = random.Random(0)  # the expert draws nothing

    def from_state(self, state) -> float:
        key = (state.turn_player, state.banked, state.phase, state.turn_total, state.dice_in_hand)
        if key not in self.memo:
            self.memo[key] = self.after_action(state, ai.choose(state, "expert", self.rng))
        return self.memo[key]

    def after_action(self, state, action) -> float:
        if isinstance(action, Bank):
            return float(state.turn_total)
        rolling = state.apply(action)
        total = 0.0
        for p, roll in rolls(state.dice_in_hand):
            rolled = rolling.apply(Dice(roll))
            if rolled.phase == tt.KEEPING:  # else a bust: nothing banked
                total += p * self.after_keep(rolled, ai.choose(rolled, "expert", self.rng).dice)
        return total

    def after_keep(self, state, keep) -> float:
        kept = state.apply(Keep(keep))
        me = state.turn_player
        banked = float(kept.banked[me] - state.banked[me])  # hot dice bank (or win) at once
        return banked if kept.is_terminal else banked + self.from_state(kept)


def wander(state, rng: random.Random):
    """A random move, banking seldom, so that games reach their end."""
    actions = state.legal_actions()
    if Bank() in actions and len(actions) > 1 and rng.random() < 0.7:
        return Roll(state.dice_in_hand)
    return rng.choice(actions)


def checked_states(players: int, target: int, banks: bool, turns: int, seed: int, near: int):
    """Points hints of random games (the seat to move needing at most `near`), against the
    reference, until those of `turns` turns (pairs of seat and scores) are checked; how many
    hints were checked."""
    ref, rng, checked, seen = Reference(), random.Random(seed), 0, set()
    while True:
        state = tt.new_game(players, {"target": target, "hot_dice_banks": banks})
        while not state.is_terminal:
            if state.to_move < 0:
                state = state.apply(Dice(tuple(rng.randint(1, 6)
                                               for _ in range(state.dice_to_roll))))
                continue
            if state.target - state.banked[state.turn_player] <= near:
                seen.add((state.turn_player, state.banked))
                if len(seen) > turns:
                    return checked
                given = hint("ten-thousand", state)
                action = given.action
                exact = ref.after_keep(state, action.dice) if isinstance(action, Keep) else \
                    ref.after_action(state, action)
                assert given.value == pytest.approx(exact, abs=1e-9), (state, given.text)
                shown = re.findall(NUMBER, given.text)
                if not isinstance(action, Bank):
                    assert len(shown) == 1, given.text
                    said = float(shown[0].replace(",", ""))
                    if "." in shown[0]:  # to its digits; a whole number only when it is one
                        digits = len(shown[0].split(".")[1])
                        assert abs(said - exact) <= 0.5 * 10**-digits + 1e-9, (given.text, exact)
                    else:
                        assert said == pytest.approx(exact, abs=1e-9), (given.text, exact)
                checked += 1
            state = state.apply(wander(state, rng))


@pytest.mark.parametrize(("players", "target", "banks"), [
    (1, 500, True), (1, 500, False), (2, 500, True), (2, 500, False), (3, 600, True),
    (3, 600, False)])
def test_points_hints_near_the_target_say_the_turn_as_played(players, target, banks):
    assert checked_states(players, target, banks, 2, seed=players * 7 + banks, near=450) > 4


@pytest.mark.slow
@pytest.mark.parametrize(("players", "target", "banks", "near"), [
    (1, 1000, True, 600), (1, 1000, False, 1000), (2, 1500, True, 600),
    (2, 1500, False, 1000), (4, 2500, True, 600), (3, 20000, False, 800)])
def test_points_hints_say_the_turn_as_played_over_more_options(players, target, banks, near):
    """With hot dice banking the reference works out every need below `near` again for each
    turn checked (its cost grows with the square of `near`); carrying on, only the one."""
    assert checked_states(players, target, banks, 6, seed=target + banks, near=near) > 12


@pytest.mark.slow
def test_points_hints_far_from_the_target_say_the_turn_as_played():
    """Far from the target (needing more than `NEAR`) with hot dice carrying on, solo: the first
    turn of a game to 3,500 (the expert plays by the far table until it banks)."""
    assert checked_states(1, 3500, False, 1, seed=5, near=3500) > 2


def test_a_keep_that_reaches_the_target_says_its_total():
    """The issue's example: keeping the last three dice, 5-5-5, for a total of 700 that wins
    banks exactly 700 (the far table said 1152.4: 700 and six fresh dice played for points)."""
    state = tt.TenThousandState(num_players=2, target=2000, banked=(1350, 1700),
                                phase=tt.KEEPING, turn_total=200, dice_in_hand=3,
                                last_roll=(5, 5, 5))
    given = hint("ten-thousand", state)
    assert given.action == Keep((5, 5, 5))
    assert given.text == "Keep 5-5-5 and bank 700: 700 points expected this turn"


def test_fresh_dice_far_from_the_target_are_the_same_worked_out_either_way():
    """With hot dice banking, six fresh dice far from the target are worth the same whether the
    turn is worked out position by position or by the far play's chances of hot dice."""
    for need in (61, 75, 110):
        whole = worth.level(need, True, 0.5).roll(0, tt.DICE)
        assert worth.fresh(need, 0.5) == pytest.approx(whole, abs=1e-9)


def test_the_far_play_banks_above_the_near_need():
    """With hot dice banking, `ten_thousand_worth` takes the far play to bank at every total
    above `NEAR` (so that it plays the same whatever it needs beyond it)."""
    table = points.far_table(True)
    for t in range(points.NEAR + 50, points.FAR[True], 50):
        for n in range(1, tt.DICE):
            assert table.bank_value(t) > table.roll_value(t, n), (t, n)


def test_the_shipped_fresh_dice_worths_are_the_ones_built(monkeypatch):
    """`tools/solve_ten_thousand_points.py` ships the worth of six fresh dice near the target
    (a first hint would take up to 0.3 s to work them out): exactly what is built, and used."""
    for factor in points.FACTORS:
        assert worth._shipped_fresh()[factor] == worth.build_fresh(factor), factor

    def refuse(need, banks, factor):
        raise AssertionError(f"a fresh-dice worth was worked out, needing {need}")

    worth.level.cache_clear()
    monkeypatch.setattr(worth, "level", refuse)
    assert worth.fresh(37, 0.5) == worth._shipped_fresh()[0.5][36]
    assert worth.fresh(150, 2.0) > 0
