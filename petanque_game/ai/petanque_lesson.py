"""Terningepetanque's first lesson: a few targets on an empty board, each thrown until it is hit,
and what each throw teaches (the window's part: ui/scenes/lesson.py).

Each target has a table of its own, laid out beforehand (nothing carries over from the target
before, so a try again starts from the same table), a thing to throw (the diamond or one of the
person's dice, seat 0 of two) and a goal:
- `ring`: the diamond comes to rest inside a ring drawn on the board;
- `near`: the die comes to rest no further than `radius` mm from the diamond (outline to outline,
  as the rules measure);
- `knock`: the other player's die, lying by the diamond, ends more than `radius` mm from it (or off
  the board), and the diamond stays on the board.

A throw (`throw`) is the person's aim released by their hand (`physics.hand.release`, from the
lesson's own streams: a lesson is no game, has no record and draws nothing from one) and
simulated. What it teaches (`Try`) is the same as the coach's facts (ai/petanque_coach.py): the
aim thrown by a steady hand with the same chance in the die's orientation and tumble, where it
would have stopped and whether that would have hit the target, and how far the wobble took the
real throw along and across its heading; and how far the throw came from the goal.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from petanque_game.ai.petanque_coach import along
from petanque_game.physics.hand import Hand, release
from petanque_game.physics.level import Level
from petanque_game.physics.results import Path
from petanque_game.physics.throw import simulate_throw
from petanque_game.rules.petanque_table import DIAMOND, DIE, Aim, DiamondRest, DieRest, Table

Point = tuple[float, float]
PLAYERS, SEAT, OTHER = 2, 0, 1  # the lesson's table: the person in seat 0, Bjørn in seat 1
RING_AT, RING_R = 120.0, 45.0  # mm: the ring's centre past the board's middle, and its radius
DIAMOND_AT = 60.0  # mm past the middle: where the diamond lies for the dice's targets
NEAR_R = 15.0  # mm: how close to the diamond the die must come
KNOCK_R = 60.0  # mm: how far from the diamond the other die must end
KNOCK_GAP = 4.0  # mm: the other die's outline from the diamond's tip (to the thrower's left)
HEIGHTS = {"ring": 45.0, "near": 45.0, "knock": 25.0}  # the height each target starts at


@dataclass(frozen=True)
class Target:
    """One of the lesson's targets (see the module's docstring)."""

    goal: str  # "ring", "near" or "knock"
    table: Table  # the table it is thrown onto
    obj: str
    die: int | None
    centre: Point  # the ring's centre, or the diamond's
    radius: float  # mm: the ring's radius, or the distance the goal is about

    @property
    def height(self) -> float:
        """Degrees: the height the target starts the aim at (its words say why)."""
        return HEIGHTS[self.goal]


def inward(level: Level) -> Point:
    """The unit vector from the person's wall over the board (the way they throw)."""
    wall = level.seat_wall(PLAYERS, SEAT)
    return -math.cos(wall.angle), -math.sin(wall.angle)


def targets(level: Level) -> list[Target]:
    """The lesson's targets on `level`, in the order they are met."""
    ux, uy = inward(level)
    ring = (ux * RING_AT, uy * RING_AT)
    dm = DiamondRest(ux * DIAMOND_AT, uy * DIAMOND_AT, 0.0, True)
    with_diamond = Table(dm, ())
    # the other player's die just beside the diamond's tip, a six showing: the diamond lies
    # across the throw, the die on its long axis
    across = math.atan2(ux, -uy)
    side = KNOCK_GAP + (level.dice.side + level.diamond.long_diagonal) / 2.0
    dm = DiamondRest(dm.x, dm.y, across, True)
    bx, by = dm.x - uy * side, dm.y + ux * side
    theirs = DieRest(OTHER, 0, bx, by, across, 6, True, None, KNOCK_GAP, 0)
    return [Target("ring", Table(), DIAMOND, None, ring, RING_R),
            Target("near", with_diamond, DIE, 0, (dm.x, dm.y), NEAR_R),
            Target("knock", Table(dm, (theirs,)), DIE, 0, (dm.x, dm.y), KNOCK_R)]


