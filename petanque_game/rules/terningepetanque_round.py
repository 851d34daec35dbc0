"""A Terningepetanque round's throws (docs/rules.md#terningepetanque): who throws what in which
order, the throw in the air until the physics settles it, and who starts the next round."""

from __future__ import annotations

from typing import NamedTuple

from petanque_game.rules.petanque_table import DIAMOND, DIE, Launch, Table
from petanque_game.rules.terningepetanque_score import DICE_PER_PLAYER


class PendingThrow(NamedTuple):
    """A throw in the air: who threw what, how, and the table before it."""
    player: int
    obj: str
    die: int | None
    launch: Launch
    table_before: Table


def throw_order(num_players: int, starter: int) -> tuple[tuple[int, str, int | None], ...]:
    """A round's throws as (player, obj, die): the diamond by the starter, then each player's die 0
    in seat order from the starter, then each player's die 1 in the same order."""
    seats = [(starter + k) % num_players for k in range(num_players)]
    return ((starter, DIAMOND, None),
            *((p, DIE, i) for i in range(DICE_PER_PLAYER) for p in seats))


def next_starter(num_players: int, starter: int, closest: tuple[int, ...]) -> int:
    """The round's winner (first closest seat in seat order from the starter), or the same starter
    when no die lies on the board."""
    for k in range(num_players):
        if (starter + k) % num_players in closest:
            return (starter + k) % num_players
    return starter
