"""AI players. Each game names its AI module in its registration (`rules.games`): a module with
`choose(state, level, rng)`, and for a game on a board `choose(state, level, rng, board)`
(Terningepetanque's, `petanque.py`, searches with the physics).
`hints.hint` gives a human player the expert's move and its worth.

An AI sees the game's state, the board and its own random stream, nothing else: not the match,
not its streams, so not the chance still to come (docs/design.md#hidden-chance).
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

from petanque_game.physics.hand import Hand
from petanque_game.rules.games import spec_of


def choose(game: str, state: Any, level: str, rng: random.Random, board: Any = None) -> Any:
    """The decision of the AI of `level` to move in `state`; `board` for a game on a board."""
    spec = spec_of(game)
    module = import_module(spec.ai)
    if spec.board:
        return module.choose(state, level, rng, board)
    return module.choose(state, level, rng)


def hand_of(level: str) -> Hand:
    """The hand an AI of `level` throws with (the match applies it after the AI's decision)."""
    from petanque_game.ai.petanque import HANDS

    return HANDS[level]
