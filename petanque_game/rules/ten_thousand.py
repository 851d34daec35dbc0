"""Ten Thousand (Titusind): roll six dice, set scoring dice aside, bank or push your luck.

Variant: docs/rules.md#ten-thousand, the seed's rules with no straights or other combinations.
Scoring dice count only within one roll: three 1s 1000, three of 2-6 worth 100 times the value, a
single 1 100, a single 5 50; six of a kind is two triples, four or five of a kind a triple plus
singles that score only if they are 1s or 5s. A set of dice scores its best split, and every die set
aside must take part in that scoring (keeping 2-2-2-2 is refused: one 2 does not score).

Readings made here:
- A turn starts with a `Roll(6)` decision (the record's `roll` event); a roll with no scoring die is
  a bust: the turn ends at once, the turn total is lost, and no further event follows.
- After a keep the seat chooses `Roll(dice left)` or `Bank()`; there is no minimum to bank.
- Hot dice with `hot_dice_banks` (default true): when all six dice are set aside the turn total is
  added to the score at once (the game ends there if it reaches the target); the seat then chooses
  `Roll(6)` with a new turn total of 0, or `Bank()`, banking 0 and ending the turn
  (docs/records.md). With `hot_dice_banks` false the turn total carries on with six new dice and a
  bust loses all of it.
- The first score to reach `target` wins at once, so a game has exactly one winner.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from itertools import product
from types import MappingProxyType
from typing import Any

from petanque_game.rules import base
from petanque_game.rules import options as opts
from petanque_game.rules.base import (
    CHANCE,
    TERMINAL,
    Bank,
    Dice,
    IllegalAction,
    Keep,
    Roll,
    changed,
    check_dice,
    ordered_dice_outcomes,
)
from petanque_game.rules.games import GameSpec, Tally
from petanque_game.rules.ten_thousand_events import CODECS

DICE = 6
TRIPLE = {1: 1000, 2: 200, 3: 300, 4: 400, 5: 500, 6: 600}
SINGLE = {1: 100, 5: 50}

# Phases of a turn: the seat must roll (turn start), dice are due, the seat must keep scoring dice
# from the roll, the seat chooses to roll the dice left or to bank, the game is over.
class Phase(str, Enum):
    """Where a turn stands (the values are the words the phases had before they were enums)."""

    START = "start"  # the seat must roll six dice
    ROLLING = "rolling"  # the dice are rolling (chance node)
    KEEPING = "keeping"  # the seat sets scoring dice aside
    CHOOSING = "choosing"  # the seat rolls on or banks
    OVER = "over"


START, ROLLING, KEEPING, CHOOSING, OVER = Phase

GAME_ID = "ten-thousand"
TITLE = "Ten Thousand"
MIN_PLAYERS = 1  # solo practice (extra)
MAX_PLAYERS = 6
OPTIONS: dict[str, opts.Option] = {
    "target": opts.Option("target", 10000, low=500, high=100000, step=50,
                          help="the score that wins at once (5000 is the seed's short game)"),
    "hot_dice_banks": opts.boolean(
        "hot_dice_banks", True,
        help="hot dice bank the turn total at once; false: it carries on and a bust loses it all"),
}


def new_game(num_players: int, options: Mapping | None = None) -> TenThousandState:
    """A game at the start of seat 0's first turn; OptionError names a bad option."""
    chosen = opts.resolve(OPTIONS, options)
    base.check_players(GAME_ID, num_players, MIN_PLAYERS, MAX_PLAYERS)
    return TenThousandState(num_players=num_players, target=chosen["target"],
                            hot_dice_banks=chosen["hot_dice_banks"], banked=(0,) * num_players)


