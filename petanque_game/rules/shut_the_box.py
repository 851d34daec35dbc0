"""Shut the Box (docs/rules.md#shut-the-box): the seed's rules, its two variations, extras.

A turn starts with boxes 1-9 open. The seat decides `Roll(2)` (or, once 7, 8 and 9 are all closed,
`Roll(1)`), the dice come as a chance outcome, and the seat must `Close` one legal set of boxes. A
roll that allows no closing ends the turn at once with no further event, and so does closing the
last open box. The turn's penalty is the sum of the boxes still open; a seat's score is minus its
total penalty over all turns (docs/records.md#what-verify-checks: e.g. -26).

Which boxes a roll may close (option `closing`):
- `seed`: the sum box alone (sum <= 9 and open), or the two die boxes (dice differ, both open);
  one die: the box equal to the die.
- `classic`: any set of open boxes adding up to the sum (one die: to the die).

Readings of docs/rules.md made here:
- `partial_close` applies when the roll allows no full option (no sum-box close and no two-box
  close, or under `classic` no set adding up to the sum): one open box equal to one of the dice may
  be closed. That includes a double (double 5 with box 5 open: close 5), since a double allows
  neither full option. A one-die roll's only option already is the die's box, so partial_close adds
  nothing there.
- `close_all_three` adds one option (sum box and both die boxes together) whenever the dice differ
  and all three boxes are open; it applies under `classic` too.
- `scores()` counts finished turns only; the turn in progress is `turn_penalty`.
- `shut_wins`: the game ends when a seat shuts the box; that seat alone wins, whatever the totals.
- Solo practice (one seat) always ends with that seat as the (only) winner.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import Any

from petanque_game.rules import base
from petanque_game.rules.base import Close, Dice, IllegalAction, Roll, changed
from petanque_game.rules.games import PENALTY, GameSpec, Tally
from petanque_game.rules.options import Option, boolean, resolve
from petanque_game.rules.shut_the_box_events import CODECS

BOXES = (1, 2, 3, 4, 5, 6, 7, 8, 9)
HIGH_BOXES = (7, 8, 9)  # once these are all closed, a single die may be rolled
_OUTCOMES = {n: tuple(base.ordered_dice_outcomes(n)) for n in (1, 2)}

# Phases of a turn (State.phase).
class Phase(str, Enum):
    """Where a turn stands (the values are the words the phases had before they were enums)."""

    ROLL = "roll"  # the seat decides how many dice to roll
    DICE = "dice"  # the dice are rolling (chance node)
    CLOSE = "close"  # the seat must close boxes after the roll
    OVER = "over"  # the game has ended


ROLL, DICE, CLOSE, OVER = Phase

GAME_ID = "shut-the-box"
TITLE = "Shut the Box"
MIN_PLAYERS = 1  # solo practice (extra)
MAX_PLAYERS = 6
OPTIONS: dict[str, Option] = {
    "closing": Option("closing", "seed", choices=("seed", "classic"),
                      help="seed: the sum box or the two die boxes; classic: boxes adding up"),
    "partial_close": boolean(
        "partial_close", False, help="when no full option, close one box equal to a die"),
    "close_all_three": boolean(
        "close_all_three", False, help="close the sum box and both die boxes at once"),
    "rounds": Option("rounds", 1, low=1, high=99, help="rounds of one turn per player"),
    "shut_wins": boolean(
        "shut_wins", False, help="a player who closes all nine boxes wins at once"),
}


def new_game(num_players: int, options: Mapping | None = None) -> ShutTheBoxState:
    """A game at its start: seat 0 to roll, all nine boxes open."""
    base.check_players(GAME_ID, num_players, MIN_PLAYERS, MAX_PLAYERS)
    chosen = resolve(OPTIONS, options)
    return ShutTheBoxState(
        num_players=num_players,
        closing=chosen["closing"], partial_close=chosen["partial_close"],
        close_all_three=chosen["close_all_three"], rounds=chosen["rounds"],
        shut_wins=chosen["shut_wins"],
        turn_penalties=((),) * num_players,
    )


@dataclass(frozen=True)
class ShutTheBoxState:
    """A Shut the Box game between events; implements rules.base.State.

    Read-only properties for the window and the AI: `options` (every option), `phase`
    (ROLL, DICE, CLOSE or OVER), `turn_player`, `round` (1-based), `open_boxes` /
    `closed_boxes` (of the turn in progress), `dice` (the roll waiting for a close, else ()),
    `last_roll` / `last_roller` (the most recent roll of the game, also after it ended a turn),
    `one_die_allowed`, `turn_penalty` (sum of the open boxes now), `penalties` (total per seat,
    finished turns), `turn_penalties` (each seat's finished turns), `shut_winner`.
    """

    num_players: int
    closing: str
    partial_close: bool
    close_all_three: bool
    rounds: int
    shut_wins: bool
    turn_penalties: tuple[tuple[int, ...], ...]  # per seat, the penalty of each finished turn
    turns_done: int = 0  # finished turns, all seats together
    open_boxes: tuple[int, ...] = BOXES
    phase: Phase = ROLL
    rolling: int = 0  # dice rolling at the chance node
    dice: tuple[int, ...] = ()
    last_roll: tuple[int, ...] = ()
    last_roller: int | None = None
    shut_winner: int | None = None

    # --- reading the state ----------------------------------------------------------------------

    @property
    def options(self) -> Mapping[str, Any]:
        return MappingProxyType({name: getattr(self, name) for name in OPTIONS})

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def turn_player(self) -> int:
        """The seat whose turn it is (after the end: the seat that played last)."""
        return (self.turns_done - (self.phase == OVER)) % self.num_players

    @property
    def round_number(self) -> int:
        """The round in progress, 1-based (after the end: the last round played)."""
        return (self.turns_done - (self.phase == OVER)) // self.num_players + 1

    @property
    def to_move(self) -> int:
        if self.phase == OVER:
            return base.TERMINAL
        if self.phase == DICE:
            return base.CHANCE
        return self.turn_player

    @property
    def dice_to_roll(self) -> int:
        """At the chance node: how many dice are rolling (1 or 2); 0 elsewhere."""
        return self.rolling

    @property
    def roller(self) -> int:
        """The seat whose roll it is."""
        return self.turn_player

    @property
    def closed_boxes(self) -> tuple[int, ...]:
        return tuple(b for b in BOXES if b not in self.open_boxes)

    @property
    def one_die_allowed(self) -> bool:
        """True once boxes 7, 8 and 9 are all closed: a single die may be rolled."""
        return not any(b in self.open_boxes for b in HIGH_BOXES)

    @property
    def turn_penalty(self) -> int:
        """The penalty the turn in progress would score now: the sum of the open boxes."""
        return sum(self.open_boxes)

    @property
    def penalties(self) -> tuple[int, ...]:
        """Each seat's total penalty over its finished turns."""
        return tuple(sum(t) for t in self.turn_penalties)

    engine_action = base.no_engine_step  # no bookkeeping steps of its own

    def scores(self) -> tuple[int, ...]:
        """Minus each seat's total penalty (finished turns only)."""
        return tuple(-p for p in self.penalties)

    def winners(self) -> tuple[int, ...]:
        if self.phase != OVER:
            return ()
        if self.shut_winner is not None:
            return (self.shut_winner,)
        return base.best_seats(list(self.penalties), list(range(self.num_players)),
                               highest=False)

    def closable(self) -> list[tuple[int, ...]]:
        """The sets the current roll allows to close (empty outside the CLOSE phase)."""
        if self.phase != CLOSE:
            return []
        return self._sets_for(self.dice)

    def _sets_for(self, dice: tuple[int, ...]) -> list[tuple[int, ...]]:
        return closable_sets(self.open_boxes, dice, self.closing,
                             self.partial_close, self.close_all_three)

    def legal_actions(self) -> list[Roll | Close]:
        if self.phase == ROLL:
            return [Roll(1), Roll(2)] if self.one_die_allowed else [Roll(2)]
        if self.phase == CLOSE:
            return [Close(s) for s in self.closable()]
        return []

    def chance_outcomes(self) -> list[tuple[Dice, Fraction]]:
        if self.phase != DICE:
            return []
        return list(_OUTCOMES[self.rolling])

    # --- playing --------------------------------------------------------------------------------

    def apply(self, action: object) -> ShutTheBoxState:
        if self.phase == OVER:
            raise IllegalAction("over")
        if self.phase == DICE:
            if not isinstance(action, Dice):
                raise IllegalAction("dice_rolling", given=_name(action))
            return self._after_dice(action)
        if isinstance(action, Roll):
            return self._after_roll(action)
        if isinstance(action, Close):
            return self._after_close(action)
        raise IllegalAction("box.expects_roll" if self.phase == ROLL else "box.expects_close",
                            given=_name(action))

    def _after_roll(self, action: Roll) -> ShutTheBoxState:
        if self.phase != ROLL:
            raise IllegalAction("box.close_first", dice=_sum(self.dice),
                                options=tuple(self.closable()))
        if action.reroll is not None:
            raise IllegalAction("no_reroll")
        count = action.count
        if type(count) is not int or count not in (1, 2):
            raise IllegalAction("box.roll_count", given=repr(count))
        if count == 1 and not self.one_die_allowed:
            raise IllegalAction("box.one_die")
        return changed(self, phase=DICE, rolling=count)

    def _after_dice(self, action: Dice) -> ShutTheBoxState:
        values = action.values
        if not isinstance(values, (tuple, list)):
            raise IllegalAction("dice_not_list", given=_name(values))
        values = tuple(values)
        base.check_dice(values, self.rolling)
        rolled = changed(self, phase=CLOSE, rolling=0, dice=values, last_roll=values,
                          last_roller=self.turn_player)
        if not rolled.closable():
            return rolled._end_turn()
        return rolled

    def _after_close(self, action: Close) -> ShutTheBoxState:
        if self.phase != CLOSE:
            raise IllegalAction("box.roll_first")
        boxes = action.boxes
        if not isinstance(boxes, (tuple, list)):
            raise IllegalAction("box.not_list", given=_name(boxes))
        for b in boxes:
            if type(b) is not int or not 1 <= b <= 9:
                raise IllegalAction("box.no_such", given=repr(b))
        if not boxes:
            raise IllegalAction("box.none", dice=_sum(self.dice),
                                options=tuple(self.closable()))
        if len(set(boxes)) != len(boxes):
            raise IllegalAction("box.twice", boxes=tuple(boxes))
        for b in boxes:
            if b not in self.open_boxes:
                raise IllegalAction("box.closed", box=b)
        chosen = tuple(sorted(boxes))
        allowed = self.closable()
        if chosen not in allowed:
            raise IllegalAction("box.not_allowed", dice=_sum(self.dice), boxes=chosen,
                                options=tuple(allowed))
        left = tuple(b for b in self.open_boxes if b not in chosen)
        closed = changed(self, open_boxes=left, dice=(), phase=ROLL)
        if not left:
            if self.shut_wins:
                return closed._end_turn(shut=True)
            return closed._end_turn()
        return closed

    def _end_turn(self, shut: bool = False) -> ShutTheBoxState:
        seat = self.turn_player
        penalties = list(self.turn_penalties)
        penalties[seat] = penalties[seat] + (sum(self.open_boxes),)
        done = self.turns_done + 1
        over = shut or done >= self.num_players * self.rounds
        if over:
            return changed(self, turn_penalties=tuple(penalties), phase=OVER, dice=(),
                            turns_done=done, shut_winner=seat if shut else None)
        return changed(self, turn_penalties=tuple(penalties), turns_done=done,
                        open_boxes=BOXES, phase=ROLL, dice=())


def closable_sets(open_boxes: tuple[int, ...], dice: tuple[int, ...], closing: str = "seed",
                  partial_close: bool = False, close_all_three: bool = False,
                  ) -> list[tuple[int, ...]]:
    """Every set of boxes (sorted tuples, in sorted order) the roll `dice` allows to close."""
    return list(_closable(tuple(open_boxes), tuple(dice), closing, partial_close,
                          close_all_three))


@cache  # at most 512 * 42 positions per option set
def _closable(open_boxes: tuple[int, ...], dice: tuple[int, ...], closing: str,
              partial_close: bool, close_all_three: bool) -> tuple[tuple[int, ...], ...]:
    is_open = set(open_boxes).__contains__
    total = sum(dice)
    found: set[tuple[int, ...]] = set()
    if closing == "classic":
        found.update(_adding_up(tuple(sorted(open_boxes)), total))
    elif len(dice) == 1:
        if is_open(total):
            found.add((total,))
    else:
        a, b = sorted(dice)
        if total <= 9 and is_open(total):
            found.add((total,))
        if a != b and is_open(a) and is_open(b):
            found.add((a, b))
    if len(dice) == 2:
        a, b = sorted(dice)
        if not found and partial_close:
            found.update((d,) for d in (a, b) if is_open(d))
        if close_all_three and a != b and total <= 9 and all(map(is_open, (a, b, total))):
            found.add((a, b, total))
    return tuple(sorted(found))


def _adding_up(boxes: tuple[int, ...], total: int) -> list[tuple[int, ...]]:
    """Every set of `boxes` (ascending) whose numbers add up to `total`."""
    if total == 0:
        return [()]
    sets: list[tuple[int, ...]] = []
    for i, b in enumerate(boxes):
        if b > total:
            break
        sets.extend((b, *rest) for rest in _adding_up(boxes[i + 1:], total - b))
    return sets


def _name(thing: object) -> str:
    return type(thing).__name__


def _sum(dice: tuple[int, ...]) -> str:
    """Dice as a refusal names them: "2+6"."""
    return "+".join(str(v) for v in dice)


def _turns_done(events: list, index: int, state: ShutTheBoxState) -> int:
    return state.turns_done


SPEC = GameSpec(GAME_ID, TITLE, sys.modules[__name__], frozenset({"roll", "close"}),
                "petanque_game.ai.shut_the_box", MIN_PLAYERS, MAX_PLAYERS, order=30, codecs=CODECS,
                window="petanque_game.ui.tray.shut_the_box", hints="petanque_game.ai.hints_tray",
                tally=Tally({"": PENALTY}, unit="turn", progress=_turns_done))
