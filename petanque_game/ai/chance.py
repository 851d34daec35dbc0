"""The AI seat of a game with no decision to make, where the dice decide everything: it takes the
one move the rules allow (a roll). Every level plays alike, since there is nothing to play better.
"""

from __future__ import annotations

import random
from typing import Any


def choose(state: Any, level: str, rng: random.Random) -> Any:
    """The only legal action of `state`; a ValueError if the rules offer a choice after all
    (such a game needs an AI of its own)."""
    actions = state.legal_actions()
    if len(actions) != 1:
        raise ValueError(f"a game of chance alone offers one move, not {len(actions)}")
    return actions[0]
