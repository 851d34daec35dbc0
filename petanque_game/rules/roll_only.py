"""What the games the dice alone decide have in common (LCR, Aces to the Middle, Evens against
Odds): a turn is the roll the seat to move asks for, then the dice that answer it. The only
decision is to roll, so the games differ in how many dice are due (`dice_due`), what their values
do (`_after_dice`) and the chances of what plays differently (`chance_outcomes`), each in its own
module; the phases, who is to move and the checks before a roll are here, once."""

from __future__ import annotations

from enum import Enum
from typing import Any, ClassVar

from petanque_game.rules import base
from petanque_game.rules.base import Dice, IllegalAction, Roll, changed


class Phase(str, Enum):
    ROLL = "roll"  # the seat to move rolls
    DICE = "dice"  # the dice are rolling (chance node)
    OVER = "over"  # the game is decided


def next_holding(seat: int, counts: tuple[int, ...] | list[int]) -> int:
    """The first seat after `seat`, going round to its left, that holds anything (`counts` per
    seat: chips or dice); `seat` itself when no other does."""
    n = len(counts)
    return next(s for s in ((seat + k) % n for k in range(1, n + 1)) if counts[s] > 0)


def turns_done(events: list, index: int, state: Any) -> int:
    """How far a game of chance has come, for the statistics' score series: its turns."""
    return int(state.turns)


class RollOnly:
    """The part of a game-of-chance state that is the same in all three: a frozen dataclass
    mixes it in, with a `phase`, a `turn_player`, the `dice_due` of the seat to move, its
    `_after_dice` and `ROLL_REFUSAL`, the key of its "wrong number of dice" refusal."""

    phase: Phase
    turn_player: int
    ROLL_REFUSAL: ClassVar[str]

    @property
    def dice_due(self) -> int:
        raise NotImplementedError

    def _after_dice(self, action: Dice) -> Any:
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def to_move(self) -> int:
        if self.phase == Phase.OVER:
            return base.TERMINAL
        return base.CHANCE if self.phase == Phase.DICE else self.turn_player

    @property
    def dice_to_roll(self) -> int:
        return self.dice_due if self.phase == Phase.DICE else 0

    @property
    def roller(self) -> int | None:
        return self.turn_player if self.phase == Phase.DICE else None

    engine_action = base.no_engine_step

    def legal_actions(self) -> list:
        return [Roll(self.dice_due)] if self.phase == Phase.ROLL else []

    def apply(self, action: object) -> Any:
        if self.phase == Phase.OVER:
            raise IllegalAction("over")
        if self.phase == Phase.DICE:
            if not isinstance(action, Dice):
                raise IllegalAction("dice_rolling", given=type(action).__name__)
            return self._after_dice(action)
        if not isinstance(action, Roll):
            raise IllegalAction("roll_expected", given=type(action).__name__)
        if action.reroll is not None:
            raise IllegalAction("no_reroll")
        if action.count != self.dice_due:
            raise IllegalAction(self.ROLL_REFUSAL, due=self.dice_due, given=action.count)
        return changed(self, phase=Phase.DICE)
