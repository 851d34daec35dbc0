"""The Terningepetanque table scene: the board from above, aiming and throwing, the throw played back
from the physics' path at 60 frames a second, distances to the diamond, the round's scores, and the
take-back prompt when the rules offer it.

Aiming: the mouse points where to throw (direction, and the release point slides along the wall
in line with it); hold the left button to charge the power (it swings up and down) and let go to
throw; the wheel or Up/Down set the elevation, Left/Right the power for a keyboard throw (Space).
The hint shows the flight to its first landing and whether it clears the wall. The window never
decides where a throw goes: the match simulates it (physics) and records it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from petanque_game.record import Decoded
from petanque_game.rules.base import Roll
from petanque_game.rules.petanque_table import Aim, Table
from petanque_game.ui import table_watch as watch
from petanque_game.ui.game_scene import GameScene
from petanque_game.ui.session import Session, Step
from petanque_game.ui.table_aim import aim_launch, flight_hint
from petanque_game.ui.table_camera import Camera
from petanque_game.ui.table_view import AREA, TableDrawing
from petanque_game.ui.widgets import Button

CHARGE_PERIOD = 1.8  # seconds for the power to swing up and back down while the button is held


@dataclass
class Flight:
    """A throw being played back: the physics' path and where we are in it (ui/table_watch.py:
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


