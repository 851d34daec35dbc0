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

The scene is made of parts that own their state (ui/component.py): the dice of the latest roll
and their tumble (`tray/felt.py`), the game's own controls (its buttons, keys and clicks, what
its panel and the players' cards show: `tray/games.py` `Controls`, one subclass per game), the
panel under the tray (`tray/sheet.py`), the banner across the tray with the roll being read
(`tray/banner.py`), the hint (`tray/hint.py`) and the backdrop (`tray/backdrop.py`). This module
hands them the session's steps, the player's events and the time, holds the pace (a roll read,
the sounds at rest) and lays a frame out.
"""

from __future__ import annotations

from concurrent.futures import Future

import pygame

from petanque_game.ui.component import Forward
from petanque_game.ui.dice import Resting
from petanque_game.ui.game_scene import GameScene
from petanque_game.ui.game_ui import has_hint, ui_of
from petanque_game.ui.scene import AppLike
from petanque_game.ui.session import Session, Step
from petanque_game.ui.tray.backdrop import LOG_KEPT, TrayBackdrop
from petanque_game.ui.tray.banner import (
    BANNER_SIZE,  # noqa: F401 (tests/test_ui_tray_games.py fits the outcomes to it here)
    Hold,
    TrayBanner,
)
from petanque_game.ui.tray.felt import TrayDice
from petanque_game.ui.tray.games import Advice, Controls, Tray, Turned
from petanque_game.ui.tray.hint import TrayHint
from petanque_game.ui.tray.layout import PANEL_RECT, RollShown
from petanque_game.ui.tray.pictures import pictures_of
from petanque_game.ui.tray.sheet import TraySheet
from petanque_game.ui.warm import warm, warmer_of
from petanque_game.ui.widgets import Backdrop, Button, draw_lit, panel

__all__ = ["Hold", "TrayScene"]

READING_TIME = 2.6  # seconds a human's turn-ending roll stays to be read, at normal speed
AI_READING = 2.0  # an AI's turn-ending roll stays this many AI pauses


class TrayScene(GameScene):
    """The dice tray and the controls of one tray game."""

    covers = True  # the backdrop fills the whole picture

    # What the parts own, read and set by their old names (tests, tools).
    roll = Forward[RollShown | None]("dice", "roll")
    hold = Forward[Hold | None]("banner", "hold")
    strips = Forward[dict[tuple[int, int], pygame.Surface]]("banner", "strips")
    advice = Forward[Advice | None]("hint", "advice")
    advice_job = Forward[tuple[object, Future[Advice]] | None]("hint", "advice_job")
    hintable = Forward[bool]("hint", "hintable")
    backdrop = Forward[Backdrop]("around", "picture")

    def __init__(self, app: AppLike, session: Session):
        super().__init__(app, session)
        tray: Tray = self  # what the game's controls may read of the scene (checked here)
        controls: Controls[Turned] = ui_of(session.game).controls_class()(tray)
        self.controls = controls
        pictures = pictures_of(app.memory)  # the window's (ui/tray/pictures.py)
        self.dice = TrayDice(self.look, session, app.settings, controls, pictures)
        self.hint = TrayHint(has_hint(session.game), controls.advise, app.workers)
        self.banner = TrayBanner(self.look)
        self.sheet = TraySheet(self.look, controls, pictures)
        self.around = TrayBackdrop(self, controls, pictures)
        self.settle_sounds: list[str] = []  # played when the dice in the air come to rest
        if session.interactive:  # a resumed game too: its tables made before a person's hint
            warm(warmer_of(app.memory), session.game, session.record.options)

    def take_pictures(self, before: TrayScene) -> None:
        """Keep drawing from the pictures of the scene this one replaces (a replay's jump: the
        same game at another point), so a scrub does not make its pictures anew."""
        self.backdrop = before.backdrop

    @property
    def rolling(self) -> bool:
        return self.dice.rolling

    @property
    def holding(self) -> bool:
        return self.banner.hold is not None

    @property
    def animating(self) -> bool:
        """Frames are needed while a hint is worked out too: it arrives from the AI's thread."""
        return super().animating or self.hint_pending

    @property
    def busy(self) -> bool:
        return self.rolling or self.holding

    def die_spots(self) -> list[Resting]:
        return self.dice.die_spots()

    def die_at(self, pos: tuple[int, int]) -> int | None:
        return self.dice.die_at(pos)

    def die_centre(self, i: int) -> tuple[int, int]:
        return self.dice.die_centre(i)

    def still(self) -> tuple[object, ...] | None:
        """Once the game is over and nothing moves: what the tray shows, which then changes only
        with these (a scene drawn over it keeps its picture: the results); None before."""
        if not self.session.over or self.busy or self.pending_lines or self.hint_pending or \
                self.advice is not None:
            return None
        roll = self.roll
        return (self.seen, len(self.history), tuple(self.history[-LOG_KEPT:]),
                roll and (roll.event, roll.values), self.session.saved_record,
                getattr(self.session, "unsaved", None), getattr(self.session, "halted", None),
                self.replay and (self.replay.paused, self.replay.speed_index))

    def on_step(self, step: Step) -> None:
        shown = self.dice.roll
        self.dice.on_transition(step)
        thrown = self.dice.roll is not shown
        self.banner.hold = None
        self.controls.on_transition(step)
        if step.at_rest:  # a replay's jump: shown at once and silently, no roll to read
            self.settle_sounds.clear()
            return
        outcome = self.controls.outcome(step)
        if outcome:
            self.banner.hold = Hold(outcome, self._reading_time(step.seat))
            if self.controls.outcome_sound:
                self.after_settle(self.controls.outcome_sound)
        if step.after.is_terminal and self.session.interactive and any(
                self.session.players[w].kind == "human" for w in step.after.winners()):
            self.after_settle("win")
        if thrown:
            self.look.play("roll")
            self.settle_sounds.insert(0, "clack")
        if not self.rolling:
            self._settled()

    def _reading_time(self, seat: int | None) -> float:
        """How long a turn-ending roll stays: long enough for a human to read their own (or
        anyone's in hot-seat), at the AI's pace for an AI, at the replay's pace in a replay."""
        s = self.app.settings
        if self.replay is not None:
            return float(s.replay_delay)
        if seat is not None and self.session.players[seat].kind == "ai":
            return AI_READING * s.ai_delay
        return READING_TIME / max(0.1, s.animation_speed)

    def after_settle(self, name: str) -> None:
        """Play the sound `name` when the dice in the air have come to rest (now if none are)."""
        self.settle_sounds.append(name)

    def _settled(self) -> None:
        for name in self.settle_sounds:
            self.look.play(name)
        self.settle_sounds = []

    def finish_animation(self) -> None:
        """Straight to rest: the dice settled and any turn-ending roll read."""
        if self.rolling:
            self.dice.settle()
            self._settled()
        self.banner.hold = None

    def animate(self, dt: float) -> None:
        if self.rolling:
            self.dice.update(dt)
            if not self.rolling:
                self._settled()
            return
        if self.banner.hold is not None:
            self.flush_lines()  # what happened is told while the dice are read
            self.banner.update(dt)
        self.hint.take(self.session.state)

    def go_on(self) -> None:
        """A click or key while the dice tumble or a turn-ending roll is read: skip to the next."""
        if self.rolling:
            self.finish_animation()
        else:
            self.banner.hold = None

    # --- the hint ---------------------------------------------------------------------------------

    @property
    def may_hint(self) -> bool:
        """A hint is for a human to move in a live game, never for an AI seat or in a replay."""
        return self.hint.hintable and self.replay is None and self.human_turn and \
            not self.session.over

    def ask_hint(self) -> None:
        if not self.hint.hintable:
            self.refuse(self.look.tr("tray.hint.none"))
            return
        if not self.may_hint:
            self.refuse(self.look.tr("tray.refuse.replay" if self.replay is not None else
                                "tray.hint.not_now"))
            return
        self.hint.ask(self.session.state)

    def advice_shown(self) -> Advice | None:
        """The hint for the state on the tray, if one was asked for."""
        return self.hint.shown(self.session.state, self.may_hint)

    @property
    def hint_pending(self) -> bool:
        return self.hint.pending(self.session.state)

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
                if b.click(self.look, event.pos):
                    return True
            if not self.dice.handle(event):  # a die clicked, else the panel
                self.sheet.handle(event)
            return True
        if event.type == pygame.KEYDOWN:
            if self.app.settings.is_key("back", event.key):
                self.leave()
                return True
            if self.busy:
                self.go_on()
                return True
            if self.app.settings.is_key("hint", event.key):
                self.ask_hint()
                return True
            self.controls.handle(event)
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.TEXTINPUT)

    def buttons(self) -> list[Button]:
        if self.replay is not None:
            buttons: list[Button] = self.replay.buttons()
            return buttons
        if not self.human_turn:
            return []  # the AI's options are not the player's: no greyed-out buttons
        if not self.hint.hintable:
            return self.layout_buttons(self.controls.buttons())
        hint = self.hint.button(self.look, self.app.settings, self.ask_hint,
                                self.may_hint and not self.busy)
        return self.layout_buttons([*self.controls.buttons(), hint])

    # --- drawing ----------------------------------------------------------------------------------

    def seat_shown(self) -> int | None:
        """The seat whose turn the players' column shows (None once the game is over)."""
        to_move = self.session.state.to_move if self.session.state.to_move >= 0 else None
        if to_move is None and not self.session.over:
            to_move = self.session.state.turn_player  # every tray game has one
        return to_move

    def draw_ahead(self, surface: pygame.Surface) -> None:
        """In the frame a replay's drag made the scene (which the next frame draws): its header
        and players' column drawn on `surface`, not shown, into their kept pictures, so that the
        two frames share the work."""
        self.around.draw_kept(surface, self.seat_shown(), self.busy)

    def draw(self, surface: pygame.Surface) -> None:
        look = self.look
        to_move = self.seat_shown()
        urgent = self.human_turn and not self.busy
        advice = self.advice_shown()
        rolling = self.rolling
        self.around.draw_shown(surface, to_move, urgent, self.busy, rolling)
        header = [self.rules_button, self.menu_button, self.settings_button]
        draw_lit(look, surface, header, self.mouse)  # over their unlit pictures (backdrop)
        if self.mouse is not None and header[2].hit(self.mouse):
            look.draw_gear(surface, header[2].rect.center, 13, look.colour("button_text"))
        self.dice.draw_shown(surface, advice)  # a die rolling in from below goes under the panel
        if rolling:
            panel(look, surface, PANEL_RECT, "panel", "edge")
        else:
            panel(look, surface, PANEL_RECT, "panel", "edge",
                  ground=look.colour("background"))
        self.sheet.draw(surface)
        buttons = self.buttons()
        self.draw_status(surface, self.prompt(), buttons, urgent, 1, framed=True)
        if advice is not None:
            TrayHint.ring(surface, buttons, self.controls.advice_button(advice))
        self.banner.draw_shown(surface, advice, self.hint_pending, rolling, self.replay is None,
                               self.dice.die_spots)

    def prompt(self) -> str:
        """The line saying what to do next (or, while a roll is read, what it came to)."""
        if self.replay is not None:
            said: str = self.replay.prompt()
            return said
        if self.rolling:  # what the dice show is told once they lie still, not before
            return self.look.tr("tray.rolling")
        if self.banner.hold is not None:
            return self.look.tr("tray.hold.prompt", outcome=self.banner.hold.text)
        return self.controls.prompt()
