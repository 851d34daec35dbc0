"""Hints for a human player: the expert's move and its worth, without touching the game."""

from __future__ import annotations

import random
import re

import pytest

from petanque_game.ai import ten_thousand as ai
from petanque_game.ai import ten_thousand_win as win
from petanque_game.ai.hints import Hint, hint
from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.rules import ten_thousand as tt
from petanque_game.rules.base import Bank, Dice, Keep, Roll

GAME = "ten-thousand"


def chosen(state, values):
    return state.apply(Roll(len(values))).apply(Dice(values))


def test_a_hint_is_the_experts_move_in_every_phase_of_a_game():
    state = tt.new_game(2)
    dice = random.Random(3)
    phases = set()
    while not state.is_terminal:
        if state.to_move < 0:
            state = state.apply(Dice(tuple(dice.randint(1, 6) for _ in range(state.dice_to_roll))))
            continue
        given = hint(GAME, state)
        assert isinstance(given, Hint)
        assert given.action == ai.choose(state, "expert", random.Random(0))
        assert (0.0 <= given.value <= 1.0 and "% to win" in given.text) or "you win" in given.text
        phases.add(state.phase)
        state = state.apply(given.action)
    assert phases == {tt.START, tt.KEEPING, tt.CHOOSING}


def test_bank_or_roll_is_told_with_both_chances():
    state = tt.TenThousandState(num_players=2, banked=(9650, 9150), phase=tt.CHOOSING,
                                turn_total=300, dice_in_hand=2)
    given = hint(GAME, state)
    assert given.action == Roll(2)
    assert given.text == "Roll the 2 dice left: 84% to win (banking 300: 70%)"
    assert given.value == pytest.approx(win.roll_value(win.position(state)))
    calm = tt.TenThousandState(num_players=2, banked=(0, 0), phase=tt.CHOOSING,
                               turn_total=1000, dice_in_hand=3)
    given = hint(GAME, calm)
    assert given.action == Bank()
    assert re.fullmatch(r"Bank 1,000: \d+(\.\d)?% to win \(rolling on: \d+(\.\d)?%\)", given.text)


def test_a_keep_says_what_comes_after_it():
    state = chosen(tt.new_game(2), (1, 5, 2, 3, 4, 6))
    given = hint(GAME, state)
    assert given.action == Keep((1,))
    assert re.fullmatch(r"Keep 1 and roll on: \d+% to win", given.text)
    near = chosen(tt.TenThousandState(num_players=2, banked=(9650, 9900), phase=tt.START),
                  (1, 1, 1, 2, 3, 4))
    assert hint(GAME, near).text == "Keep 1-1-1 and bank 1,000: you win"
    hot = chosen(tt.new_game(2), (1, 1, 5, 5, 5, 1))
    assert hint(GAME, hot).text.startswith("Keep 5-5-5-1-1-1 (hot dice) and roll all six again: ")


def test_three_players_are_hinted_against_the_best_other_score():
    state = tt.TenThousandState(num_players=3, banked=(7400, 2000, 9950), phase=tt.CHOOSING,
                                turn_total=350, dice_in_hand=2)
    assert "if the best other score (9,950) were your only rival" in hint(GAME, state).text


def test_without_a_win_table_the_hint_is_in_points():
    """Solo, the expert plays for points (452.4); needing 2,000 it plays for the target, which
    brings a little less (tests/test_hints_ten_thousand_points.py checks such numbers)."""
    for state, said in ((tt.new_game(1), "452.4"), (tt.new_game(2, {"target": 2000}), "452.2")):
        given = hint(GAME, state)
        assert given.action == Roll(6)
        assert given.text == f"Roll 6 dice: {said} points expected this turn"
        assert given.value == pytest.approx(float(said), abs=0.05)


def test_a_hint_changes_nothing():
    match = Match.new(GAME, [Seat("You", "human", None), Seat("AI", "ai", "expert")], {}, 5)
    match.decide(Roll(6))
    before_state, before_events = match.state, list(match.record.events)
    first = hint(GAME, match.state)
    assert hint(GAME, match.state) == first
    assert match.state is before_state and match.record.events == before_events


def test_an_unknown_game_has_no_hint():
    with pytest.raises(ValueError, match="no hint for chess"):
        hint("chess", None)


def test_no_hint_when_no_one_is_to_move():
    with pytest.raises(ValueError, match="nothing to hint"):
        hint(GAME, tt.new_game(2).apply(Roll(6)))
