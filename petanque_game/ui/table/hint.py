"""The hint at the table: the expert's suggested aim for a human's throw, asked for with H or the
Hint button, searched for the player's own hand on the AI's thread (`ai.hints`, a few hundred
milliseconds to a second and more with four players) so the window never waits, then drawn on the
board with its worth in the player's words. While a person aims, the hint for the throw is searched
for ahead, unseen (`prepare`), when the coach will teach that throw (the lesson takes the same
search as the expert's aim) or the person has asked for a hint in this game: H then shows it at
once. Use hint (U) puts its aim in place (`TableScene.use_hint`); asked before the hint is there,
it is put in place when the search is done."""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from petanque_game.ui.component import Component
from petanque_game.ui.look import Look
from petanque_game.ui.workers import Workers

# What a hint's plan means to hit (the preview's `table.aim.*` keys), by its label's key: no
# warning, but the plan.
_MEANT = MappingProxyType({
    "push": ("table.aim.into_diamond",), "at_diamond": ("table.aim.into_diamond",),
    "knock_opponent": ("table.aim.into_die",), "knock_player": ("table.aim.into_die",),
    "own_die": ("table.aim.into_die",),
    "push_via_die": ("table.aim.into_diamond", "table.aim.into_die"),
    "through_die": ("table.aim.into_die",)})
# What a plan is said as when its path meets something first (the preview's first warning): a
# plan for the diamond that meets a die goes through it; a plan to lie short of, beside or clear
# of the diamond whose path runs into it pushes it, and one that runs into a die goes through it.
_SAID_AS = MappingProxyType({
    "table.aim.into_die": MappingProxyType({"push": "push_via_die", "at_diamond": "push_via_die",
                                            "short": "through_die", "beside": "through_die",
                                            "safe": "through_die"}),
    "table.aim.into_diamond": MappingProxyType({"short": "push", "beside": "push",
                                                "safe": "push"})})


def meant_contacts(hint: Any) -> tuple[str, ...]:
    """The preview's warnings that a hint's aim means to meet (pushing the diamond on, knocking a
    die): said as its plan, not in the warning's red."""
    label = getattr(hint, "label", None)
    return _MEANT.get(getattr(label, "key", ""), ())


def as_previewed(hint: Any, preview: Any) -> Any:
    """The hint, its plan said as its preview shows the path (`preview`: the aim's, or None
    before it is worked out): a plan whose path meets a die or the diamond first says so
    (`_SAID_AS`), so its words never say one thing and its warning another."""
    label = getattr(hint, "label", None)
    warnings = getattr(preview, "warnings", None)
    if label is None or not warnings:
        return hint
    said = _SAID_AS.get(warnings[0][0], MappingProxyType({})).get(label.key)
    return hint if said is None else replace(hint, label=replace(label, key=said))


class HintAsk(Component):
    """The hint asked for in one state: searching, ready (shown or hidden), or none (a part of the
    table scene, ui/component.py)."""

    def __init__(self, look: Look, game: str, board: Any, workers: Workers):
        self.look = look  # what it says "no hint" with: its scene's
        self.game = game
        self.workers = workers  # the hint is searched for on its AI's thread
        self.board = board
        self.state: Any = None  # the state the hint is for
        self.future: Future | None = None  # its search, until its answer is taken
        self.searched: Future | None = None  # its search, kept (the coach's lesson reads it)
        self.hint: Any = None
        self.shown = False
        self.problem: str | None = None
        self.origin: Any = None  # the session's state `state` was shown for (a throw kept at once)
        self.use_when_ready = False  # Use hint was asked before the hint was there
        self.asked = False  # a person has asked for a hint at this table

    def ask(self, state: Any, hand: Any = None, origin: Any = None, hands: Any = None) -> None:
        """Show (or hide again) the hint for `state` and the thrower's `hand`, searching for it
        first if need be. `origin`: the session's state, when the table shows `state` for it;
        `hands`: every seat's hand (the worth plays the round on with them)."""
        self.asked = True
        if self.state is state:
            self.shown = not self.shown
            return
        self.prepare(state, hand, origin, hands)
        self.shown = True

    def prepare(self, state: Any, hand: Any = None, origin: Any = None,
                hands: Any = None) -> None:
        """Search for the hint for `state`, one not searched for yet (as `ask`), and keep it
        unseen until it is asked for."""
        from petanque_game.ai import hints

        self.state, self.hint, self.problem, self.shown = state, None, None, False
        self.origin, self.use_when_ready = origin, False
        game, board = self.game, self.board
        self.future = self.searched = self.workers.in_background(
            lambda: hints.hint(game, state, board, hand=hand, hands=hands))

    def update(self, dt: float) -> None:
        self.poll()

    def poll(self) -> None:
        """Take the search's answer when it is there. A search that fails other than by having
        nothing to say is a bug: raised here, to the window's handler (logged with traceback)."""
        if self.future is None or not self.future.done():
            return
        future, self.future = self.future, None
        try:
            self.hint = future.result()
        except ValueError:
            self.problem = self.look.tr("table.hint.none")

    def searching(self, state: Any) -> bool:
        return self._for(state) and self.future is not None and self.shown

    @property
    def awaited(self) -> bool:
        """A search is on whose hint is to be shown when done (frames are needed for it); one
        made ahead and not asked for needs none."""
        return self.future is not None and (self.shown or self.use_when_ready)

    def search_for(self, state: Any) -> Future | None:
        """The search for the hint in `state`, shown or not, done or not (None: none made)."""
        return self.searched if self._for(state) else None

    def problem_shown(self, state: Any) -> str | None:
        """Why there is no hint, when one was asked for in `state`."""
        return self.problem if self.shown and self.state is state else None

    def current(self, state: Any) -> Any:
        """The hint to draw in `state`, or None."""
        return self.hint if self._for(state) and self.shown else None

    def _for(self, state: Any) -> bool:
        return state is not None and (self.state is state or self.origin is state)


def hint_words(look: Look, hint: Any, state: Any, players: Any = None) -> str:
    """The hint's aim and worth in the player's words (a die to knock away named by its owner's
    name when `players` are given), from its keys: never from its English `text`."""
    from petanque_game.ai.hints_petanque import words_of

    seat = getattr(hint.label, "owner", None)
    who = "" if seat is None else players[seat].name if players is not None and \
        0 <= seat < len(players) else str(seat + 1)
    return words_of(hint, state, look.tr, who)
