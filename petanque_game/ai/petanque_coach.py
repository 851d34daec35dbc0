"""The coach after a person's Terningepetanque throw: where the hand's wobble took it and what the
aim was worth beside the expert's, worked out after the throw from what the match already decided.

- The aimed rest: the decided aim thrown by a steady hand (no wobble) on the table as it lay, the
  die starting in the orientation and the knocked dice tumbling as the real throw's did (the
  released launch's `orientation` and `tumble`), so it differs from the real throw by the wobble
  alone. The wobble's effect is the real rest less the aimed rest, said along the throw's heading
  (long or short) and across it (left or right, as the thrower faces the board).
- The aim's worth and the expert's: the hint's figures (`hints_petanque`): the expert's search for
  the person's own hand, seeded from the state, and `appraise` of each aim over the same
  WORTH_SAMPLES hands (the hint's worth stream, so both meet the same luck, and the expert's
  aim is worth exactly what the hint said). In points for the round: the thrower's expected
  lead over the best other seat; for the diamond's throw, the penalty it risks.
- Where the expert's aim stops (a die's throw): the expert's aim thrown by a steady hand with the
  same chance, said from the diamond as it lay, along the person's throw and across it.
- The heights: the elevation the person's aim and the expert's were thrown at (a high throw
  comes down steeply and rolls little; a low one rolls far and pushes what it meets).
- The hand's cost: what the table at the aimed rest is worth less what the table at the real rest
  is worth (`rest_worth`: the faces left to chance at their exact distribution, so a lucky face
  is no part of it).

Nothing here reads or draws the match's streams: every hand is drawn from the coach's own seeded
streams, so coaching a game changes nothing in it (tests/test_coach.py).

Over a game (`Summary`): the aims' share is the sum of the person's aims' worths over the sum of
the expert's aims' worths (said only when the expert's sum is above zero: a share of a loss says
nothing), and the hand's cost is the sum of the throws' hand costs; throws taken back count too,
as they were thrown.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from petanque_game.ai import hints_petanque
from petanque_game.ai import petanque as ai
from petanque_game.ai.hints_petanque import seed_of
from petanque_game.ai.petanque import Label
from petanque_game.ai.petanque_worth import rest_worth
from petanque_game.physics.hand import Hand
from petanque_game.physics.level import Level
from petanque_game.physics.throw import simulate_throw
from petanque_game.rules.petanque_table import (
    DIAMOND,
    DIE,
    Aim,
    DiamondRest,
    DieRest,
    Launch,
    Table,
)
from petanque_game.rules.terningepetanque import TerningepetanqueState

Point = tuple[float, float]
APART = 1.0  # mm: a body this far from where it lies on the aimed table was met otherwise


@dataclass(frozen=True)
class Lesson:
    """What one throw teaches (see the module's docstring)."""

    seat: int
    obj: str
    aimed: Point  # where the steady hand's throw came to rest
    rest: Point  # where the real throw came to rest
    aimed_on: bool  # the steady hand's throw stayed on the board
    rest_on: bool
    long: float  # mm the wobble took it past the aimed rest (negative: short)
    left: float  # mm it took it to the thrower's left (negative: right)
    aim_worth: float  # points for the round: the decided aim thrown by the person's hand
    expert_worth: float  # the expert's aim for the same hand
    expert_label: Label  # what the expert's aim was for
    expert_nearer: float | None  # mm the expert's steady rest lay nearer the diamond than the
    # person's (negative: farther); None for the diamond's throw or a body off the board
    aimed_rest_worth: float  # the table at the aimed rest
    rest_worth: float  # the table at the real rest
    elevation: float = 0.0  # degrees: the height the person's aim was thrown at
    expert_elevation: float = 0.0  # degrees: the expert's aim's
    expert_aimed: Point | None = None  # where the expert's aim stops with a steady hand (a die's
    # throw whose expert rest is on the board; None otherwise)
    expert_offset: Point | None = None  # that rest from the diamond as it lay: mm past it along
    # the person's throw, mm to its left
    met_otherwise: str | None = None  # what else lies apart on the aimed and the real table
    # (`met_otherwise`): "diamond", "dice" or None

    @property
    def hand_cost(self) -> float:
        """Points the wobble cost (negative: it gained)."""
        return self.aimed_rest_worth - self.rest_worth


@dataclass(frozen=True)
class Expert:
    """The expert's aim for the thrower's hand, what it is for and its worth: the hint's."""

    aim: Aim
    label: Label
    worth: float


def lesson(level: Level, state: TerningepetanqueState, aim: Aim, launch: Launch, after: Table,
           hand: Hand, samples: int | None = None, expert: Expert | None = None,
           hands: Sequence[Hand] | None = None) -> Lesson:
    """The lesson of the throw due in `state` (the state it was thrown in), decided as `aim`,
    released by the hand as `launch`, that left the table `after` (`samples`: the hands each
    aim's worth is the mean of; None: the hint's WORTH_SAMPLES). `expert`: the hint the person
    was shown in `state` for this hand, when there was one (the same figures: not searched
    again); `hands`: every seat's hand, as the hint was given them (its worth plays the round
    on with them)."""
    samples = hints_petanque.WORTH_SAMPLES if samples is None else samples
    situation = ai.situation_of(state)
    seat, obj, die = situation.thrower, situation.obj, situation.die
    aimed_table = _steady(level, state, aim, launch)
    aimed, aimed_on = _thrown_at(aimed_table, seat, obj, die)
    rest, rest_on = _thrown_at(after, seat, obj, die)
    long, left = along(launch.direction, aimed, rest)
    worth_seed = seed_of(state) + ":worth"  # the hint's: the same hands for both aims
    if expert is None:
        found = ai.search(level, situation, random.Random(seed_of(state)), hand=hand)
        expert = Expert(found.aim, found.label, ai.appraise(
            level, situation, found.aim, hand, random.Random(worth_seed), samples, hands=hands))
    expert_worth = expert.worth
    aim_worth = expert_worth if _same(aim, expert.aim) else \
        ai.appraise(level, situation, aim, hand, random.Random(worth_seed), samples, hands=hands)
    nearer, expert_aimed, offset = None, None, None
    dm = state.table.diamond
    if obj != DIAMOND and dm is not None:
        expert_at, expert_on = _thrown_at(_steady(level, state, expert.aim, launch), seat, obj,
                                          die)
        if expert_on:
            expert_aimed = expert_at
            offset = along(launch.direction, (dm.x, dm.y), expert_at)
            if aimed_on:
                nearer = math.dist(aimed, (dm.x, dm.y)) - math.dist(expert_at, (dm.x, dm.y))
    return Lesson(seat, obj, aimed, rest, aimed_on, rest_on, long, left, aim_worth,
                  expert_worth, expert.label, nearer, rest_worth(aimed_table, situation),
                  rest_worth(after, situation), math.degrees(aim.elevation),
                  math.degrees(expert.aim.elevation), expert_aimed, offset,
                  met_otherwise(aimed_table, after, seat, obj, die))


def met_otherwise(aimed: Table, real: Table, seat: int, obj: str,
                  die: int | None) -> str | None:
    """What the wobble changed beside the thrown body's rest: "diamond" when the diamond (after
    a die's throw) lies APART mm or more from where it lies on the aimed table, or went off the
    board on one and not the other; else "dice" when another die does; None when neither (what
    the hand's cost is made of when the thrown body stopped where the aim would have)."""
    if obj != DIAMOND and _apart(aimed.diamond, real.diamond):
        return "diamond"
    for d in aimed.dice:
        if (obj, d.player, d.die) != (DIE, seat, die) and _apart(d, real.die_of(d.player, d.die)):
            return "dice"
    return None


def _apart(aimed: DiamondRest | DieRest | None, real: DiamondRest | DieRest | None) -> bool:
    if aimed is None or real is None:
        return aimed is not real
    return aimed.on_board != real.on_board or \
        math.dist((aimed.x, aimed.y), (real.x, real.y)) >= APART


def along(heading: float, start: Point, end: Point) -> tuple[float, float]:
    """`end` less `start`, said along `heading` (long) and across it (to the thrower's
    left)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    return (dx * math.cos(heading) + dy * math.sin(heading),
            -dx * math.sin(heading) + dy * math.cos(heading))


def _same(a: Aim, b: Aim) -> bool:
    return all(getattr(a, f) == getattr(b, f) for f in Aim.FIELDS)


def _steady(level: Level, state: TerningepetanqueState, aim: Aim, launch: Launch) -> Table:
    """`aim` thrown with no wobble, with the chance the real throw had (`launch`'s orientation
    and tumble): the table it leaves."""
    assert state.throw_due is not None  # (the state a throw was made in)
    obj, die = state.throw_due
    steady = aim.launched(launch.orientation, launch.tumble)
    return simulate_throw(level, state.table, state.num_players, state.to_move, obj, die,
                          steady,
                          record_path=False).table


def _thrown_at(table: Table, seat: int, obj: str, die: int | None) -> tuple[Point, bool]:
    """Where the thrown body lies on `table`, and whether on the board (the diamond that left it
    counts as off, though it is laid back at the centre)."""
    if obj == DIAMOND:
        dm = table.diamond
        assert dm is not None  # (it was just thrown)
        return (dm.x, dm.y), dm.on_board and not dm.reset
    assert die is not None  # (a die's throw names its die)
    d = table.die_of(seat, die)
    assert d is not None  # (it was just thrown)
    return (d.x, d.y), d.on_board


@dataclass
class Summary:
    """A person's lessons over a game, added up (see the module's docstring)."""

    throws: int = 0
    aims: float = 0.0  # the sum of the aims' worths
    expert: float = 0.0  # the sum of the expert's aims' worths
    hand: float = 0.0  # the sum of the hand's costs
    seen: set[int] = field(default_factory=set)  # the steps counted (a step counts once)

    def add(self, taught: Lesson, step: int) -> None:
        if step in self.seen:
            return
        self.seen.add(step)
        self.throws += 1
        self.aims += taught.aim_worth
        self.expert += taught.expert_worth
        self.hand += taught.hand_cost

    @property
    def share(self) -> float | None:
        """The aims' worth as a share of the expert's, or None when the expert's is not above
        zero."""
        return self.aims / self.expert if self.expert > 1e-9 else None
