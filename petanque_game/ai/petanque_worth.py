"""What a Terningepetanque table is worth to a seat, for the AI's search (ai/petanque.py).

The worth of a table is the seat's expected points of the round minus the best other seat's,
scored by the rules' own `score_round`, with two things the table alone does not settle:
- the face of the die just thrown is unknown to the thrower (the hand's orientation is chance): it
  is taken at its expectation, every face equally likely (physics/cube.py: a uniform starting
  orientation stays uniform whatever the path);
- throws are still to come: who ends closest is not settled yet. Each seat's best die is taken
  as it lies, and each of that seat's throws still to come may better it with the chance that a
  fair throw rests nearer (a half-normal of scale REACH, a club player's spread); the chance of
  ending closest then weighs the seat's dice on the board and those still to come (ON_BOARD of
  them landing, MEAN_FACE each). Doubles, penalties and dice off the board count as they stand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from petanque_game.rules.petanque_table import DIAMOND, Table
from petanque_game.rules.terningepetanque import DIAMOND_PENALTY, reckoned_distance, score_round

REACH = 35.0  # mm: the spread of a fair throw's distance to the diamond
ON_BOARD = 0.9  # the share of throws to come that stay on the board
MEAN_FACE = 3.5
GRID, FAR = 2.0, 300.0  # mm: the distances the closest-chance is summed over
NEAR_TIE_BREAK = 0.002  # points per mm: among equal worths, lie nearer the diamond


@dataclass(frozen=True)
class Situation:
    """The throw the AI is about to make and what the round holds around it."""

    table: Table
    num_players: int
    thrower: int
    obj: str
    die: int | None
    penalties: tuple[int, ...]  # the round's diamond penalties so far (rules' `penalties`)
    to_come: tuple[int, ...] = ()  # the seats of the throws after this one, in order


def worth(table: Table, situation: Situation) -> float:
    """The worth of the table after the throw (the thrown body listed last) to the thrower: its
    `points_worth`, less a small tie-break that prefers lying nearer the diamond (a die) or the
    board's middle (the diamond)."""
    return points_worth(table, situation) - tie_break(table, situation)


def points_worth(table: Table, situation: Situation) -> float:
    """The thrower's expected lead in points after the throw: its expected points of the round
    less the best other seat's (the thrown die's face at its expectation); for the diamond's
    throw, the -5 it may cost."""
    seat = situation.thrower
    penalties = _penalties_after(table, situation)
    if situation.obj == DIAMOND:
        return penalties[seat] - situation.penalties[seat]
    *before, thrown = table.dice
    closest = _closest_chances(table, situation.num_players, situation.to_come)  # any face
    total = 0.0
    for face in range(1, 7):
        as_if = Table(table.diamond, (*before, replace(thrown, face=face)))
        total += lead(as_if, seat, penalties, situation.to_come, closest)
    return total / 6.0


def lead(table: Table, seat: int, penalties: tuple[int, ...], to_come: tuple[int, ...],
         closest: list[float] | None = None) -> float:
    """`seat`'s expected points of the round less the best other seat's, for a table whose faces
    are known, with the round's diamond penalties so far and the throws still `to_come`
    (`closest`: the table's `_closest_chances`, when they are known already)."""
    expected = _expected_points(table, penalties, to_come, closest)
    others = max((p for i, p in enumerate(expected) if i != seat), default=0.0)
    return expected[seat] - others


def _penalties_after(table: Table, situation: Situation) -> tuple[int, ...]:
    if not table.diamond.reset:
        return situation.penalties
    return tuple(p - DIAMOND_PENALTY if i == situation.thrower else p
                 for i, p in enumerate(situation.penalties))


def tie_break(table: Table, situation: Situation) -> float:
    """The small preference `worth` adds to `points_worth`, as a penalty in points."""
    if situation.obj == DIAMOND:
        # only the diamond on the board: lie near the middle, where every seat has room
        return 0.01 * math.hypot(table.diamond.x, table.diamond.y)
    mine = [d.distance for d in table.dice if d.on_board and d.player == situation.thrower]
    return NEAR_TIE_BREAK * (min(mine) if mine else 1000.0)


def _expected_points(table: Table, penalties: tuple[int, ...], to_come: tuple[int, ...],
                     closest: list[float] | None = None) -> list[float]:
    points, _ = score_round(table, penalties)
    if not to_come:
        return [float(p) for p in points]  # the round is as good as scored
    n = len(points)
    if closest is None:
        closest = _closest_chances(table, n, to_come)
    expected = []
    for seat in range(n):
        on = [d.face for d in table.dice if d.on_board and d.player == seat]
        off = sum(d.face for d in table.dice
                  if not d.on_board and d.player == seat and d.off_during == seat)
        if len(on) == 2 and on[0] == on[1]:
            expected.append(float(points[seat]))  # doubles: scored whoever is closest
            continue
        coming = to_come.count(seat) * MEAN_FACE * ON_BOARD
        expected.append(penalties[seat] - off + closest[seat] * (sum(on) + coming))
    return expected


def _closest_chances(table: Table, n: int, to_come: tuple[int, ...]) -> list[float]:
    """The chance that each seat ends the round closest: its best die as it lies, bettered by
    each of its throws still to come with the chance a fair throw lands nearer (a half-normal
    of scale REACH); a tie shares. On a grid of GRID mm out to FAR mm. The faces play no part."""
    best = [math.inf] * n
    for d in table.dice:
        if d.on_board:
            best[d.player] = min(best[d.player], reckoned_distance(d))
    steps = int(FAR / GRID)
    # survival[s][i]: the chance that seat s ends farther than i * GRID mm (or with no die)
    survival = []
    for seat in range(n):
        misses = _misses_all(to_come.count(seat))
        survival.append([m if i * GRID < best[seat] else 0.0 for i, m in enumerate(misses)])
    # the same sums as over every grid step and seat, in the same order, with what every seat
    # shares worked out once: a seat's mid-step survival, and nothing past where a row is 0
    mids = [[(a + b) / 2.0 for a, b in zip(row, row[1:])] for row in survival]
    chances = []
    for seat in range(n):
        row = survival[seat]
        rows = [mids[other] for other in range(n) if other != seat]
        total = 0.0
        for i in range(row.index(0.0) if 0.0 in row else steps):
            mass = row[i] - row[i + 1]  # ends between x and x + GRID
            if mass <= 0.0:
                continue
            others = 1.0
            for mid in rows:
                others *= mid[i]
            total += mass * others
        chances.append(total)
    return chances


def _misses_all(throws: int) -> tuple[float, ...]:
    """The chance that none of `throws` fair throws lands within each grid distance."""
    found = _MISSES_ALL.get(throws)
    if found is None:
        found = _MISSES_ALL[throws] = tuple(m ** throws for m in _MISSES)
    return found


def _lands_within(x: float) -> float:
    """The chance that a fair throw comes to rest within `x` mm of the diamond."""
    return math.erf(x / (REACH * math.sqrt(2.0)))


# the chance that a fair throw does not land within each grid distance, worked out once
_MISSES = tuple(1.0 - _lands_within(i * GRID) for i in range(int(FAR / GRID) + 1))
_MISSES_ALL: dict[int, tuple[float, ...]] = {}  # by the number of throws to come