class TableScene(TableDrawing, GameScene):
    def __init__(self, app, session: Session):
        super().__init__(app, session)
        self.level = session.match.level
        self.view = Camera(self.level, AREA.size)  # eased pan and zoom (ui/table_camera.py)
        self.flight: Flight | None = None
        self.round_final: tuple[int, Table] | None = None  # (round, table) of the last scored round
        self.target: tuple[float, float] = (0.0, 0.0)
        self.power = 0.45
        self.elevation = 35.0  # degrees
        self.charging: float | None = None  # seconds held, while charging
        self.before_flight = Table()  # the table as it lay when the throw in flight was made
        self._closeups: dict[int | None, pygame.Rect] = {}  # where the close-up goes, per thrower

    # --- state ------------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def due(self) -> tuple[int, str, int | None] | None:
        """(seat, obj, die) of the throw due now, or None."""
        return due_throw(self.state)

    @property
    def n(self) -> int:
        return self.state.num_players

    @property
    def busy(self) -> bool:
        return self.flight is not None and not self.flight.done

    def finish_animation(self) -> None:
        self.flight = None

    def on_step(self, step: Step) -> None:
        self.charging = None
        last_table = step.before.table
        for told in step.told:
            ev = told.decoded
            if ev.action == "throw":
                path = step.throw.path if step.throw is not None else self._replay_path(step, ev)
                last_table = ev.outcome
                self.flight = Flight(path, last_table) if path is not None and path.frames \
                    else None
                self.before_flight = step.before.table
            elif ev.action == "round_end":
                self.round_final = (ev.outcome[0], last_table)

    def _replay_path(self, step: Step, ev: Decoded) -> Any:
        """A replay re-simulates the throw to show its flight (the record keeps only the rest)."""
        from petanque_game.physics import LaunchError, simulate_throw

        try:
            obj, die, launch = ev.decision
            return simulate_throw(self.level, step.before.table, self.n, ev.player, obj, die,
                                  launch).path
        except LaunchError:  # the reader checked the launch; should it still be refused, the
            return None  # table is shown at rest without the flight

    def animate(self, dt: float) -> None:
        self.watch_throw(dt)  # the throw played back, its sounds, the camera (ui/table_view.py)
        if self.charging is not None:
            self.charging += dt

    def shown_table(self) -> tuple[Table, bool]:
        """The table to draw, and whether it is the last round's (kept until the next diamond)."""
        st = self.state
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
        """The aim the player is taking now, or None when no throw is due."""
        due = self.due
        if due is None:
            return None
        return aim_launch(self.level, self.n, due[0], self.target,
                          self.power if power is None else power, self.elevation)

    def flight_hint(self, launch: Aim, obj: str) -> tuple[list[tuple[float, float, float]],
                                                             bool]:
        return flight_hint(self.level, self.n, self.due[0], launch, obj)

    def throw(self, power: float | None = None) -> None:
        self.charging = None
        if not self.human_turn or self.due is None:
            self.refuse("It is not your throw now" if not self.busy else "Wait for the throw")
            return
        _, obj, die = self.due
        # The player decides the aim; the match adds what the hand adds (the die's orientation)
        # and refuses, with its reason, an aim the seat may not make.
        if self.act(self.session.rules.Throw(obj, die, self.launch(power))) and power is not None:
            self.power = power

    def accept(self) -> None:
        if self.human_turn and self.state.awaiting_accept:
            self.act(self.session.rules.Accept())
        else:
            self.refuse("There is no throw to accept now")

    def rethrow(self) -> None:
        if self.human_turn and self.state.awaiting_accept:
            self.act(self.session.rules.Rethrow())
        else:
            self.refuse("There is no throw to take back now")

    def roll_for_start(self) -> None:
        if self.human_turn and self.state.starter is None:
            self.act(Roll(1))
        else:
            self.refuse("Nothing to roll now")

    # --- input ------------------------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        if self.replay is not None:
            return self.replay.buttons()
        st, human = self.state, self.human_turn and not self.busy
        if not human:
            return []
        if st.starter is None:
            specs = [("Roll", self.roll_for_start, "R / Space", "roll", "primary")]
        elif st.awaiting_accept:
            specs = [("Accept", self.accept, "A / Enter", "accept", "primary"),
                     ("Throw again", self.rethrow, "T", "rethrow", "normal")]
        else:
            specs = [("Throw", lambda: self.throw(), "Space", "throw", "primary")]
        return self.layout_buttons([Button(pygame.Rect(0, 0, 180, 64), label, fn, True, 26, hint,
                                           style, tag=tag) for label, fn, hint, tag, style in specs])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.camera_event(event):  # zoom (ui/table_view.py)
            return True
        if self.replay is not None and self.replay.handle_event(event):
            return True
        if self.header_event(event):
            return True
        aiming = self.human_turn and not self.busy and self.due is not None
        if event.type == pygame.MOUSEMOTION:
            if AREA.collidepoint(event.pos):
                self.target = self.view.to_board(event.pos[0] - AREA.x, event.pos[1] - AREA.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                if self.busy:
                    self.flight = None  # a click ends the playback at once
                    return True
                for b in self.buttons():
                    if b.click(event.pos):
                        return True
                if aiming and AREA.collidepoint(event.pos):
                    self.target = self.view.to_board(event.pos[0] - AREA.x,
                                                     event.pos[1] - AREA.y)
                    self.charging = 0.0
                elif AREA.collidepoint(event.pos) and not self.human_turn:
                    self.refuse("Wait for your turn")
            elif event.button == 3:
                self.charging = None
            elif event.button in (4, 5):
                self._elevate(2.5 if event.button == 4 else -2.5)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.charging is not None:
                self.throw(self.charge())
            return True
        if event.type == pygame.MOUSEWHEEL:
            self._elevate(2.5 * event.y)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key) or True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)

    def _elevate(self, degrees: float) -> None:
        t = self.level.throw
        self.elevation = max(math.degrees(t.min_elevation),
                             min(math.degrees(t.max_elevation), self.elevation + degrees))

    def _key(self, key: int) -> bool:
        s, st = self.app.settings, self.state
        if s.is_key("back", key):
            self.leave()
            return True
        if self.busy:
            self.flight = None
            return True
        if st.awaiting_accept and self.human_turn:
            if s.is_key("accept", key):
                self.accept()
            elif s.is_key("rethrow", key):
                self.rethrow()
            return True
        if st.starter is None:
            if s.is_key("roll", key):
                self.roll_for_start()
            return True
        if key in (pygame.K_UP, pygame.K_w, pygame.K_DOWN, pygame.K_s):
            self._elevate(2.5 if key in (pygame.K_UP, pygame.K_w) else -2.5)
        elif key in (pygame.K_LEFT, pygame.K_a, pygame.K_RIGHT, pygame.K_d):
            step = 0.02 if key in (pygame.K_RIGHT, pygame.K_d) else -0.02
            self.power = max(0.02, min(1.0, self.power + step))
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.throw()
        return True

    # --- drawing ----------------------------------------------------------------------------------

    def draw_panel_players(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        st = self.state
        points, _ = st.round_points_now if st.starter is not None else ((0,) * self.n, ())
        to_move = st.to_move if st.to_move >= 0 else None
        if to_move is None and st.pending_throw is not None:
            to_move = st.pending_throw.player

        def score(seat: int) -> str:
            return str(st.totals[seat])

        def sub(seat: int) -> str:
            if st.starter is None or st.is_terminal:
                return ""
            return f"now {points[seat]:+d}"

        self.draw_players(surface, rect, score, sub, to_move)


def due_throw(state: Any) -> tuple[int, str, int | None] | None:
    """(seat, obj, die) of the throw due: the rules' `throw_due` ((obj, die)) and the seat to move."""
    due = state.throw_due
    return None if due is None else (state.to_move, *due)
