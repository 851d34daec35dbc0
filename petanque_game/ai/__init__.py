"""AI players. Each game has a module with `choose(state, level, rng)`; Terningepetanque's throws
are aimed by `petanque.choose_throw`, which searches with the physics.

Every AI draws only from the stream the match hands it (DESIGN.md, principle 2).
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

from petanque_game.rules import GAME_MODULES


def choose(match: Any, seat: int, level: str, rng: random.Random) -> Any:
    """The decision of the AI at `seat` in `match`, at the given level."""
    state = match.state
    if match.record.game != "terningepetanque":
        module = import_module(f"{__name__}.{GAME_MODULES[match.record.game]}")
        return module.choose(state, level, rng)
    from petanque_game.ai.petanque import choose_throw

    rules = match.rules
    actions = state.legal_actions()
    if any(isinstance(a, rules.Accept) for a in actions):
        return rules.Accept()  # an AI never disputes its own throw
    if not any(isinstance(a, rules.Throw) for a in actions) and actions:
        return actions[0]  # the roll for who starts
    obj, die = state.throw_due
    launch = choose_throw(match.level, state.table, state.num_players, seat, obj, die, level, rng,
                          orientation=match.hand_orientation() if obj == "die" else 0)
    return rules.Throw(obj, die, launch)
