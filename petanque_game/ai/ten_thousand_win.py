"""Ten Thousand played to win: the shipped two-player tables and the turn values built on them.

`tools/solve_ten_thousand.py` solves the two-player game exactly (both seats play to win) and
writes one table per target and `hot_dice_banks` setting to `assets/ai/`. A table holds, in
50-point steps, with `a` the mover's score and `b` the opponent's:
- the chance S(a, b) that the seat about to start a turn wins;
- for every turn total t and dice in hand n, whether the winning play rolls on or banks.
The keeps are not stored: with S and the bank-or-roll decisions the value of every position of a
turn is a short calculation (`PairTurn`), done once per pair of scores and kept while it is used.
That makes the AI's choices exactly the solver's (up to the 2^-32 rounding of S) for a table of
2 KB (target 1,000) to 125 KB (target 10,000), read in about 20 ms when first needed (most of
it to decompress; a row of S is summed up the first time it is asked for).

File format (`ten-thousand-TARGET-banks.xz` or `-carries.xz`): an xz stream of
    b"TTW1", target (u32), hot_dice_banks (u8), goal = target / 50 (u16), die counts stored (u8),
    S: goal * goal u32, S(a, b) * (2^32 - 1) rounded, a-major, as second differences mod 2^32
       (first along b, then along a),
    block lengths: goal * goal u8, one per pair (a, b),
    blocks: per pair, per stored die count n = 1, 2, ...: a count c and c turn totals (u8 each)
       at which the decision changes; the play rolls at t = 1 and rolls at t exactly when an
       even number of these are <= t.
With `hot_dice_banks` six dice are only rolled at a turn total of 0, so five die counts are stored.
"""

from __future__ import annotations

import lzma
import struct
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import accumulate
from operator import add

from petanque_game.ai.ten_thousand_dice import STEP, keep_options, roll_groups
from petanque_game.data import assets_dir
from petanque_game.rules.ten_thousand import TenThousandState

DICE = 6
SHIPPED_TARGETS = (1000, 5000, 10000)
MAGIC = b"TTW1"
HEADER = struct.Struct("<4sIBHB")
SCALE = 2**32 - 1
TIE = 1e-12  # keeps within this of the best count as equal; the one scoring more is taken


def table_name(target: int, banks: bool) -> str:
    return f"ten-thousand-{target}-{'banks' if banks else 'carries'}.xz"


class WinTable:
    """One solved table (see the module docstring); `load` finds the shipped ones."""

    def __init__(self, blob: bytes) -> None:
        raw = lzma.decompress(blob)
        if len(raw) < HEADER.size:
            raise ValueError("not a Ten Thousand win table")
        magic, self.target, banks, goal, self.stored = HEADER.unpack_from(raw)
        at = HEADER.size + 5 * goal * goal
        if magic != MAGIC or goal * STEP != self.target or len(raw) < at:
            raise ValueError("not a Ten Thousand win table")
        self.banks, self.goal = bool(banks), goal
        at = HEADER.size
        diffs = struct.unpack_from(f"<{goal * goal}I", raw, at)
        at += 4 * goal * goal
        rows: list[list[int]] = []  # along a summed, not yet along b, nor taken mod 2^32
        prev = [0] * goal
        for a in range(goal):
            prev = list(map(add, prev, diffs[a * goal:(a + 1) * goal]))
            rows.append(prev)
        self._rows = rows
        self._start: dict[int, list[int]] = {}  # a -> S(a, .) * SCALE, once asked for
        lengths = raw[at:at + goal * goal]
        at += goal * goal
        self._offsets = list(accumulate(lengths, initial=at))
        if self._offsets[-1] != len(raw):
            raise ValueError("a Ten Thousand win table of the wrong length")
        self._raw = raw
        self._last: tuple[tuple[int, int], tuple[tuple[int, ...], ...]] = ((-1, -1), ())

    def start(self, a: int, b: int) -> float:
        """The chance that the seat starting its turn at a (steps) wins against b."""
        if a >= self.goal:
            return 1.0
        if b >= self.goal:
            return 0.0
        row = self._start.get(a)
        if row is None:  # the sums mod 2^32 (summed unbounded first: the same)
            row = self._start[a] = [v & 0xFFFFFFFF for v in accumulate(self._rows[a])]
        return row[b] / SCALE

    def switches(self, a: int, b: int) -> tuple[tuple[int, ...], ...]:
        """Per die count (index n - 1): the turn totals at which bank-or-roll changes."""
        last = self._last  # read once: the window may ask for a hint while the AI thinks
        if last[0] == (a, b):
            return last[1]  # a turn asks about one pair many times
        i = a * self.goal + b
        raw, at, end = self._raw, self._offsets[i], self._offsets[i + 1]
        out = []
        while at < end:
            count = raw[at]
            out.append(tuple(raw[at + 1:at + 1 + count]))
            at += 1 + count
        found = tuple(out)
        self._last = ((a, b), found)
        return found

    def rolls_on(self, a: int, b: int, t: int, n: int) -> bool:
        """Whether the winning play rolls n dice with turn total t (all in steps)."""
        if a + t >= self.goal:
            return False  # banking wins
        if t == 0:
            return True
        points = self.switches(a, b)
        if n > len(points):
            return True  # six dice with a turn total: never reached with hot dice banking
        return bisect_right(points[n - 1], t) % 2 == 0


