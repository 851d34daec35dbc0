"""Ten Thousand's AI players: legal, sensible, deterministic, and the expert is the strongest."""

from __future__ import annotations

import random

import pytest

from petanque_game.ai import ten_thousand as ai
from petanque_game.ai import ten_thousand_points as points
from petanque_game.rules import ten_thousand as tt
from petanque_game.rules.base import CHANCE, Bank, Dice, Keep, Roll


def play_game(levels, seed: int, options=None) -> tt.TenThousandState:
    """A whole game between AI levels (one per seat), dice from a seeded stream."""
    state = tt.new_game(len(levels), options)
    dice = random.Random(seed)
    players = [random.Random(seed * 100 + seat) for seat in range(len(levels))]
    while not state.is_terminal:
        if state.to_move == CHANCE:
            state = state.apply(Dice(tuple(dice.randint(1, 6) for _ in range(state.dice_to_roll))))
        else:
            seat = state.to_move
            action = ai.choose(state, levels[seat], players[seat])
            assert action in state.legal_actions()
            state = state.apply(action)
    return state


def roll(state, *values):
    return state.apply(Roll(len(values))).apply(Dice(values))


@pytest.mark.parametrize("options", [{"target": 2000}, {"target": 1500, "hot_dice_banks": False},
                                     {"target": 5000}])
@pytest.mark.parametrize("levels", [("easy", "medium", "expert"), ("expert",), ("expert",) * 4])
def test_every_level_plays_whole_games(levels, options):
    for seed in range(3):
        state = play_game(levels, seed, options)
        assert len(state.winners()) == 1


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown AI level"):
        ai.choose(tt.new_game(2), "grandmaster", random.Random(0))


def test_no_decision_at_a_chance_node():
    with pytest.raises(ValueError, match="no seat"):
        ai.choose(tt.new_game(2).apply(Roll(6)), "expert", random.Random(0))


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_banks_when_banking_wins(level):
    state = tt.new_game(2, {"target": 1000})
    state = roll(state, 1, 1, 1, 2, 3, 4).apply(Keep((1, 1, 1)))
    assert ai.choose(state, level, random.Random(0)) == Bank()


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_rolls_when_nothing_is_at_risk_after_hot_dice(level):
    state = roll(tt.new_game(2), 1, 1, 1, 5, 5, 5).apply(Keep((1, 1, 1, 5, 5, 5)))
    assert state.turn_total == 0
    assert ai.choose(state, level, random.Random(0)) == Roll(6)


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_rolls_on_after_a_single_five_with_five_dice(level):
    state = roll(tt.new_game(2), 5, 2, 3, 4, 6, 6).apply(Keep((5,)))
    assert ai.choose(state, level, random.Random(0)) == Roll(5)


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_banks_a_big_total_with_one_die_left(level):
    state = roll(tt.new_game(2), 1, 1, 1, 5, 5, 3).apply(Keep((1, 1, 1, 5, 5)))
    assert state.dice_in_hand == 1 and state.turn_total == 1100
    assert ai.choose(state, level, random.Random(0)) == Bank()


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_keeps_a_1_rather_than_a_lone_5(level):
    state = roll(tt.new_game(2), 1, 5, 2, 3, 4, 6)
    assert 1 in ai.choose(state, level, random.Random(0)).dice


def test_expert_keeps_six_of_a_kind_for_hot_dice():
    state = roll(tt.new_game(2), 3, 3, 3, 3, 3, 3)
    assert ai.choose(state, "expert", random.Random(0)) == Keep((3,) * 6)


def test_expert_never_keeps_a_dominated_set():
    """No other keep with as many dice scores more than the expert's keep."""
    rng = random.Random(7)
    for _ in range(300):
        values = tuple(rng.randint(1, 6) for _ in range(6))
        keeps = tt.legal_keeps(values)
        if not keeps:
            continue
        chosen = ai.choose(roll(tt.new_game(2), *values), "expert", random.Random(0)).dice
        assert all(tt.keep_score(k) <= tt.keep_score(chosen) for k in keeps
                   if len(k) == len(chosen))


def test_expert_turn_value_matches_the_known_expected_turn_score():
    """The expected points of a turn under the expert's own policy (checked by simulation)."""
    assert 450 < points.far_table(True).value(0, 6) < 455
    assert 445 < points.far_table(False).value(0, 6) < 450


def test_expert_pushes_on_when_an_opponent_is_about_to_win():
    state = tt.TenThousandState(num_players=2, target=2000, banked=(0, 1950), phase=tt.START)
    state = roll(state, 1, 1, 1, 2, 3, 4).apply(Keep((1, 1, 1)))
    assert ai.choose(state, "expert", random.Random(0)) == Roll(3)
    calm = tt.TenThousandState(num_players=2, target=2000, banked=(0, 0), phase=tt.START)
    calm = roll(calm, 1, 1, 1, 2, 3, 4).apply(Keep((1, 1, 1)))
    assert ai.choose(calm, "expert", random.Random(0)) == Bank()


def test_choices_are_deterministic_given_the_rng_state():
    for level in ai.LEVELS:
        a = play_game((level, level), 11)
        b = play_game((level, level), 11)
        assert a == b


def test_expert_beats_easy_over_400_seeded_games_to_2000():
    """Measured: expert wins 236 of these 400 (59%; 61% over 1000); 2000 is a short race, so luck
    weighs a lot (and 2000 has no win table: the expert plays for points)."""
    wins = 0
    for seed in range(400):
        levels = ("expert", "easy") if seed % 2 == 0 else ("easy", "expert")
        wins += levels[play_game(levels, seed, {"target": 2000}).winners()[0]] == "expert"
    assert wins >= 220


def share_of(level_pair, games: int, options=None) -> tuple[float, float]:
    """The higher level's share of wins over `games` (each seed twice, seats swapped), and its
    standard error over the pairs of games."""
    low, high = level_pair
    pairs = []
    for seed in range(games // 2):
        won = sum(order[play_game(order, seed, options).winners()[0]] == high
                  for order in ((low, high), (high, low)))
        pairs.append(won / 2)
    mean = sum(pairs) / len(pairs)
    var = sum((p - mean) ** 2 for p in pairs) / (len(pairs) - 1)
    return mean, (var / len(pairs)) ** 0.5


@pytest.mark.slow
@pytest.mark.parametrize("pair", [("easy", "medium"), ("medium", "expert")])
def test_each_level_beats_the_one_below_by_three_standard_errors(pair):
    """2,000 games to 10,000: a standard error of about 1 point against gaps of about 10
    (3,000-game runs over three seed ranges in benchmarks/RESULTS.md: medium 60.9% against
    easy, expert 59.5% against medium)."""
    mean, se = share_of(pair, 2000)
    assert (mean - 0.5) / se >= 3
