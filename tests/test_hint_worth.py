"""The Terningepetanque hint a player can use (issue 15): its aim is for the player's own hand, and
the worth it states is an honest estimate for that aim and hand, drawn from fresh hands, never the
search's best (and so luckiest) estimate. The slow tests hold the issue's figures at a reduced
size: benchmarks/bench_hint_player.py and bench_hint_worth.py measure them in full."""

from __future__ import annotations

import dataclasses
import itertools
import random
import statistics
import sys
from pathlib import Path

import pytest

from petanque_game.ai import hints_petanque
from petanque_game.ai import petanque as ai
from petanque_game.ai.hints import hint
from petanque_game.ai.petanque_hands import WOBBLES, spread_hands
from petanque_game.ai.petanque_worth import points_worth, rest_worth
from petanque_game.physics import cube
from petanque_game.physics.hand import PERSON_HANDS, STEADY
from petanque_game.physics.throw import check_aim
from petanque_game.rules.petanque_table import Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import bench_hint_player as player
import bench_hint_worth as worth

GAME = "terningepetanque"
NORMAL = PERSON_HANDS["normal"]


@pytest.fixture(scope="module")
def mid_round():
    """A two-player mid-round state on the bumper lane (the diamond and two dice lying)."""
    (state, board), = worth.mid_round_states(1)
    assert state.num_players == 2 and len(state.table.dice) >= 1
    return state, board


def test_the_stated_worth_is_a_fresh_estimate_of_the_chosen_aim_not_the_search_best(
        mid_round, monkeypatch):
    state, board = mid_round
    monkeypatch.setattr(hints_petanque, "WORTH_SAMPLES", 6)
    searched = ai.search

    def boasting(*args, **kwargs):  # the search's own figures, made absurd: never to be said
        found = searched(*args, **kwargs)
        return dataclasses.replace(found, worth=50.0, points=50.0)

    monkeypatch.setattr(ai, "search", boasting)
    given = hint(GAME, state, board, hand=NORMAL)
    fresh = ai.appraise(board, ai.situation_of(state), given.action, NORMAL,
                        random.Random(hints_petanque.seed_of(state) + ":worth"), 6)
    assert given.value == fresh
    assert f"worth {fresh:+.1f} points this round against your opponent" in given.text
    assert "50" not in given.text


def test_appraise_is_the_mean_of_the_hands_it_draws(mid_round):
    """Its hands are each a fair throw of the hand: one at a time they give the same mean as a
    batch drawn the same way; and a steady hand throws the aim exactly, every time."""
    state, board = mid_round
    situation = ai.situation_of(state)
    aim = ai.search(board, situation, random.Random(1), hand=NORMAL).aim
    rng = random.Random(5)
    one_by_one = [ai.appraise(board, situation, aim, NORMAL, rng, 1) for _ in range(3)]
    assert len(set(one_by_one)) > 1, "a normal hand's throws differ"
    # the throw itself (the round played on after it varies with the others' hands)
    exact = ai.appraise(board, situation, aim, STEADY, random.Random(2), 3, rollouts=0)
    assert exact == ai.appraise(board, situation, aim, STEADY, random.Random(3), 1, rollouts=0)


def knocked_table(mid_round):
    """The mid-round state's table after a throw of the expert's aim that knocks a die (one of
    the first hands that does), with the situation."""
    state, board = mid_round
    situation = ai.situation_of(state)
    aim = ai.search(board, situation, random.Random(1), hand=NORMAL).aim
    rng = random.Random(7)
    before = {(d.player, d.die): d.orientation for d in situation.table.dice}
    for _ in range(200):
        table = ai.thrown_table(board, situation, aim, PERSON_HANDS["shaky"], rng)
        if any(before.get((d.player, d.die), d.orientation) != d.orientation for d in table.dice):
            return situation, table
    raise AssertionError("no throw knocked a die")


def test_rest_worth_is_the_plain_worth_averaged_over_the_faces_chance_alone_sets(mid_round):
    """The thrown die on any face; a knocked die that turned on any other of the 24
    orientations (physics/knocked.py): enumerated by brute force, the plain worth's mean is
    exactly `rest_worth`. Nothing knocked: the two are the same number."""
    situation, table = knocked_table(mid_round)
    before = {(d.player, d.die): d for d in situation.table.dice}
    turned = [i for i, d in enumerate(table.dice[:-1])
              if before[d.player, d.die].orientation != d.orientation]
    choices = [[o for o in range(cube.COUNT) if o != before[table.dice[i].player,
                                                            table.dice[i].die].orientation]
               for i in turned]
    total, count = 0.0, 0
    for pick in itertools.product(*choices):
        dice = list(table.dice)
        for i, o in zip(turned, pick):
            dice[i] = dataclasses.replace(dice[i], orientation=o, face=cube.TOP_FACE[o])
        total += points_worth(Table(table.diamond, tuple(dice)), situation)  # thrown: 6 faces
        count += 1
    assert rest_worth(table, situation) == pytest.approx(total / count, abs=1e-9)
    kept = Table(table.diamond, tuple(dataclasses.replace(
        d, orientation=before[d.player, d.die].orientation, face=before[d.player, d.die].face)
        if (d.player, d.die) in before else d for d in table.dice))
    assert rest_worth(kept, situation) == pytest.approx(points_worth(kept, situation), abs=1e-9)


def test_spread_hands_take_one_value_from_each_slice_of_every_error():
    hands = spread_hands(random.Random(4), 10)
    slices = statistics.NormalDist()
    for k in range(WOBBLES):
        drawn = sorted(h.normals[k] for h in hands)
        assert [int(10 * slices.cdf(z)) for z in drawn] == list(range(10))
    replay = hands[0]
    saved = replay.getstate()
    first = replay.gauss(0.0, 2.0)
    replay.setstate(saved)
    assert replay.gauss(0.0, 2.0) == first, "a hand replays for every candidate"


