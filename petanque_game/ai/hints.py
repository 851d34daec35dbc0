"""Hints for a human player: the expert's move in the current state, and what it is worth.

The window calls `hint(game, state, board)` when a human seat is to move. A hint is a pure
function of the state: it changes nothing, uses none of the match's random streams and is not a
move of the game (the window may record that one was shown); the same state gives the same hint.
Each game registers its own function with `@registers(game)` in the module its registration
names (`GameSpec.hints`): Ten Thousand's is here, the other tray games' in `hints_tray.py`,
Terningepetanque's in `hints_petanque.py` (each loaded on the first hint that needs it, so that
neither importing this module nor a tray game's hint imports the physics). A game with none (no
decision to hint) gets a ValueError.

A hint's words are keys, said by each layer in its own language: a tray game's move and worth as
a `Told` (the window says it in the player's language, `words.tell`; `Hint.text` is the same in
English), Terningepetanque's aim by its `ai.petanque.Label`.

Ten Thousand: with two or more players and a target with a shipped win table, the value is the
chance to win (`ten_thousand_win`); with three or more players it is the chance one-on-one
against the best other score, as the expert plays, and the hint says so; otherwise it is the
points the turn brings on average as the expert plays it, near the target too, where it plays for
the target rather than for points (`ten_thousand_worth`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from petanque_game.ai import ten_thousand, ten_thousand_win, ten_thousand_worth
from petanque_game.rules import ten_thousand as ten_thousand_rules
from petanque_game.rules.base import Bank, Keep, Roll
from petanque_game.rules.games import spec_of
from petanque_game.rules.ten_thousand import DICE, keep_score
from petanque_game.words import english_number, english_tr, tell

if TYPE_CHECKING:  # the physics, which ai.petanque imports, only with a Terningepetanque hint
    from petanque_game.ai.petanque import Label


@dataclass(frozen=True)
class Told:
    """A tray game's hint as text keys, so that each layer says it in its own language
    (`words.tell`): `move` names the sentence of the move (tray.hint.move.*, filled with
    `fields`; `count` picks the one/other form), `worth` what it is worth (tray.hint.worth.*: a
    chance for `words.CHANCES`, else points or a penalty: `value`), `alt` the other choice
    (tray.hint.alt.*) and its worth `alt_value`."""

    move: str
    fields: tuple[tuple[str, Any], ...] = ()
    count: int | None = None
    worth: str = ""
    value: float = 0.0
    alt: str = ""
    alt_value: float = 0.0
    alt_count: int | None = None


@dataclass(frozen=True)
class Hint:
    """The expert's `action` for the state, `text` saying it and its worth in English, and
    `value`: that worth as a number (a chance to win from 0 to 1, or expected points, as the
    text says). What the window says comes from keys, never from `text`: a tray game's `told`
    (`Told`), Terningepetanque's `label` (what an aim is for: `ai.petanque.Label`).

    A tray game's English `text` is said from its `told` only when asked for (`english` is then
    empty): the window never reads it, and the first reading of the English texts would cost a
    first hint tens of milliseconds (benchmarks/bench_cold_ai.py)."""

    action: Any
    english: str
    value: float
    label: Label | None = None
    told: Told | None = None

    @property
    def text(self) -> str:
        if self.told is not None and not self.english:
            return tell(self.told, english_tr, english_number)
        return self.english


def told_hint(action: Any, told: Told) -> Hint:
    """A tray game's hint: its English text said from the keys of `told` when first read."""
    return Hint(action, "", told.value, told=told)


_HINTS: dict[str, Callable[..., Hint]] = {}  # (state, board), and `hand` for a board's


def hint(game: str, state: Any, board: Any = None, hand: Any = None,
         hands: Any = None) -> Hint:
    """The hint for the seat to move in `state` (`board`: the level of a game on a board;
    `hand`: for a game thrown by hand, the `physics.hand.Hand` the player throws with, None for
    the expert's; `hands`: every seat's hand, by seat, for a hint that plays the round on, None
    when they are not known); ValueError when there is none to give."""
    if game not in _HINTS:
        try:
            where = spec_of(game).hints
        except KeyError:
            where = ""
        if where:
            import_module(where)  # it registers its game's hint (once: Python caches modules)
    give = _HINTS.get(game)
    if give is None:
        raise ValueError(f"no hint for {game}")
    if state.is_terminal or state.to_move < 0:
        raise ValueError("no player is to move, so there is nothing to hint")
    given = {k: v for k, v in (("hand", hand), ("hands", hands)) if v is not None}
    return give(state, board, **given)


