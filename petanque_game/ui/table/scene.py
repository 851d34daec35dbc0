"""The Terningepetanque table scene: the board from above, aiming and throwing, the throw played
back from the physics' path, distances to the diamond, the reckoning at each round's end, the roll
for who starts, and the take-back prompt when the rules offer it.

Aiming (the `aim` setting, `table/aim.py`): with "point" the player points where the throw should
come to rest and clicks (or presses Space); the wheel or W/S set the elevation, Q/E the spin, the
arrow keys move the point. With "drag" the player pulls back from the release like a slingshot and
lets go (Escape or the right button cancels). With "power" the mouse sets the direction and
holding the button charges a timed power bar. "Use hint" (U) puts the hint's aim in place: it is
the aim thrown until the player changes the aim. The window never decides where a throw goes: the
match throws the aim with the seat's hand, simulates it (physics) and records it.

Pace (the `accept_at_once` setting, on by default): a throw that may be taken back is kept
without asking, but Throw again (T) stays one key away until the next throw starts. When the same
player throws next (the diamond, then their first die), the table shows that throw's aim at once
and the keep is decided when they throw; when someone else throws next, the throw is kept after
ACCEPT_GRACE seconds. The rules (and the record) see the same Accept, just later.

Nothing about a throw's outcome shows before the piece has come to rest on screen: while a flight
or the reckoning plays, the scene draws the state as it was (`state` is the state shown), and the
narration waits (GameScene holds its lines while the scene is busy).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from petanque_game.rules.base import Roll
from petanque_game.rules.events import Rolled, Transition
from petanque_game.rules.petanque_table import Aim, Table
from petanque_game.rules.terningepetanque_events import RoundEnded, Thrown
from petanque_game.ui import lang, sound
from petanque_game.ui.game_scene import GameScene
from petanque_game.ui.keys import key_names
from petanque_game.ui.session import Session, Step
from petanque_game.ui.table import foresee, kept, overlay, watch
from petanque_game.ui.table.aim import (
    ELEVATION_STEP,
    TARGET_STEP,
    Preview,
    aim_at,
    aim_drag,
    aim_launch,
    elevation_limits,
    preview,
    spin_step,
)
from petanque_game.ui.table.camera import Camera
from petanque_game.ui.table.foresee import foreseen
from petanque_game.ui.table.hint import HintAsk
from petanque_game.ui.table.panel import colours_key
from petanque_game.ui.table.reckoning import Reckoning, reckoning_of
from petanque_game.ui.table.replay import ReplayCheck, check_of
from petanque_game.ui.table.start import StartRoll
from petanque_game.ui.table.view import AREA, TableDrawing
from petanque_game.ui.widgets import Button

CHARGE_PERIOD = 1.8  # seconds for the power to swing up and back down while the button is held
AI_AIM_SHOWN = 0.6  # seconds an AI's aim is shown before it throws, at the normal AI pace
NORMAL_AI_DELAY = 0.8  # the ai_delay setting's default: the AI pace 1
ACCEPT_GRACE = 2.0  # seconds Throw again stays offered before a kept throw passes the turn on
HINT_SNAP = 8  # px: after Use hint, a point this near the hint's ring throws the hint's aim


@dataclass
class Flight:
    """A throw being played back: the physics' path and where we are in it (ui/table/watch.py:
    the pace, and the sounds it makes)."""

    path: Any
    table: Table  # where it all comes to rest
    t: float = 0.0  # seconds on screen since the playback began
    path_t: float = 0.0  # seconds of the path shown so far (the release is at 0)
    rest: float = 0.0  # seconds shown at rest after the last frame
    hold: float = watch.HOLD  # seconds to rest on the last frame
    sounds: list[tuple[int, str]] | None = None  # (frame, sound) still to be heard

    @property
    def frame(self) -> int:
        return min(len(self.path.frames) - 1, int(self.path_t * self.path.fps))

    @property
    def over(self) -> bool:
        """Has the last frame been shown (the bodies are at rest)?"""
        return self.path_t * self.path.fps >= len(self.path.frames) - 1

    @property
    def done(self) -> bool:
        return self.over and self.rest >= self.hold

    def advance(self, dt: float, speed: float) -> None:
        """`dt` seconds more on screen at the player's animation `speed` (1.0 normal)."""
        lead = max(0.0, min(dt, watch.LEAD - self.t))
        self.t += dt
        if self.over:
            self.rest += dt
            return
        self.path_t += (dt - lead) * watch.PACE * max(0.05, speed)


