"""What the controls of a tray game of chance alone share (no decision but to roll, so no hint):
one Roll button and its key, the roll on the tray as it fell, and the prompt naming who rolls
how many dice. Each such game subclasses `ChanceControls` with its own panel, scores and words.
"""

from __future__ import annotations

from typing import TypeVar

from petanque_game.rules.base import Roll
from petanque_game.rules.roll_only import RollOnly
from petanque_game.ui.keys import key_names
from petanque_game.ui.tray.games import Advice, Controls
from petanque_game.ui.widgets import Button

R_co = TypeVar("R_co", bound=RollOnly, covariant=True)  # the game's state


class ChanceControls(Controls[R_co]):
    """The controls of a game of chance alone (its dice shown as they fell: `Controls`')."""

    def click_die(self, i: int) -> None:
        if not self.not_now():
            self.scene.refuse(self.scene.look.tr("tray.alone.refuse.dice"))

    def the_roll(self) -> Roll | None:
        """The one roll the rules allow now (None when no seat is to roll)."""
        actions = self.state.legal_actions()
        return actions[0] if len(actions) == 1 and isinstance(actions[0], Roll) else None

    def roll(self) -> None:
        if self.not_now():
            return
        action = self.the_roll()
        if action is None:
            self.scene.refuse(self.scene.look.tr("tray.refuse.not_now"))
            return
        self.scene.act(action)

    def buttons(self) -> list[Button]:
        look = self.scene.look
        action = self.the_roll()
        if self.state.is_terminal or action is None:
            return []
        return [self.button(look.tr_n("tray.alone.roll", action.count), self.roll, True,
                            key_names(look, self.scene.app.settings, "roll"), "roll", "primary")]

    def key(self, key: int) -> bool:
        if self.is_key("roll", key):
            self.roll()
            return True
        return False

    def prompt(self) -> str:
        look = self.scene.look
        wait = self.waiting_prompt()
        if wait:
            return wait
        action = self.the_roll()
        if action is None:
            return ""
        return look.tr_n("tray.alone.prompt", action.count, name=self.name(self.state.to_move))

    def advise(self, state: object) -> Advice:
        raise ValueError("a game of chance alone has no hint")
