"""The expert's hint on the tray: for a person to move in a live game (the Hint button or H),
worked out on the AI's thread so that the window never waits, taken in when it is done, and then
shown: told on the banner (ui/tray/banner.py), ringed on the dice and boxes it means and on the
button it would press. A mixin of `TrayScene` (ui/tray/scene.py): it reads the scene through
self."""

from __future__ import annotations

import pygame

from petanque_game.ui import lang
from petanque_game.ui.keys import key_names
from petanque_game.ui.session import _think
from petanque_game.ui.tray.games import Advice
from petanque_game.ui.tray.layout import HINT_COLOUR
from petanque_game.ui.widgets import Button


class TrayHint:
    """The hint's part of the tray scene (the advice asked for, the work on it, `hintable`)."""

    @property
    def may_hint(self) -> bool:
        """A hint is for a human to move in a live game, never for an AI seat or in a replay."""
        return self.hintable and self.replay is None and self.human_turn and not self.session.over

    def ask_hint(self) -> None:
        if not self.hintable:
            self.refuse(lang.tr("tray.hint.none"))
            return
        if not self.may_hint:
            self.refuse(lang.tr("tray.refuse.replay" if self.replay is not None else
                                "tray.hint.not_now"))
            return
        state = self.session.state
        if self.advice is not None and self.advice.state is state:
            return
        if self.advice_job is None or self.advice_job[0] is not state:
            advise = self.controls.advise
            self.advice_job = (state, _think(lambda: advise(state)))
        self._take_advice()

    def _take_advice(self) -> None:
        job = self.advice_job
        if job is None or not job[1].done():
            return
        self.advice_job = None
        if job[0] is self.session.state:
            self.advice = job[1].result()  # an error in the expert is a bug: up to the handler

    def advice_shown(self) -> Advice | None:
        """The hint for the state on the tray, if one was asked for."""
        a = self.advice
        if a is None or a.state is not self.session.state or not self.may_hint:
            return None
        return a

    @property
    def hint_pending(self) -> bool:
        return self.advice_job is not None and self.advice_job[0] is self.session.state

    def is_hint_key(self, key: int) -> bool:
        return self.app.settings.is_key("hint", key)

    def hint_button(self) -> Button:
        """The Hint button, beside the game's own (greyed out while the dice move or are read)."""
        return Button(pygame.Rect(0, 0, 120, 64), lang.tr("tray.hint.button"), self.ask_hint,
                      self.may_hint and not self.busy, 24, key_names(self.app.settings, "hint"),
                      "ghost", tag="hint")

    def ring_hinted_button(self, surface: pygame.Surface, buttons: list[Button],
                           advice: Advice) -> None:
        """The hint's ring round the button it would press."""
        tag = self.controls.advice_button(advice)
        for b in buttons:
            if b.tag == tag:
                pygame.draw.rect(surface, HINT_COLOUR, b.rect.inflate(8, 8), 4, border_radius=13)
