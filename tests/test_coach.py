"""The coach after a person's Terningepetanque throw (issue 33, item 1): its numbers
(ai/petanque_coach.py) on a scripted table, and its summary over a game."""

from __future__ import annotations

import math
import random

import pytest

from petanque_game.ai import hints_petanque
from petanque_game.ai import petanque as ai
from petanque_game.ai.hints import hint
from petanque_game.ai.petanque_coach import Lesson, Summary, lesson
from petanque_game.ai.petanque_worth import rest_worth
from petanque_game.match import Match
from petanque_game.physics.hand import PERSON_HANDS
from petanque_game.physics.throw import simulate_throw
from petanque_game.record import Seat
from petanque_game.rules.petanque_table import Aim, Launch

GAME = "terningepetanque"
NORMAL = PERSON_HANDS["normal"]
SAMPLES = 4  # hands each aim's worth is the mean of (the game's: WORTH_SAMPLES)


@pytest.fixture(scope="module")
def scripted():
    """A two-player table on the bumper lane with the diamond and one die lying, the second
    player's first die due: the table is made by throws of fixed aims, no chance in their
    place."""
    match = Match.new(GAME, [Seat("A", "human"), Seat("B", "human")], {"rounds": 1}, seed=3,
                      level="bumper-lane", hands=["steady", "steady"])
    board = match.board
    rules = match.rules
    while match.state.starter is None:
        match.decide(match.state.legal_actions()[0])
    for target in ((0.0, 0.0), (30.0, 20.0)):
        st = match.state
        obj, die = st.throw_due
        match.decide(rules.Throw(obj, die, ai.aim(board, 2, st.to_move, target, obj=obj)))
        if match.state.awaiting_accept:
            match.decide(rules.Accept())
    state = match.state
    assert state.throw_due is not None and state.throw_due[0] == "die"
    return state, board


def thrown(state, board, aim: Aim, launch: Launch):
    obj, die = state.throw_due
    return simulate_throw(board, state.table, state.num_players, state.to_move, obj, die,
                          launch, record_path=False).table


def released(aim: Aim, **changes: float) -> Launch:
    numbers = {f: getattr(aim, f) for f in Aim.FIELDS} | changes
    return Launch(**numbers, orientation=5, tumble=77)


def taught(state, board, aim: Aim, launch: Launch, samples: int = SAMPLES) -> Lesson:
    return lesson(board, state, aim, launch, thrown(state, board, aim, launch), NORMAL, samples)


def aimed_at(state, board, target):
    return ai.aim(board, state.num_players, state.to_move, target, roll=0.3)


def test_a_throw_released_as_aimed_has_no_wobble_and_costs_nothing(scripted):
    state, board = scripted
    aim = aimed_at(state, board, (10.0, -15.0))
    t = taught(state, board, aim, released(aim))
    assert t.aimed == t.rest and t.aimed_on and t.rest_on
    assert t.long == 0.0 and t.left == 0.0 and t.hand_cost == 0.0


def test_a_faster_release_is_said_long_and_a_turn_to_the_left_is_said_left(scripted):
    state, board = scripted
    aim = aimed_at(state, board, (10.0, -15.0))
    fast = taught(state, board, aim, released(aim, speed=aim.speed * 1.04))
    assert fast.long > 5.0 and abs(fast.left) < fast.long / 3
    # the wobble is the real rest less the aimed rest, along and across the heading
    h = aim.direction
    dx, dy = fast.rest[0] - fast.aimed[0], fast.rest[1] - fast.aimed[1]
    assert fast.long == pytest.approx(dx * math.cos(h) + dy * math.sin(h))
    turned = taught(state, board, aim, released(aim, direction=aim.direction + 0.03))
    assert turned.left > 5.0 and abs(turned.long) < turned.left  # counter-clockwise: left
    right = taught(state, board, aim, released(aim, direction=aim.direction - 0.03))
    assert right.left < -5.0
    # the aimed rest is the same throw with no wobble, whatever the hand did
    assert fast.aimed == turned.aimed == right.aimed


