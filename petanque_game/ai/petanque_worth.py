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

`rest_worth` is the same expected lead with less chance left in it, for the hint's stated worth
(ai/petanque.py `appraise`): besides the thrown die's face it takes the face of every die the
throw knocked at its exact distribution. Where a throw leaves the bodies does not depend on any
die's orientation, and a knocked die is turned by one of the 24 rotations with equal chance
(physics/knocked.py), so, given where everything came to rest, a die whose orientation changed
lies in any of the other 23 orientations with equal chance (its old face on 3 of them, each other
face on 4), independently of the others; a die whose orientation did not change shows its face.
Each seat's points depend on its own faces only, so the lead's expectation is exact: each seat's
points as a distribution, the best other seat's as the largest of independent ones.
"""

from __future__ import annotations

import bisect
import itertools
import math
from dataclasses import dataclass, replace

from petanque_game.rules.petanque_table import DIAMOND, DiamondRest, DieRest, Table
from petanque_game.rules.terningepetanque import (
    DIAMOND_PENALTY,
    closest_dice,
    reckoned_distance,
    score_round,
)

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


def diamond_of(table: Table) -> DiamondRest:
    """The diamond of a table a die is thrown at: it is thrown first in every round."""
    if table.diamond is None:
        raise ValueError("a die thrown at a table with no diamond")
    return table.diamond


def gap(die: DieRest) -> float:
    """A die's distance to the diamond: a die on the board has one."""
    if die.distance is None:
        raise ValueError(f"die {die.die} of seat {die.player} is off the board: no distance")
    return die.distance


def worth(table: Table, situation: Situation) -> float:
    """The worth of the table after the throw (the thrown body listed last) to the thrower: its
    `points_worth`, less a small tie-break that prefers lying nearer the diamond (a die) or the
    board's middle (the diamond)."""
    return points_worth(table, situation) - tie_break(table, situation)


def points_worth(table: Table, situation: Situation) -> float:
    """The thrower's expected lead in points after the throw: its expected points of the round
    less the best other seat's (the thrown die's face at its expectation); for the diamond's
    throw, the -5 it may cost.

    The mean over the six faces of `lead` on the table with the thrown die showing each, the same
    numbers in the same order; only the thrown die's owner's expected points change with the
    face, so every other seat's are worked out once (the expert's search values every throw it
    simulates; tests/test_ai_petanque_closest.py holds this to the plain mean bit for bit)."""
    seat = situation.thrower
    penalties = penalties_after(table, situation)
    if situation.obj == DIAMOND:
        return penalties[seat] - situation.penalties[seat]
    n, to_come = situation.num_players, situation.to_come
    *before, thrown = table.dice
    closest = _closest_chances(table, n, to_come)  # any face
    scoring = {d.player for d in closest_dice(table)}  # nor does who is closest
    on: list[list[int]] = [[] for _ in range(n)]
    lost = [0] * n
    for d in before:
        if d.on_board:
            on[d.player].append(d.face)
        elif d.off_during == d.player:
            lost[d.player] += d.face

    def expected(s: int, faces: list[int], off: int) -> float:
        # `_expected_points` of seat s, its `score_round` points written out
        doubles = len(faces) == 2 and faces[0] == faces[1]
        if not to_come or doubles:
            return float(penalties[s] + (sum(faces) if doubles or s in scoring else 0) - off)
        return penalties[s] - off + closest[s] * (sum(faces) + to_come.count(s) * MEAN_FACE
                                                  * ON_BOARD)

    owner = thrown.player
    points = [expected(s, on[s], lost[s]) for s in range(n)]
    # the best other seat's points do not change with the face when the thrower owns the die
    others = max((p for i, p in enumerate(points) if i != seat), default=0.0)
    total = 0.0
    for face in range(1, 7):
        if thrown.on_board:
            points[owner] = expected(owner, [*on[owner], face], lost[owner])
        else:
            points[owner] = expected(owner, on[owner], lost[owner] + face
                                     if thrown.off_during == owner else lost[owner])
        if owner != seat:
            others = max((p for i, p in enumerate(points) if i != seat), default=0.0)
        total += points[seat] - others  # = lead(the table with the face, seat, ...)
    return total / 6.0


