"""What the window says happened, from the rules' own states (no window needed)."""

import pytest
from ui_support import spoken
from ui_support import told_step as step

from petanque_game.record import Seat, decode_event
from petanque_game.rules.base import Bank, Close, Dice, Keep, Roll, Stop
from petanque_game.rules.events import Transition
from petanque_game.rules.games import spec_of
from petanque_game.ui.narrate import describe
from petanque_game.ui.session import Step

NAMES = [Seat("Ana", "human"), Seat("Bo", "ai", "easy")]


def test_ten_thousand_bust_keep_and_bank_are_told():
    rules = spec_of("ten-thousand").rules
    s0 = rules.new_game(2)
    st, s1 = step("ten-thousand", s0, Roll(6), Dice((1, 1, 1, 3, 6, 4)),
                  {"action": "roll", "player": 0, "dice": [1, 1, 1, 3, 6, 4]})
    assert describe(spoken(), "ten-thousand", st, NAMES) == ["Ana rolled 1-1-1-3-6-4."]
    st, s2 = step("ten-thousand", s1, Keep((1, 1, 1)), None,
                  {"action": "keep", "player": 0, "dice": [1, 1, 1]})
    told = describe(spoken(), "ten-thousand", st, NAMES)
    assert told == ["Ana set aside 1-1-1 for 1,000 (turn total 1,000)."]
    st, s3 = step("ten-thousand", s2, Bank(), None, {"action": "bank", "player": 0})
    assert describe(spoken(), "ten-thousand", st, NAMES) == ["Ana banked 1,000: total 1,000."]
    st, _ = step("ten-thousand", s3, Roll(6), Dice((2, 6, 6, 3, 4, 4)),
                 {"action": "roll", "player": 1, "dice": [2, 6, 6, 3, 4, 4]})
    assert "BUST" in describe(spoken(), "ten-thousand", st, NAMES)[0]


def test_shut_the_box_close_and_a_roll_that_ends_the_turn_are_told():
    rules = spec_of("shut-the-box").rules
    s0 = rules.new_game(2)
    st, s1 = step("shut-the-box", s0, Roll(2), Dice((4, 5)),
                  {"action": "roll", "player": 0, "dice": [4, 5]})
    st, s2 = step("shut-the-box", s1, Close((4, 5)), None,
                  {"action": "close", "player": 0, "boxes": [4, 5]})
    assert describe(spoken(), "shut-the-box", st, NAMES) == ["Ana closed boxes 4 and 5."]
    st, _ = step("shut-the-box", s2, Roll(2), Dice((6, 6)),
                 {"action": "roll", "player": 0, "dice": [6, 6]})
    lines = describe(spoken(), "shut-the-box", st, NAMES)
    assert lines[0] == "Ana rolled 6 + 6." and "penalty of 36" in lines[1]


def test_ship_securing_and_stopping_are_told():
    rules = spec_of("ship-captain-crew").rules
    s0 = rules.new_game(2)
    st, s1 = step("ship-captain-crew", s0, Roll(5), Dice((6, 5, 4, 3, 2)),
                  {"action": "roll", "player": 0, "dice": [6, 5, 4, 3, 2]})
    assert describe(spoken(), "ship-captain-crew", st, NAMES) == [
        "Ana rolled 6-5-4-3-2: secured ship, captain and crew; cargo 2 + 3 = 5."]
    st, _ = step("ship-captain-crew", s1, Stop(), None, {"action": "stop", "player": 0})
    assert describe(spoken(), "ship-captain-crew", st, NAMES) == ["Ana keeps the cargo: 5 points."]


def test_a_bug_in_narration_is_not_swallowed():
    """Bugs must be visible (issue 8): a step the rules could not have made raises, to reach the
    window's handler and its log, instead of the line silently missing."""
    with pytest.raises(AttributeError):
        roll = decode_event("ten-thousand", {"action": "roll", "player": 0, "dice": [1]}, 2, 0)
        describe(spoken(), "ten-thousand",
                 Step(0, None, None, [Transition(0, roll, None, None)], 0, 0), NAMES)


def test_the_roll_for_who_starts_ends_with_every_roll_of_its_last_pass():
    """Terningepetanque: the line that says who starts also says what each rolled, so the player's
    own roll is not lost off the two lines shown (a tie's pass is told roll by roll before)."""
    rules = spec_of("terningepetanque").rules
    s0 = rules.new_game(2)
    _, s1 = step("terningepetanque", s0, Roll(1), Dice((5,)),
                 {"action": "roll", "player": 0, "dice": [5]})
    st, _ = step("terningepetanque", s1, Roll(1), Dice((3,)),
                 {"action": "roll", "player": 1, "dice": [3]})
    assert describe(spoken(), "terningepetanque", st, NAMES) == [
        "Bo rolled 3 for who starts.", "Ana 5, Bo 3: Ana starts and throws the diamond."]
    you = [Seat("You", "human"), NAMES[1]]
    assert describe(spoken(), "terningepetanque", st, you)[1] == \
        "You 5, Bo 3: You start and throw the diamond."