@cache
def load(target: int, banks: bool) -> WinTable | None:
    """The shipped table for these options, or None (the AI then plays for points)."""
    if target not in SHIPPED_TARGETS:
        return None
    path = assets_dir() / "ai" / table_name(target, banks)
    try:
        return WinTable(path.read_bytes())
    except (OSError, ValueError, lzma.LZMAError):
        return None


class PairTurn:
    """Every position of a turn for the mover at a against b (steps): its chance to win.

    Positions are (t, n): turn total t, n dice in hand, before deciding to bank or roll. Banking
    is worth 1 - S(b, a + t); rolling is worth the average over the roll of the best keep, and a
    bust hands the turn over with the scores unchanged. Only the positions where the play rolls
    need working out. With hot dice banking that is done when a position is first asked about:
    the dice in hand only go down until hot dice start a fresh turn (a value of the table), so the
    positions a turn can reach are few (41 of them) and the chain of questions is short. When hot
    dice carry the total on, a turn can reach any total: those positions are worked out at once,
    from the highest total down.
    """

    def __init__(self, table: WinTable, a: int, b: int) -> None:
        self.table, self.a, self.b = table, a, b
        self.top = top = table.goal - a  # from this turn total on, banking wins
        self.bust_value = 1.0 - table.start(b, a)
        switches = table.switches(a, b)
        self._plays = [_rolls_by_total(switches, n, top) for n in range(DICE + 1)]
        self._rolled: dict[int, float] = {}  # t * 8 + n -> rolling's worth, where the play rolls
        self._carried: list[list[float]] = []
        if not table.banks:
            self._carry_all()

    def _roll(self, t: int, n: int) -> float:
        bust, singles, several = _groups(n)
        after = self.after_keep
        total = bust * self.bust_value
        for p, s, left in singles:
            total += p * after(t + s, left)
        for p, choices in several:
            total += p * max([after(t + s, left) for s, left in choices])
        return total

    def _carry_all(self) -> None:
        """Hot dice carry the total on: every position, from the top down, in plain lists."""
        top, plays, start, a, b = self.top, self._plays, self.table.start, self.a, self.b
        value = [[1.0] * (top + 41) for _ in range(DICE + 1)]  # six 1s, the best keep, are 40
        for t in range(top - 1, 0, -1):
            bank = 1.0 - start(b, a + t)
            for n in range(1, DICE + 1):
                if not plays[n][t]:
                    value[n][t] = bank
                    continue
                bust, singles, several = _groups(n)
                total = bust * self.bust_value
                for p, s, left in singles:
                    total += p * value[left][t + s]
                for p, choices in several:  # the best keep (max, unrolled: it is hot here)
                    best = -1.0
                    for s, left in choices:
                        v = value[left][t + s]
                        if v > best:  # noqa: PLR1730 - max() is slower in this hot loop
                            best = v
                    total += p * best
                value[n][t] = self._rolled[t * 8 + n] = total
            value[0][t] = value[DICE][t]
        self._carried = value

    def bank_value(self, t: int) -> float:
        return 1.0 - self.table.start(self.b, self.a + t) if t < self.top else 1.0

    def roll_value(self, t: int, n: int) -> float:
        """The chance to win rolling n dice at turn total t and playing on to win. From a total
        that already wins when banked, rolling on still risks a bust (then the turn is lost)."""
        if t >= self.top:
            return self._roll(t, n)
        known = self._rolled.get(t * 8 + n)
        return known if known is not None else self._roll(t, n)

    def after_keep(self, t: int, left: int) -> float:
        """The chance to win after a keep that leaves turn total t and `left` dice in hand."""
        if t >= self.top:
            return 1.0
        if self._carried:
            return self._carried[left][t]
        if left == 0:
            return self.table.start(self.a + t, self.b)  # banked, and six dice to roll for free
        if not self._plays[left][t]:
            return 1.0 - self.table.start(self.b, self.a + t)
        key = t * 8 + left
        known = self._rolled.get(key)
        if known is None:
            known = self._rolled[key] = self._roll(t, left)
        return known


