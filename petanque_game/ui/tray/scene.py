"""The tray scene of Ship Captain and Crew, Shut the Box, Ten Thousand and the games of chance: one
shared dice tray, the players' panel, what just happened and what to do next, and the game's own
controls (`tray/games.py`). The same scene plays a live game and watches a replay.

AI seats decide one decision at a time with a pause in between, so a human can follow. A human's
click is checked by the game's controls against the rules' legal actions; a refusal says, in the
player's language, what is possible.

A roll that ends a turn (a bust, a roll that closes no box, the last roll of a ship) stays on the
tray with what it came to until the player clicks or presses a key, or a readable pause passes:
the next player's roll does not sweep it away unread (`Hold`). A human to move may ask for the
expert's hint (button or H): worked out on the AI's thread, told in words and shown on the dice,
boxes and button it points at.

This module holds the scene's pace (the dice tumbling, a roll read), its input and the order in
which a frame is drawn; the scene's other parts are mixins in modules of their own: the backdrop
(`tray/backdrop.py`), the dice on the felt (`tray/felt.py`), the banner across the tray
(`tray/banner.py`) and the hint (`tray/hint.py`).
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

import pygame

from petanque_game.rules.events import Rolled
from petanque_game.ui import lang, sound, theme
from petanque_game.ui.game_scene import GameScene
from petanque_game.ui.game_ui import has_hint, ui_of
from petanque_game.ui.session import Session, Step
from petanque_game.ui.tray.backdrop import LOG_KEPT, TrayBackdrop
from petanque_game.ui.tray.banner import (
    BANNER_SIZE,  # noqa: F401 (tests/test_ui_tray_games.py fits the outcomes to it here)
    TrayBanner,
)
from petanque_game.ui.tray.felt import TrayFelt
from petanque_game.ui.tray.games import Advice
from petanque_game.ui.tray.hint import TrayHint
from petanque_game.ui.tray.layout import PANEL_INSIDE, PANEL_RECT, RollShown
from petanque_game.ui.warm import warm
from petanque_game.ui.widgets import Backdrop, Button, Pictures, draw_lit, look, panel

READING_TIME = 2.6  # seconds a human's turn-ending roll stays to be read, at normal speed
AI_READING = 2.0  # an AI's turn-ending roll stays this many AI pauses


@dataclass
class Hold:
    """A turn-ending roll kept on the tray: what it came to, and the seconds left to read it
    (counted once the dice have settled)."""

    text: str
    left: float


# A game's panel under the tray, for a game that says what it shows, kept by that and shared by
# every tray scene: a replay's jump makes a new scene, and a scrub goes back and forth over the
# same positions.
_panels = Pictures(8)


class TrayScene(TrayBackdrop, TrayFelt, TrayBanner, TrayHint, GameScene):
    """The dice tray and the controls of one tray game."""

    covers = True  # the backdrop fills the whole picture

    def __init__(self, app, session: Session):
        super().__init__(app, session)
        # The header, the players' cards, the log and the empty tray as one picture while they
        # show the same (`draw_backdrop`): most frames change only the dice, the panel or a hover.
        self.backdrop = Backdrop()
        self.roll: RollShown | None = None
        self.controls = ui_of(session.game).controls_class()(self)
        self.hintable = has_hint(session.game)  # a game of chance alone has nothing to hint
        self.hold: Hold | None = None
        self.settle_sounds: list[str] = []  # played when the dice in the air come to rest
        self.advice: Advice | None = None
        self.advice_job: tuple[Any, Future] | None = None  # (the state it is for, the work)
        self._find_last_roll()
        if session.interactive:  # a resumed game too: its tables made before a person's hint
            warm(session.game, session.record.options)

    def take_pictures(self, before: TrayScene) -> None:
        """Keep drawing from the pictures of the scene this one replaces (a replay's jump: the
        same game at another point), so a scrub does not make its pictures anew."""
        self.backdrop = before.backdrop

    def _find_last_roll(self) -> None:
        """A resumed game shows the roll it stopped at."""
        for i in range(self.session.shown - 1, -1, -1):
            match self.session.tell(i).event:
                case Rolled(player=player, dice=dice):
                    self.roll = RollShown(i, dice, player)
                    break

    @property
    def rolling(self) -> bool:
        return self.roll is not None and self.roll.t < 1.0

    @property
    def holding(self) -> bool:
        return self.hold is not None

    @property
    def animating(self) -> bool:
        """Frames are needed while a hint is worked out too: it arrives from the AI's thread."""
        return super().animating or self.hint_pending

    @property
    def busy(self) -> bool:
        return self.rolling or self.holding

    def still(self) -> tuple | None:
        """Once the game is over and nothing moves: what the tray shows, which then changes only
        with these (a scene drawn over it keeps its picture: the results); None before."""
        if not self.session.over or self.busy or self.pending_lines or self.hint_pending or \
                self.advice is not None:
            return None
        return (self.seen, len(self.history), tuple(self.history[-LOG_KEPT:]),
                self.roll and (self.roll.event, self.roll.values), self.session.saved_record,
                getattr(self.session, "unsaved", None), getattr(self.session, "halted", None),
                self.replay and (self.replay.paused, self.replay.speed_index))

    def on_step(self, step: Step) -> None:
        thrown = False
        for made in step.transitions:
            match made.event:
                case Rolled(player=player, dice=dice):
                    t = 0.0 if self.app.settings.roll_time > 0 else 1.0
                    self.roll = RollShown(made.index, dice, player, t)
                    thrown = True
        self.hold = None
        self.controls.on_step(step)
        outcome = self.controls.outcome(step)
        if outcome:
            self.hold = Hold(outcome, self._reading_time(step.seat))
            if self.controls.outcome_sound:
                self.after_settle(self.controls.outcome_sound)
        if step.after.is_terminal and self.session.interactive and any(
                self.session.players[w].kind == "human" for w in step.after.winners()):
            self.after_settle("win")
        if thrown:
            sound.play("roll")
            self.settle_sounds.insert(0, "clack")
        if not self.rolling:
            self._settled()

    def _reading_time(self, seat: int | None) -> float:
        """How long a turn-ending roll stays: long enough for a human to read their own (or
        anyone's in hot-seat), at the AI's pace for an AI, at the replay's pace in a replay."""
        s = self.app.settings
        if self.replay is not None:
            return s.replay_delay
        if seat is not None and self.session.players[seat].kind == "ai":
            return AI_READING * s.ai_delay
        return READING_TIME / max(0.1, s.animation_speed)

    def after_settle(self, name: str) -> None:
        """Play the sound `name` when the dice in the air have come to rest (now if none are)."""
        self.settle_sounds.append(name)

    def _settled(self) -> None:
        for name in self.settle_sounds:
            sound.play(name)
        self.settle_sounds = []

    def finish_animation(self) -> None:
        """Straight to rest: the dice settled and any turn-ending roll read."""
        if self.roll is not None and self.roll.t < 1.0:
            self.roll.t = 1.0
            self._settled()
        self.hold = None

    def animate(self, dt: float) -> None:
        s = self.app.settings
        if self.rolling:
            tumble = max(0.01, s.roll_time / max(0.1, s.animation_speed))
            self.roll.t = min(1.0, self.roll.t + dt / tumble)
            if self.roll.t >= 1.0:
                self._settled()
            return
        if self.hold is not None:
            self.flush_lines()  # what happened is told while the dice are read
            self.hold.left -= dt
            if self.hold.left <= 0:
                self.hold = None
        self._take_advice()

    def go_on(self) -> None:
        """A click or key while the dice tumble or a turn-ending roll is read: skip to the next."""
        if self.rolling:
            self.finish_animation()
        else:
            self.hold = None

    # --- input ------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.replay is not None and self.replay.handle_event(event):
            return True
        if self.header_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.busy:
                self.go_on()  # a click settles the dice, or ends the reading of a roll
                return True
            for b in self.buttons():
                if b.click(event.pos):
                    return True
            i = self.die_at(event.pos)
            if i is not None and self.roll is not None:
                self.controls.click_die(i)
                return True
            if self.controls.click_panel(event.pos):
                return True
            return True
        if event.type == pygame.KEYDOWN:
            if self.app.settings.is_key("back", event.key):
                self.leave()
                return True
            if self.busy:
                self.go_on()
                return True
            if self.is_hint_key(event.key):
                self.ask_hint()
                return True
            return self.controls.key(event.key) or True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.TEXTINPUT)

    def buttons(self) -> list[Button]:
        if self.replay is not None:
            return self.replay.buttons()
        if not self.human_turn:
            return []  # the AI's options are not the player's: no greyed-out buttons
        if not self.hintable:
            return self.layout_buttons(self.controls.buttons())
        return self.layout_buttons([*self.controls.buttons(), self.hint_button()])

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        c = self.controls
        to_move = self.session.state.to_move if self.session.state.to_move >= 0 else None
        if to_move is None and not self.session.over:
            to_move = self.session.state.turn_player  # every tray game has one
        urgent = self.human_turn and not self.busy
        advice = self.advice_shown()
        self.draw_backdrop(surface, to_move, urgent)
        header = [self.rules_button, self.menu_button, self.settings_button]
        draw_lit(surface, header, self.mouse)  # over their unlit pictures in the backdrop
        if self.mouse is not None and header[2].hit(self.mouse):
            theme.draw_gear(surface, header[2].rect.center, 13, theme.colour("button_text"))
        if self.rolling:  # a die rolling in from below goes under the panel
            self.draw_dice(surface, advice)
            panel(surface, PANEL_RECT, "panel", "edge")
        else:  # dice at rest: the tray with them kept while they show the same
            self.draw_felt(surface, advice)
            panel(surface, PANEL_RECT, "panel", "edge", ground=theme.colour("background"))
        shows = c.panel_shows()
        if shows is None:
            c.draw_panel(surface, PANEL_RECT)
        else:
            _panels.drawn(surface, look(type(c).__name__, shows), PANEL_INSIDE,
                          lambda out: c.draw_panel(out, PANEL_RECT))
        buttons = self.buttons()
        self.draw_status(surface, self.prompt(), buttons, urgent, 1, framed=True)
        if advice is not None:
            self.ring_hinted_button(surface, buttons, advice)
        self.draw_banners(surface, advice)

    def prompt(self) -> str:
        """The line saying what to do next (or, while a roll is read, what it came to)."""
        if self.replay is not None:
            return self.replay.prompt()
        if self.rolling:  # what the dice show is told once they lie still, not before
            return lang.tr("tray.rolling")
        if self.hold is not None:
            return lang.tr("tray.hold.prompt", outcome=self.hold.text)
        return self.controls.prompt()
