"""AI players. Each game has a module with `choose(state, level, rng)`; Terningepetanque's throws
are aimed by `petanque.choose_throw`, which searches with the physics. `hints.hint` gives a human
player the expert's move and its worth.

An AI sees the game's state, the board and its own random stream, nothing else: not the match,
not its streams, so not the chance still to come (DESIGN.md, principles 2 and 11).
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

from petanque_game.rules import GAME_MODULES

PETANQUE = "terningepetanque"


def choose(game: str, state: Any, level: str, rng: random.Random, board: Any = None) -> Any:
    """The decision of the AI of `level` to move in `state`; `board` is Terningepetanque's."""
    if game != PETANQUE:
        module = import_module(f"{__name__}.{GAME_MODULES[game]}")
        return module.choose(state, level, rng)
    from petanque_game.ai.petanque import choose_throw
    from petanque_game.rules import terningepetanque as rules

    actions = state.legal_actions()
    if any(isinstance(a, rules.Accept) for a in actions):
        return rules.Accept()  # an AI never disputes its own throw
    if state.throw_due is None and actions:
        return actions[0]  # the roll for who starts
    obj, die = state.throw_due
    seat = state.to_move
    return rules.Throw(obj, die, choose_throw(board, state.table, state.num_players, seat, obj,
                                              die, level, rng, state.penalties))


def hand_of(level: str) -> Any:
    """The hand an AI of `level` throws with (the match applies it after the AI's decision)."""
    from petanque_game.ai.petanque import HANDS

    return HANDS[level]
