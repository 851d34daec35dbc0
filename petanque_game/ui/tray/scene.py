"""The tray scene of Ship Captain and Crew, Shut the Box and Ten Thousand: one shared dice tray, the
players' panel, what just happened and what to do next, and the game's own controls
(`tray/games.py`). The same scene plays a live game and watches a replay.

AI seats decide one decision at a time with a pause in between, so a human can follow. A human's
click is checked by the game's controls against the rules' legal actions; a refusal says, in the
player's language, what is possible.

A roll that ends a turn (a bust, a roll that closes no box, the last roll of a ship) stays on the
tray with what it came to until the player clicks or presses a key, or a readable pause passes:
the next player's roll does not sweep it away unread (`Hold`). A human to move may ask for the
expert's hint (button or H): worked out on the AI's thread, told in words and shown on the dice,
boxes and button it points at.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

import pygame

from petanque_game.rules.events import Rolled
from petanque_game.ui import dice, lang, sound, theme
from petanque_game.ui.game_scene import STATUS_RECT, GameScene
from petanque_game.ui.game_ui import has_hint, ui_of
from petanque_game.ui.keys import key_names
from petanque_game.ui.scene import unlit
from petanque_game.ui.session import Session, Step, _think
from petanque_game.ui.tray.games import Advice, told
from petanque_game.ui.tray.layout import (
    AROUND_FELT,
    BACKDROP_GAPS,
    COLUMN_AREA,
    DIE_SIZE,
    FELT_RECT,
    HEADER_AREA,
    HINT_COLOUR,
    PANEL_INSIDE,
    PANEL_RECT,
    PLAYERS_RECT,
    RIM,
    TRAY_RECT,
    RollShown,
    draw_player_mark,
)
from petanque_game.ui.warm import warm
from petanque_game.ui.widgets import Backdrop, Button, Pictures, draw_lit, look, panel

READING_TIME = 2.6  # seconds a human's turn-ending roll stays to be read, at normal speed
AI_READING = 2.0  # an AI's turn-ending roll stays this many AI pauses
BANNER_SIZE = 26  # the text of the hint and of a turn-ending roll on the tray


@dataclass
class Hold:
    """A turn-ending roll kept on the tray: what it came to, and the seconds left to read it
    (counted once the dice have settled)."""

    text: str
    left: float


LOG_KEPT = 40  # the log's newest entries a backdrop is drawn from: more than its lines can show
# The parts of the tray's picture kept by what they show, shared by every tray scene: a replay's
# jump makes a new scene, and a scrub goes back and forth over the same positions.
_headers = Pictures(6)
_columns = Pictures(24)
_felts = Pictures(8)  # the tray with the dice at rest
_panels = Pictures(8)  # a game's panel under the tray, for a game that says what it shows


class TrayScene(GameScene):
    """The dice tray and the controls of one tray game."""

    covers = True  # the backdrop fills the whole picture

    def __init__(self, app, session: Session):
        super().__init__(app, session)
        # The header, the players' cards, the log and the empty tray as one picture while they
        # show the same (`draw`): most frames change only the dice, the panel or a hover.
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

    # --- hints ------------------------------------------------------------------------------------

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

    # --- where the dice are -----------------------------------------------------------------------

    def die_spots(self) -> list[dice.Resting]:
        if self.roll is None:
            return []
        return dice.layout(len(self.roll.values), FELT_RECT.size, str(self.roll.event), DIE_SIZE)

    def die_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the die of the current roll under `pos`, if any."""
        for i, spot in enumerate(self.die_spots()):
            cx, cy = FELT_RECT.x + spot.x, FELT_RECT.y + spot.y
            if abs(pos[0] - cx) <= DIE_SIZE * 0.62 and abs(pos[1] - cy) <= DIE_SIZE * 0.62:
                return i
        return None

    def die_centre(self, i: int) -> tuple[int, int]:
        spot = self.die_spots()[i]
        return int(FELT_RECT.x + spot.x), int(FELT_RECT.y + spot.y)

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
        hint = Button(pygame.Rect(0, 0, 120, 64), lang.tr("tray.hint.button"), self.ask_hint,
                      self.may_hint and not self.busy, 24, key_names(self.app.settings, "hint"),
                      "ghost", tag="hint")
        return self.layout_buttons([*self.controls.buttons(), hint])

    def is_hint_key(self, key: int) -> bool:
        return self.app.settings.is_key("hint", key)

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        c = self.controls
        to_move = self.session.state.to_move if self.session.state.to_move >= 0 else None
        if to_move is None and not self.session.over:
            to_move = self.session.state.turn_player  # every tray game has one
        urgent = self.human_turn and not self.busy
        advice = self.advice_shown()
        seats = range(len(self.session.players))
        key = look(c.header(), to_move, self.session.over and not self.busy,
                   tuple((c.score(s), str(c.subline(s))) for s in seats),
                   len(self.history), tuple(self.history[-LOG_KEPT:]), self.challenge_tag,
                   self.replay is not None, urgent)
        self.backdrop.draw(surface, key, lambda back: self._draw_backdrop(back, to_move, urgent),
                           only=() if self.rolling else AROUND_FELT)
        header = [self.rules_button, self.menu_button, self.settings_button]
        draw_lit(surface, header, self.mouse)  # over their unlit pictures in the backdrop
        if self.mouse is not None and header[2].hit(self.mouse):
            theme.draw_gear(surface, header[2].rect.center, 13, theme.colour("button_text"))
        if self.rolling:  # a die rolling in from below goes under the panel
            self.draw_dice(surface, advice)
            panel(surface, PANEL_RECT, "panel", "edge")
        else:  # dice at rest: the tray with them kept while they show the same
            _felts.drawn(surface, look(self._dice_shown(advice)), TRAY_RECT,
                         lambda out: self._draw_felt(out, advice))
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
            tag = c.advice_button(advice)
            for b in buttons:
                if b.tag == tag:
                    pygame.draw.rect(surface, HINT_COLOUR, b.rect.inflate(8, 8), 4,
                                     border_radius=13)
        self.draw_banners(surface, advice)

    def _draw_backdrop(self, surface: pygame.Surface, to_move: int | None, urgent: bool) -> None:
        """What changes only with the turn, the scores and the log: the header with its buttons
        unlit, the players' cards with the log, the empty tray and the status bar's frame. The
        first two are kept as pictures by what they show (a step changes one of them, and a
        scrubbed replay comes back to the same positions)."""
        c = self.controls
        ground = theme.colour("background")
        for gap in BACKDROP_GAPS:  # what the parts below leave of the plain background
            surface.fill(ground, gap)
        practice = getattr(self.session, "practice", False)  # the header's tag
        _headers.drawn(surface, look(c.header(), self.session.game, self.replay is not None,
                                     practice, self.challenge_tag), HEADER_AREA,
                       self._draw_header, ground)
        seats = range(len(self.session.players))
        over = self.session.over and not self.busy
        _columns.drawn(surface, look(to_move, over, over and tuple(self.session.state.winners()),
                                     tuple((p.name, p.kind, p.level)
                                           for p in self.session.players),
                                     tuple((c.score(s), str(c.subline(s))) for s in seats),
                                     tuple(self.history[-LOG_KEPT:])), COLUMN_AREA,
                       lambda out: self._draw_column(out, to_move), ground)
        surface.blit(dice.tray_on(TRAY_RECT.size, RIM, ground), TRAY_RECT)
        panel(surface, STATUS_RECT, "panel", "accent" if urgent else "edge", ground=ground)

    def _draw_header(self, surface: pygame.Surface) -> None:
        with unlit(self.app):
            self.draw_header(surface, self.controls.header())

    def _draw_column(self, surface: pygame.Surface, to_move: int | None) -> None:
        """The players' cards and, under them, the log."""
        c = self.controls
        self.draw_players(surface, PLAYERS_RECT, c.score, c.subline, to_move,
                          theme.colour("background"))
        self.draw_card_marks(surface)
        n = len(self.session.players)
        used = 8 + n * min(66, (PLAYERS_RECT.h - 16) // max(1, n)) + 6
        self.draw_log(surface, pygame.Rect(PLAYERS_RECT.x, PLAYERS_RECT.y + used, PLAYERS_RECT.w,
                                           PLAYERS_RECT.h - used))

    def _draw_felt(self, surface: pygame.Surface, advice: Advice | None) -> None:
        """The empty tray (the backdrop left it out of this frame), the dice at rest on it."""
        surface.blit(dice.tray_on(TRAY_RECT.size, RIM, theme.colour("background")), TRAY_RECT)
        self.draw_dice(surface, advice)

    def prompt(self) -> str:
        """The line saying what to do next (or, while a roll is read, what it came to)."""
        if self.replay is not None:
            return self.replay.prompt()
        if self.rolling:  # what the dice show is told once they lie still, not before
            return lang.tr("tray.rolling")
        if self.hold is not None:
            return lang.tr("tray.hold.prompt", outcome=self.hold.text)
        return self.controls.prompt()

    def draw_card_marks(self, surface: pygame.Surface) -> None:
        """The players' marks on their cards (the colour-blind-safe palette), on the colour
        strip at the card's left edge, as the game scene lays the cards out."""
        if not theme.marks_shown():
            return
        n = len(self.session.players)
        row_h = min(66, (PLAYERS_RECT.h - 16) // max(1, n))
        for seat in range(n):
            y = PLAYERS_RECT.y + 8 + seat * row_h
            card = pygame.Rect(PLAYERS_RECT.x + 8, y, PLAYERS_RECT.w - 16, row_h - 6)
            centre = (card.x + 4, card.centery)
            pygame.draw.circle(surface, theme.player_colour(seat), centre, 11)
            pygame.draw.circle(surface, (250, 250, 250), centre, 11, 2)
            theme.draw_mark(surface, seat, centre, 12)

    def draw_banners(self, surface: pygame.Surface, advice: Advice | None) -> None:
        """What a turn-ending roll came to, or the hint, on a strip across the tray where it
        hides the fewest dice (the top or the bottom of the felt)."""
        if self.hold is not None and not self.rolling:
            go_on = "" if self.replay is not None else lang.tr("tray.hold.go_on")  # a replay
            self._banner(surface, self.hold.text, go_on, theme.colour("bad"))  # goes on itself
        elif advice is not None:
            self._banner(surface, lang.tr("tray.hint.said", hint=told(advice)), "", HINT_COLOUR)
        elif self.hint_pending:
            self._banner(surface, lang.tr("tray.hint.thinking"), "", HINT_COLOUR)

    def _banner(self, surface: pygame.Surface, text: str, small: str,
                edge: tuple[int, int, int]) -> None:
        """`text` (up to two lines) on a dark strip across the tray, `small` under it."""
        width = FELT_RECT.w - 40
        lines = theme.wrap(text, BANNER_SIZE, width - 32, True)
        if len(lines) > 2:
            lines = [lines[0], theme.fit(" ".join(lines[1:]), BANNER_SIZE, width - 32, True)]
        height = 14 + 30 * len(lines) + (22 if small else 0)
        rect = pygame.Rect(FELT_RECT.x + 20, self._banner_top(height), width, height)
        surface.blit(_strip(rect.size), rect)
        pygame.draw.rect(surface, edge, rect, 3, border_radius=12)
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, (rect.centerx, rect.y + 8 + 30 * i), BANNER_SIZE,
                            "text", True, "midtop")
        if small:
            theme.blit_text(surface, small, (rect.centerx, rect.bottom - 6), 19, "muted", False,
                            "midbottom")

    def _banner_top(self, height: int) -> int:
        top, bottom = FELT_RECT.top + 6, FELT_RECT.bottom - 6 - height

        def hidden(y: int) -> int:
            strip = pygame.Rect(FELT_RECT.x, y, FELT_RECT.w, height)
            return sum(strip.colliderect(pygame.Rect(FELT_RECT.x + d.x - DIE_SIZE // 2,
                                                     FELT_RECT.y + d.y - DIE_SIZE // 2,
                                                     DIE_SIZE, DIE_SIZE))
                       for d in self.die_spots())

        return bottom if hidden(bottom) <= hidden(top) else top

    def _dice_shown(self, advice: Advice | None) -> tuple:
        """What the dice at rest show: the roll, each die's look, the hint's dice."""
        if self.roll is None:
            return ()
        hinted = self.controls.advice_dice(advice) if advice is not None else set()
        views = tuple((v.value, v.hidden, v.dim, v.selected, v.outline, v.label)
                      for v in self.controls.tray_dice(self.roll))
        return self.roll.event, self.roll.values, self.roll.seat, views, tuple(sorted(hinted))

    def draw_dice(self, surface: pygame.Surface, advice: Advice | None = None) -> None:
        if self.roll is None:
            theme.blit_text(surface, lang.tr("tray.in_hand"), FELT_RECT.center, 30,
                            (200, 230, 210), anchor="center")
            return
        views = self.controls.tray_dice(self.roll)
        hinted = self.controls.advice_dice(advice) if advice is not None and not self.rolling \
            else set()
        spots = self.die_spots()
        t = self.roll.t
        ox, oy = FELT_RECT.topleft
        for i, (spot, view) in enumerate(zip(spots, views)):
            if view.hidden:
                continue
            if t < 1.0:
                x, y, angle, lift, face = dice.tumble(spot, i, str(self.roll.event), t,
                                                      FELT_RECT.size, DIE_SIZE)
                dice.draw_die(surface, face, (ox + x, oy + y), DIE_SIZE, angle, lift=lift)
                continue
            lift = 8 if view.selected else 0
            outline = theme.colour("accent") if view.selected else view.outline
            if i in hinted and not view.selected:  # selected: its own colour, in the hint's ring
                outline = HINT_COLOUR
            rect = dice.draw_die(surface, view.value, (ox + spot.x, oy + spot.y), DIE_SIZE,
                                 spot.angle, alpha=110 if view.dim else 255, lift=lift,
                                 outline=outline)
            if i in hinted:
                pygame.draw.rect(surface, HINT_COLOUR, rect.inflate(10, 10), 4, border_radius=14)
            draw_player_mark(surface, self.roll.seat, rect)
            if view.label:
                theme.blit_text(surface, view.label, (rect.centerx, rect.bottom + 4), 20,
                                "accent", True, "midtop", shadow=True)


_strips: dict[tuple[int, int], pygame.Surface] = {}


def _strip(size: tuple[int, int]) -> pygame.Surface:
    """The dark see-through strip under a banner, made once per size."""
    strip = _strips.get(size)
    if strip is None:
        strip = _strips[size] = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(strip, (16, 20, 18, 215), strip.get_rect(), border_radius=12)
    return strip