def registers(game: str) -> Callable[[Callable[..., Hint]], Callable[..., Hint]]:
    """Decorator: the hint function of `game`."""
    def register(fn: Callable[..., Hint]) -> Callable[..., Hint]:
        _HINTS[game] = fn
        return fn
    return register


# --- Ten Thousand ---------------------------------------------------------------------------------


@registers(ten_thousand_rules.GAME_ID)
def _ten_thousand(state: ten_thousand_rules.TenThousandState, board: object = None) -> Hint:
    """With a win table: the chance to win (one-on-one against the best other score with three
    or more players); without: the points the expert expects from the turn."""
    win = ten_thousand_win
    action = ten_thousand.choose(state, "expert", random.Random(0))  # the expert draws nothing
    pos = win.position(state)
    worth = "points" if pos is None else "win"
    rival: tuple = ()
    if pos is not None and state.num_players > 2:  # the table's chance is one-on-one
        worth = "win_rival"
        me = state.turn_player
        rival = (("rival", max(s for seat, s in enumerate(state.banked) if seat != me)),)
    t = state.turn_total
    points = pos is None  # the points the turn brings as the expert plays it
    total = (("total", t), *rival)
    if isinstance(action, Keep):
        keep = action.dice
        kept = t + keep_score(keep)
        value = ten_thousand_worth.of_keep(state, keep) if points else \
            win.keep_value(_at(pos), _steps(keep), len(keep))
        shown = "-".join(map(str, sorted(keep, reverse=True)))
        return told_hint(action, Told(_keep_then(state, keep, pos),
                                      (("dice", shown), ("total", kept), *rival),
                                      worth=worth, value=value))
    if isinstance(action, Bank):
        if points:
            return told_hint(action, Told("tt_bank", total, value=float(t)))
        return told_hint(action, Told("tt_bank", total, worth=worth,
                                      value=win.bank_value(_at(pos)), alt="tt_roll",
                                      alt_value=win.roll_value(_at(pos))))
    assert isinstance(action, Roll)  # the expert keeps, banks or rolls
    value = ten_thousand_worth.of_roll(state) if points else win.roll_value(_at(pos))
    if t == 0:
        return told_hint(action, Told("tt_roll", rival, action.count, worth, value))
    if points:
        return told_hint(action, Told("tt_roll_on", total, action.count, worth, value))
    return told_hint(action, Told("tt_roll_on", total, action.count, worth, value, "tt_bank",
                                  win.bank_value(_at(pos))))


def _at(pos: ten_thousand_win.Position | None) -> ten_thousand_win.Position:
    """The position in the win table, where the hint reads it (there is no points table then)."""
    assert pos is not None  # a points hint is given exactly when there is no position
    return pos


def _keep_then(state: ten_thousand_rules.TenThousandState, keep: tuple[int, ...],
               pos: ten_thousand_win.Position | None) -> str:
    """The sentence of a keep, as the expert goes on after it: bank, roll on, or roll all six
    again (hot dice)."""
    total = state.turn_total + keep_score(keep)
    left = state.dice_in_hand - len(keep)
    if state.banked[state.turn_player] + total >= state.target:
        return "tt_keep_bank"
    if left == 0 and state.hot_dice_banks:
        return "tt_keep_hot"  # the total is banked at once, and six fresh dice roll for free
    if pos is None:
        return "tt_keep"
    after = ten_thousand_win.Position(pos.table, pos.a, pos.b, total // 50, left or DICE)
    if not ten_thousand_win.rolls_on(after):
        return "tt_keep_bank"
    return "tt_keep_hot" if left == 0 else "tt_keep_roll"


def _steps(keep: tuple[int, ...]) -> int:
    return keep_score(keep) // 50
