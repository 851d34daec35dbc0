"""Terningepetanque AI: aiming lands near the target; choosing is legal, seeded, quick, and
decides an aim only (the hand is the match's)."""

from __future__ import annotations

import math
import random

import pytest

from petanque_game.ai.petanque import (
    HANDS,
    KEEP,
    RACE,
    REFINE,
    SAMPLES,
    VARIATIONS,
    _candidates,
    aim,
    choose_throw,
)
from petanque_game.ai.petanque_worth import Situation
from petanque_game.physics import cube
from petanque_game.physics.hand import wobble
from petanque_game.physics.level import level_names, load_named_level
from petanque_game.physics.throw import check_aim, check_launch, simulate_throw
from petanque_game.rules.petanque_table import Aim, DiamondRest, DieRest, Launch, Table

LEVELS = {name: load_named_level(name) for name in level_names()}


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_aim_brings_a_lone_body_to_rest_near_the_target(name):
    level = LEVELS[name]
    for players in (2, 3, 4):
        for seat in range(players):
            # targets whose way from every seat is clear of the bumper lane's centre wedge
            for target, roll in (((0.0, 0.0), 0.3), ((40.0, -30.0), 0.0), ((-60.0, 20.0), 0.8)):
                launch = aim(level, players, seat, target, roll=roll, obj="diamond").launched()
                check_launch(level, players, seat, launch)
                dm = simulate_throw(level, Table(), players, seat, "diamond", None,
                                    launch).table.diamond
                assert not dm.reset
                assert math.hypot(dm.x - target[0], dm.y - target[1]) < 12.0, (players, seat,
                                                                                target, roll)


def _table(level):
    dice = (DieRest(0, 0, -20.0, -35.0, 0.2, cube.TOP_FACE[3], True, None, 10.0, 3),
            DieRest(1, 0, 30.0, 25.0, 0.9, cube.TOP_FACE[8], True, None, 10.0, 8))
    return Table(DiamondRest(5.0, 0.0, 0.3, True), dice)


@pytest.mark.parametrize("ai_level", sorted(HANDS))
def test_choose_throw_decides_a_legal_seeded_aim_and_no_orientation(ai_level):
    for level in LEVELS.values():
        tb = _table(level)
        situation = Situation(tb, 2, 0, "die", 1, (0, 0), (1,))
        a = choose_throw(level, situation, ai_level, random.Random(5))
        b = choose_throw(level, situation, ai_level, random.Random(5))
        assert a == b and type(a) is Aim and not isinstance(a, Launch)
        check_aim(level, 2, 0, a)
        d = choose_throw(level, Situation(Table(), 3, 2, "diamond", None, (0, 0, 0)),
                         ai_level, random.Random(1))
        check_aim(level, 3, 2, d)


def test_the_ai_is_handed_no_match_so_no_stream_of_the_match():
    """The AI's entry point takes the state, its level, its own stream and the board: nothing
    that could reach the match's streams (docs/design.md#hidden-chance)."""
    import inspect

    from petanque_game import ai

    assert list(inspect.signature(ai.choose).parameters) == ["game", "state", "level", "rng",
                                                             "board"]


def test_expert_search_is_bounded_to_its_candidates_without_paths(monkeypatch):
    """The expert's cost is its number of simulated throws (each bounded by the physics' step
    cap): its race throws every candidate with the first stage's hands and at most all of them
    with every hand; its time is measured in benchmarks/, not here."""
    from petanque_game.ai import petanque as ai

    calls = []

    def counting(*args, **kwargs):
        calls.append(kwargs.get("record_path", True))
        return simulate_throw(*args, **kwargs)

    monkeypatch.setattr(ai, "simulate_throw", counting)
    level = LEVELS["classic"]
    dice = tuple(DieRest(p, k, 15.0 * p - 20, 30.0 * k - 15, 0.0, 1, True, None, 5.0, 0)
                 for p in range(4) for k in (0, 1) if (p, k) != (3, 1))
    tb = Table(DiamondRest(0.0, 60.0, 0.0, True), dice)
    situation = Situation(tb, 4, 3, "die", 1, (0, 0, 0, 0))
    choose_throw(level, situation, "expert", random.Random(3))
    candidates = len(_candidates(level, situation))
    varied = len(VARIATIONS) * REFINE
    most = raced(candidates) + raced(varied)
    assert raced(candidates) <= len(calls) <= most < (candidates + varied) * SAMPLES * 2 / 3
    assert not any(calls)  # no playback paths are built for a search


def raced(entries: int) -> int:
    """The throws of a race of `entries` (ai.petanque._race)."""
    total = before = 0
    for stage, upto in enumerate(RACE):
        total += entries * (upto - before)
        before = upto
        if stage < len(RACE) - 1:
            entries = min(entries, max(REFINE, math.ceil(entries * KEEP)))
    return total


def test_expert_throws_closer_than_easy():
    level = LEVELS["classic"]
    tb = Table(DiamondRest(10.0, -20.0, 0.0, True))
    mean = {}
    for ai_level in ("easy", "expert"):
        rng, hand_rng = random.Random(11), random.Random(12)
        dist = []
        for i in range(12):
            chosen = choose_throw(level, Situation(tb, 2, i % 2, "die", 0, (0, 0), (1, 0, 1)),
                                  ai_level, rng)
            launch = wobble(level, 2, i % 2, chosen, HANDS[ai_level], hand_rng).launched(i)
            d = simulate_throw(level, tb, 2, i % 2, "die", 0, launch).table.dice[-1]
            dist.append(d.distance if d.on_board else 500.0)
        mean[ai_level] = sum(dist) / len(dist)
    assert mean["expert"] < mean["easy"]