@dataclass(frozen=True)
class Try:
    """One throw at a target and what it teaches."""

    target: Target
    aim: Aim
    table: Table  # the table it left
    path: Path | None  # for playing it back
    passed: bool
    miss: float  # mm from the goal (0: hit); for `knock`, how far short of pushing it out
    rest: Point  # where the thrown body stopped (a diamond that left: where it went off)
    rest_on: bool
    aimed: Point  # where a steady hand's throw of the aim stopped
    aimed_on: bool
    aimed_passed: bool  # a steady hand would have hit the target
    long: float  # mm the wobble took it past the steady rest (negative: short)
    left: float  # mm it took it to the thrower's left (negative: right)
    aim_long: float  # mm the steady rest lay past `aimed_from` (negative: short of it)
    aim_left: float  # mm to the left of it (negative: right)
    moved: float  # `knock`: mm the other die moved (0 for the other goals)


def throw(level: Level, target: Target, aim: Aim, hand: Hand, rng: random.Random) -> Try:
    """`aim` at `target` released by `hand` (its chance drawn from `rng`), simulated."""
    launch = release(level, PLAYERS, SEAT, target.obj, aim, hand, rng, rng, rng)
    real = simulate_throw(level, target.table, PLAYERS, SEAT, target.obj, target.die, launch)
    steady = simulate_throw(level, target.table, PLAYERS, SEAT, target.obj, target.die,
                            aim.launched(launch.orientation, launch.tumble),
                            record_path=False).table
    rest, rest_on = _thrown_at(real.table, target, real.path)
    aimed, aimed_on = _thrown_at(steady, target, None)
    passed, miss, moved = judge(target, real.table, rest, rest_on)
    heading = launch.direction
    long, left = along(heading, aimed, rest)
    aim_long, aim_left = along(heading, aimed_from(target), aimed)
    return Try(target, aim, real.table, real.path, passed, miss, rest, rest_on, aimed,
               aimed_on, judge(target, steady, aimed, aimed_on)[0], long, left, aim_long,
               aim_left, moved)


def aimed_from(target: Target) -> Point:
    """What a steady rest is said from: the ring's or the diamond's middle, or for a knock the
    other player's die."""
    if target.goal == "knock":
        theirs = target.table.die_of(OTHER, 0)
        assert theirs is not None  # (the knock's table has it)
        return theirs.x, theirs.y
    return target.centre


def judge(target: Target, table: Table, rest: Point, on: bool) -> tuple[bool, float, float]:
    """(hit, mm from the goal, mm the other die moved) for the table a throw left."""
    if target.goal == "ring":
        miss = max(0.0, math.dist(rest, target.centre) - target.radius) if on else math.inf
        return on and miss == 0.0, miss, 0.0
    if target.goal == "near":
        mine = table.die_of(SEAT, 0)
        if not on or mine is None or mine.distance is None:
            return False, math.inf, 0.0
        miss = max(0.0, mine.distance - target.radius)
        return miss == 0.0, miss, 0.0
    before, after = target.table.die_of(OTHER, 0), table.die_of(OTHER, 0)
    assert before is not None and after is not None  # (the knock's table has it)
    moved = math.dist((before.x, before.y), (after.x, after.y))
    dm = table.diamond
    if dm is None or not dm.on_board or dm.reset:
        return False, math.inf, moved
    if not after.on_board:
        return True, 0.0, moved
    miss = max(0.0, target.radius - math.dist((after.x, after.y), (dm.x, dm.y)))
    return miss == 0.0, miss, moved


def _thrown_at(table: Table, target: Target, path: Path | None) -> tuple[Point, bool]:
    """Where the thrown body lies (a diamond that left the board: where it went off, when the
    path says), and whether on the board."""
    if target.obj == DIAMOND:
        dm = table.diamond
        assert dm is not None  # (it was just thrown)
        off_at = path.off_from[0] if path is not None else None
        if dm.reset and path is not None and off_at is not None:
            x, y = path.frames[off_at][0][:2]
            return (x, y), False
        return (dm.x, dm.y), dm.on_board and not dm.reset
    d = table.die_of(SEAT, target.die or 0)
    assert d is not None  # (it was just thrown)
    return (d.x, d.y), d.on_board