def rest_worth(table: Table, situation: Situation) -> float:
    """`points_worth` given only where the bodies came to rest (see the module's docstring): the
    faces chance alone sets, the thrown die's and every knocked die's, at their exact
    distribution. Its expectation over throws is `points_worth`'s; it varies less."""
    if situation.obj == DIAMOND:
        return points_worth(table, situation)
    turned = {(d.player, d.die): 1 for d in table.dice
              if (lay := _lay_of(situation.table, d)) is not None
              and lay.orientation != d.orientation}
    return _lead_of(table, situation, penalties_after(table, situation), situation.to_come,
                    turned)


def end_lead(table: Table, situation: Situation, penalties: tuple[int, ...],
             turned: dict[tuple[int, int], int]) -> float:
    """The thrower's lead as the rules score a round that ends with `table` after the throw of
    `situation` and every throw still to come, with the round's diamond `penalties` by then: its
    points less the best other seat's, the faces chance alone sets at their exact distribution.
    A die not on the situation's table was thrown since: any face alike. A die on it that was
    turned since, `turned[(player, die)]` = k times, shows its old face with the chance k turns
    leave it (`_turned_faces`: 3/23 after one); one never turned shows its face. Where the
    bodies rest does not depend on the faces, nor does anything the throws since were aimed by
    (`petanque_round`), so this is exact."""
    return _lead_of(table, situation, penalties, (), turned)


def _lay_of(table: Table, die: DieRest) -> DieRest | None:
    return table.die_of(die.player, die.die)


def _turned_faces(face: int, turns: int) -> dict[int, float]:
    """The chances of the faces of a die that showed `face` and was turned `turns` times, each
    time into one of the 23 other orientations alike (4 of the 24 show each face)."""
    chances = {f: 1.0 if f == face else 0.0 for f in range(1, 7)}
    for _ in range(turns):
        chances = {f: p * 3 / 23 + (1.0 - p) * 4 / 23 for f, p in chances.items()}
    return chances


def _lead_of(table: Table, situation: Situation, penalties: tuple[int, ...],
             to_come: tuple[int, ...], turned: dict[tuple[int, int], int]) -> float:
    """`rest_worth` and `end_lead`: the lead's expectation over the faces left to chance."""
    seat, n = situation.thrower, situation.num_players
    closest = _closest_chances(table, n, to_come)
    chances: dict[tuple[int, int], dict[int, float]] = {}
    for d in table.dice:
        lay = _lay_of(situation.table, d)
        if lay is None:  # thrown since the situation's table
            chances[d.player, d.die] = {f: 1 / 6 for f in range(1, 7)}
        elif turned.get((d.player, d.die), 0) > 0:
            chances[d.player, d.die] = _turned_faces(lay.face, turned[d.player, d.die])
    points = [_seat_points(table, s, penalties, to_come, closest, chances) for s in range(n)]
    mine = sum(v * p for v, p in points[seat].items())
    others = [points[s] for s in range(n) if s != seat]
    return mine - (_expected_largest(others) if others else 0.0)


def _seat_points(table: Table, seat: int, penalties: tuple[int, ...], to_come: tuple[int, ...],
                 closest: list[float],
                 chances: dict[tuple[int, int], dict[int, float]]) -> dict[float, float]:
    """`seat`'s expected points of the round (`_expected_points`) as a distribution over the
    faces of its dice that are left to chance (`chances`: (player, die) -> {face: chance})."""
    mine = [(i, d) for i, d in enumerate(table.dice) if d.player == seat]
    open_ = [(i, d) for i, d in mine if (d.player, d.die) in chances]
    found: dict[float, float] = {}
    combos: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    for _, d in open_:
        combos = [((*faces, f), p * q) for faces, p in combos
                  for f, q in chances[d.player, d.die].items()]
    for faces, p in combos:
        dice = list(table.dice)
        for (i, d), f in zip(open_, faces):
            dice[i] = replace(d, face=f)
        value = _expected_points(Table(table.diamond, tuple(dice)), penalties, to_come,
                                 closest)[seat]
        found[value] = found.get(value, 0.0) + p
    return found


def _expected_largest(seats: list[dict[float, float]]) -> float:
    """The expectation of the largest of independent values, each given as {value: chance}."""
    values = sorted({v for dist in seats for v in dist})
    total, below = 0.0, 0.0  # below: the chance that the largest is under the value
    for v in values:
        upto = 1.0
        for dist in seats:
            upto *= sum(p for w, p in dist.items() if w <= v)
        total += v * (upto - below)
        below = upto
    return total