def test_the_hint_aim_is_legal_and_for_the_players_own_hand(mid_round):
    state, board = mid_round
    seat = state.to_move
    expert = hint(GAME, state, board)
    steady = hint(GAME, state, board, hand=STEADY)
    shaky = hint(GAME, state, board, hand=PERSON_HANDS["shaky"])
    for given in (expert, steady, shaky):
        check_aim(board, state.num_players, seat, given.action)
    assert len({expert.action, steady.action, shaky.action}) > 1, "a hand of its own"
    assert hint(GAME, state, board, hand=STEADY) == steady, "the same state, the same hint"


def test_the_bench_hint_player_throws_exactly_the_hinted_aim(mid_round):
    state, board = mid_round
    seat = state.to_move
    match = player.new_match(0, seat, 3, board.name, "normal")  # a person in the seat to move
    match.state = state  # the match's state is all `hinted_aim` reads
    seat_hand = PERSON_HANDS[match.hand_name(seat)]
    assert match.level.name == board.name
    assert player.hinted_aim(match) == hint(GAME, state, board, hand=seat_hand).action


@pytest.mark.slow
def test_a_player_throwing_the_hint_with_a_normal_hand_beats_the_medium_ai():
    """Issue 15: >= 65% of games. Here 8 games of 8 rounds, seats alternated."""
    result = player.hint_games(8, 8, 0, "classic", "normal")
    assert result["won"] >= 0.65 * result["games"]
    mine = sum(p for p, _ in result["points"])
    theirs = sum(q for _, q in result["points"])
    assert mine > 1.2 * theirs


@pytest.mark.slow
def test_a_player_aiming_at_the_diamond_ends_near_it_as_the_medium_ai_does():
    """Issue 15: the median distance within 1.5x the medium AI's. Here 4 games of 10 rounds."""
    result = player.diamond_games(4, 10, 0, "classic", "normal")
    assert result["dice"] >= 30
    assert result["person"] <= 1.5 * result["medium"]


@pytest.mark.slow
def test_the_stated_worth_is_near_a_48_hand_re_estimate_and_unbiased():
    """Issue 15 asks for 0.5 points on average over 20 states. One hand's worth varies by about
    4 points, so a 48-hand re-estimate is itself off by about 0.5 on average: even a perfect
    figure comes out at 0.45-0.57 (bench_hint_worth.py), so 0.5 is no line a test can hold.
    Here, over 10 mid-round states: the stated worth is within 0.8 points of a 240-hand
    reference on average, with no bias beyond 0.6 either way, and within 1.0 of three 48-hand
    re-estimates on average (the search's own figure, stated before, was 2.7 points high); the
    worth plays the round on after each hand (`ai.appraise`), which varies far more than a
    table's worth (sd 0.9 points between 32-hand estimates on 6 states, 0.1 without); and
    each hand's worth with the faces at their exact distribution (`rest_worth`) is, on the same
    throws, the plain worth's within 3 standard errors. Measured (2026-12-06, the search of
    RACE 3:6:12:18): the stated worth less the reference has sd 0.64 over the states, mean
    |0.61| and mean -0.31 (its standard error 0.20); the gap to a re-estimate 0.62 on average
    (about 0.1 its standard error). Each bound is about 3 standard errors past what an
    unbiased worth of that noise gives; the worth of the tables as they lie (before the round
    was played on) is 1.95 points above the stated one on these states: it breaks the bias
    bound."""
    gaps, errors, differences = [], [], []
    for i, (state, board) in enumerate(worth.mid_round_states(10)):
        given = hint(GAME, state, board, hand=NORMAL)
        rechecks = [statistics.mean(worth.independent(board, state, given.action, NORMAL, 48,
                                                      f"t:{i}:{r}")) for r in range(3)]
        both = worth.paired(board, state, given.action, NORMAL, 240, f"ref:{i}")
        reference = ai.appraise(board, ai.situation_of(state), given.action, NORMAL,
                                random.Random(f"ref:{i}"), 240, rollouts=240)
        differences += [r - p for p, r in both]
        gaps += [abs(given.value - again) for again in rechecks]
        errors.append(given.value - reference)
    assert statistics.mean(abs(e) for e in errors) <= 0.8
    assert abs(statistics.mean(errors)) <= 0.6
    assert statistics.mean(gaps) <= 1.0
    # the faces at their exact distribution: the same expected worth as the faces as they fell
    se = statistics.stdev(differences) / len(differences) ** 0.5
    assert abs(statistics.mean(differences)) <= 3 * se + 1e-9


@pytest.mark.slow
def test_the_hints_hands_vary_less_than_independent_hands():
    """The stated worth averages hands spread evenly (scrambled Sobol errors,
    `ai.petanque_hand_errors`): on 6 mid-round states, 8 estimates of 48 hands each, their
    variance is under 0.8 of the same estimates from independent hands (measured over 20 states:
    0.52; the Latin hypercube used before, 0.74: bench_hint_worth.py --estimators)."""
    spread, plain = [], []
    for i, (state, board) in enumerate(worth.mid_round_states(6, 100)):
        situation = ai.situation_of(state)
        aim = hint(GAME, state, board, hand=NORMAL).action
        for way, found in ((worth.sobol_hands, spread), (worth.WAYS["independent hands"], plain)):
            means = [statistics.mean(rest_worth(ai.thrown_table(board, situation, aim, NORMAL, h),
                                                situation)
                                     for h in way(random.Random(f"v:{i}:{r}"), 48))
                     for r in range(8)]
            found.append(statistics.variance(means))
    assert statistics.mean(spread) < 0.8 * statistics.mean(plain)