def test_the_hands_cost_is_the_aimed_tables_worth_less_the_real_ones(scripted):
    state, board = scripted
    aim = aimed_at(state, board, (0.0, 0.0))
    launch = released(aim, direction=aim.direction + 0.05)
    t = taught(state, board, aim, launch)
    situation = ai.situation_of(state)
    real = thrown(state, board, aim, launch)
    steady = thrown(state, board, aim, released(aim))
    assert t.rest_worth == rest_worth(real, situation)
    assert t.aimed_rest_worth == rest_worth(steady, situation)
    assert t.hand_cost == t.aimed_rest_worth - t.rest_worth != 0.0


def test_the_experts_worth_is_the_hints_and_the_hints_own_aim_is_worth_as_much(
        scripted, monkeypatch):
    state, board = scripted
    # enough hands that the round played on after each (`ai.appraise`) tells the aims apart
    monkeypatch.setattr(hints_petanque, "WORTH_SAMPLES", 32)
    given = hint(GAME, state, board, hand=NORMAL)
    aim = given.action
    t = taught(state, board, aim, released(aim, speed=aim.speed * 1.01), 32)
    assert t.expert_worth == given.value and t.expert_label == given.label
    assert t.aim_worth == t.expert_worth
    # another aim: appraised over the same hands (the hint's worth stream)
    poor = aimed_at(state, board, (90.0, -70.0))
    p = taught(state, board, poor, released(poor), 32)
    assert p.expert_worth == given.value
    assert p.aim_worth == ai.appraise(board, ai.situation_of(state), poor, NORMAL,
                                      random.Random(hints_petanque.seed_of(state) + ":worth"),
                                      32)
    assert p.aim_worth < p.expert_worth
    assert p.expert_nearer is not None and p.expert_nearer > 40.0  # aimed far off


def lesson_of(aim_worth: float, expert: float, aimed_rest: float, rest: float) -> Lesson:
    label = ai.Label("short")
    return Lesson(0, "die", (0.0, 0.0), (1.0, 0.0), True, True, 1.0, 0.0, aim_worth, expert,
                  label, None, aimed_rest, rest)


def test_the_summary_adds_up_each_throw_once():
    s = Summary()
    s.add(lesson_of(1.0, 2.0, 1.5, 0.5), step=4)
    s.add(lesson_of(0.6, 0.5, 0.0, 0.5), step=9)
    s.add(lesson_of(0.6, 0.5, 0.0, 0.5), step=9)  # told twice: counted once
    assert s.throws == 2
    assert s.share == pytest.approx(1.6 / 2.5)
    assert s.hand == pytest.approx(1.0 - 0.5)
    losing = Summary()
    losing.add(lesson_of(-2.0, -1.0, 0.0, 0.0), step=1)
    assert losing.share is None  # a share of a loss says nothing


def test_the_hint_shown_is_the_experts_aim_without_a_second_search(scripted, monkeypatch):
    from petanque_game.ai.petanque_coach import Expert

    state, board = scripted
    monkeypatch.setattr(hints_petanque, "WORTH_SAMPLES", SAMPLES)
    given = hint(GAME, state, board, hand=NORMAL)
    aim = aimed_at(state, board, (20.0, 10.0))
    launch = released(aim, direction=aim.direction + 0.01)
    searched = taught(state, board, aim, launch)

    def no_search(*args, **kwargs):
        raise AssertionError("searched again")

    monkeypatch.setattr(ai, "search", no_search)
    told = lesson(board, state, aim, launch, thrown(state, board, aim, launch), NORMAL, SAMPLES,
                  Expert(given.action, given.label, given.value))
    assert told == searched


def test_the_lesson_says_the_height_of_the_aim_and_of_the_experts(scripted):
    state, board = scripted
    aim = aimed_at(state, board, (10.0, 15.0))
    expert = ai.search(board, ai.situation_of(state), random.Random(hints_petanque.seed_of(state)),
                       hand=NORMAL).aim
    said = taught(state, board, aim, released(aim))
    assert said.elevation == pytest.approx(math.degrees(aim.elevation))
    assert said.expert_elevation == pytest.approx(math.degrees(expert.elevation))