@cache
def _groups(n: int) -> tuple[float, list[tuple[float, int, int]], list[tuple[float, tuple]]]:
    """`roll_groups(n)` with dice left instead of dice used, rolls with a single choice apart."""
    bust, groups = roll_groups(n)
    singles = [(p, c[0][0], n - c[0][1]) for p, c in groups if len(c) == 1]
    several = [(p, tuple((s, n - u) for s, u in c)) for p, c in groups if len(c) > 1]
    return bust, singles, several


def _rolls_by_total(switches: tuple[tuple[int, ...], ...], n: int, top: int) -> list[bool]:
    """Whether the table rolls n dice, for each turn total below `top`."""
    if n == 0 or n > len(switches):
        return [True] * top
    plays, roll, points = [], True, switches[n - 1]
    at = 0
    for t in range(top):
        while at < len(points) and points[at] <= t:
            roll, at = not roll, at + 1
        plays.append(roll)
    return plays


@lru_cache(maxsize=64)
def pair_turn(table: WinTable, a: int, b: int) -> PairTurn:
    """The turn values of a pair of scores, kept while a few turns use them."""
    return PairTurn(table, a, b)


# --- a game's state seen through a table ----------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """The seat to move at a (steps) against the best other score b, turn total t, n dice."""

    table: WinTable
    a: int
    b: int
    t: int
    n: int


def position(state: TenThousandState) -> Position | None:
    """The state as a table position, or None when no table applies (solo, or no such table)."""
    if state.num_players < 2 or state.is_terminal:
        return None
    table = load(state.target, state.hot_dice_banks)
    if table is None:
        return None
    me = state.turn_player
    best_other = max(s for seat, s in enumerate(state.banked) if seat != me)
    return Position(table, state.banked[me] // STEP, best_other // STEP,
                    state.turn_total // STEP, state.dice_in_hand)


def rolls_on(pos: Position) -> bool:
    """The winning play's choice between rolling the dice in hand (True) and banking."""
    return pos.table.rolls_on(pos.a, pos.b, pos.t, pos.n)


def bank_value(pos: Position) -> float:
    """The chance to win after banking now."""
    if pos.a + pos.t >= pos.table.goal:
        return 1.0
    return 1.0 - pos.table.start(pos.b, pos.a + pos.t)


def roll_value(pos: Position) -> float:
    """The chance to win rolling the dice in hand now, and playing on to win."""
    if pos.t == 0 and pos.n == DICE:
        return pos.table.start(pos.a, pos.b)
    return pair_turn(pos.table, pos.a, pos.b).roll_value(pos.t, pos.n)


def keep_value(pos: Position, steps: int, used: int) -> float:
    """The chance to win after setting aside `used` dice worth `steps` * 50 (then playing on)."""
    table, a, b = pos.table, pos.a, pos.b
    t, left = pos.t + steps, pos.n - used
    if a + t >= table.goal:
        return 1.0
    if left == 0:
        if table.banks:
            return table.start(a + t, b)  # banked at once, and six dice to roll for free
        left = DICE
    if not table.rolls_on(a, b, t, left):
        return 1.0 - table.start(b, a + t)  # the play banks next: no need for the turn's values
    return pair_turn(table, a, b).after_keep(t, left)


def best_keep(pos: Position, roll: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """The keep from `roll` with the best chance to win; of near-equal ones, the higher score."""
    options = [(keep_value(pos, s, u), s, k) for k, s, u in keep_options(roll)]
    top = max(v for v, _, _ in options)
    return max((s, k) for v, s, k in options if v >= top - TIE)[1]
