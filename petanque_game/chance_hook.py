"""Each game's chance, as the match meets it: one hook per game (its `GameSpec.chance`), so that
the match and the fold name no game.

A hook has four parts, each given the match (`match.Match`):
- `draws(match, action)`: would `action`, done now, lead to a draw (`Match.draw_follows`)?
- `release(match, seat, decision)`: the decision as it leaves the seat, with any chance drawn
  after it and before the rules take it (a Terningepetanque aim leaving the thrower's hand); the
  dice games change nothing here;
- `resolve(match, decision, state)`: the chance node `decision` led to, live: (the state after,
  the outcome): dice drawn from the match's streams, or a throw simulated;
- `check(match, decision, state, recorded, index, check_physics)`: a recorded outcome checked
  where event `index` stands (against the seed and the event's contributions, and the physics
  for a throw): the state after it.

`DICE` is the tray games' hook and the default; `throwing.THROWS` is Terningepetanque's.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol

from petanque_game.fold import check_roll
from petanque_game.rules.base import CHANCE, IllegalAction
from petanque_game.rules.games import GameSpec


class ChanceHook(Protocol):
    def draws(self, match: Any, action: Any) -> bool: ...

    def release(self, match: Any, seat: int, decision: Any) -> Any: ...

    def resolve(self, match: Any, decision: Any, state: Any) -> tuple[Any, Any]: ...

    def check(self, match: Any, decision: Any, state: Any, recorded: Any, index: int,
              check_physics: bool) -> Any: ...


class DiceChance:
    """A roll: as many dice as the state asks for, drawn when the decision is made."""

    def draws(self, match: Any, action: Any) -> bool:
        try:
            return bool(match.state.apply(action).to_move == CHANCE)
        except (IllegalAction, ValueError, TypeError):  # not a move the rules take now
            return False

    def release(self, match: Any, seat: int, decision: Any) -> Any:
        return decision

    def resolve(self, match: Any, decision: Any, state: Any) -> tuple[Any, Any]:
        with match.drawing():
            dice = match.draw_dice(state.dice_to_roll)
        return state.apply(dice), dice

    def check(self, match: Any, decision: Any, state: Any, recorded: Any, index: int,
              check_physics: bool) -> Any:
        after = state.apply(recorded.outcome)  # the rules first: they refuse a wrong count
        check_roll(match, recorded.outcome.values, state.dice_to_roll, index)
        return after


DICE = DiceChance()


def hook_of(spec: GameSpec) -> ChanceHook:
    """The chance hook `spec` names ("module:NAME"), or `DICE`."""
    if not spec.chance:
        return DICE
    module, name = spec.chance.split(":")
    hook: ChanceHook = getattr(import_module(module), name)
    return hook
