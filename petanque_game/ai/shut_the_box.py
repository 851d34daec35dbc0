"""AI players for Shut the Box (rules/shut_the_box.py).

The levels play the way people do:
- easy, a beginner, reads the dice literally: it closes the two boxes the dice show when it can
  (4 and 5 for a roll of 4+5), else the box of their sum, else (under `closing: classic`) the set
  holding the highest box; it rolls one die as soon as the rules allow it; and now and then (one
  close in ten, drawn from its own stream) it closes some other legal set on a whim. Closing the
  small boxes first leaves the big ones, which only a high sum can close: the classic beginner's
  mistake.
- medium, a club player, follows the usual advice: it closes as few boxes as it may, the highest
  first (the sum box before the two die boxes), keeping the small boxes for later rolls, and rolls
  the number of dice more likely to allow a close.
- expert: exact dynamic programme over the 512 sets of open boxes (one table per option set): it
  minimises the turn's expected penalty. On the game's last turn it knows what it needs and
  maximises the chance to end with a penalty low enough to win (or share); with `shut_wins` it
  maximises the chance to shut the box (the last turn: to win either way). Ties go to the lower
  expected penalty.

The tables are built bottom-up over bit masks of the open boxes (bit b-1 for box b), with a mask
version of the rules' `closable_sets` (`_moves`, worked out for every roll and mask at once, and
checked against the rules in every position by the tests): about 10-25 ms for an option set's
expected penalties (the first decision or hint of a game), a few ms for each target of a last
turn. After that a decision takes well under a millisecond.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from petanque_game.rules.base import Close, Roll
from petanque_game.rules.shut_the_box import ROLL, ShutTheBoxState

Rules = tuple[str, bool, bool]  # closing, partial_close, close_all_three
_FULL = 0b111111111
_HIGH = 0b111000000  # boxes 7, 8, 9
_BIT = (0, *(1 << (b - 1) for b in range(1, 10)))  # _BIT[b]: box b's bit
_BOX_SUM = tuple(sum(b for b in range(1, 10) if m & _BIT[b]) for m in range(512))
_BY_SUM: dict[int, tuple[int, ...]] = {}  # every set of boxes (a mask) by the sum of its boxes
for _m in range(1, 512):
    _BY_SUM[_BOX_SUM[_m]] = (*_BY_SUM.get(_BOX_SUM[_m], ()), _m)
EASY_WHIM = 0.1  # the share of closes where the beginner picks another legal set


def choose(state: ShutTheBoxState, level: str, rng: random.Random) -> Roll | Close:
    """One of state.legal_actions() for the seat to move, played at `level`."""
    if level not in ("easy", "medium", "expert"):
        raise ValueError(f"unknown level {level!r}; expected easy, medium or expert")
    actions = state.legal_actions()
    if not actions:
        raise ValueError("no seat is to move in this state")
    if len(actions) == 1:
        return actions[0]
    if level == "easy":
        return _easy(state, actions, rng)
    if level == "medium":
        return _medium(state, actions, _rules(state), _mask(state.open_boxes))
    return best(appraise(state)).action


# --- easy and medium --------------------------------------------------------------------------


def _easy(state: ShutTheBoxState, actions: list[Roll | Close],
          rng: random.Random) -> Roll | Close:
    if state.phase == ROLL:
        return Roll(1)  # only offered once 7, 8 and 9 are closed
    closes = [a for a in actions if isinstance(a, Close)]  # all of them, after a roll
    if rng.random() < EASY_WHIM:
        return rng.choice(closes)
    dice = tuple(sorted(state.dice))
    as_shown = Close(dice)
    if len(dice) == 2 and dice[0] != dice[1] and as_shown in closes:
        return as_shown
    total = Close((sum(dice),))
    if total in closes:
        return total
    return max(closes, key=lambda a: sorted(a.boxes, reverse=True))


def _medium(state: ShutTheBoxState, actions: list[Roll | Close], rules: Rules,
            mask: int) -> Roll | Close:
    if state.phase == ROLL:
        rolls = [a for a in actions if isinstance(a, Roll)]
        return max(rolls, key=lambda a: _p_close(rules, mask, a.count))
    closes = [a for a in actions if isinstance(a, Close)]
    return max(closes, key=lambda a: (-len(a.boxes), sorted(a.boxes, reverse=True)))


@cache
def _p_close(rules: Rules, mask: int, count: int) -> float:
    return sum(w for dice, w in _ROLLS[count] if _moves(rules, mask, dice))


# --- expert ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Appraisal:
    """What a legal action is worth to the seat to move, played on by the expert: the turn's
    expected final `penalty`, and with a `target` (the last turn, or `shut_wins`) the `chance`
    to end the turn with a penalty of at most the target."""

    action: Roll | Close
    penalty: float
    chance: float | None


def appraise(state: ShutTheBoxState) -> list[Appraisal]:
    """Every legal action of the seat to move (in legal_actions order), appraised."""
    rules, mask, target = _rules(state), _mask(state.open_boxes), target_of(state)
    found = []
    for action in state.legal_actions():
        if isinstance(action, Roll):  # the roll phase's actions
            penalty = _roll_penalty(rules, mask, action.count)
            chance = None if target is None else _roll_win(rules, target, mask, action.count)
        elif isinstance(action, Close):  # ... and the close phase's
            after = mask & ~_mask(action.boxes)
            penalty = _penalty(rules, after)
            chance = None if target is None else _win(rules, target, after)
        else:  # pragma: no cover - legal_actions is empty elsewhere
            raise ValueError("no decision here")
        found.append(Appraisal(action, penalty, chance))
    return found


def best(appraisals: list[Appraisal]) -> Appraisal:
    """The expert's pick: the best chance at its target, then the lowest expected penalty (the
    first in legal order among equals)."""
    return max(appraisals, key=lambda a: (round(a.chance or 0.0, 9), -round(a.penalty, 9)))


def target_of(state: ShutTheBoxState) -> int | None:
    """The highest turn penalty the expert aims at, or None to minimise the expected penalty."""
    seat = state.turn_player
    shut_wins = state.options["shut_wins"]
    if is_last_turn(state):
        own = state.penalties[seat]
        best_other = min(p for s, p in enumerate(state.penalties) if s != seat)
        target = best_other - own  # a total equal to the best other total shares the win
        if shut_wins:
            target = max(target, 0)
        return target if 0 <= target < 45 else None
    return 0 if shut_wins else None


def is_last_turn(state: ShutTheBoxState) -> bool:
    """The game's last turn, with other players' totals to beat."""
    return (state.num_players > 1
            and state.turns_done == state.num_players * state.options["rounds"] - 1)


def _penalty(rules: Rules, mask: int) -> float:
    """Expected final penalty of a turn with `mask` open, before the roll, played best."""
    return _penalties(rules)[mask]


def _roll_penalty(rules: Rules, mask: int, count: int) -> float:
    return _after_roll(rules, _penalties(rules), mask, count, min, True)


def _win(rules: Rules, target: int, mask: int) -> float:
    """Best chance to end the turn with a penalty of at most `target`, `mask` open."""
    return _wins(rules, target)[mask]


def _roll_win(rules: Rules, target: int, mask: int, count: int) -> float:
    if _BOX_SUM[mask] <= target:
        return 1.0  # the open boxes already meet the target, and closing only lowers them
    return _after_roll(rules, _wins(rules, target), mask, count, max, False)


@cache
def _penalties(rules: Rules) -> tuple[float, ...]:
    """The expected final penalty of every mask, built up from the masks it can lead to (which
    are smaller numbers: closing boxes clears bits)."""
    table = [0.0] * 512
    for mask in range(1, 512):
        table[mask] = min(_after_roll(rules, table, mask, n, min, True) for n in _counts(mask))
    return tuple(table)


@lru_cache(maxsize=64)
def _wins(rules: Rules, target: int) -> tuple[float, ...]:
    """The best chance, from every mask, to end with a penalty of at most `target`."""
    table = [0.0] * 512
    for mask in range(512):
        if _BOX_SUM[mask] <= target:
            table[mask] = 1.0
        else:
            table[mask] = max(_after_roll(rules, table, mask, n, max, False)
                              for n in _counts(mask))
    return tuple(table)


def _after_roll(rules: Rules, table: Sequence[float], mask: int, count: int,
                pick: Callable[[list[float]], float], penalty: bool) -> float:
    """The value of rolling `count` dice with `mask` open: each roll weighed, the best close
    (`pick` of the table over the closes) taken; a roll with no close ends the turn (its penalty
    is the open boxes' sum; for a chance it is a failure, as the target is not met yet)."""
    moves = _move_table(rules)
    total = 0.0
    for i, w in _ROLL_WEIGHTS[count]:
        closes = moves[i][mask]
        if closes:
            total += w * pick([table[mask ^ m] for m in closes])
        elif penalty:
            total += w * _BOX_SUM[mask]
    return total


# --- shared helpers --------------------------------------------------------------------------


def _rules(state: ShutTheBoxState) -> Rules:
    opts = state.options
    return (opts["closing"], opts["partial_close"], opts["close_all_three"])


def _mask(boxes: tuple[int, ...]) -> int:
    m = 0
    for b in boxes:
        m |= _BIT[b]
    return m


def _box_sum(mask: int) -> int:
    return _BOX_SUM[mask]


def _counts(mask: int) -> tuple[int, ...]:
    return (1, 2) if not mask & _HIGH else (2,)


def _moves(rules: Rules, mask: int, dice: tuple[int, ...]) -> tuple[int, ...]:
    """The masks of the box sets the roll `dice` (sorted) allows to close with `mask` open: the
    rules' `closable_sets` in bits (the tests check they agree in every position)."""
    return _move_table(rules)[_ROLL_INDEX[dice]][mask]


@cache
def _move_table(rules: Rules) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """`_moves` of every roll (by its index in _ROLL_INDEX) and every mask, worked out at once."""
    rows: list[tuple[tuple[int, ...], ...]] = []
    by_total: dict[int, tuple[tuple[int, ...], ...]] = {}
    for dice in _ROLL_INDEX:
        if rules == ("classic", False, False):  # only the sum counts: rolls share their row
            total = sum(dice)
            if total not in by_total:
                by_total[total] = _row(rules, dice)
            rows.append(by_total[total])
        else:
            rows.append(_row(rules, dice))
    return tuple(rows)


def _row(rules: Rules, dice: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The sets the roll `dice` may close, for every mask: the roll's candidate sets worked out
    once (a first call of the expert builds all 27 rows), each mask keeping those it holds open."""
    closing, partial_close, close_all_three = rules
    total = sum(dice)
    if closing == "classic":
        whole = tuple(_BY_SUM.get(total, ()))
    else:  # the box of the sum, then the two boxes the dice show
        whole = (_BIT[total],) if total <= 9 else ()
        if len(dice) == 2 and dice[0] != dice[1]:
            whole += (_BIT[dice[0]] | _BIT[dice[1]],)
    partial: tuple[int, ...] = ()
    three = 0
    if len(dice) == 2:
        a, b = dice
        if partial_close:  # when nothing else closes: a box of one die
            partial = tuple(_BIT[d] for d in sorted({a, b}))
        if close_all_three and a != b and total <= 9:
            three = _BIT[a] | _BIT[b] | _BIT[total]
    row = []
    for mask in range(512):
        found = [m for m in whole if m & mask == m]
        if not found and partial:
            found = [m for m in partial if mask & m]
        if three and three & mask == three:
            found.append(three)
        row.append(tuple(found))
    return tuple(row)


def _unordered_rolls(count: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    if count == 1:
        return tuple(((d,), 1 / 6) for d in range(1, 7))
    return tuple(((a, b), (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7))


_ROLLS = {1: _unordered_rolls(1), 2: _unordered_rolls(2)}
_ROLL_INDEX = {dice: i for i, (dice, _) in enumerate(_ROLLS[1] + _ROLLS[2])}
_ROLL_WEIGHTS = {n: tuple((_ROLL_INDEX[dice], w) for dice, w in _ROLLS[n]) for n in (1, 2)}
