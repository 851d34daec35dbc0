"""Evens against Odds, "Partall mot oddetall" (`even-odd`): roll six dice, count the even against
the odd, and settle the difference in chips. A game of chance alone: the only decision is to roll.

The seeds give it one line; no fuller published rules for it were found, so where the line
leaves a choice the readings below are ours, taken from how such settling games are played
(docs/rules-even-odd.md says which):
- 2 to 10 players, each with ten chips (option `chips`, 1-50). Seat 0 rolls first; play passes
  to the left, seat by seat (seat + 1).
- On your turn you roll six dice. You play the evens (2, 4, 6) against the player on your left,
  who plays the odds (1, 3, 5): the side with more dice wins the difference (6-0: 6 chips, 5-1:
  4, 4-2: 2; 3-3 settles nothing), paid by the other side.
- You pay at most what you have: a player left with no chips is out of the game, neither rolling
  nor playing the odds (the odds are played by the next player on the left who still has chips).
- The game ends when one player holds every chip, or after `rounds` rounds (default 10; 0 plays
  on until one holds every chip); the most chips win (ties share the win).
- `scores()` are the chips each player holds.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from types import MappingProxyType
from typing import Any

from petanque_game.rules import base
from petanque_game.rules.base import Dice, changed
from petanque_game.rules.games import CHIPS, GameSpec, Tally
from petanque_game.rules.options import Option, resolve
from petanque_game.rules.roll_only import Phase, RollOnly, next_holding, turns_done

GAME_ID = "even-odd"
TITLE = "Evens against Odds"
MIN_PLAYERS = 2
MAX_PLAYERS = 10
DICE = 6
OPTIONS: dict[str, Option] = {
    "chips": Option("chips", 10, low=1, high=50, help="chips each player starts with"),
    "rounds": Option("rounds", 10, low=0, high=99,
                     help="rounds of one roll each; 0: until one player holds every chip"),
}
# A roll plays only by how many dice are even: those counts, each with its exact probability.
_OUTCOMES = tuple((Dice((2,) * k + (1,) * (DICE - k)), Fraction(comb(DICE, k), 2**DICE))
                  for k in range(DICE + 1))


ROLL, DICE_ROLLING, OVER = Phase  # OVER: the rounds are played, or one player holds every chip


def new_game(num_players: int, options: Mapping | None = None) -> EvenOddState:
    """A game at its start: every player with the starting chips, seat 0 to roll."""
    base.check_players(GAME_ID, num_players, MIN_PLAYERS, MAX_PLAYERS)
    chosen = resolve(OPTIONS, options)
    return EvenOddState(num_players, chosen["chips"], chosen["rounds"],
                        (chosen["chips"],) * num_players)


def evens(values: tuple[int, ...]) -> int:
    return sum(1 for v in values if v % 2 == 0)


@dataclass(frozen=True)
class Settled:
    """What one roll settled (the rules' facts of the step, for the window to tell): the roller's
    `evens` against the `odds` of the `opponent`, the chips `won` by the roller (negative: lost to
    the opponent), and the seats it put `out` of the game."""

    evens: int
    odds: int
    roller: int
    opponent: int
    won: int
    out: tuple[int, ...] = ()


@dataclass(frozen=True)
class EvenOddState(RollOnly):
    """An Evens against Odds game between events; implements rules.base.State. `chips` each
    player holds, `turn_player` the seat rolling now (after the end: the last to roll), `turns`
    rolls made, `round_number` the round in progress (after the end: the last one played)."""

    num_players: int
    start_chips: int
    rounds: int
    chips: tuple[int, ...]
    turn_player: int = 0
    phase: Phase = ROLL
    turns: int = 0
    round_number: int = 1
    last_roll: tuple[int, ...] = ()

    @property
    def options(self) -> Mapping[str, Any]:
        return MappingProxyType({"chips": self.start_chips, "rounds": self.rounds})

    ROLL_REFUSAL = "even_odd.roll_count"
    @property
    def dice_due(self) -> int:
        """Every roll is of all six dice."""
        return DICE

    @property
    def opponent(self) -> int:
        """Who plays the odds against the seat rolling: the next on its left with chips."""
        return next_holding(self.turn_player, self.chips)

    def chance_outcomes(self) -> list[tuple[Dice, Fraction]]:
        """The rolls by how many dice show even (the others shown as 1s, the evens as 2s), with
        the exact probability of each: nothing else about a roll counts."""
        return list(_OUTCOMES) if self.phase == DICE_ROLLING else []

    def scores(self) -> tuple[int, ...]:
        return self.chips

    def winners(self) -> tuple[int, ...]:
        if self.phase != OVER:
            return ()
        return base.best_seats(list(self.chips), list(range(self.num_players)))

    def _after_dice(self, action: Dice) -> EvenOddState:
        values = base.dice_values(action, DICE)
        won = settle(self, values)
        seat, other = self.turn_player, self.opponent
        chips = list(self.chips)
        chips[seat] += won
        chips[other] -= won
        rolled = changed(self, chips=tuple(chips), turns=self.turns + 1, last_roll=values)
        if sum(1 for c in chips if c > 0) == 1:
            return changed(rolled, phase=OVER)
        nxt = next_holding(seat, chips)
        round_number = self.round_number + (nxt <= seat)
        if self.rounds and round_number > self.rounds:
            return changed(rolled, phase=OVER)
        return changed(rolled, phase=ROLL, turn_player=nxt, round_number=round_number)


def settle(state: EvenOddState, values: tuple[int, ...]) -> int:
    """The chips the roller of `values` wins from its opponent (negative: pays it): the difference
    between the even and the odd dice, paid by the side with fewer, at most what it has."""
    even = evens(values)
    difference = even - (DICE - even)
    if difference > 0:
        return min(difference, state.chips[state.opponent])
    return -min(-difference, state.chips[state.turn_player])


def roll_facts(before: EvenOddState, decision: Any, outcome: Any,
               after: EvenOddState) -> Settled | None:
    """The evens against the odds of a roll, who played them and what changed hands."""
    if not isinstance(outcome, Dice):
        return None
    seat, other = before.turn_player, before.opponent
    even = evens(outcome.values)
    out = tuple(s for s in (seat, other) if before.chips[s] > 0 and after.chips[s] == 0)
    return Settled(even, DICE - even, seat, other, after.chips[seat] - before.chips[seat], out)


SPEC = GameSpec(GAME_ID, TITLE, sys.modules[__name__], frozenset({"roll"}),
                "petanque_game.ai.chance", MIN_PLAYERS, MAX_PLAYERS, order=23,
                facts=roll_facts, window="petanque_game.ui.tray.even_odd",
                tally=Tally({"": CHIPS}, unit="turn", progress=turns_done))
