"""Terningepetanque's first lesson, its targets and what a throw teaches (issue 33, item 1;
ai/petanque_lesson.py), without a window."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from petanque_game.ai import petanque_lesson as lesson
from petanque_game.physics import geometry
from petanque_game.physics.hand import PERSON_HANDS, STEADY
from petanque_game.physics.level import level_names, load_named_level
from petanque_game.rules.petanque_table import Table
from petanque_game.ui.table.aim import aim_at

pytest.importorskip("pymunk")


def aimed_at(level, target, spot, height=None):
    return aim_at(level, lesson.PLAYERS, lesson.SEAT, spot,
                  target.height if height is None else height, target.obj)


@pytest.mark.parametrize("board", level_names())
def test_every_target_lies_on_the_board_and_its_bodies_apart(board):
    level = load_named_level(board)
    for t in lesson.targets(level):
        assert level.board.contains(*t.centre)
        knock = t.table.die_of(lesson.OTHER, 0)
        if t.goal == "knock":
            dm = t.table.diamond
            diamond = geometry.placed(geometry.rhombus(level.diamond.long_diagonal,
                                                       level.diamond.short_diagonal),
                                      dm.x, dm.y, dm.angle)
            die = geometry.placed(geometry.square(level.dice.side), knock.x, knock.y,
                                  knock.angle)
            gap = geometry.outline_distance(diamond, die)
            assert gap == pytest.approx(lesson.KNOCK_GAP, abs=0.5) and knock.on_board
            assert knock.distance == lesson.KNOCK_GAP
            assert math.dist((knock.x, knock.y), (dm.x, dm.y)) < t.radius  # inside its ring


def test_a_steady_hand_stops_where_its_aim_does():
    level = load_named_level("classic")
    ring = lesson.targets(level)[0]
    tried = lesson.throw(level, ring, aimed_at(level, ring, ring.centre), STEADY,
                         random.Random(1))
    assert tried.rest == pytest.approx(tried.aimed)
    assert abs(tried.long) < 1e-6 and abs(tried.left) < 1e-6
    assert tried.passed and tried.aimed_passed and tried.miss == 0.0
    assert math.dist(tried.aimed, ring.centre) < 10.0  # the point aiming's rest


def test_the_wobble_is_said_along_and_across_the_throw():
    level = load_named_level("classic")
    ring = lesson.targets(level)[0]
    tried = lesson.throw(level, ring, aimed_at(level, ring, ring.centre),
                         PERSON_HANDS["normal"], random.Random(4))
    ux, uy = lesson.inward(level)
    dx, dy = tried.rest[0] - tried.aimed[0], tried.rest[1] - tried.aimed[1]
    assert math.hypot(tried.long, tried.left) == pytest.approx(math.hypot(dx, dy), abs=1e-6)
    assert tried.long == pytest.approx(dx * ux + dy * uy, abs=0.2 * math.hypot(dx, dy) + 1)


def test_an_aim_outside_the_ring_misses_and_says_by_how_much():
    level = load_named_level("classic")
    ring = lesson.targets(level)[0]
    ux, uy = lesson.inward(level)
    spot = (ring.centre[0] - 120 * ux, ring.centre[1] - 120 * uy)  # well short of it
    tried = lesson.throw(level, ring, aimed_at(level, ring, spot), STEADY, random.Random(1))
    assert not tried.passed and not tried.aimed_passed
    assert tried.miss == pytest.approx(math.dist(tried.rest, ring.centre) - ring.radius)
    assert tried.aim_long < -60  # its aimed rest lies short of the ring's middle


def test_a_die_near_the_diamond_hits_and_one_far_from_it_misses():
    level = load_named_level("classic")
    near = lesson.targets(level)[1]
    hit = lesson.throw(level, near, aimed_at(level, near, near.centre), STEADY,
                       random.Random(2))
    assert hit.passed and hit.table.die_of(0, 0).distance <= near.radius
    ux, uy = lesson.inward(level)
    far = (near.centre[0] - 150 * ux, near.centre[1] - 150 * uy)
    missed = lesson.throw(level, near, aimed_at(level, near, far), STEADY, random.Random(2))
    assert not missed.passed
    assert missed.miss == pytest.approx(missed.table.die_of(0, 0).distance - near.radius)


def test_the_knock_is_judged_by_where_the_other_die_ends():
    level = load_named_level("classic")
    knock = lesson.targets(level)[2]
    theirs = knock.table.die_of(lesson.OTHER, 0)
    dm = knock.table.diamond
    out = replace(theirs, x=dm.x + knock.radius + 5, y=dm.y)
    assert lesson.judge(knock, Table(dm, (out,)), (0, 0), True)[:2] == (True, 0.0)
    off = replace(theirs, on_board=False)
    assert lesson.judge(knock, Table(dm, (off,)), (0, 0), True)[0]
    stays = lesson.judge(knock, knock.table, (0, 0), True)
    assert not stays[0] and stays[2] == 0.0
    assert stays[1] == pytest.approx(knock.radius - math.dist((theirs.x, theirs.y),
                                                              (dm.x, dm.y)))
    gone = replace(dm, reset=True)
    assert not lesson.judge(knock, Table(gone, (out,)), (0, 0), True)[0]


def test_a_low_throw_past_the_die_knocks_it_out_more_often_than_a_high_one():
    """What the knock's words teach holds in the physics: throw low and point past the die."""
    level = load_named_level("classic")
    knock = lesson.targets(level)[2]
    theirs = knock.table.die_of(lesson.OTHER, 0)
    ux, uy = lesson.inward(level)
    spot = (theirs.x + 100 * ux, theirs.y + 100 * uy)
    hits = {}
    for height in (25.0, 45.0):
        aim = aimed_at(level, knock, spot, height)
        hits[height] = sum(lesson.throw(level, knock, aim, PERSON_HANDS["normal"],
                                        random.Random(k)).passed for k in range(16))
    assert hits[25.0] > hits[45.0] and hits[25.0] >= 9


def test_a_diamond_that_leaves_the_board_is_found_where_it_went_off():
    level = load_named_level("classic")
    ring = lesson.targets(level)[0]
    ux, uy = lesson.inward(level)
    reach = level.board.reach(math.atan2(uy, ux))
    tried = lesson.throw(level, ring, aimed_at(level, ring, (ux * (reach + 80),
                                                             uy * (reach + 80))),
                         STEADY, random.Random(1))
    assert not tried.rest_on and not tried.passed and tried.miss == math.inf
    assert tried.table.diamond.reset
    assert math.hypot(*tried.rest) > reach - 30  # where it left, not the centre it is laid at
