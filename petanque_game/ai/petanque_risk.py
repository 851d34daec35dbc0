"""What may go wrong with an aim, thrown by the player's hand onto the table as it lies: the
chances the aim's preview shows beside its path, and where the hand's throws stop.

`aim_risk` throws the aim THROWS times with the hand's wobble, each time simulated to rest by the
physics itself (`simulate_throw`) on the table as it lies, and counts what happened: the body
left the board (wherever it came down or rolled off, its own wall included), it hit the
thrower's own wall, it moved the diamond, one of the thrower's own dice or another player's die.
The spread drawn (`petanque_spread`) is fitted to where those throws stopped (or left the board).

The hands are a fixed set drawn once from a stream of their own (RISK_SEED), never the match's or
an AI's: the same aim on the same table always shows the same figures, and asking changes nothing
in a game. The wobble's five errors are spread evenly (`petanque_hand_errors`: scrambled Sobol
points), the die's 24 starting orientations taken in turn, the tumbles drawn from the same
stream. One throw costs about 1 ms of CPU on an empty board, so the whole costs some 90-150 ms
(benchmarks/bench_aim_risk.py, a loaded machine): meant for a thread of its own, or a few throws a
frame (`aim_risk_steps`), not one frame as a whole. With 64 throws the off-board figure was more
than 5 points from the rate of 1,000 real throws at 9 of 864 aims near the boards' edges.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass

from petanque_game.ai.petanque_hand_errors import spread_errors
from petanque_game.ai.petanque_spread import Spread, fit_spread
from petanque_game.physics import simulate_throw
from petanque_game.physics.hand import ORIENTATIONS, Hand, wobble
from petanque_game.physics.level import Level
from petanque_game.rules.petanque_table import DIAMOND, Aim, DiamondRest, DieRest, Launch, Table
from petanque_game.words import Tr, percent

THROWS = 128  # sample throws of the hand per aim
RISK_SEED = 3  # the sample's own stream (benchmarks/bench_aim_risk.py: how it was chosen)
MOVED = 1.0  # mm: a body shifted further than this by the throw was moved by it
# a chance is said from this on: below it, one throw in twenty or fewer, and no further from
# none than the figure's own error near it (about 2 points, benchmarks/bench_aim_risk.py)
SHOWN_FROM = 0.05
# what the preview says, in this order: (the Risk's field, its text key)
SAID = (("off_board", "table.risk.off_board"), ("own_wall", "table.risk.own_wall"),
        ("diamond", "table.risk.diamond"), ("own_die", "table.risk.own_die"),
        ("other_die", "table.risk.other_die"))


@dataclass(frozen=True)
class Risk:
    """The share of THROWS sample throws of an aim by a hand in which each thing happened."""

    off_board: float  # the thrown body ends off the board (its own wall included)
    own_wall: float  # it hits the thrower's own wall (and so ends off the board)
    diamond: float  # it moves the diamond (a die's throw; 0 for the diamond's own)
    own_die: float  # it moves (or turns) one of the thrower's dice already on the board
    other_die: float  # it moves (or turns) another player's die on the board
    spread: Spread | None  # where SHARE of the hand's throws stop; None for an exact hand
    throws: int = THROWS


def aim_risk(level: Level, table: Table, num_players: int, seat: int, obj: str, aim: Aim,
             hand: Hand) -> Risk:
    """The risk of `aim` thrown by `seat` with `hand` onto `table` (a table at rest; for the
    diamond's throw, the empty one). Pure: the same arguments give the same Risk, so a caller
    may keep it by them (the window's previews keep theirs: ui/table/foresee.py)."""
    found = None
    for step in aim_risk_steps(level, table, num_players, seat, obj, aim, hand):
        found = step
    assert found is not None  # the steps end with the Risk
    return found


def aim_risk_steps(level: Level, table: Table, num_players: int, seat: int, obj: str, aim: Aim,
                   hand: Hand) -> Iterator[Risk | None]:
    """`aim_risk` a throw at a time: None after each sample throw, the Risk last (for a caller
    that spreads the work over frames)."""
    die = None if obj == DIAMOND else (0 if table.die_of(seat, 0) is None else 1)
    wall = level.seat_wall(num_players, seat)
    nx, ny = math.cos(wall.angle), math.sin(wall.angle)
    counts = [0, 0, 0, 0, 0]  # off the board, own wall, the diamond, own die, other die
    stops: list[tuple[float, float]] = []
    for errors, orientation, tumble in _sample():
        a = wobble(level, num_players, seat, aim, hand, _Set(errors))
        launch = Launch(a.x, a.y, a.direction, a.speed, a.elevation, a.spin,
                        0 if die is None else orientation, 0 if die is None else tumble)
        result = simulate_throw(level, table, num_players, seat, obj, die, launch,
                                record_path=die is None)
        after = result.table
        if die is None:  # a diamond that went off is laid back: where it left is in the path
            thrown = after.diamond
            assert thrown is not None
            off = thrown.reset
            x, y = thrown.x, thrown.y
            path = result.path
            if off and path is not None and path.off_from[0] is not None:
                x, y = path.frames[path.off_from[0]][0][:2]
        else:
            thrown_die = after.dice[-1]
            off, x, y = not thrown_die.on_board, thrown_die.x, thrown_die.y
        stops.append((x, y))
        counts[0] += off
        counts[1] += off and x * nx + y * ny > wall.distance  # dropped back behind the wall
        if die is not None:
            counts[2] += _moved(table.diamond, after.diamond)
            counts[3] += any(_moved(d, after.die_of(d.player, d.die))
                             for d in table.dice if d.player == seat and d.on_board)
            counts[4] += any(_moved(d, after.die_of(d.player, d.die))
                             for d in table.dice if d.player != seat and d.on_board)
        yield None
    n = len(stops)
    shares = [c / n for c in counts]
    yield Risk(shares[0], shares[1], shares[2], shares[3], shares[4],
               None if hand.steady else fit_spread(stops), n)


def risk_lines(risk: Risk, tr: Tr) -> list[tuple[str, str]]:
    """What the preview says of `risk`: (the Risk's field, its line in the words `tr` gives,
    "Off the board: 23%"), for each chance of SHOWN_FROM or more, in SAID's order. A figure is
    whole percent; all the sample's throws is "over 99%", never "sure" (it is a sample)."""
    return [(field, tr(key, percent=percent(min(getattr(risk, field), 0.995), tr)))
            for field, key in SAID if getattr(risk, field) >= SHOWN_FROM]


def _moved(before: DiamondRest | DieRest | None, after: DiamondRest | DieRest | None) -> bool:
    """Did the throw move the body (further than MOVED, off the board, or onto another face)?"""
    if before is None or after is None:
        return False
    if after.on_board != before.on_board or getattr(after, "reset", False):
        return True
    if isinstance(before, DieRest) and isinstance(after, DieRest) and after.face != before.face:
        return True
    return math.hypot(after.x - before.x, after.y - before.y) > MOVED


class _Set(random.Random):
    """A hand's stream for `wobble` whose normal draws are set beforehand (it draws nothing
    else)."""

    def __init__(self, errors: list[float]):
        super().__init__(0)
        self.errors = iter(errors)

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        return mu + sigma * next(self.errors)


@functools.cache
def _sample() -> tuple[tuple[list[float], int, int], ...]:
    """The fixed sample throws: (the wobble's five errors, the die's orientation, the tumble)."""
    rng = random.Random(RISK_SEED)
    errors = spread_errors(rng, THROWS)
    turns = list(range(ORIENTATIONS))
    rng.shuffle(turns)
    return tuple((e, turns[i % ORIENTATIONS], rng.getrandbits(32)) for i, e in enumerate(errors))
