"""The Terningepetanque expert's race (ai/petanque.py `search`): every candidate meets the first
hands, only the better share meets the next, a survivor's worth is its mean over every hand, an
aim found twice is weighed once, and the same seed gives the same decision."""

from __future__ import annotations

import math
import random
import statistics

from petanque_game.ai import petanque as ai
from petanque_game.ai.petanque import (
    RACE,
    REFINE,
    SAMPLES,
    VARIATIONS,
    Label,
    _race,
    _Weighing,
)
from petanque_game.ai.petanque_hands import WOBBLES
from petanque_game.ai.petanque_worth import Situation
from petanque_game.physics import cube
from petanque_game.physics.level import level_names, load_named_level
from petanque_game.rules.petanque_table import Aim, DiamondRest, DieRest, Table

CLASSIC = load_named_level("classic")


def situation() -> Situation:
    """Two players on the classic board, seat 0 to throw its second die; one die of each seat
    lies near the diamond."""
    dice = (DieRest(0, 0, -25.0, -40.0, 0.1, cube.TOP_FACE[3], True, None, 20.0, 3),
            DieRest(1, 0, 30.0, 25.0, 0.9, cube.TOP_FACE[8], True, None, 15.0, 8))
    return Situation(Table(DiamondRest(5.0, 0.0, 0.3, True), dice), 2, 0, "die", 1, (0, 0),
                     (1,))


def test_the_race_sends_the_better_share_on_and_ties_go_to_the_first_found(monkeypatch):
    """Eight entries whose hands are worth known amounts: after the first stage the better half
    by their sums over the same hands (equal sums: the one found first) goes on, and so on; the
    survivors have met every hand, the others only the hands of the stage they left in."""
    worths = [[3, 3, 0, 0, 0, 0], [1, 1, 9, 9, 9, 9], [5, 0, 0, 0, 0, 0], [4, 1, 0, 0, 0, 0],
              [0, 0, 9, 9, 9, 9], [2, 2, 1, 1, 0, 0], [2, 2, 0, 0, 5, 5], [-9, 0, 9, 9, 9, 9]]
    entries = [_Weighing(Label("short"), Aim(0.0, 0.0, 0.0, float(i), 0.5, 0.0), i)
               for i in range(len(worths))]

    def throw(entry, upto):
        entry.worth += sum(worths[entry.index][entry.thrown:upto])
        entry.thrown = upto

    # the stages this test reckons with (the shipped ones may differ: the rule is the same)
    monkeypatch.setattr(ai, "RACE", (2, 4, 6))
    monkeypatch.setattr(ai, "SAMPLES", 6)
    monkeypatch.setattr(ai, "REFINE", 3)
    survivors = _race(entries, throw)
    # 2 hands: 6, 5, 5, 4, 4, 2, 0, -9 -> entries 0, 2, 3, 5 (5 ties with 6, found first)
    # 4 hands: 0: 6, 2: 5, 3: 5, 5: 6 -> 0 and 5, and the third best for the refinement: 2
    # 6 hands: 0: 6, 5: 6, 2: 5 -> 0 before 5 (equal, found first), then 2
    assert [e.index for e in survivors] == [0, 5, 2]
    assert [e.thrown for e in entries] == [6, 2, 6, 4, 2, 6, 2, 2]
    assert len(survivors) >= REFINE


def test_a_hopeless_aim_meets_only_the_first_hands_and_is_not_chosen(monkeypatch):
    """An aim that throws the die off the far side of the board (the fastest and flattest the
    seat may throw) loses its points on every hand: it leaves the race after the first stage."""
    s = situation()
    found = ai._candidates(CLASSIC, s)
    t = CLASSIC.throw
    good = found[0][1]
    hopeless = Aim(good.x, good.y, good.direction, t.max_speed, t.min_elevation, 0.0)
    monkeypatch.setattr(ai, "_candidates", lambda level, sit: [*found, (Label("short"),
                                                                         hopeless)])
    thrown = []
    real = ai.thrown_table

    def counting(level, sit, candidate, *rest):
        thrown.append(candidate)
        return real(level, sit, candidate, *rest)

    monkeypatch.setattr(ai, "thrown_table", counting)
    chosen = ai.search(CLASSIC, s, random.Random(2))
    assert real(CLASSIC, s, hopeless, ai.HANDS["expert"], random.Random(1)).dice[-1].on_board \
        is False
    assert thrown.count(hopeless) == RACE[0]
    assert chosen.aim != hopeless
    assert len(thrown) < (len(found) + 1 + len(VARIATIONS) * REFINE) * SAMPLES * 2 / 3


def test_the_chosen_aims_worth_is_its_mean_over_every_hand():
    """The race reports the survivor's worth over all SAMPLES hands, the same number as the aim
    weighed alone over the same hands (the search's hands are drawn first from its stream)."""
    s = situation()
    chosen = ai.search(CLASSIC, s, random.Random(4))
    hands = ai.even_hands(random.Random(4), SAMPLES)
    worth = points = 0.0
    for h in hands:
        p, tie = ai._thrown(CLASSIC, s, chosen.aim, ai.HANDS["expert"], h)
        worth += p - tie
        points += p
    assert math.isclose(chosen.worth, worth / SAMPLES, rel_tol=0, abs_tol=1e-12)
    assert math.isclose(chosen.points, points / SAMPLES, rel_tol=0, abs_tol=1e-12)


