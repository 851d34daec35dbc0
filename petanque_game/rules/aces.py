"""Aces, "Ess til midten" (`aces`): ones to the middle and out of play, twos to the left, fives to
the right, until the last die decides. A game of chance alone: the only decision is to roll.

The seeds give it one line; where that leaves a choice, the common published rules are taken
(docs/rules-aces.md says which):
- 2 to 10 players, each with five dice (option `dice`, 1-6) and a stake of one chip in the pot.
  Seat 0 rolls first; play passes to the left, seat by seat (seat + 1).
- On your turn you roll every die you hold. Each 1 (an ace) goes to the middle and is out of the
  game; each 2 goes to the player on your left (the next seat), each 5 to the player on your
  right (the seat before). If the roll showed any 1, 2 or 5 and you still hold dice, you roll
  them again; otherwise (or with no dice left) the turn passes to the next player holding dice.
  Dice passed to you are yours to roll on your next turn.
- A player with no dice does not roll but stays in: a neighbour's 2 or 5 gives them dice again.
- The game ends when the last die in play goes to the middle: the player who threw that last
  ace wins the pot (option `last_ace: wins`); played the other way round (`last_ace: loses`, as
  when playing for who pays) that player alone loses and every other player wins.
- `scores()` are the chips won or lost: 0 for all until the end; then the winner +(players - 1)
  and the others -1 (`loses`: the loser -(players - 1), the others +1).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import factorial
from types import MappingProxyType
from typing import Any

from petanque_game.rules import base
from petanque_game.rules.base import Dice, changed
from petanque_game.rules.events import Rolled, read_ints
from petanque_game.rules.games import CHIPS, EventCodec, GameSpec, Tally
from petanque_game.rules.options import Option, resolve
from petanque_game.rules.roll_only import Phase, RollOnly, next_holding, turns_done

GAME_ID = "aces"
TITLE = "Aces to the Middle"
MIN_PLAYERS = 2
MAX_PLAYERS = 10
MOST_START = 6  # dice a player may start with
OPTIONS: dict[str, Option] = {
    "dice": Option("dice", 5, low=1, high=MOST_START, help="dice each player starts with"),
    "last_ace": Option("last_ace", "wins", choices=("wins", "loses"),
                       help="the player who throws the last ace wins the pot, or loses"),
}

# Where a die goes, by its face.
MIDDLE, LEFT, RIGHT, STAYS = "middle", "left", "right", "stays"
GOES = MappingProxyType({1: MIDDLE, 2: LEFT, 3: STAYS, 4: STAYS, 5: RIGHT, 6: STAYS})


# ROLL: the seat to move rolls every die it holds; OVER: the last ace is out
ROLL, DICE, OVER = Phase


def new_game(num_players: int, options: Mapping | None = None) -> AcesState:
    """A game at its start: every player with the starting dice, seat 0 to roll."""
    base.check_players(GAME_ID, num_players, MIN_PLAYERS, MAX_PLAYERS)
    chosen = resolve(OPTIONS, options)
    return AcesState(num_players, chosen["dice"], chosen["last_ace"],
                     (chosen["dice"],) * num_players)


def left_of(seat: int, num_players: int) -> int:
    """The player on `seat`'s left: the next to play."""
    return (seat + 1) % num_players


def right_of(seat: int, num_players: int) -> int:
    return (seat - 1) % num_players


@dataclass(frozen=True)
class Moved:
    """What one roll did (the rules' facts of the step, for the window to tell): where each die
    `goes` (MIDDLE, LEFT, RIGHT or STAYS, in the order rolled), the seats on the roller's left and
    right, whether the roller `again` rolls on, and `last_ace`: the seat that threw the last ace
    when this roll ended the game."""

    goes: tuple[str, ...]
    left: int
    right: int
    again: bool
    last_ace: int | None = None

    def count(self, where: str) -> int:
        return self.goes.count(where)


