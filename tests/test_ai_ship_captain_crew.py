"""AI players for Ship, Captain and Crew: full games at every level, sensible choices, strength."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from petanque_game.ai import ship_captain_crew as ai
from petanque_game.ai import ship_captain_crew_pot as pot
from petanque_game.rules import ship_captain_crew as scc
from petanque_game.rules.base import CHANCE, Dice, Roll, Stop

LEVELS = ("easy", "medium", "expert")


def roll(state, *values, reroll=None):
    return state.apply(Roll(len(values), reroll)).apply(Dice(tuple(values)))


def scoring_turn(state, a, b):
    return roll(state, 6, 5, 4, a, b).apply(Stop())


def play(levels, options, seed):
    dice, rng = random.Random(seed), random.Random(seed + 1_000_000)
    state = scc.new_game(len(levels), options)
    while not state.is_terminal:
        if state.to_move == CHANCE:
            state = state.apply(Dice(tuple(dice.randint(1, 6) for _ in range(state.dice_to_roll))))
        else:
            action = ai.choose(state, levels[state.to_move], rng)
            assert action in state.legal_actions()
            state = state.apply(action)
    return state


@pytest.mark.parametrize("options", [
    {}, {"cargo_reroll": "any", "target": 0, "rounds": 4}, {"mode": "pot", "chips": 3},
    {"mode": "pot", "cargo_reroll": "any", "chips": 2, "rounds": 5},
])
def test_every_level_plays_full_games_to_the_end(options):
    for seed in range(8):
        state = play(LEVELS + LEVELS[seed % 3:], options, seed)
        assert state.winners()


def test_forced_rolls_are_the_only_choice():
    state = scc.new_game(2)
    for level in LEVELS:
        assert ai.choose(state, level, random.Random(0)) == Roll(5)
    state = roll(state, 6, 5, 1, 1, 1)
    assert ai.choose(state, "expert", random.Random(0)) == Roll(3)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_stops_on_12_and_rerolls_a_cargo_of_2(level):
    for seed in range(20):
        assert ai.choose(roll(scc.new_game(2), 6, 5, 4, 6, 6), level, random.Random(seed)) == Stop()
        assert ai.choose(roll(scc.new_game(2), 6, 5, 4, 1, 1), level,
                         random.Random(seed)) == Roll(2)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_rerolls_when_stopping_would_surely_lose_the_pot(level):
    state = scoring_turn(scc.new_game(2, {"mode": "pot"}), 5, 6)  # seat 0 has 11
    state = roll(state, 6, 5, 4, 4, 6)  # seat 1: a fine cargo of 10 that cannot win
    for seed in range(20):
        assert ai.choose(state, level, random.Random(seed)) == Roll(2)


@pytest.mark.parametrize("level", ["medium", "expert"])
def test_last_to_play_stops_when_already_ahead(level):
    state = scoring_turn(scc.new_game(2, {"mode": "pot"}), 1, 2)  # seat 0 has 3
    state = roll(state, 6, 5, 4, 1, 3)  # seat 1 has 4 with two rolls left: it wins by stopping
    assert ai.choose(state, level, random.Random(0)) == Stop()


def test_easy_has_one_idea_of_a_good_cargo():
    """8 or more, whatever the rolls left and whatever the others have done."""
    last_roll_seven = roll(roll(scc.new_game(2), 6, 5, 1, 1, 1), 4, 3, 4)  # one roll left
    assert ai.choose(last_roll_seven, "easy", random.Random(0)) == Roll(2)
    assert ai.choose(last_roll_seven, "medium", random.Random(0)) == Stop()
    assert ai.choose(roll(scc.new_game(2), 6, 5, 4, 4, 4), "easy", random.Random(0)) == Stop()
    ahead = scoring_turn(scc.new_game(2, {"mode": "pot"}), 1, 2)  # seat 0 has 3
    ahead = roll(ahead, 6, 5, 4, 1, 5)  # seat 1, last to play, already wins with 6
    assert ai.choose(ahead, "easy", random.Random(0)) == Roll(2)
    assert ai.choose(ahead, "medium", random.Random(0)) == Stop()


def test_easy_keeps_a_six_when_it_may_reroll_one_die():
    state = roll(scc.new_game(2, {"cargo_reroll": "any"}), 6, 5, 4, 1, 6)
    assert ai.choose(state, "easy", random.Random(0)) == Roll(1, reroll=(1,))
    state = roll(scc.new_game(2, {"cargo_reroll": "any"}), 6, 5, 4, 2, 5)
    assert ai.choose(state, "easy", random.Random(0)) == Roll(2)  # the expert keeps the 5


def test_medium_asks_more_of_a_cargo_with_a_pot_still_to_win():
    pot_first = roll(scc.new_game(2, {"mode": "pot"}), 6, 5, 4, 4, 4)  # 8, two rolls left
    assert ai.choose(pot_first, "medium", random.Random(0)) == Roll(2)
    assert ai.choose(pot_first, "expert", random.Random(0)) == Roll(2)
    points = roll(scc.new_game(2), 6, 5, 4, 4, 4)
    assert ai.choose(points, "medium", random.Random(0)) == Stop()
    one_left = roll(roll(scc.new_game(2, {"mode": "pot"}), 6, 5, 1, 1, 1), 4, 4, 4)
    assert ai.choose(one_left, "medium", random.Random(0)) == Stop()  # 8 with one roll left


def test_expert_maximises_expected_cargo_in_points_play():
    seven_two_left = roll(scc.new_game(2), 6, 5, 4, 3, 4)
    assert ai.choose(seven_two_left, "expert", random.Random(0)) == Roll(2)  # 7.97 > 7
    eight = roll(scc.new_game(2), 6, 5, 4, 4, 4)
    assert ai.choose(eight, "expert", random.Random(0)) == Stop()
    one_left = roll(roll(scc.new_game(2), 6, 5, 1, 1, 1), 4, 3, 4)  # cargo 7, one roll left
    assert ai.choose(one_left, "expert", random.Random(0)) == Stop()


def test_expert_with_cargo_reroll_any_keeps_a_six_and_rerolls_the_low_die():
    state = roll(roll(scc.new_game(2, {"cargo_reroll": "any"}), 6, 5, 1, 1, 1), 4, 2, 6)
    assert ai.choose(state, "expert", random.Random(0)) == Roll(1, reroll=(2,))
    assert ai.choose(state, "medium", random.Random(0)) == Roll(1, reroll=(2,))


def test_expert_in_the_last_round_plays_for_the_win_not_the_average():
    # A cargo of 8 with two rolls left is worth keeping on average (re-rolling: 7.97), but as the
    # first of two players in the last round it leaves the other too good a chance to beat it.
    last_round = roll(scc.new_game(2, {"target": 0, "rounds": 1}), 6, 5, 4, 2, 6)
    assert ai.choose(last_round, "expert", random.Random(0)) == Roll(2)
    early = roll(scc.new_game(2), 6, 5, 4, 2, 6)
    assert ai.choose(early, "expert", random.Random(0)) == Stop()
    pot = roll(scc.new_game(2, {"mode": "pot"}), 6, 5, 4, 2, 6)
    assert ai.choose(pot, "expert", random.Random(0)) == Roll(2)


def test_choose_refuses_bad_levels_and_no_decision():
    state = scc.new_game(2)
    with pytest.raises(ValueError, match="unknown level"):
        ai.choose(state, "godlike", random.Random(0))
    with pytest.raises(ValueError, match="no seat"):
        ai.choose(state.apply(Roll(5)), "expert", random.Random(0))


def test_choices_are_deterministic_given_the_rng():
    for level in LEVELS:
        a = play((level, level, level), {"mode": "pot", "chips": 3}, 5)
        b = play((level, level, level), {"mode": "pot", "chips": 3}, 5)
        assert a == b


def expert_share_against_easy(games: int) -> float:
    """The expert's share of `games` 2-player pot matches with cargo_reroll any against easy
    (seats alternated, ties shared)."""
    wins = 0.0
    for seed in range(games):
        levels = ("expert", "easy") if seed % 2 == 0 else ("easy", "expert")
        state = play(levels, {"mode": "pot", "cargo_reroll": "any"}, seed)
        wins += sum(1 / len(state.winners()) for s in state.winners() if levels[s] == "expert")
    return wins / games


def test_expert_beats_easy_in_pot_play_with_cargo_reroll_any():
    """The expert wins more than half of 50 pot matches against easy (33 of these 50, as it
    wins 66% of 1,000: 2.4 standard errors of 50 games above a half). An expert no better than
    easy fails it about half the time, as with the 100 games this ran before; one a little
    worse than today's is the slow twin's to find, which holds it to 60% of 1,000."""
    assert expert_share_against_easy(50) > 0.5


@pytest.mark.slow
def test_expert_wins_60_percent_of_1000_pot_matches_against_easy():
    """Measured: the expert wins about 66% of 2-player pot matches against easy (seats
    alternated, these 1,000 seeded matches)."""
    assert expert_share_against_easy(1000) > 0.6


def _estimate(made: tuple[int, ...], later: int, anymode: bool) -> tuple[float, ...]:
    """The pot utility the expert used before the round was solved exactly: zero below a score
    made, a tie shared equally, each later player's best chance to beat it taken independently."""
    values = []
    for score in range(13):
        if any(v > score for v in made):
            values.append(0.0)
            continue
        p = 1.0 / (1 + sum(v == score for v in made))
        for _ in range(later):
            p *= 1.0 - ai._beat_chance(score, anymode)
        values.append(p)
    return tuple(values)


def test_exact_pot_play_changes_no_choice_for_two_or_three_players():
    """Issue 21: the expert's pot choices already matched an exact round solution with two and
    three players; playing the exact chance (ship_captain_crew_pot) keeps every one of them."""
    def choice(cargo, rolls, utility, anymode, must_roll):
        options = ai._option_values(cargo, rolls, utility, anymode)
        best = max(options.values())
        if not must_roll and options["stop"] >= best - 1e-12 and sum(cargo) > 2:
            return "stop"
        return max((k for k in options if k != "stop"), key=lambda k: options[k])

    compared = 0
    for anymode in (False, True):
        tables = pot.tables(anymode)
        for players in (2, 3):
            for position in range(players):
                for made in combinations_with_replacement(range(13), position):
                    best = max(made, default=-1)
                    exact = tables.utility(players - position - 1, best, made.count(best))
                    rough = _estimate(made, players - position - 1, anymode)
                    for a in range(1, 7):
                        for b in range(a, 7):
                            for rolls in (1, 2):
                                args = ((a, b), rolls)
                                must = a + b < best
                                assert choice(*args, exact, anymode, must) == \
                                    choice(*args, rough, anymode, must)
                                compared += 1
    assert compared == 9996