@dataclass(frozen=True)
class TenThousandState:
    """A position in a game of Ten Thousand (an immutable value; `apply` gives the next one).

    Read-only information for the window and the AI:
    - `banked`: each seat's score (also `scores()`); `target`, `hot_dice_banks`: the options.
    - `turn_player`: whose turn it is; `turn`: turns begun so far minus one; `round` (1-based).
    - `phase`: "start" (the seat must roll six dice), "rolling" (dice are due), "keeping" (the
      seat must set scoring dice aside from `last_roll`), "choosing" (roll `dice_in_hand` or bank),
      "over".
    - `turn_total`: points set aside this turn and not yet banked (after hot dice with
      `hot_dice_banks` the total starts again from 0).
    - `dice_in_hand`: how many dice the next roll has; `last_roll`: the latest roll's values (after
      a bust, the roll that busted); `set_aside`: dice set aside since six dice were last rolled;
      `last_kept`: the dice the last keep set aside from `last_roll` (until the next roll).
    - `busted`: the previous turn ended in a bust (until the next roll); `hot_dice`: the last keep
      set all six dice aside; `winner`: the seat that reached the target, or None.
    """

    num_players: int
    target: int = 10000
    hot_dice_banks: bool = True
    banked: tuple[int, ...] = ()
    turn_player: int = 0
    turn: int = 0
    phase: Phase = START
    turn_total: int = 0
    dice_in_hand: int = DICE
    last_roll: tuple[int, ...] = ()
    set_aside: tuple[int, ...] = ()
    last_kept: tuple[int, ...] = ()  # the dice of the last keep, from `last_roll`
    busted: bool = False
    hot_dice: bool = False
    winner: int | None = None

    # --- the State interface ------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return CHANCE if self.phase == ROLLING else self.turn_player

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def options(self) -> Mapping[str, Any]:
        return MappingProxyType({"target": self.target, "hot_dice_banks": self.hot_dice_banks})

    @property
    def round_number(self) -> int:
        """The round number, 1-based (a round is one turn of every seat)."""
        return self.turn // self.num_players + 1

    @property
    def dice_to_roll(self) -> int:
        """At a chance node: how many dice the match must draw."""
        return self.dice_in_hand

    @property
    def roller(self) -> int:
        """At a chance node: the seat whose roll it is."""
        return self.turn_player

    def legal_actions(self) -> list:
        if self.phase == START:
            return [Roll(self.dice_in_hand)]
        if self.phase == KEEPING:
            return [Keep(k) for k in legal_keeps(self.last_roll)]
        if self.phase == CHOOSING:
            return [Roll(self.dice_in_hand), Bank()]
        return []

    def chance_outcomes(self) -> list[tuple[Dice, Fraction]]:
        return ordered_dice_outcomes(self.dice_in_hand) if self.phase == ROLLING else []

    engine_action = base.no_engine_step  # no bookkeeping steps of its own

    def scores(self) -> tuple[int, ...]:
        return self.banked

    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    def apply(self, action: object) -> TenThousandState:
        if self.phase == OVER:
            raise IllegalAction("over")
        if self.phase == ROLLING:
            if not isinstance(action, Dice):
                raise IllegalAction("dice_rolling", given=_name(action))
            return self._rolled(action.values)
        if isinstance(action, Roll):
            return self._roll(action)
        if isinstance(action, Keep):
            return self._keep(action.dice)
        if isinstance(action, Bank):
            return self._bank()
        if isinstance(action, Dice):
            raise IllegalAction("decide_first", seat=self.turn_player)
        raise IllegalAction("ten_thousand.not_a_move", given=_name(action))

    # --- the moves ----------------------------------------------------------------------------

    def _roll(self, action: Roll) -> TenThousandState:
        if self.phase == KEEPING:
            raise IllegalAction("ten_thousand.keep_before_roll", scoring=_scoring(self.last_roll))
        if action.reroll is not None:
            raise IllegalAction("no_reroll")
        if type(action.count) is not int or action.count != self.dice_in_hand:
            raise IllegalAction("ten_thousand.roll_count", have=self.dice_in_hand,
                                given=repr(action.count))
        return changed(self, phase=ROLLING)

    def _rolled(self, values: object) -> TenThousandState:
        if not isinstance(values, (tuple, list)):
            raise IllegalAction("dice_not_list", given=_name(values))
        values = tuple(values)
        check_dice(values, self.dice_in_hand)
        rolled = changed(self, last_roll=values, last_kept=(), busted=False, hot_dice=False,
                         set_aside=() if self.dice_in_hand == DICE else self.set_aside)
        if legal_keeps(values):
            return changed(rolled, phase=KEEPING)
        return rolled._next_turn(busted=True)

    def _keep(self, dice: object) -> TenThousandState:
        if self.phase != KEEPING:
            raise IllegalAction("ten_thousand.roll_first")
        if not isinstance(dice, (tuple, list)) or any(type(v) is not int for v in dice):
            raise IllegalAction("ten_thousand.keep_values", given=repr(dice))
        if not dice:
            raise IllegalAction("ten_thousand.keep_none", scoring=_scoring(self.last_roll))
        have, want = Counter(self.last_roll), Counter(dice)
        for value, count in sorted(want.items()):
            if count > have[value]:
                raise IllegalAction("ten_thousand.keep_missing", roll=_said(self.last_roll),
                                    picked=_said((value,) * count))
        try:
            points = keep_score(dice)
        except IllegalAction as e:  # a die that does not score: say which dice do
            raise IllegalAction("ten_thousand.keep_not_scoring", **dict(e.refusal.fields),
                                scoring=_scoring(self.last_roll)) from None
        total = self.turn_total + points
        left = self.dice_in_hand - len(dice)
        kept = changed(self, set_aside=tuple(sorted(self.set_aside + tuple(dice))),
                       turn_total=total, dice_in_hand=left, phase=CHOOSING,
                       last_kept=tuple(sorted(dice)))
        if left:
            return kept
        kept = changed(kept, dice_in_hand=DICE, hot_dice=True)
        if not self.hot_dice_banks:
            return kept
        return changed(kept, turn_total=0)._add_score(total)

    def _bank(self) -> TenThousandState:
        if self.phase == START:
            raise IllegalAction("ten_thousand.bank_start")
        if self.phase == KEEPING:
            raise IllegalAction("ten_thousand.keep_before_bank", scoring=_scoring(self.last_roll))
        banked = changed(self, turn_total=0)._add_score(self.turn_total)
        return banked if banked.phase == OVER else banked._next_turn(busted=False)

    # --- bookkeeping --------------------------------------------------------------------------

    def _add_score(self, points: int) -> TenThousandState:
        seat = self.turn_player
        banked = list(self.banked)
        banked[seat] += points
        state = changed(self, banked=tuple(banked))
        if banked[seat] >= self.target:
            return changed(state, phase=OVER, winner=seat, turn_total=0)
        return state

    def _next_turn(self, busted: bool) -> TenThousandState:
        return changed(self, turn_player=(self.turn_player + 1) % self.num_players,
                       turn=self.turn + 1, phase=START, turn_total=0, dice_in_hand=DICE,
                       set_aside=(), busted=busted, hot_dice=False)


