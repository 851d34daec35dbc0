"""Hints for a human player: the expert's move in the current state, and what it is worth.

The window calls `hint(game, state, board)` when a human seat is to move. A hint is a pure
function of the state: it changes nothing, uses none of the match's random streams and is not a
move of the game (the window may record that one was shown); the same state gives the same hint.
Each game registers its own function with `@registers(game)`: Ten Thousand's is here, the other
tray games' in `hints_tray.py`, Terningepetanque's in `hints_petanque.py` (each loaded on the first
hint that needs it, so that neither importing this module nor a tray game's hint imports the
physics). A game with none gets a ValueError.

Ten Thousand: with two or more players and a target with a shipped win table, the value is the
chance to win (`ten_thousand_win`); with three or more players it is the chance one-on-one
against the best other score, as the expert plays, and the hint says so; otherwise it is the
points the expert expects from the turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from petanque_game.ai import ten_thousand, ten_thousand_points, ten_thousand_win
from petanque_game.rules import ten_thousand as ten_thousand_rules
from petanque_game.rules.base import Bank, Keep
from petanque_game.rules.ten_thousand import DICE, keep_score


@dataclass(frozen=True)
class Hint:
    """The expert's `action` for the state, `text` saying it and its worth in English, and
    `value`: that worth as a number (a chance to win from 0 to 1, or expected points, as the
    text says). `label`: what an aim is for, as a key the window says in the player's language
    (Terningepetanque's `ai.petanque.Label`; None elsewhere)."""

    action: Any
    text: str
    value: float
    label: Any = None


_HINTS: dict[str, Callable[[Any, Any], Hint]] = {}
_MODULES = ("petanque_game.ai.hints_tray", "petanque_game.ai.hints_petanque")


def hint(game: str, state: Any, board: Any = None, hand: Any = None) -> Hint:
    """The hint for the seat to move in `state` (`board`: the level of a game on a board;
    `hand`: for a game thrown by hand, the `physics.hand.Hand` the player throws with, None for
    the expert's); ValueError when there is none to give."""
    for name in _MODULES:
        if game in _HINTS:
            break
        import_module(name)  # it registers its games' hints (once: Python caches modules)
    give = _HINTS.get(game)
    if give is None:
        raise ValueError(f"no hint for {game}")
    if state.is_terminal or state.to_move < 0:
        raise ValueError("no player is to move, so there is nothing to hint")
    if hand is not None:
        return give(state, board, hand=hand)
    return give(state, board)


def registers(game: str) -> Callable:
    """Decorator: the hint function of `game`."""
    def register(fn: Callable[[Any, Any], Hint]) -> Callable[[Any, Any], Hint]:
        _HINTS[game] = fn
        return fn
    return register


# --- Ten Thousand ---------------------------------------------------------------------------------


@registers(ten_thousand_rules.GAME_ID)
def _ten_thousand(state: Any, board: Any = None) -> Hint:
    win = ten_thousand_win
    action = ten_thousand.choose(state, "expert", random.Random(0))  # the expert draws nothing
    pos = win.position(state)
    if pos is None:
        return _ten_thousand_points(state, action)
    against = _one_on_one(state) if state.num_players > 2 else ""
    if isinstance(action, Keep):
        keep = action.dice
        value = win.keep_value(pos, _steps(keep), len(keep))
        return Hint(action, f"{_keep_then(state, keep, pos)}: {chance(value)}{against}", value)
    bank, roll = win.bank_value(pos), win.roll_value(pos)
    if state.turn_total == 0:
        return Hint(action, f"Roll {action.count} dice: {chance(roll)}{against}", roll)
    digits = 1 if percent(bank) == percent(roll) else 0  # show the difference, if small
    if isinstance(action, Bank):
        text = (f"Bank {state.turn_total}: {chance(bank, digits)}{against} "
                f"(rolling on: {percent(roll, digits)})")
        return Hint(action, text, bank)
    text = (f"Roll {_dice(action.count)} on: {chance(roll, digits)}{against} "
            f"(banking {state.turn_total}: {percent(bank, digits)})")
    return Hint(action, text, roll)


def _one_on_one(state: Any) -> str:
    """What a chance from the two-player table is with three or more players: the chance against
    the best other score alone, as if the others were not playing."""
    me = state.turn_player
    best = max(s for seat, s in enumerate(state.banked) if seat != me)
    return f" if the best other score ({best:,}) were your only rival"


def _keep_then(state: Any, keep: tuple[int, ...], pos: Any) -> str:
    """'Keep 5-5-1, roll on', '..., then bank 450' or 'Keep 5-5-5 (hot dice) and roll all six
    again': the keep and what the expert does next."""
    shown = "-".join(map(str, sorted(keep, reverse=True)))
    total = state.turn_total + _steps(keep) * 50
    left = state.dice_in_hand - len(keep)
    if state.banked[state.turn_player] + total >= state.target:
        return f"Keep {shown} and bank {total}"
    if left == 0 and state.hot_dice_banks:
        rolls = True  # the total is banked at once, and six fresh dice roll for free
    else:
        after = ten_thousand_win.Position(pos.table, pos.a, pos.b, total // 50, left or DICE)
        rolls = ten_thousand_win.rolls_on(after)
    hot = " (hot dice)" if left == 0 else ""
    if not rolls:
        return f"Keep {shown}{hot}, then bank {total}"
    return f"Keep {shown}{hot} and roll all six again" if hot else f"Keep {shown}, roll on"


def _ten_thousand_points(state: Any, action: Any) -> Hint:
    """Solo practice or a target with no win table: the expert plays for points; say so."""
    table = ten_thousand_points.far_table(state.hot_dice_banks)
    t, n = state.turn_total, state.dice_in_hand
    if isinstance(action, Keep):
        keep = action.dice
        value = table.after_keep(t + _steps(keep) * 50, n - len(keep))
        shown = "-".join(map(str, sorted(keep, reverse=True)))
        return Hint(action, f"Keep {shown}: {value:.0f} points expected this turn", value)
    if isinstance(action, Bank):
        return Hint(action, f"Bank {t} points", float(t))
    value = table.value(t, n)
    label = f"Roll {_dice(action.count)} on" if t else f"Roll {action.count} dice"
    return Hint(action, f"{label}: {value:.0f} points expected this turn", value)


def _steps(keep: tuple[int, ...]) -> int:
    return keep_score(keep) // 50


def _dice(n: int) -> str:
    return "the last die" if n == 1 else f"{n} dice"


def percent(p: float, digits: int = 0) -> str:
    """A chance as a player reads it: "71%", "a sure win", "over 99%", "under 1%"."""
    if p >= 1.0 - 1e-12:
        return "a sure win"
    shown = f"{100 * p:.{digits}f}"
    if float(shown) >= 100.0:
        return "over 99%"
    return f"{shown}%" if float(shown) > 0.0 else "under 1%"


def chance(p: float, digits: int = 0) -> str:
    """ "71% to win", or "you win" when it is sure."""
    return "you win" if p >= 1.0 - 1e-12 else f"{percent(p, digits)} to win"

