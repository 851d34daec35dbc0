"""An AI's aim shown on the table for a moment before it throws (a component of the table scene,
ui/component.py): once the AI's decision is ready (thought out on the AI's thread), its path is
drawn (ui/table/overlay.py) for AI_AIM_SHOWN seconds at the normal AI pace, counted once the
preview is worked out; then the AI throws."""

from __future__ import annotations

from dataclasses import dataclass

from petanque_game.rules.petanque_table import Aim
from petanque_game.rules.terningepetanque import TerningepetanqueState as TableState
from petanque_game.ui.component import Component

AI_AIM_SHOWN = 0.6  # seconds an AI's aim is shown before it throws, at the normal AI pace


@dataclass
class AiAim:
    """An AI's aim shown before it throws: the state it is for, the aim, seconds left."""

    state: TableState
    seat: int
    obj: str
    aim: Aim
    left: float


class AiAimShow(Component):
    """The AI's aim shown now (or None), and the state whose aim was shown (once a decision)."""

    def __init__(self) -> None:
        self.aim: AiAim | None = None
        self.seen: TableState | None = None

    def show(self, state: TableState, obj: str, aim: Aim, pace: float) -> None:
        """Show `aim` (of `obj`) for the decision in `state` at the AI's `pace`."""
        self.seen = state
        self.aim = AiAim(state, state.to_move, obj, aim, AI_AIM_SHOWN * pace)

    def count_down(self, dt: float, worked_out: bool, state: TableState) -> bool:
        """`dt` seconds more shown (counted once its preview is `worked_out`); True when it is
        over (its time is up, or the game moved on from its `state`): the AI throws now."""
        a = self.aim
        if a is None:
            return False
        if worked_out:
            a.left -= dt
        if a.left <= 0.0 or a.state is not state:
            self.aim = None
            return True
        return False
