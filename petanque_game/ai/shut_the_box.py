"""AI players for Shut the Box (rules/shut_the_box.py).

A turn is a one-player game over the 512 sets of open boxes, so the expert solves it exactly:
- easy: "close the big numbers": closes the set holding the highest box (the sum box before the
  two die boxes); rolls one die whenever allowed; now and then (rng) it picks another legal set.
- medium: closes as few boxes as it may, the highest first (keeps many small boxes for later
  rolls), and rolls the dice count more likely to allow a close.
- expert: exact dynamic programme (memoised, per option set): it minimises the turn's expected
  penalty. On the game's last turn it knows what it needs and maximises the chance to end with a
  penalty low enough to win (or share); with `shut_wins` it maximises the chance to shut the box
  (the last turn: to win either way). Ties go to the lower expected penalty.
Tables build lazily on the first decision of an option set (seed ~30 ms, classic ~150 ms); after
that a decision takes well under a millisecond.
"""

from __future__ import annotations

import random
from functools import cache

from petanque_game.rules.base import Close, Roll
from petanque_game.rules.shut_the_box import CLOSE, ROLL, ShutTheBoxState, closable_sets

Rules = tuple[str, bool, bool]  # closing, partial_close, close_all_three
_FULL = 0b111111111
_HIGH = 0b111000000  # boxes 7, 8, 9
_EPS = 1e-12


def choose(state: ShutTheBoxState, level: str, rng: random.Random) -> Roll | Close:
    """One of state.legal_actions() for the seat to move, played at `level`."""
    actions = state.legal_actions()
    if not actions:
        raise ValueError("no seat is to move in this state")
    if len(actions) == 1:
        return actions[0]
    rules = _rules(state)
    mask = _mask(state.open_boxes)
    if level == "easy":
        return _easy(state, actions, rng)
    if level == "medium":
        return _medium(state, actions, rules, mask)
    if level == "expert":
        return _expert(state, actions, rules, mask)
    raise ValueError(f"unknown level {level!r}; expected easy, medium or expert")


# --- easy and medium --------------------------------------------------------------------------


def _easy(state: ShutTheBoxState, actions: list, rng: random.Random) -> Roll | Close:
    if state.phase == ROLL:
        return Roll(1)  # only offered once 7, 8 and 9 are closed
    if rng.random() < 0.15:
        return rng.choice(actions)
    return max(actions, key=lambda a: sorted(a.boxes, reverse=True))


def _medium(state: ShutTheBoxState, actions: list, rules: Rules, mask: int) -> Roll | Close:
    if state.phase == ROLL:
        return max(actions, key=lambda a: _p_close(rules, mask, a.count))
    return max(actions, key=lambda a: (-len(a.boxes), sorted(a.boxes, reverse=True)))


@cache
def _p_close(rules: Rules, mask: int, count: int) -> float:
    return sum(w for dice, w in _ROLLS[count] if _moves(rules, mask, dice))


# --- expert ----------------------------------------------------------------------------------


def _expert(state: ShutTheBoxState, actions: list, rules: Rules, mask: int) -> Roll | Close:
    target = _target(state)
    if state.phase == ROLL:
        def value(a: Roll) -> tuple[float, float]:
            win = 0.0 if target is None else _roll_win(rules, target, mask, a.count)
            return (round(win, 9), -round(_roll_penalty(rules, mask, a.count), 9))
    elif state.phase == CLOSE:
        def value(a: Close) -> tuple[float, float]:
            after = mask & ~_mask(a.boxes)
            win = 0.0 if target is None else _win(rules, target, after)
            return (round(win, 9), -round(_penalty(rules, after), 9))
    else:  # pragma: no cover - legal_actions is empty elsewhere
        raise ValueError("no decision here")
    return max(actions, key=value)


def _target(state: ShutTheBoxState) -> int | None:
    """The highest turn penalty the expert aims at, or None to minimise the expected penalty."""
    seat = state.turn_player
    shut_wins = state.options["shut_wins"]
    last_turn = state.turns_done == state.num_players * state.options["rounds"] - 1
    if last_turn and state.num_players > 1:
        own = state.penalties[seat]
        best_other = min(p for s, p in enumerate(state.penalties) if s != seat)
        target = best_other - own  # a total equal to the best other total shares the win
        if shut_wins:
            target = max(target, 0)
        return target if 0 <= target < 45 else None
    return 0 if shut_wins else None


@cache
def _penalty(rules: Rules, mask: int) -> float:
    """Expected final penalty of a turn with `mask` open, before the roll, played best."""
    if not mask:
        return 0.0
    return min(_roll_penalty(rules, mask, n) for n in _counts(mask))


@cache
def _roll_penalty(rules: Rules, mask: int, count: int) -> float:
    total = 0.0
    for dice, w in _ROLLS[count]:
        moves = _moves(rules, mask, dice)
        total += w * (min(_penalty(rules, mask & ~m) for m in moves) if moves
                      else _box_sum(mask))
    return total


@cache
def _win(rules: Rules, target: int, mask: int) -> float:
    """Best chance to end the turn with a penalty of at most `target`, `mask` open."""
    if _box_sum(mask) <= target:
        return 1.0
    return max(_roll_win(rules, target, mask, n) for n in _counts(mask))


@cache
def _roll_win(rules: Rules, target: int, mask: int, count: int) -> float:
    total = 0.0
    for dice, w in _ROLLS[count]:
        moves = _moves(rules, mask, dice)
        if moves:
            total += w * max(_win(rules, target, mask & ~m) for m in moves)
    return total


# --- shared helpers --------------------------------------------------------------------------


def _rules(state: ShutTheBoxState) -> Rules:
    opts = state.options
    return (opts["closing"], opts["partial_close"], opts["close_all_three"])


def _mask(boxes: tuple[int, ...]) -> int:
    m = 0
    for b in boxes:
        m |= 1 << (b - 1)
    return m


def _box_sum(mask: int) -> int:
    return sum(b for b in range(1, 10) if mask >> (b - 1) & 1)


def _counts(mask: int) -> tuple[int, ...]:
    return (1, 2) if not mask & _HIGH else (2,)


@cache
def _moves(rules: Rules, mask: int, dice: tuple[int, ...]) -> tuple[int, ...]:
    """The masks of the box sets the roll allows to close."""
    open_boxes = tuple(b for b in range(1, 10) if mask >> (b - 1) & 1)
    return tuple(_mask(s) for s in closable_sets(open_boxes, dice, *rules))


def _unordered_rolls(count: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    if count == 1:
        return tuple(((d,), 1 / 6) for d in range(1, 7))
    return tuple(((a, b), (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7))


_ROLLS = {1: _unordered_rolls(1), 2: _unordered_rolls(2)}