def lead(table: Table, seat: int, penalties: tuple[int, ...], to_come: tuple[int, ...],
         closest: list[float] | None = None) -> float:
    """`seat`'s expected points of the round less the best other seat's, for a table whose faces
    are known, with the round's diamond penalties so far and the throws still `to_come`
    (`closest`: the table's `_closest_chances`, when they are known already)."""
    expected = _expected_points(table, penalties, to_come, closest)
    others = max((p for i, p in enumerate(expected) if i != seat), default=0.0)
    return expected[seat] - others


def penalties_after(table: Table, situation: Situation) -> tuple[int, ...]:
    if not diamond_of(table).reset:
        return situation.penalties
    return tuple(p - DIAMOND_PENALTY if i == situation.thrower else p
                 for i, p in enumerate(situation.penalties))


def tie_break(table: Table, situation: Situation) -> float:
    """The small preference `worth` adds to `points_worth`, as a penalty in points."""
    if situation.obj == DIAMOND:
        # only the diamond on the board: lie near the middle, where every seat has room
        diamond = diamond_of(table)
        return 0.01 * math.hypot(diamond.x, diamond.y)
    mine = [gap(d) for d in table.dice if d.on_board and d.player == situation.thrower]
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
    of scale REACH); a tie shares. On a grid of GRID mm out to FAR mm. The faces play no part,
    and the dice only by each seat's grid step (`_survival`), so the chances of the same steps
    and throws to come are kept (a search's throws land on the same steps again and again)."""
    best = [math.inf] * n
    for d in table.dice:
        if d.on_board:
            best[d.player] = min(best[d.player], reckoned_distance(d))
    # a die touching the diamond is reckoned at 0: it ends within the first step, as one that
    # lies 1 mm off does (step 0 would leave it no chance at all, and every other seat none)
    key = tuple((to_come.count(seat), max(1, bisect.bisect_left(_GRID_AT, best[seat])))
                for seat in range(n))
    found = _CHANCES.get(key)
    if found is None:
        if len(_CHANCES) >= CHANCES_KEPT:
            _CHANCES.clear()
        found = _CHANCES[key] = _chances(key)
    return list(found)


def _chances(key: tuple[tuple[int, int], ...]) -> tuple[float, ...]:
    """`_closest_chances` for each seat's (throws to come, grid step of its best die)."""
    n = len(key)
    # survival[s][i]: the chance that seat s ends farther than i * GRID mm (or with no die);
    # mids[s][i]: its mean over the step from i * GRID (`_survival`)
    rows = [_survival(throws, cut) for throws, cut in key]
    survival = [row for row, _, _ in rows]
    mids = [mid for _, mid, _ in rows]
    # the same sums as over every grid step and seat, in the same order, with what every seat
    # shares worked out once: a seat's mid-step survival, and nothing past where a row is 0
    chances = []
    for seat in range(n):
        row = survival[seat]
        others_mids = [mids[other] for other in range(n) if other != seat]
        total = 0.0
        for i in range(rows[seat][2]):
            mass = row[i] - row[i + 1]  # ends between x and x + GRID
            if mass <= 0.0:
                continue
            others = 1.0
            for mid in others_mids:
                others *= mid[i]
            total += mass * others
        chances.append(total)
    return tuple(chances)


def _survival(throws: int, cut: int) -> tuple[tuple[float, ...], tuple[float, ...], int]:
    """A seat's survival row in `_closest_chances` for `throws` to come and its best die at
    grid step `cut` (the grid distances below it; the last step + 1: none on the board), its
    mid-step means, and the first step where it is 0 (the last step when none is); the same
    rows come back again and again, so they are kept."""
    found = _SURVIVAL.get((throws, cut))
    if found is None:
        misses = _misses_all(throws)
        row = misses[:cut] + (0.0,) * (len(misses) - cut)
        mids = tuple((a + b) / 2.0 for a, b in itertools.pairwise(row))
        found = _SURVIVAL[throws, cut] = (row, mids,
                                          row.index(0.0) if 0.0 in row else int(FAR / GRID))
    return found


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
_GRID_AT = tuple(i * GRID for i in range(len(_MISSES)))
_SURVIVAL: dict[tuple[int, int], tuple[tuple[float, ...], tuple[float, ...], int]] = {}
_CHANCES: dict[tuple[tuple[int, int], ...], tuple[float, ...]] = {}  # `_closest_chances` kept
CHANCES_KEPT = 10_000  # at most (a few MB); then they are made again
