"""LCR, Left Center Right (`lcr`): roll and send chips left, right or to the pot; the last player
with chips wins them all. A game of chance alone: the only decision is to roll.

The seeds name it in one line ("roll the dice and send chips to the left, to the right or to the
pot; the last one with chips wins it all"); where that leaves a choice, the common published rules
are taken (docs/rules-lcr.md says which):
- Each player starts with three chips (option `chips`, 1-10) and there is an empty pot; 3 to 10
  players. Seat 0 rolls first and play passes to the left, seat by seat (seat + 1).
- On your turn you roll one die per chip you hold, at most three. Each die sends one of your
  chips: 4 (L) to the player on your left (the next seat), 5 (C) to the pot in the centre, 6 (R)
  to the player on your right (the seat before); 1, 2 and 3 (the dots) keep it. The dice are
  settled in the order rolled; a die never sends a chip you do not have, since you roll no more
  dice than chips.
- A player with no chips does not roll (the turn passes by) but is still in the game: a
  neighbour's L or R gives them chips again.
- As soon as only one player holds chips the game is over: that player wins and takes the pot.
- `scores()` are the chips each player holds (the winner's with the pot, once it is won).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from petanque_game.rules import base
from petanque_game.rules.base import Dice, changed
from petanque_game.rules.games import CHIPS, GameSpec, Tally
from petanque_game.rules.options import Option, resolve
from petanque_game.rules.roll_only import Phase, RollOnly, next_holding, turns_done

GAME_ID = "lcr"
TITLE = "LCR (Left Center Right)"
MIN_PLAYERS = 3
MAX_PLAYERS = 10
MAX_DICE = 3
OPTIONS: dict[str, Option] = {
    "chips": Option("chips", 3, low=1, high=10, help="chips each player starts with"),
}

# What a die sends, by its face.
KEEP, LEFT, CENTRE, RIGHT = "keep", "left", "centre", "right"
SENDS = MappingProxyType({1: KEEP, 2: KEEP, 3: KEEP, 4: LEFT, 5: CENTRE, 6: RIGHT})
_OUTCOMES = {n: tuple(base.ordered_dice_outcomes(n)) for n in range(1, MAX_DICE + 1)}


ROLL, DICE, OVER = Phase  # OVER: one player holds every chip in hand and has taken the pot


def new_game(num_players: int, options: Mapping | None = None) -> LcrState:
    """A game at its start: every player with the starting chips, the pot empty, seat 0 to roll."""
    base.check_players(GAME_ID, num_players, MIN_PLAYERS, MAX_PLAYERS)
    chosen = resolve(OPTIONS, options)
    return LcrState(num_players, chosen["chips"], (chosen["chips"],) * num_players)


def left_of(seat: int, num_players: int) -> int:
    """The player on `seat`'s left: the next to play."""
    return (seat + 1) % num_players


def right_of(seat: int, num_players: int) -> int:
    return (seat - 1) % num_players


@dataclass(frozen=True)
class Sent:
    """What one roll did (the rules' facts of the step, for the window to tell): each die's
    `sends` (KEEP, LEFT, CENTRE or RIGHT, in the order rolled), the seats on the roller's left and
    right, and the `winner` with the `pot` they took when the roll ended the game."""

    sends: tuple[str, ...]
    left: int
    right: int
    winner: int | None = None
    pot: int = 0

    def count(self, where: str) -> int:
        return self.sends.count(where)


@dataclass(frozen=True)
class LcrState(RollOnly):
    """An LCR game between events; implements rules.base.State. `chips` in each player's hand,
    `pot` in the centre, `turn_player` the seat rolling now (after the end: the last to roll),
    `turns` rolls made so far, `last_roll` the latest roll's values."""

    num_players: int
    start_chips: int
    chips: tuple[int, ...]
    pot: int = 0
    turn_player: int = 0
    phase: Phase = ROLL
    turns: int = 0
    round_number: int = 1  # 1 + the times the turn has passed seat 0 again
    last_roll: tuple[int, ...] = ()

    @property
    def options(self) -> Mapping[str, Any]:
        return MappingProxyType({"chips": self.start_chips})

    ROLL_REFUSAL = "lcr.roll_count"

    @property
    def dice_due(self) -> int:
        """How many dice the seat to move rolls: one per chip, at most three."""
        return min(MAX_DICE, self.chips[self.turn_player])

    @property
    def holders(self) -> tuple[int, ...]:
        """The seats holding chips."""
        return tuple(s for s, c in enumerate(self.chips) if c > 0)

    def chance_outcomes(self) -> list[tuple[Dice, Fraction]]:
        return list(_OUTCOMES[self.dice_due]) if self.phase == DICE else []

    def scores(self) -> tuple[int, ...]:
        """The chips in each player's hand."""
        return self.chips

    def winners(self) -> tuple[int, ...]:
        return self.holders if self.phase == OVER else ()

    def _after_dice(self, action: Dice) -> LcrState:
        values = base.dice_values(action, self.dice_due)
        n, seat = self.num_players, self.turn_player
        chips, pot = list(self.chips), self.pot
        for v in values:
            where = SENDS[v]
            if where == KEEP:
                continue
            chips[seat] -= 1
            if where == LEFT:
                chips[left_of(seat, n)] += 1
            elif where == RIGHT:
                chips[right_of(seat, n)] += 1
            else:
                pot += 1
        rolled = changed(self, chips=tuple(chips), pot=pot, turns=self.turns + 1,
                         last_roll=values)
        holders = rolled.holders
        if len(holders) == 1:  # the last with chips takes the pot
            chips[holders[0]] += pot
            return changed(rolled, chips=tuple(chips), pot=0, phase=OVER)
        nxt = next_holding(seat, chips)
        return changed(rolled, turn_player=nxt, phase=ROLL,
                       round_number=self.round_number + (nxt <= seat))


def roll_facts(before: LcrState, decision: Any, outcome: Any, after: LcrState) -> Sent | None:
    """What a roll sent where, and who won: read from the rules' own step."""
    if not isinstance(outcome, Dice):
        return None
    seat, n = before.turn_player, before.num_players
    won = after.holders[0] if after.is_terminal else None
    return Sent(tuple(SENDS[v] for v in outcome.values), left_of(seat, n), right_of(seat, n),
                won, before.pot + outcome.values.count(5) if won is not None else 0)


SPEC = GameSpec(GAME_ID, TITLE, sys.modules[__name__], frozenset({"roll"}),
                "petanque_game.ai.chance", MIN_PLAYERS, MAX_PLAYERS, order=21,
                facts=roll_facts, window="petanque_game.ui.tray.lcr",
                tally=Tally({"": CHIPS}, unit="turn", progress=turns_done))