# --- scoring (also used by the AI and the window) ------------------------------------------------


def keep_score(dice: tuple[int, ...] | list[int]) -> int:
    """The points of dice set aside from one roll, split the best way.

    Raises IllegalAction when a die takes no part in the scoring (a 2 outside a triple).
    """
    points = 0
    for value, count in sorted(Counter(dice).items()):
        if not 1 <= value <= 6:
            raise IllegalAction("die_value", value=repr(value))
        triples, rest = divmod(count, 3)
        if rest and value not in SINGLE:
            raise IllegalAction("ten_thousand.not_scoring", value=value)
        points += triples * TRIPLE[value] + rest * SINGLE.get(value, 0)
    return points


def legal_keeps(roll: tuple[int, ...] | list[int]) -> list[tuple[int, ...]]:
    """Every distinct set of dice (sorted values) that may be set aside from `roll`; [] is a
    bust."""
    have = Counter(roll)
    choices = []
    for value in sorted(have):
        counts = range(have[value] + 1) if value in SINGLE else range(0, have[value] + 1, 3)
        choices.append([(value,) * n for n in counts])
    keeps = [sum(parts, ()) for parts in product(*choices)]
    return sorted(k for k in keeps if k)


def _said(dice: tuple[int, ...] | list[int]) -> str:
    """Dice as a refusal names them: "5-5-1"."""
    return "-".join(map(str, dice))


def _scoring(roll: tuple[int, ...]) -> str:
    """The dice of `roll` that may be set aside, all of them: "1-5-5"."""
    keeps = legal_keeps(roll)
    return _said(max(keeps, key=len)) if keeps else ""


def _name(thing: object) -> str:
    return type(thing).__name__


def _turns_done(events: list, index: int, state: TenThousandState) -> int:
    return state.turn


SPEC = GameSpec(GAME_ID, TITLE, sys.modules[__name__], frozenset({"roll", "keep", "bank"}),
                "petanque_game.ai.ten_thousand", MIN_PLAYERS, MAX_PLAYERS, order=40, codecs=CODECS,
                window="petanque_game.ui.tray.ten_thousand", hints="petanque_game.ai.hints",
                tally=Tally(unit="turn", progress=_turns_done))
