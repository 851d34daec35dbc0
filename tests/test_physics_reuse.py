"""A throw's world built from parts kept between throws ends exactly as a world built afresh.

The physics lends each throw a board's pymunk parts (`physics/parts.py`) instead of making them
anew. These tests hold the result to what main's fresh worlds gave: the digests of the throws of
benchmarks/throw_corpus.py (whole rounds over every shipped board, 2 to 4 players, boards taking
turns so parts are lent across boards between two throws of one) against blocks recorded from
main before the change (tests/data/throw-corpus-blocks.txt), and the same throw giving the same
result whatever was thrown before it, a throw that failed or took a body off the board included.

The corpus's launches come from `ai.petanque.aim` and the shipped boards: a change to either, or
a physics change meant to move throws (a new physics version), changes the digests. Record the
blocks again then (`python benchmarks/throw_corpus.py 3000 --blocks`) from a version known to be
right, and say why in the commit.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from petanque_game.ai.petanque import aim
from petanque_game.physics import build, load_named_level, settle, simulate_throw
from petanque_game.physics.throw import random_launch
from petanque_game.physics.world import World
from petanque_game.rules.petanque_table import DiamondRest, Table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from throw_corpus import block_digests, throws  # noqa: E402

BLOCK = 100
RECORDED = [line for line in (ROOT / "tests" / "data" / "throw-corpus-blocks.txt")
            .read_text(encoding="utf-8").split("\n") if line and not line.startswith("#")]


def _blocks(count: int) -> list[str]:
    return block_digests(count * BLOCK, BLOCK)


def test_the_first_throws_of_the_corpus_end_as_mains_fresh_worlds_did():
    assert _blocks(2) == RECORDED[:2]


@pytest.mark.slow
def test_all_3000_throws_of_the_corpus_end_as_mains_fresh_worlds_did():
    got = _blocks(len(RECORDED))
    assert len(RECORDED) == 30
    wrong = [i for i, (a, b) in enumerate(zip(got, RECORDED)) if a != b]
    assert not wrong, f"blocks of {BLOCK} throws that differ: {wrong}"


def _table_with_dice(level, rng: random.Random) -> Table:
    """A table from a few real throws (dice lying round the diamond)."""
    table = Table(DiamondRest(0.0, 0.0, 0.3, True))
    for seat in (0, 1):
        launch = aim(level, 2, seat, (rng.uniform(-60, 60), rng.uniform(-40, 40)),
                     roll=rng.random()).launched(rng.randrange(24), rng.randrange(1000))
        table = simulate_throw(level, table, 2, seat, "die", 0, launch).table
    return table


def test_a_throw_ends_the_same_whatever_was_thrown_before_it():
    level = load_named_level("classic")
    rng = random.Random(7)
    table = _table_with_dice(level, rng)
    launch = aim(level, 2, 0, (10.0, 5.0), roll=0.7).launched(3, 99)
    first = simulate_throw(level, table, 2, 0, "die", 1, launch)
    for name in ("round-table", "bumper-lane", "classic"):  # other boards, wild and off-board
        other = load_named_level(name)
        for players in (2, 3, 4):
            for seat in range(players):
                simulate_throw(other, Table(DiamondRest(0.0, 0.0, 0.0, True)), players, seat,
                               "die", 0, random_launch(other, players, seat, rng))
    again = simulate_throw(level, table, 2, 0, "die", 1, launch)
    assert repr(again) == repr(first)


def test_the_parts_are_lent_again_and_two_worlds_at_once_get_their_own():
    level = load_named_level("classic")
    table = Table(DiamondRest(0.0, 0.0, 0.0, True))
    launch = aim(level, 2, 0, (0.0, 30.0)).launched(0, 1)
    simulate_throw(level, table, 2, 0, "die", 0, launch)
    kept = build.free_parts(level, 2)
    assert kept, "a finished throw gives its parts back"
    static = kept[-1].static_body
    one = World(level, table, 2, 0, "die", 0, launch, False)
    assert one.static_body is static  # the same parts, lent again
    two = World(level, table, 2, 0, "die", 0, launch, False)  # e.g. an AI's search meanwhile
    assert two.static_body is not static
    assert {id(b) for b in one.space.bodies}.isdisjoint(id(b) for b in two.space.bodies)
    two.run()
    one.run()
    settle.read_rest(two)
    settle.read_rest(one)
    assert [it.entry for it in one.items] == [it.entry for it in two.items]
    one.finish()
    two.finish()
    assert len(build.free_parts(level, 2)) >= 2


def test_a_failed_throw_does_not_give_back_parts_still_in_its_space():
    level = load_named_level("classic")
    table = Table(DiamondRest(0.0, 0.0, 0.0, True))
    launch = aim(level, 2, 0, (0.0, 30.0)).launched(0, 1)
    before = simulate_throw(level, table, 2, 0, "die", 0, launch)
    free = build.free_parts(level, 2)
    world = World(level, table, 2, 0, "die", 0, launch, False)  # takes a set, never finishes
    assert all(p is not world.parts for p in free)
    assert repr(simulate_throw(level, table, 2, 0, "die", 0, launch)) == repr(before)


def test_a_body_taken_off_the_board_comes_back_as_new():
    """A body that leaves the board leaves its space mid-throw (`World.fall_off`); lent again
    it must lie and move as a new body would (here the thrown die, which went off, is the next
    throw's thrown die again, then lies on the table of the throw after)."""
    for t in throws(60):
        if t.obj == "die" and t.table.dice and not t.result.table.dice[-1].on_board:
            break
    else:
        pytest.fail("no die thrown off the board in the corpus")
    args = (t.level, t.table, t.players, t.seat, t.obj, t.die, t.launch)
    for _ in range(3):
        assert repr(simulate_throw(*args, record_path=t.path)) == repr(t.result)


def test_every_distance_is_measured_afresh_or_remembered_exactly():
    """The settled table's distances, some remembered from earlier throws (`settle._DISTANCES`),
    are each what `outline_distance` gives for the die and the diamond where they lie."""
    from petanque_game.physics import geometry

    settle._DISTANCES.clear()
    checked = 0
    for t in throws(150):
        table = t.result.table
        kinds = build.kind_plan(t.level, "die"), build.kind_plan(t.level, "diamond")
        d = table.diamond
        diamond = geometry.placed(kinds[1].local, d.x, d.y, d.angle)
        for die in table.dice:
            if die.on_board and die.distance is not None:
                poly = geometry.placed(kinds[0].local, die.x, die.y, die.angle)
                assert die.distance == geometry.outline_distance(poly, diamond)
                checked += 1
    assert checked > 150
    assert settle._DISTANCES, "distances are remembered"


def _copy(table: Table) -> Table:
    """The same table made of new rests (nothing lies where these very rests laid it)."""
    return Table(replace(table.diamond), tuple(replace(d) for d in table.dice))


def test_throws_again_and_again_from_one_table_end_as_from_a_new_copy_of_it():
    """An AI's search throws many times from one table: a body that lay untouched all throw is
    lent to the next throw from the same rest as it lies, nothing set (`Parts.give_back`). Each
    throw must end as it does from a copy of the table, where every body is placed afresh:
    throws that knock dice, that miss them, that go off, between boards, and a die lying at an
    angle of -0.0 (which a step turns into 0.0, so it is placed afresh)."""
    rng = random.Random(11)
    picked = [t for t in throws(150) if t.obj == "die" and len(t.table.dice) >= 3][::4][:5]
    level = load_named_level("classic")
    odd = _table_with_dice(level, random.Random(3))
    odd = Table(odd.diamond, (replace(odd.dice[0], angle=-0.0), replace(odd.dice[1], angle=0.0),
                              *odd.dice[2:]))
    cases = [(t.level, t.table, t.players, t.seat, t.die) for t in picked]
    cases.append((level, odd, 2, 1, 1))
    reused = 0
    for lv, table, players, seat, die in cases:
        launches = [random_launch(lv, players, seat, rng) for _ in range(3)]
        d = table.diamond
        spots = [(d.x + rng.uniform(-40, 40), d.y + rng.uniform(-40, 40)) for _ in range(5)]
        launches += [aim(lv, players, seat, spot, roll=rng.random())
                     .launched(rng.randrange(24), rng.randrange(1000)) for spot in spots]
        same = []
        for launch in launches:  # one after the other from the very same table
            same.append(repr(simulate_throw(lv, table, players, seat, "die", die, launch)))
            spare = build.free_parts(lv, players)[-1].spare
            reused += sum(laid is not None for kind in spare.values() for *_, laid in kind)
        fresh = [repr(simulate_throw(lv, _copy(table), players, seat, "die", die, launch))
                 for launch in launches]
        assert same == fresh
    assert reused > 50, "bodies lying untouched are lent again as they lie"
