"""The Terningepetanque table scene: the board from above, aiming and throwing, the throw played
back from the physics' path, distances to the diamond, the reckoning at each round's end, the roll
for who starts, and the take-back prompt when the rules offer it.

The scene is made of parts that own their state (ui/component.py): the person's aim
(table/aiming.py), the throw played back (playback.py), the round's end and its reckoning
(round_end.py), the score sheet's place (score_sheet.py), the camera's controls
(camera_control.py), an AI's aim shown before it throws (ai_aim.py), the hint (hint.py) and the
close-up (closeup.py). The scene hands them the session's steps, the player's events and the
time, decides what the player's acts are (table/turns.py) and lays the parts out (table/view.py).

Aiming (the `aim` setting): with "point" the player points where the throw should come to rest
and clicks (or presses Space); the wheel or W/S set the elevation, Q/E the spin, the arrow keys
move the point. With "drag" the player pulls back from the release like a slingshot and lets go
(Escape or the right button cancels). With "power" the mouse sets the direction and holding the
button charges a timed power bar. "Use hint" (U) puts the hint's aim in place. The window never
decides where a throw goes: the match throws the aim with the seat's hand, simulates it (physics)
and records it.

Nothing about a throw's outcome shows before the piece has come to rest on screen: while a flight
or the reckoning plays, the scene draws the state as it was (`state` is the state shown), and the
narration waits (GameScene holds its lines while the scene is busy).
"""

from __future__ import annotations

import pygame

from petanque_game.rules.events import Rolled
from petanque_game.ui.scene import AppLike
from petanque_game.ui.session import Session, Step
from petanque_game.ui.table import overlay, previews
from petanque_game.ui.table.ai_aim import AiAim
from petanque_game.ui.table.aiming import fine_held
from petanque_game.ui.table.playback import Flight
from petanque_game.ui.table.start import StartRoll
from petanque_game.ui.table.turns import ACCEPT_GRACE, due_throw
from petanque_game.ui.table.view import AREA, TableDrawing
from petanque_game.ui.table.window import picture_scale
from petanque_game.ui.table.zoom import view_toggle_at, zoom_labels

__all__ = ["ACCEPT_GRACE", "AREA", "AiAim", "Flight", "TableScene", "due_throw"]