def test_every_stage_of_the_race_meets_hands_spread_over_every_error(monkeypatch):
    """The hands the search throws with, in the order it takes them: for each stage of RACE the
    first hands hold, in each of the five errors of a throw, one value in each of as many
    equally likely slices (the next power of two): a cut made after a few hands is not made on
    a few hands that all happened to throw long."""
    used: list = []
    real = ai._thrown

    def recording(level, situation, candidate, hand, h, chance=None):
        if all(h is not seen for seen in used):
            used.append(h)
        return real(level, situation, candidate, hand, h, chance)

    monkeypatch.setattr(ai, "_thrown", recording)
    slices = statistics.NormalDist()
    for seed in range(5):
        used.clear()
        ai.search(CLASSIC, situation(), random.Random(seed))
        assert len(used) == SAMPLES
        for upto in RACE:
            width = 1 << (upto - 1).bit_length()
            for k in range(WOBBLES):
                found = sorted(int(width * slices.cdf(h.normals[k])) for h in used[:upto])
                assert len(set(found)) == upto, (seed, upto, k, found)


def test_an_aim_found_twice_is_weighed_once(monkeypatch):
    s = situation()
    found = ai._candidates(CLASSIC, s)
    counted = {"once": 0, "twice": 0}
    real = ai.thrown_table

    def counting(*args):
        counted[key] += 1
        return real(*args)

    monkeypatch.setattr(ai, "thrown_table", counting)
    key = "once"
    once = ai.search(CLASSIC, s, random.Random(6))
    monkeypatch.setattr(ai, "_candidates", lambda level, sit: found + [(Label("beside"), a)
                                                                       for _, a in found])
    key = "twice"
    twice = ai.search(CLASSIC, s, random.Random(6))
    assert once == twice  # the first label an aim was found with stays its own
    assert counted["once"] == counted["twice"]


def test_the_expert_decides_the_same_from_the_same_seed_whatever_came_before():
    """On every board: the same seed, the same aim and the same use of the stream, whether or
    not another search ran in between."""
    for name in level_names():
        level = load_named_level(name)
        s = situation()
        first_rng = random.Random(9)
        first = ai.choose_throw(level, s, "expert", first_rng)
        ai.choose_throw(level, s, "expert", random.Random(10))
        again_rng = random.Random(9)
        assert ai.choose_throw(level, s, "expert", again_rng) == first
        assert first_rng.getstate() == again_rng.getstate()


def test_a_hand_put_back_after_a_throw_draws_as_a_fresh_one():
    """A wobble takes only a hand's set normal draws, so counting them back is enough
    (`Drawn.again`); after any other draw the whole stream is put back."""
    hand = ai.HANDS["expert"]
    aimed = ai._candidates(CLASSIC, situation())[0][1]
    h = ai.even_hands(random.Random(3), SAMPLES)[0]
    state = h.getstate()
    first = ai.wobble(CLASSIC, 2, 0, aimed, hand, h)
    assert h.drawn == WOBBLES and not h.stirred
    h.again(state)
    assert ai.wobble(CLASSIC, 2, 0, aimed, hand, h) == first
    h.again(state)
    chance = ai.unseen_chance(h)
    assert not h.stirred and ai.unseen_chance(h) == chance  # it leaves the hand as it was
    drawn = h.random()
    assert h.stirred
    h.again(state)
    assert h.random() == drawn and h.getstate() != state
    h.again(state)
    assert h.getstate() == state and ai.wobble(CLASSIC, 2, 0, aimed, hand, h) == first


def test_knock_candidates_go_through_the_nearest_dice_of_other_seats(monkeypatch):
    """Three seats: the thrower's own die lies nearest the diamond, three of the others' within
    KNOCK_NEAR, one beyond it. Knock candidates go through the nearest of the others' (KNOCK_MOST,
    three strengths), none through the thrower's own; with two allowed, through the two nearest in
    table order; with every knock allowed, through all four near ones."""
    def die(player, k, x, distance):
        return DieRest(player, k, x, -40.0, 0.0, 1, True, None, distance, 0)

    own, far, third, first, second = (die(0, 0, 0.0, 3.0), die(1, 0, 90.0, 80.0),
                                      die(2, 0, -60.0, 50.0), die(1, 1, 40.0, 10.0),
                                      die(2, 1, -30.0, 20.0))
    table = Table(DiamondRest(0.0, 0.0, 0.0, True), (own, far, third, first, second))
    s = Situation(table, 3, 0, "die", 1, (0, 0, 0), (1, 2))
    def knocks():
        return [label for label, _ in ai._candidates(CLASSIC, s) if label.key.startswith("knock")]

    assert (ai.KNOCK_OWN, ai.KNOCK_MOST) == (False, 1)
    assert ai._to_knock(s) == [first]
    assert knocks() == [Label("knock_player", 1)] * 3
    monkeypatch.setattr(ai, "KNOCK_MOST", 2)
    assert ai._to_knock(s) == [first, second]
    assert knocks() == [Label("knock_player", 1)] * 3 + [Label("knock_player", 2)] * 3
    monkeypatch.setattr(ai, "KNOCK_OWN", True)
    monkeypatch.setattr(ai, "KNOCK_MOST", None)
    assert ai._to_knock(s) == [own, third, first, second]
    assert [label.key for label, _ in ai._candidates(CLASSIC, s)].count("own_die") == 3
