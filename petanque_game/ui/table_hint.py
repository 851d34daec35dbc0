"""The hint at the table: the expert's suggested aim for a human's throw, asked for with H or the
Hint button, searched for the player's own hand on the AI's thread (`ai.hints`, a few hundred
milliseconds) so the window never waits, then drawn on the board with its worth in the player's
words. Use hint (U) puts its aim in place (`TableScene.use_hint`); asked before the hint is there,
it is put in place when the search is done."""

from __future__ import annotations

import re
from concurrent.futures import Future
from typing import Any

from petanque_game.ui import lang
from petanque_game.ui.session import in_background

# What the expert's search says an aim is for (ai/petanque.py) -> the text key saying it.
_LABELS = {
    "Throw the diamond to the middle of the board": "middle",
    "Throw the diamond near the middle of the board": "near_middle",
    "Aim at the diamond": "at_diamond",
    "Aim short of the diamond": "short",
    "Aim beside the diamond": "beside",
    "Aim through your own die": "own_die",
    "Knock your opponent's die away": "knock_opponent",
    "Push the diamond on": "push",
    "Play safe, well clear of the other dice": "safe",
}
_KNOCK_PLAYER = re.compile(r"Knock player (\d+)'s die away")
# What a hint's plan means to hit (the preview's `table.aim.*` keys): no warning, but the plan.
_MEANT = {"push": ("table.aim.into_diamond",), "at_diamond": ("table.aim.into_diamond",),
          "knock_opponent": ("table.aim.into_die",),
          "own_die": ("table.aim.into_die",)}


def meant_contacts(hint: Any) -> tuple[str, ...]:
    """The preview's warnings that a hint's aim means to meet (pushing the diamond on, knocking a
    die): said as its plan, not in the warning's red."""
    if hint is None:
        return ()
    label = hint.text.partition(":")[0]
    if _KNOCK_PLAYER.fullmatch(label):
        return ("table.aim.into_die",)
    return _MEANT.get(_LABELS.get(label, ""), ())


class HintAsk:
    """The hint asked for in one state: searching, ready (shown or hidden), or none."""

    def __init__(self, game: str, board: Any):
        self.game = game
        self.board = board
        self.state: Any = None  # the state the hint is for
        self.future: Future | None = None
        self.hint: Any = None
        self.shown = False
        self.problem: str | None = None
        self.origin: Any = None  # the session's state `state` was shown for (a throw kept at once)
        self.use_when_ready = False  # Use hint was asked before the hint was there

    def ask(self, state: Any, hand: Any = None, origin: Any = None) -> None:
        """Show (or hide again) the hint for `state` and the thrower's `hand`, searching for it
        first if need be. `origin`: the session's state, when the table shows `state` for it."""
        if self.state is state:
            self.shown = not self.shown
            return
        from petanque_game.ai import hints

        self.state, self.hint, self.problem, self.shown = state, None, None, True
        self.origin, self.use_when_ready = origin, False
        game, board = self.game, self.board
        self.future = in_background(lambda: hints.hint(game, state, board, hand=hand))

    def poll(self) -> None:
        """Take the search's answer when it is there. A search that fails other than by having
        nothing to say is a bug: raised here, to the window's handler (logged with traceback)."""
        if self.future is None or not self.future.done():
            return
        future, self.future = self.future, None
        try:
            self.hint = future.result()
        except ValueError:
            self.problem = lang.tr("table.hint.none")

    def searching(self, state: Any) -> bool:
        return self._for(state) and self.future is not None and self.shown

    def current(self, state: Any) -> Any:
        """The hint to draw in `state`, or None."""
        return self.hint if self._for(state) and self.shown else None

    def _for(self, state: Any) -> bool:
        return state is not None and (self.state is state or self.origin is state)


def hint_words(hint: Any, state: Any, players: Any = None) -> str:
    """The hint's aim and worth in the player's words (a die to knock away named by its owner's
    name when `players` are given)."""
    from petanque_game.rules.petanque_table import Aim

    if not isinstance(hint.action, Aim):
        return lang.tr("table.hint.keep", points=f"{hint.value:+.1f}") \
            if state.awaiting_accept else lang.tr("table.hint.roll")
    label = hint.text.partition(":")[0]
    knock = _KNOCK_PLAYER.fullmatch(label)
    if knock:
        seat = int(knock.group(1)) - 1  # the search numbers players from 1
        who = players[seat].name if players is not None and 0 <= seat < len(players) else \
            knock.group(1)
        what = lang.tr("table.hint.label.knock_player", name=who)
    elif label in _LABELS:
        what = lang.tr("table.hint.label." + _LABELS[label])
    else:
        what = label
    obj, _ = state.throw_due
    if obj == "diamond":
        risk = max(0.0, -hint.value / 5.0)
        worth = lang.tr("table.hint.stays") if risk <= 0.0 else \
            lang.tr("table.hint.risk", percent=f"{100 * risk:.0f}")
    else:
        key = "table.hint.worth_two" if state.num_players == 2 else "table.hint.worth_many"
        worth = lang.tr(key, points=f"{hint.value:+.1f}")
    return f"{what}: {worth}"