def test_where_the_experts_aim_stops_is_its_steady_throw_said_from_the_diamond(scripted):
    from petanque_game.ai.petanque_coach import along

    state, board = scripted
    aim = aimed_at(state, board, (10.0, 15.0))
    expert = ai.search(board, ai.situation_of(state), random.Random(hints_petanque.seed_of(state)),
                       hand=NORMAL).aim
    launch = released(aim, direction=aim.direction + 0.01)
    said = taught(state, board, aim, launch)
    steady = thrown(state, board, expert, expert.launched(launch.orientation, launch.tumble))
    mine = steady.dice[-1]
    assert said.expert_aimed == (mine.x, mine.y)
    dm = state.table.diamond
    assert said.expert_offset == pytest.approx(along(launch.direction, (dm.x, dm.y),
                                                     (mine.x, mine.y)))


def test_what_the_wobble_met_otherwise_is_the_diamond_first_then_the_other_dice():
    """`met_otherwise`: beside the thrown body's own rest, what lies APART mm or more from where
    it lies on the aimed table (or on the board on one table only)."""
    from dataclasses import replace

    from petanque_game.ai.petanque_coach import APART, met_otherwise
    from petanque_game.rules.petanque_table import DiamondRest, DieRest, Table

    def die(player: int, number: int, x: float, y: float, on: bool = True) -> DieRest:
        return DieRest(player, number, x, y, 0.0, 3, on, None, 10.0 if on else None, 0)

    aimed = Table(DiamondRest(0.0, 0.0, 0.0, True), (die(1, 0, 30.0, 5.0), die(0, 0, 12.0, 0.0)))
    # the thrown die (seat 0, die 0) 0.9 mm elsewhere, and even far off: never counted here
    assert met_otherwise(aimed, replace(aimed, dice=(aimed.dice[0], die(0, 0, 12.9, 0.0))),
                         0, "die", 0) is None
    assert met_otherwise(aimed, replace(aimed, dice=(aimed.dice[0], die(0, 0, 80.0, 9.0))),
                         0, "die", 0) is None
    near = APART - 0.01
    assert met_otherwise(aimed, replace(aimed, diamond=DiamondRest(near, 0.0, 0.0, True)),
                         0, "die", 0) is None
    pushed = replace(aimed, diamond=DiamondRest(-3.2, 1.7, 0.0, True))
    assert met_otherwise(aimed, pushed, 0, "die", 0) == "diamond"
    off = replace(aimed, diamond=DiamondRest(0.0, 0.0, 0.0, False, reset=True))
    assert met_otherwise(aimed, off, 0, "die", 0) == "diamond"
    knocked = replace(aimed, dice=(die(1, 0, 30.0, 6.5), aimed.dice[1]))
    assert met_otherwise(aimed, knocked, 0, "die", 0) == "dice"
    assert met_otherwise(aimed, replace(aimed, dice=(die(1, 0, 30.0, 5.0, on=False),
                                                     aimed.dice[1])), 0, "die", 0) == "dice"
    both = replace(knocked, diamond=pushed.diamond)
    assert met_otherwise(aimed, both, 0, "die", 0) == "diamond"  # the diamond said first
    # the diamond's own throw: the diamond is the thrown body
    assert met_otherwise(aimed, pushed, 0, "diamond", None) is None
    assert met_otherwise(aimed, knocked, 0, "diamond", None) == "dice"


def test_the_lesson_says_what_else_its_throw_met_otherwise(scripted):
    """A lesson's `met_otherwise` is its aimed table against the real one."""
    from petanque_game.ai.petanque_coach import _steady, met_otherwise

    state, board = scripted
    aim = aimed_at(state, board, (0.0, 0.0))  # at the diamond: it is met
    for change in ({}, {"direction": aim.direction + 0.004}, {"speed": aim.speed * 1.02}):
        launch = released(aim, **change)
        after = thrown(state, board, aim, launch)
        found = taught(state, board, aim, launch)
        obj, die = state.throw_due
        assert found.met_otherwise == met_otherwise(_steady(board, state, aim, launch), after,
                                                    state.to_move, obj, die)
        # released as aimed: the same table; released a little off: it met the diamond otherwise
        assert found.met_otherwise == (None if not change else "diamond")