@dataclass(frozen=True)
class AcesState(RollOnly):
    """An Aces game between events; implements rules.base.State. `dice` each player holds,
    `middle` the dice out of play, `turn_player` the seat rolling now (after the end: the one who
    threw the last ace), `turns` turns finished, `last_ace` the seat that threw it (at the end)."""

    num_players: int
    start_dice: int
    last_ace_rule: str
    dice: tuple[int, ...]
    middle: int = 0
    turn_player: int = 0
    phase: Phase = ROLL
    turns: int = 0
    round_number: int = 1  # 1 + the times the turn has passed seat 0 again
    rolls_this_turn: int = 0
    last_ace: int | None = None

    @property
    def options(self) -> Mapping[str, Any]:
        return MappingProxyType({"dice": self.start_dice, "last_ace": self.last_ace_rule})

    ROLL_REFUSAL = "aces.roll_count"

    @property
    def dice_due(self) -> int:
        """How many dice the seat to move rolls: every die it holds."""
        return self.dice[self.turn_player]

    @property
    def in_play(self) -> int:
        """Dice still in the game (not in the middle)."""
        return sum(self.dice)

    def chance_outcomes(self) -> list[tuple[Dice, Fraction]]:
        """Every roll that plays differently, with its exact probability: what a roll does
        depends only on how many 1s, 2s and 5s it shows, so the outcomes are those counts (the
        other faces shown as 3s), not the 6**n ordered rolls of a player who may hold many
        dice. A roll drawn die by die is as likely as the outcome it falls in says."""
        return list(_outcomes(self.dice_to_roll)) if self.phase == DICE else []

    def scores(self) -> tuple[int, ...]:
        """Chips won or lost: nothing until the last ace is thrown."""
        if self.last_ace is None:
            return (0,) * self.num_players
        n, wins = self.num_players, self.last_ace_rule == "wins"
        one = n - 1 if wins else -(n - 1)
        return tuple(one if s == self.last_ace else (-1 if wins else 1) for s in range(n))

    def winners(self) -> tuple[int, ...]:
        if self.last_ace is None:
            return ()
        if self.last_ace_rule == "wins":
            return (self.last_ace,)
        return tuple(s for s in range(self.num_players) if s != self.last_ace)

    def _after_dice(self, action: Dice) -> AcesState:
        values = base.dice_values(action, self.dice_to_roll)
        n, seat = self.num_players, self.turn_player
        dice, middle = list(self.dice), self.middle
        for v in values:
            where = GOES[v]
            if where == STAYS:
                continue
            dice[seat] -= 1
            if where == LEFT:
                dice[left_of(seat, n)] += 1
            elif where == RIGHT:
                dice[right_of(seat, n)] += 1
            else:
                middle += 1
        rolled = changed(self, dice=tuple(dice), middle=middle,
                         rolls_this_turn=self.rolls_this_turn + 1)
        if not sum(dice):  # the last die went to the middle: this roll threw the last ace
            return changed(rolled, phase=OVER, last_ace=seat, turns=self.turns + 1)
        if dice[seat] and any(GOES[v] != STAYS for v in values):
            return changed(rolled, phase=ROLL)  # something moved: roll on
        nxt = next_holding(seat, dice)
        return changed(rolled, phase=ROLL, turn_player=nxt, turns=self.turns + 1,
                       rolls_this_turn=0, round_number=self.round_number + (nxt <= seat))


@cache
def _outcomes(n: int) -> tuple[tuple[Dice, Fraction], ...]:
    """The rolls of `n` dice by their counts of 1s, 2s, 5s and other faces (each other face is
    one of three), with the multinomial probability of each."""
    found = []
    for ones in range(n + 1):
        for twos in range(n + 1 - ones):
            for fives in range(n + 1 - ones - twos):
                rest = n - ones - twos - fives
                ways = factorial(n) // (factorial(ones) * factorial(twos) * factorial(fives) *
                                        factorial(rest))
                found.append((Dice((1,) * ones + (2,) * twos + (5,) * fives + (3,) * rest),
                              Fraction(ways * 3**rest, 6**n)))
    return tuple(found)


def roll_facts(before: AcesState, decision: Any, outcome: Any, after: AcesState) -> Moved | None:
    """Where a roll's dice went, whether its thrower rolls on, and who threw the last ace."""
    if not isinstance(outcome, Dice):
        return None
    seat, n = before.turn_player, before.num_players
    again = not after.is_terminal and after.turn_player == seat and after.turns == before.turns
    return Moved(tuple(GOES[v] for v in outcome.values), left_of(seat, n), right_of(seat, n),
                 again, after.last_ace)


@dataclass(frozen=True)
class AcesRolled(Rolled):
    """Aces' roll event: the shared `roll`, but one player may hold every die in play, so a roll
    may show more than six."""

    @classmethod
    def read(cls, data: Mapping[str, Any], num_players: int) -> AcesRolled:
        return cls(data["player"], read_ints(data, "dice", 1, 6, 1, MOST_DICE))


MOST_DICE = MAX_PLAYERS * MOST_START  # one player may hold them all
CODECS: Mapping[str, EventCodec] = {"roll": AcesRolled}

SPEC = GameSpec(GAME_ID, TITLE, sys.modules[__name__], frozenset({"roll"}),
                "petanque_game.ai.chance", MIN_PLAYERS, MAX_PLAYERS, order=22,
                facts=roll_facts, window="petanque_game.ui.tray.aces",
                tally=Tally({"": CHIPS}, unit="turn", progress=turns_done),
                codecs=CODECS)