class TableScene(TableDrawing):
    def __init__(self, app: AppLike, session: Session):
        super().__init__(app, session)
        self.score_sheet.show_at(picture_scale(app))  # a small window: the sheet folded
        self.settle_view()  # framed on the play (ui/table/camera.py)

    @property
    def animating(self) -> bool:
        """Frames are needed while the power swings too (the button held, no event coming), while
        a hint is searched for on another thread, while a kept throw waits out its grace, while
        an aim's preview or risk is worked out (ui/table/foresee.py), so it is shown when done, and
        while a kept part of the picture shows its last picture (ui/table/kept.py)."""
        return (super().animating or self.charging is not None or self.hint.awaited
                or (self.keeping and not self.keeping_on) or self.workers.previews.working()
                or self.workers.risks.working()
                or self.coach.working
                or self.pictures.kept.late_parts(self.session))

    def finish_animation(self) -> None:
        """Everything shown at rest at once (a replay's step or jump), the camera too."""
        self.skip_flight()
        self.ai_aims.aim = None
        self.start_roll = None
        self.round_end.go_on()
        self.settle_view()

    def on_step(self, step: Step) -> None:
        self.grace = 0.0
        self.aim.on_transition(step)
        self.playback.on_transition(step)
        self.round_end.on_transition(step)
        self.coach.on_transition(step)
        self.knocks.on_transition(step)
        for made in step.transitions:
            match made.event:
                case Rolled(player=player, dice=dice) if made.before.starter is None:
                    self.start_roll = StartRoll(self.look, made.before, made.after, player,
                                                dice[0], made.index, self.app.settings)

    def update(self, dt: float) -> None:
        self.score_sheet.show_at(picture_scale(self.app))  # (the window resized)
        self.show_ai_aim()
        self.prepare_hint()
        self.hint.update(dt)
        self.coach.update(dt)
        if self.hint.use_when_ready and self.hint.future is None:
            self.hint.use_when_ready = False
            if self.hinted_aim() is not None:
                self.use_hint()
        super().update(dt)

    def prepare_hint(self) -> None:
        """While a person aims, the hint for the throw searched for ahead, unseen, when the coach
        will teach the throw (its lesson takes that search as the expert's aim, so no work is
        added) or the person has asked for a hint at this table: H then shows it at once."""
        if not self.aiming or not (self.coach.on() or self.hint.asked):
            return
        st = self.state
        if self.hint.state is not st:  # (each frame: the hands are gathered only for a search)
            self.hint.prepare(st, self.hand_for(st.to_move), self.session.state, self.hands())

    def animate(self, dt: float) -> None:
        self.playback.update(dt)
        if not self.playback.follow(self.view, dt):
            self.view.rest(self.play_points())
            self.view.update(dt)
        self.playback.settle()
        if self.flight is not None:
            f = self.flight
            if f.over:  # at rest on screen: what the round's end shows made ahead
                self.round_end.plan_ahead(self, AREA.size, dt, f.rest + 2 * dt >= f.hold)
            return  # what comes after the throw waits for it to come to rest
        if self.start_roll is not None:
            self.start_roll.advance(dt)
            if not self.start_roll.done:
                return
        if self.reckoning is not None:
            self.round_end.update(dt)
            return
        a = self.ai_aim
        if a is not None and self.ai_aims.count_down(
                dt, previews.foreseen(self, a.aim, a.seat, a.obj) is not None, self.session.state):
            self.ai_wait = self.app.settings.ai_delay  # it throws now
        self.aim.update(dt)
        if self.keeping and not self.keeping_on and self.app.top is self:
            self.grace += dt
            if self.grace >= ACCEPT_GRACE:
                self.act(self.session.rules.Accept())

    def skip_flight(self) -> None:
        """A click or a key ends the playback at once."""
        self.playback.skip()

    # --- input ------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.camera.handle(event) or self.score_sheet.handle(event) \
                or (not self.flying and self.coach.handle(event)):  # zoom, sheet, coach's card
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and view_toggle_at(self, event.pos, AREA.topleft):
            self.camera.toggle_whole()
            return True
        if self.reckoning is not None and self.flight is None and self._reckoning_event(event):
            return True
        if self.replay is not None and self.replay.handle_event(event):
            return True
        if self.header_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                return self._press(event.pos)
            if event.button == 3:
                self.aim.cancel()
            return True  # buttons 4 and 5 are the wheel: MOUSEWHEEL says it once
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.aiming:
                self.aim.wheel(event.y)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, getattr(event, "mod", 0)) or True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)

    def _motion(self, pos: tuple[int, int]) -> None:
        """The mouse moved: it pulls a drag, or moves the point."""
        if not self.aiming:
            return
        if self.drag is not None:
            at = self.aim.pulled_to(pos, fine_held())
            self.aim.pull(self._board_at(at), at)
        elif AREA.collidepoint(pos) and self.aim_mode != "drag":
            self.target = self._board_at(pos)

    def _board_at(self, pos: tuple[int, int]) -> tuple[float, float]:
        return self.view.to_board(pos[0] - AREA.x, pos[1] - AREA.y)

    def _press(self, pos: tuple[int, int]) -> bool:
        if self.flying:
            self.skip_flight()
            return True
        for b in self.buttons():
            if b.click(self.look, pos):
                return True
        if self.busy:
            return True
        if self.aiming and AREA.collidepoint(pos):
            self.aim.press(self._board_at(pos), pos, self.aim_mode)
        elif AREA.collidepoint(pos) and not self.human_turn:
            self.refuse(self.look.tr("table.refuse.wait_turn"))
        return True

    def _release(self, pos: tuple[int, int]) -> None:
        """The left button let go: the charged power, the pulled drag or the point thrown."""
        aim = self.aim
        if aim.charging is not None:
            self.throw(aim.charge())
        elif aim.drag is not None:
            self._motion(pos)
            self.throw()
        elif aim.pressed:
            aim.pressed = False
            if self.aiming and AREA.collidepoint(pos):
                self.target = self._board_at(pos)
                self.throw()

    def _reckoning_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons():
                if b.click(self.look, event.pos):
                    return True
            return self.header_event(event) or True
        return self.round_end.handle(event)

    def _key(self, key: int, mod: int) -> bool:
        s, st = self.app.settings, self.state
        if s.is_key("back", key):
            if self.aim.making:  # a throw being made: cancelled
                self.drag = self.charging = None
            else:
                self.leave()
            return True
        if self.flying:
            self.skip_flight()
            return True
        if self.busy:
            return True
        if self.keeping_on and s.is_key("rethrow", key):
            self.rethrow()
            return True
        if st.awaiting_accept and self.human_turn:
            if s.is_key("accept", key):
                self.accept()
            elif s.is_key("rethrow", key):
                self.rethrow()
            elif s.is_key("hint", key):
                self.ask_hint()
            return True
        if st.starter is None:
            if s.is_key("roll", key) or key == pygame.K_SPACE:
                self.roll_for_start()
            return True
        if self.aim.key(key, mod, self.aim_mode):
            pass
        elif s.is_key("hint", key):
            self.ask_hint()
        elif s.is_key("use_hint", key):
            self.use_hint()
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.throw()
        return True

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        look = self.look
        super().draw(surface)
        aim_words: list[pygame.Rect] = []  # the aim's words and risk: the coach leaves them clear
        self.overlaid = overlay.draw_overlays(self, surface, aim_words)
        area = surface.subsurface(AREA)
        area.set_clip(self.view.board_rect)  # beside the score sheet
        at_rest = self.flight is None and self.reckoning is None
        self.overlaid |= self.coach.draw_over(look, area, self.view, self.shown_table()[0], at_rest,
                                              AREA.topleft,
                                              [r for _, r in zoom_labels(self)] + aim_words
                                              + [r for r in [self.score_sheet.hint_rect] if r])
        self.workers.previews.drawn()  # its thread works in the quiet time that follows
        self.workers.risks.drawn()

    def take_pictures(self, before: TableScene) -> None:
        """A replay's jump: this scene is drawn where `before` was, and the window holds what
        `before` drew in the frame before (its parts are kept per session, not per scene:
        ui/table/window.py and kept.py)."""
        self.held.frame, self.held.gaps = before.held.frame, before.held.gaps
        self.held.cut = before.held.cut
        self.close_up.places = before.close_up.places  # (a drag on the timeline jumps often)
        self.overlaid = before.overlaid