@dataclass
class AiAim:
    """An AI's aim shown before it throws: the state it is for, the aim, seconds left."""

    state: Any
    seat: int
    obj: str
    aim: Aim
    left: float


class TableScene(TableDrawing, GameScene):
    def __init__(self, app, session: Session):
        super().__init__(app, session)
        self.level = session.match.level
        self.view = Camera(self.level, AREA.size)  # eased pan and zoom (ui/table/camera.py)
        self.lay_out_sheet(settle=True)  # the score sheet beside the board (ui/table/view.py)
        self.flight: Flight | None = None
        self.flight_state: Any = None  # the state shown while a throw is in the air
        self.round_final: tuple[int, Table] | None = None  # (round, table) of the last scored round
        self.target: tuple[float, float] = (0.0, 0.0)
        self.power = 0.45
        lo, hi = elevation_limits(self.level)
        self.elevation = max(lo, min(hi, 45.0))  # degrees
        self.spin = 0.0  # rad/s
        self.charging: float | None = None  # seconds held, while charging (power aiming)
        self.pressed = False  # the left button went down on the board (point aiming)
        # drag aiming: ((x, y) mm and (x, y) px grabbed, (x, y) mm and (x, y) px now), or None
        self.drag: tuple[tuple[float, float], tuple[int, int], tuple[float, float],
                         tuple[int, int]] | None = None
        # Use hint: the hint's aim, the state it is for, where it comes to rest
        self.hinted: tuple[Aim, Any, tuple[float, float]] | None = None
        self.grace = 0.0  # seconds a kept throw has waited for Throw again (accept_at_once)
        self.keyed = False  # the arrow keys moved the point (drag aiming then throws at it too)
        self._accepted: tuple[Any, Any] | None = None  # (state, it with the throw kept)
        self._human_keeps: tuple[Any, bool] | None = None  # (state, a person to move in it)
        self._due: tuple[Any, Any] | None = None  # (state, the throw due in it)
        self._points_now: tuple[Any, Any] | None = None  # (state, this round's points so far)
        self.before_flight = Table()  # the table as it lay when the throw in flight was made
        self.hint = HintAsk(session.game, self.level)
        self.ai_aim: AiAim | None = None
        self.ai_aim_seen: Any = None  # the state whose AI aim was shown (once per decision)
        self.reckoning: Reckoning | None = None
        self.start_roll: StartRoll | None = None
        self.check: ReplayCheck | None = None
        self.overlaid = True  # something was drawn over the area in the last frame (overlay.py)
        if self.replay is not None:
            self.check, new = check_of(session, self.level)
            if new and self.check.board_note:
                self.app.toast.show(self.check.board_note, "bad", 6.0)
        self.settle_view()  # framed on the play (ui/table/camera.py)

    # --- state ------------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The state shown: as it was before the throw in the air, or before the round's scoring
        during the reckoning; the session's state otherwise."""
        if self.flight is not None and self.flight_state is not None:
            return self.flight_state
        if self.reckoning is not None:
            return self.reckoning.before
        if self.start_roll is not None and not self.start_roll.done:
            return self.start_roll.before
        if self.keeping_on:
            st = self.session.state
            if self._accepted is None or self._accepted[0] is not st:
                self._accepted = (st, st.apply(self.session.rules.Accept()))
            return self._accepted[1]
        return self.session.state

    @property
    def keeping(self) -> bool:
        """A person's throw awaits its keep while `accept_at_once` keeps it without asking: Throw
        again is still offered."""
        st = self.session.state
        if not (self.app.settings.accept_at_once and self.replay is None
                and self.session.interactive and st.awaiting_accept and self.flight is None
                and self.reckoning is None):
            return False
        # who is to move takes the rules' throw order: asked once per state (the drawing asks
        # this many times a frame, through `state`)
        if self._human_keeps is None or self._human_keeps[0] is not st:
            self._human_keeps = (st, self.session.human_to_move)
        return self._human_keeps[1]

    @property
    def keeping_on(self) -> bool:
        """Keeping, and the same player throws next: the table shows that throw's aim now."""
        if not self.keeping:
            return False
        st = self.session.state
        return st.throws_left > 0 and st.throw_order[st.throws_done][0] == st.to_move

    @property
    def due(self) -> tuple[int, str, int | None] | None:
        """(seat, obj, die) of the throw due now, or None (worked out once per state shown)."""
        st = self.state
        if self._due is None or self._due[0] is not st:
            self._due = (st, due_throw(st))
        return self._due[1]

    @property
    def n(self) -> int:
        return self.session.state.num_players

    @property
    def aim_mode(self) -> str:
        aim = self.app.settings.aim
        return aim if aim in ("power", "drag") else "point"

    @property
    def pace(self) -> float:
        """The AI's pace as the setting gives it (1 at the default pause, 0 with none)."""
        return self.app.settings.ai_delay / NORMAL_AI_DELAY

    @property
    def flying(self) -> bool:
        return self.flight is not None and not self.flight.done

    @property
    def busy(self) -> bool:
        return (self.flying or self.reckoning is not None or self.ai_aim is not None
                or (self.start_roll is not None and not self.start_roll.done))

    @property
    def aiming(self) -> bool:
        """A human's throw is due and nothing is being shown: the aim is the player's."""
        return self.human_turn and not self.busy and self.due is not None

    @property
    def animating(self) -> bool:
        """Frames are needed while the power swings too (the button held, no event coming), while
        a hint is searched for on another thread, while a kept throw waits out its grace, while
        an aim's preview is worked out (ui/table/foresee.py), so it is shown when done, and while
        a kept part of the picture shows its last picture (ui/table/kept.py)."""
        return (super().animating or self.charging is not None or self.hint.future is not None
                or (self.keeping and not self.keeping_on) or foresee.worker.working()
                or kept.late_parts(self.session))

    def finish_animation(self) -> None:
        """Everything shown at rest at once (a replay's step or jump), the camera too."""
        self.skip_flight()
        self.ai_aim = None
        self.start_roll = None
        self.reckoning = None
        self.settle_view()

    def on_step(self, step: Step) -> None:
        self.charging = None
        self.pressed = False
        self.drag = None
        self.hinted = None
        self.grace = 0.0
        self.keyed = False
        for made in step.transitions:
            match made.event:
                case Thrown(table=table):
                    path = step.throw.path if step.throw is not None else \
                        self._replay_path(step, made)
                    self.flight = Flight(path, table) if path is not None and path.frames \
                        else None
                    self.flight_state = step.before
                    self.before_flight = step.before.table
                case RoundEnded(round=number):
                    self.round_final = (number, made.before.table)
                    self.reckoning = reckoning_of(made, self._reckoning_wait())
                case Rolled(player=player, dice=dice) if made.before.starter is None:
                    self.start_roll = StartRoll(made.before, made.after, player, dice[0],
                                                made.index, self.app.settings)

    def _reckoning_wait(self) -> float | None:
        """Seconds before an AI-only reckoning continues by itself; None: a person presses
        Continue (a live game with a human at the table)."""
        if self.replay is not None:
            return 3.0 * self.app.settings.replay_delay / 0.9 / self.replay.speed
        if any(p.kind == "human" for p in self.session.players):
            return None
        return 3.0 * self.pace

    def _replay_path(self, step: Step, made: Transition) -> Any:
        """A replay re-simulates the throw to show its flight (the record keeps only the rest),
        but for a step made again at rest (a jump). When the simulation does not end where the
        record says, the recorded table is shown without the flight, and the player is told once
        (`ReplayCheck`)."""
        if step.at_rest or self.check is None:
            return None
        path = self.check.path(made)
        if self.check.note_due():
            self.app.toast.show(self.check.notice, "bad", 6.0)
        return path

    def update(self, dt: float) -> None:
        self._show_ai_aim()
        self.hint.poll()
        if self.hint.use_when_ready and self.hint.future is None:
            self.hint.use_when_ready = False
            if self.hinted_aim() is not None:
                self.use_hint()
        super().update(dt)

    def _show_ai_aim(self) -> None:
        """Once the AI's decision is ready (thought out on the AI's thread), show its aim for a
        moment before it throws."""
        s = self.session
        if self.replay is not None or self.busy or not s.ai_to_move or self.pace <= 0.0:
            return
        if self.ai_aim_seen is s.state or self.due is None:
            return
        plan = s.planned()
        if plan is None or not isinstance(plan, s.rules.Throw):
            return
        self.ai_aim_seen = s.state
        self.ai_aim = AiAim(s.state, s.state.to_move, plan.obj, plan.launch,
                            AI_AIM_SHOWN * self.pace)

    def animate(self, dt: float) -> None:
        self._play_flight(dt)
        if self.flight is not None:
            return  # what comes after the throw waits for it to come to rest
        if self.start_roll is not None:
            self._roll_on(self.start_roll, dt)
            if not self.start_roll.done:
                return
        if self.reckoning is not None:
            self.reckoning.t += dt
            if self.reckoning.over:
                self.reckoning = None
            return
        if self.ai_aim is not None:
            a = self.ai_aim
            if foreseen(self, a.aim, a.seat, a.obj) is not None:  # shown once worked out
                a.left -= dt
            if self.ai_aim.left <= 0.0 or self.ai_aim.state is not self.session.state:
                self.ai_aim = None
                self.ai_wait = self.app.settings.ai_delay  # it throws now
        if self.charging is not None:
            self.charging += dt
        if self.keeping and not self.keeping_on and self.app.top is self:
            self.grace += dt
            if self.grace >= ACCEPT_GRACE:
                self.act(self.session.rules.Accept())

    @staticmethod
    def _roll_on(roll: StartRoll, dt: float) -> None:
        """The die for who starts tumbles on: heard as it is thrown in and as it comes to rest."""
        if roll.tumble <= 0.0:
            roll.t += dt
            return
        if roll.t == 0.0:
            sound.play("roll")
        landed = roll.t >= roll.tumble
        roll.t += dt
        if not landed and roll.t >= roll.tumble:
            sound.play("clack")

    def _play_flight(self, dt: float) -> None:
        """The throw played on (its pace, its sounds, the camera: `watch_throw` in
        ui/table/view.py); once it is over, the state shown is the session's again."""
        self.watch_throw(dt)
        if self.flight is None:
            self.flight_state = None

    def skip_flight(self) -> None:
        """A click or a key ends the playback at once."""
        self.flight = None
        self.flight_state = None

    def shown_table(self) -> tuple[Table, bool]:
        """The table to draw, and whether it is the last round's (kept until the next diamond)."""
        st = self.state
        if self.reckoning is not None:
            return self.reckoning.table, False
        if st.table.diamond is None and not st.table.dice and self.round_final is not None \
                and st.pending_throw is None:
            return self.round_final[1], True
        return st.table, False

    # --- aiming -----------------------------------------------------------------------------------

    def charge(self) -> float:
        if self.charging is None:
            return self.power
        phase = (self.charging / (CHARGE_PERIOD / 2)) % 2.0
        return max(0.02, 1.0 - abs(1.0 - phase))

    def launch(self, power: float | None = None) -> Aim | None:
        """The aim the player is taking now: the hint's while it is in place (Use hint), the
        slingshot's while a drag is pulled. None when no throw is due, or with drag aiming while
        nothing is pulled (unless the arrow keys have moved the point: then it is aimed there)."""
        due = self.due
        if due is None:
            return None
        if power is None and self.hint_in_place():
            return self.hinted[0]
        if self.aim_mode == "drag" and self.drag is not None:
            grab, grab_px, pull, pull_px = self.drag
            px = ((grab_px[0] - pull_px[0]) ** 2 + (grab_px[1] - pull_px[1]) ** 2) ** 0.5
            return aim_drag(self.level, self.n, due[0], grab, pull, px, self.elevation,
                            self.spin)
        if self.aim_mode == "drag" and not self.keyed:
            return None  # nothing pulled yet
        if self.aim_mode == "power":
            return aim_launch(self.level, self.n, due[0], self.target,
                              self.charge() if power is None else power, self.elevation,
                              self.spin)
        return aim_at(self.level, self.n, due[0], self.target, self.elevation, due[1], self.spin)

    def hand_for(self, seat: int) -> Any:
        """The hand `seat` throws with (`physics.hand`): the person's chosen one, an AI's
        level's."""
        from petanque_game.physics import hand as hands

        player = self.session.players[seat]
        if player.kind == "ai":
            from petanque_game.ai import hand_of

            return hand_of(player.level)
        return hands.PERSON_HANDS.get(self.session.match.hand_name(seat), hands.STEADY)

    def preview_of(self, launch: Aim, seat: int, obj: str) -> Preview:
        """What `launch` does on the table shown, with the spread of `seat`'s hand."""
        return preview(self.level, self.n, seat, launch, obj, self.state.table,
                       self.hand_for(seat))

    def pointed(self) -> tuple[float, float] | None:
        """Where the player points the rest at (point aiming), or None."""
        if self.aim_mode == "power" or self.drag is not None or self.hint_in_place():
            return None
        return self.target

    def hint_in_place(self) -> bool:
        """Is the aim the hint's (Use hint), unchanged since: its height and spin, no drag or
        charge, and the point on its ring (within HINT_SNAP px)?"""
        if self.hinted is None:
            return False
        aim, state, rest = self.hinted
        if state is not self.state or self.drag is not None or self.charging is not None:
            return False
        if abs(self.elevation - math.degrees(aim.elevation)) > 1e-6 or self.spin != aim.spin:
            return False
        (ax, ay), (bx, by) = self.view.to_screen(*self.target), self.view.to_screen(*rest)
        return abs(ax - bx) + abs(ay - by) <= HINT_SNAP

    def hinted_aim(self) -> Aim | None:
        """The hint's aim, when a hint for the throw due is shown."""
        hint = self.hint.current(self.state)
        return hint.action if hint is not None and isinstance(hint.action, Aim) else None

    def use_hint(self) -> None:
        """Put the hint's aim in place: its height and spin, the point on where it comes to rest;
        the throw then thrown is the hint's own aim until the aim is changed."""
        if not self.aiming:
            self.refuse(lang.tr("table.refuse.no_hint"))
            return
        aim = self.hinted_aim()
        if aim is None:  # none shown yet: shown (searched first if need be), then put in place
            if self.hint.state is self.state and self.hint.future is None:
                self.hint.shown = True
            elif not self.hint.searching(self.state):
                self.ask_hint()
            self.hint.use_when_ready = True
            return
        self.elevation = math.degrees(aim.elevation)
        self.spin = aim.spin
        seat, obj = self.due[0], self.due[1]
        self.target = self.preview_of(aim, seat, obj).rest
        self.drag = None
        self.charging = None
        self.hinted = (aim, self.state, self.target)

    def throw(self, power: float | None = None) -> None:
        self.charging = None
        if not self.human_turn or self.due is None or self.busy:
            self.refuse(lang.tr("table.refuse.not_your_throw") if not self.busy else
                        lang.tr("table.refuse.wait_throw"))
            return
        if self.hint.use_when_ready and self.hint.future is not None:
            self.refuse(lang.tr("table.refuse.wait_hint"))  # not the aim the hint will replace
            return
        _, obj, die = self.due
        launch = self.launch(power)
        self.drag = None
        if launch is None:
            self.refuse(lang.tr("table.refuse.drag_to_throw"))
            return
        if self.keeping_on and not self.act(self.session.rules.Accept()):
            return  # the throw before is kept now: this one starts
        # The player decides the aim; the match adds what the hand adds (its wobble, the die's
        # orientation) and refuses, with its reason, an aim the seat may not make.
        if self.act(self.session.rules.Throw(obj, die, launch)) and power is not None:
            self.power = power

    def accept(self) -> None:
        if self.human_turn and not self.busy and self.session.state.awaiting_accept:
            self.act(self.session.rules.Accept())
        else:
            self.refuse(lang.tr("table.refuse.nothing_to_accept"))

    def rethrow(self) -> None:
        if self.human_turn and not self.busy and self.session.state.awaiting_accept:
            self.act(self.session.rules.Rethrow())
        else:
            self.refuse(lang.tr("table.refuse.nothing_to_take_back"))

    def roll_for_start(self) -> None:
        if self.human_turn and not self.busy and self.state.starter is None:
            self.act(Roll(1))
        else:
            self.refuse(lang.tr("table.refuse.nothing_to_roll"))

    def ask_hint(self) -> None:
        st = self.state
        if not self.human_turn or self.busy or st.to_move < 0:
            self.refuse(lang.tr("table.refuse.no_hint"))
            return
        self.hint.ask(st, self.hand_for(st.to_move), self.session.state)

    def continue_reckoning(self) -> None:
        self.reckoning = None

    def _elevate(self, degrees: float) -> None:
        lo, hi = elevation_limits(self.level)
        self.elevation = max(lo, min(hi, self.elevation + degrees))

    def _turn(self, steps: int) -> None:
        top = self.level.throw.max_spin
        self.spin = max(-top, min(top, self.spin + steps * spin_step(self.level)))

    def _move_target(self, dx: float, dy: float) -> None:
        self.keyed = True
        half = self.level.world_half_size
        x, y = self.target
        self.target = (max(-half, min(half, x + dx)), max(-half, min(half, y + dy)))

    # --- input ------------------------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        if self.reckoning is not None and self.flight is None:
            return self.layout_buttons([Button(pygame.Rect(0, 0, 200, 64),
                                               lang.tr("table.button.continue"),
                                               self.continue_reckoning, True, 26,
                                               lang.tr("table.continue_keys"), "primary",
                                               tag="continue")])
        if self.replay is not None:
            return self.replay.buttons()
        st, human = self.state, self.human_turn and not self.busy
        if not human:
            return []
        s = self.app.settings
        hint = ("table.button.hint", self.ask_hint, key_names(s, "hint"), "hint", "normal", 120)
        if st.starter is None:
            specs = [("table.button.roll", self.roll_for_start, key_names(s, "roll"), "roll",
                      "primary", 180)]
        elif st.awaiting_accept:
            specs = [hint, ("table.button.accept", self.accept, key_names(s, "accept"),
                            "accept", "primary", 180),
                     ("table.button.rethrow", self.rethrow, key_names(s, "rethrow"), "rethrow",
                      "normal", 180)]
        else:
            throw_keys = "table.drag_keys" if self.aim_mode == "drag" else "table.throw_keys"
            specs = [hint, ("table.button.use_hint", self.use_hint, key_names(s, "use_hint"),
                            "use_hint", "normal", 150),
                     ("table.button.throw", self.throw, lang.tr(throw_keys), "throw",
                      "primary", 170)]
            if self.keeping_on:  # the throw before may still be taken back
                specs.insert(2, ("table.button.rethrow", self.rethrow, key_names(s, "rethrow"),
                                 "rethrow", "normal", 160))
        return self.layout_buttons([Button(pygame.Rect(0, 0, w, 64), lang.tr(label), fn, True,
                                           26, keys, style, tag=tag)
                                    for label, fn, keys, tag, style, w in specs])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.camera_event(event):  # zoom (ui/table/view.py)
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
                self.charging = None
                self.pressed = False
                self.drag = None
            return True  # buttons 4 and 5 are the wheel: MOUSEWHEEL says it once
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.charging is not None:
                self.throw(self.charge())
            elif self.drag is not None:
                self._motion(event.pos)
                self.throw()
            elif self.pressed:
                self.pressed = False
                if self.aiming and AREA.collidepoint(event.pos):
                    self.target = self._board_at(event.pos)
                    self.throw()
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.aiming:
                self._elevate(ELEVATION_STEP * (1 if event.y > 0 else -1 if event.y < 0 else 0))
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, getattr(event, "mod", 0)) or True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)

    def _motion(self, pos: tuple[int, int]) -> None:
        """The mouse moved: it pulls a drag, or moves the point."""
        if not self.aiming:
            return
        if self.drag is not None:
            grab, grab_px, _, _ = self.drag
            self.drag = (grab, grab_px, self._board_at(pos), pos)
        elif AREA.collidepoint(pos) and self.aim_mode != "drag":
            self.target = self._board_at(pos)

    def _board_at(self, pos: tuple[int, int]) -> tuple[float, float]:
        return self.view.to_board(pos[0] - AREA.x, pos[1] - AREA.y)

    def _press(self, pos: tuple[int, int]) -> bool:
        if self.flying:
            self.skip_flight()
            return True
        for b in self.buttons():
            if b.click(pos):
                return True
        if self.busy:
            return True
        if self.aiming and AREA.collidepoint(pos):
            at = self._board_at(pos)
            if self.aim_mode == "drag":
                self.drag = (at, pos, at, pos)
                return True
            self.target = at
            if self.aim_mode == "power":
                self.charging = 0.0
            else:
                self.pressed = True
        elif AREA.collidepoint(pos) and not self.human_turn:
            self.refuse(lang.tr("table.refuse.wait_turn"))
        return True

    def _reckoning_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons():
                if b.click(event.pos):
                    return True
            return self.header_event(event) or True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE, pygame.K_c):
            self.continue_reckoning()
            return True
        return False

    def _key(self, key: int, mod: int) -> bool:
        s, st = self.app.settings, self.state
        if s.is_key("back", key):
            if self.drag is not None or self.charging is not None:  # a throw being made: cancelled
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
        return self._aim_key(key, mod)

    def _aim_key(self, key: int, mod: int) -> bool:
        far = TARGET_STEP * (5 if mod & pygame.KMOD_SHIFT else 1)
        moves = {pygame.K_LEFT: (-far, 0.0), pygame.K_RIGHT: (far, 0.0),
                 pygame.K_UP: (0.0, far), pygame.K_DOWN: (0.0, -far)}
        if key in moves:
            self._move_target(*moves[key])
        elif key in (pygame.K_w, pygame.K_s):  # (Page Up/Down: the camera's zoom)
            self._elevate(ELEVATION_STEP if key == pygame.K_w else -ELEVATION_STEP)
        elif key in (pygame.K_q, pygame.K_e):
            self._turn(1 if key == pygame.K_q else -1)
        elif key in (pygame.K_z, pygame.K_x) and self.aim_mode == "power":
            self.power = max(0.02, min(1.0, self.power + (0.02 if key == pygame.K_x else -0.02)))
        elif self.app.settings.is_key("hint", key):
            self.ask_hint()
        elif self.app.settings.is_key("use_hint", key):
            self.use_hint()
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.throw()
        return True

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.overlaid = overlay.draw_overlays(self, surface)
        foresee.worker.drawn()  # the previews' thread works in the quiet time that follows

    def take_pictures(self, before: TableScene) -> None:
        """A replay's jump: this scene is drawn where `before` was, and the window holds what
        `before` drew in the frame before (its parts are kept per session, not per scene:
        ui/table/window.py and kept.py)."""
        self._drawn_frame = getattr(before, "_drawn_frame", None)
        self.overlaid = before.overlaid
        self.gaps_filled = getattr(before, "gaps_filled", None)

    def panel_players(self, rect: pygame.Rect) -> tuple[tuple, Any]:
        """The side panel's players' rows at `rect`: what they show (a key) and how they are
        drawn (`draw(on, rect)`)."""
        st = self.state
        if self._points_now is None or self._points_now[0] is not st:  # worked out once a state
            self._points_now = (st, st.round_points_now[0] if st.starter is not None
                                else (0,) * self.n)
        points = self._points_now[1]
        to_move = st.to_move if st.to_move >= 0 else None
        if to_move is None and st.pending_throw is not None:
            to_move = st.pending_throw.player
        reckoning = self.reckoning if self.flight is None else None

        scores = tuple(reckoning.total_shown(seat) if reckoning is not None else st.totals[seat]
                       for seat in range(self.n))
        now = None if st.starter is None or st.is_terminal else tuple(points)
        s = self.session
        key = (scores, now, to_move, tuple(s.players), s.over and not self.busy, rect.size,
               lang.language(), colours_key())

        def sub(seat: int) -> str:
            return "" if now is None else lang.tr("table.panel.now", points=f"{now[seat]:+d}")

        def draw(on: pygame.Surface, r: pygame.Rect) -> None:
            self.draw_players(on, r, lambda seat: lang.number(scores[seat]), sub, to_move)

        return key, draw


def due_throw(state: Any) -> tuple[int, str, int | None] | None:
    """(seat, obj, die) of the throw due: the rules' `throw_due` ((obj, die)) and the seat to
    move."""
    due = state.throw_due
    return None if due is None else (state.to_move, *due)
