"""A turn of Ship, Captain and Crew (docs/rules.md#ship-captain-and-crew): the dice, what a roll
secures and what the window is told of it.

A turn is up to three rolls. After each roll a 6 (ship), then a 5 (captain), then a 4 (crew) are
secured automatically and in strict order, one die of each; the unsecured dice are rolled next
(a forced `Roll(n)`, n = 5 - secured). Once all three are secured the other two dice are the cargo,
and the turn scores their sum; while rolls remain the seat may `Stop()` or re-roll the cargo and
accept the new result (with the same choice again while rolls remain). A turn that has not
qualified after three rolls scores 0. The turn ends after the third roll or after `Stop()`.

A reading (docs/rules.md leaves a choice here): re-rolling the cargo is `Roll(2)`: `reroll` may
be omitted (None) or name both cargo values. With `cargo_reroll: any` one die may be re-rolled:
`Roll(1, reroll=(v,))`, v a cargo value (the other cargo die stays). `legal_actions` lists
`Stop()`, `Roll(2)` and then each distinct `Roll(1, reroll=(v,))`. Before the cargo exists
`reroll` must be None.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TypedDict

SHIP, CAPTAIN, CREW = 6, 5, 4
SECURE_ORDER = (SHIP, CAPTAIN, CREW)
ROLLS_PER_TURN = 3
NUM_DICE = 5


class Phase(str, Enum):
    """Where a turn stands."""

    ROLL = "roll"  # the seat rolls (or, with a cargo and rolls left, may stop)
    DICE = "dice"  # the dice are rolling (chance node)
    OVER = "over"


def secure(secured: int, values: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Secure ship, captain and crew from a roll in strict order; the cargo once all three are in.

    `secured` is how many are secured before the roll (0-3). 6-5-4-x-y secures all three;
    5-4-x-y-z without a ship secures nothing.
    """
    rest = list(values)
    for need in SECURE_ORDER[secured:]:
        if need not in rest:
            break
        rest.remove(need)
        secured += 1
    return secured, tuple(sorted(rest)) if secured == 3 else ()


@dataclass(frozen=True)
class TurnFacts:
    """What a roll or a stop did, as the window tells it: how many of ship, captain and crew are
    secured after it, the cargo, what each die of a roll became ("ship", "captain", "crew",
    "cargo", or "" for a die that stays unsecured), and whether the turn ended, for what score."""

    secured: int
    cargo: tuple[int, ...]
    roles: tuple[str, ...]
    ended: bool
    score: int


ROLES = ("ship", "captain", "crew")


class TurnFields(TypedDict):
    """The fields of a turn in progress."""

    secured_count: int
    cargo: tuple[int, ...]
    rolls_used: int
    pending: int
    kept: tuple[int, ...]
    last_roll: tuple[int, ...]


FRESH_TURN = TurnFields(secured_count=0, cargo=(), rolls_used=0, pending=0, kept=(), last_roll=())
