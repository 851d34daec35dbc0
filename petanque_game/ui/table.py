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

from petanque_game.rules.base import Roll
from petanque_game.rules.petanque_table import Launch, Table
from petanque_game.ui import table_draw as td
from petanque_game.ui import theme
from petanque_game.ui.game_scene import GameScene
from petanque_game.ui.session import Session, Step
from petanque_game.ui.table_aim import aim_launch, flight_hint
from petanque_game.ui.widgets import Button

AREA = pygame.Rect(8, 64, 960, 552)
SIDE = pygame.Rect(980, 64, 284, 552)
CHARGE_PERIOD = 1.8  # seconds for the power to swing up and back down while the button is held


@dataclass
class Flight:
    """A throw being played back: the physics' path and where we are in it."""

    path: Any
    table: Table  # where it all comes to rest
    t: float = 0.0  # seconds since the release
    hold: float = 0.5  # seconds to rest on the last frame

    @property
    def frame(self) -> int:
        return min(len(self.path.frames) - 1, int(self.t * self.path.fps))

    @property
    def done(self) -> bool:
        return self.t >= len(self.path.frames) / self.path.fps + self.hold


class TableScene(GameScene):
    def __init__(self, app, session: Session):
        super().__init__(app, session)
        self.level = session.match.level
        self.view = td.fit_view(self.level, AREA.move(-AREA.x, -AREA.y).inflate(-16, -16), 60.0)
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
        for ev in step.events:
            if ev["action"] == "throw":
                path = step.throw.path if step.throw is not None else self._replay_path(step, ev)
                last_table = Table.from_json(ev["outcome"])
                self.flight = Flight(path, last_table) if path is not None and path.frames \
                    else None
                self.before_flight = step.before.table
            elif ev["action"] == "round_end":
                self.round_final = (ev["round"], last_table)

    def _replay_path(self, step: Step, ev: dict) -> Any:
        """A replay re-simulates the throw to show its flight (the record keeps only the rest)."""
        from petanque_game.physics import simulate_throw

        try:
            obj, die = ev["object"], ev.get("die")
            return simulate_throw(self.level, step.before.table, self.n, ev["player"], obj, die,
                                  Launch.from_json(ev["launch"])).path
        except Exception:  # noqa: BLE001 - may not re-run elsewhere: show the rest only
            return None

    def animate(self, dt: float) -> None:
        if self.flight is not None:
            self.flight.t += dt
            if self.flight.done:
                self.flight = None
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

    def launch(self, power: float | None = None) -> Launch | None:
        """The launch the player is aiming now, or None when no throw is due."""
        due = self.due
        if due is None:
            return None
        return aim_launch(self.level, self.n, due[0], self.target,
                          self.power if power is None else power, self.elevation)

    def flight_hint(self, launch: Launch, obj: str) -> tuple[list[tuple[float, float, float]],
                                                             bool]:
        return flight_hint(self.level, self.n, self.due[0], launch, obj)

    def throw(self, power: float | None = None) -> None:
        from petanque_game.physics import LaunchError, check_launch

        self.charging = None
        if not self.human_turn or self.due is None:
            self.refuse("It is not your throw now" if not self.busy else "Wait for the throw")
            return
        player, obj, die = self.due
        launch = self.launch(power)
        orientation = self.session.match.hand_orientation() if obj == "die" else 0
        launch = Launch(launch.x, launch.y, launch.direction, launch.speed, launch.elevation,
                        launch.spin, orientation)
        try:
            check_launch(self.level, self.n, player, launch)
        except LaunchError as e:
            self.refuse(str(e))
            return
        if power is not None:
            self.power = power
        self.act(self.session.rules.Throw(obj, die, launch))

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
        if self.replay is not None and self.replay.handle_event(event):
            return True
        aiming = self.human_turn and not self.busy and self.due is not None
        if event.type == pygame.MOUSEMOTION:
            if AREA.collidepoint(event.pos):
                self.target = self.view.to_board(event.pos[0] - AREA.x, event.pos[1] - AREA.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                if self.menu_button.click(event.pos):
                    return True
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

    def draw(self, surface: pygame.Surface) -> None:
        from petanque_game.ui.table_panel import draw_side, prompt

        st = self.state
        info = f"Round {st.round_number} of {st.rounds}  -  {self.level.title}"
        self.draw_header(surface, info)
        area = surface.subsurface(AREA)
        seat_walls = {self.level.seats[self.n][s]: s for s in range(self.n)}
        area.blit(td.board_surface(self.level, self.view, AREA.size, seat_walls), (0, 0))
        self._draw_seats(area)
        table, old = self.shown_table()
        if self.flight is not None:
            table, old = self.before_flight, False
            self._draw_flight(area)
        else:
            self._draw_table(area, table, old)
        if self.human_turn and not self.busy and self.due is not None:
            self._draw_aim(area)
        self._draw_closeup(area, table, old)
        pygame.draw.rect(surface, theme.colour("edge"), AREA, 2, border_radius=6)
        draw_side(self, surface, SIDE, table, old)
        urgent = self.human_turn and not self.busy
        text = self.replay.prompt() if self.replay is not None else prompt(self)
        self.draw_status(surface, text, self.buttons(), urgent)

    def _draw_seats(self, area: pygame.Surface) -> None:
        from petanque_game.physics import release_zone

        due = self.due
        for seat in range(self.n):
            zone = release_zone(self.level, self.n, seat)
            active = due is not None and due[0] == seat
            td.draw_release(area, self.view, zone, seat, self.session.players[seat].name, active)

    def _draw_table(self, area: pygame.Surface, table: Table, old: bool,
                    view: td.View | None = None, labels: bool = True) -> None:
        view = view or self.view
        alpha = 150 if old else 255
        dm = table.diamond
        closest = None
        on = [d for d in table.dice if d.on_board and d.distance is not None]
        if on:
            best = min(d.distance for d in on)
            closest = {(d.player, d.die) for d in on if d.distance == best}
        if dm is not None and not old:
            for d in on:
                a, b = view.to_screen(d.x, d.y), view.to_screen(dm.x, dm.y)
                col = theme.colour("accent") if (d.player, d.die) in closest else (200, 220, 210)
                pygame.draw.line(area, col, a, b, 2 if (d.player, d.die) in closest else 1)
        if dm is not None:
            td.draw_diamond(area, view, self.level, dm.x, dm.y, dm.angle, alpha=alpha)
        for d in table.dice:
            ring = theme.colour("accent") if closest and (d.player, d.die) in closest else None
            if not d.on_board:
                ring = theme.colour("bad")
            td.draw_table_die(area, view, self.level, d.player, d.face, d.x, d.y, d.angle,
                              alpha=alpha if d.on_board else 110, ring=ring)
        if dm is not None and not old and labels:
            for d in on:
                if (d.player, d.die) in closest:
                    sx, sy = view.to_screen(d.x, d.y)
                    theme.blit_text(area, f"{d.distance:.0f} mm", (sx, sy - 16), 20, "accent",
                                    True, "midbottom", shadow=True)

    def _draw_flight(self, area: pygame.Surface, view: td.View | None = None) -> None:
        from petanque_game.physics import top_face

        view = view or self.view
        f = self.flight
        frame = f.path.frames[f.frame]
        order = sorted(range(len(frame)), key=lambda i: frame[i][2])  # the highest drawn last
        for i in order:
            kind, player, _ = f.path.bodies[i]
            x, y, z, angle, orientation = frame[i]
            gone = f.path.off_from[i] is not None and f.frame >= f.path.off_from[i]
            alpha = 100 if gone else 255
            if kind == "diamond":
                td.draw_diamond(area, view, self.level, x, y, angle, z, alpha)
            else:
                td.draw_table_die(area, view, self.level, player, top_face(orientation), x,
                                  y, angle, z, alpha)

    def _draw_closeup(self, area: pygame.Surface, table: Table, old: bool) -> None:
        """A magnified view around the diamond, in the emptiest corner of the table area."""
        rect = self.closeup
        if self.flight is not None:
            frame = self.flight.path.frames[self.flight.frame]
            at = next(((b[0], b[1]) for b, body in zip(frame, self.flight.path.bodies)
                       if body[0] == "diamond"), None)
            ref = self.flight.table
        else:
            dm = table.diamond
            at = (dm.x, dm.y) if dm is not None else None
            ref = table
        if at is None or ref is None:
            return
        near = [math.hypot(d.x - at[0], d.y - at[1]) for d in ref.dice if d.on_board]
        reach = max([35.0] + [r for r in near if r < 160.0]) + 18.0
        scale = max(self.view.scale * 1.6, min(3.2, (rect.w / 2 - 6) / reach))
        view = td.View(scale, (rect.w / 2 - at[0] * scale, rect.h / 2 + at[1] * scale))
        inset = pygame.Surface(rect.size)
        inset.fill(td.FLOOR)
        pygame.draw.polygon(inset, theme.colour("felt"), view.poly(self.level.board.outline))
        pygame.draw.polygon(inset, theme.mix(theme.colour("felt"), (255, 255, 255), 0.35),
                            view.poly(self.level.board.outline), 2)
        for ob in self.level.obstacles:
            pygame.draw.polygon(inset, (120, 118, 124), view.poly(ob.outline))
        if self.flight is not None:
            self._draw_flight(inset, view)
        else:
            self._draw_table(inset, table, old, view, labels=False)
        area.blit(inset, rect)
        pygame.draw.rect(area, theme.colour("edge"), rect, 3, border_radius=4)
        theme.blit_text(area, f"close-up x{scale / self.view.scale:.0f}", (rect.x + 6, rect.y + 4),
                        18, "muted")

    def _pick_closeup(self, active: int | None) -> pygame.Rect:
        """The corner of the table area that hides least of the board, the walls and the seats,
        and nothing of the seat `active` (the thrower aiming)."""
        from petanque_game.physics import release_zone

        size, pad = 224, 8
        w, h = AREA.size
        probe = pygame.Surface(AREA.size)
        probe.fill((0, 0, 0))
        pygame.draw.polygon(probe, (255, 0, 0), self.view.poly(self.level.board.outline))
        for wall in self.level.walls.sides:
            pygame.draw.polygon(probe, (255, 0, 0),
                                self.view.poly(self.level.wall_outline(wall.name)))
        for seat in range(self.n):
            z = release_zone(self.level, self.n, seat)
            col = (255, 255, 0) if seat == active else (255, 0, 0)
            wall = self.level.wall_outline(self.level.seats[self.n][seat])
            band = [z.point(0, -z.half_width), z.point(0, z.half_width),
                    z.point(1, z.half_width), z.point(1, -z.half_width)]
            pygame.draw.polygon(probe, col, self.view.poly(band))
            pygame.draw.polygon(probe, col, self.view.poly(wall))
        corners = [pygame.Rect(pad, h - size - pad, size, size), pygame.Rect(pad, pad, size, size),
                   pygame.Rect(w - size - pad, h - size - pad, size, size),
                   pygame.Rect(w - size - pad, pad, size, size)]

        def cost(r: pygame.Rect) -> float:
            red, green, _ = pygame.transform.average_color(probe, r)[:3]
            return red + 50 * green  # covering the thrower's own seat is much worse

        return min(corners, key=cost)

    @property
    def closeup(self) -> pygame.Rect:
        due = self.due
        active = due[0] if due is not None and self.human_turn else None
        if active not in self._closeups:
            self._closeups[active] = self._pick_closeup(active)
        return self._closeups[active]

    def _draw_aim(self, area: pygame.Surface) -> None:
        launch = self.launch(self.charge())
        if launch is None:
            return
        obj = self.due[1]
        points, clears = self.flight_hint(launch, obj)
        col = theme.colour("accent") if clears else theme.colour("bad")
        screen = []
        for x, y, z in points:
            sx, sy = self.view.to_screen(x, y)
            screen.append((sx, sy - z * self.view.scale * td.HEIGHT_SHIFT))
        for a, b in zip(screen[::2], screen[1::2]):
            pygame.draw.line(area, col, a, b, 3)
        start = self.view.to_screen(launch.x, launch.y)
        seat = self.due[0]
        pygame.draw.circle(area, theme.player_colour(seat), start, 9)
        pygame.draw.circle(area, (255, 255, 255), start, 9, 2)
        if points:
            lx, ly = self.view.to_screen(points[-1][0], points[-1][1])
            pygame.draw.circle(area, col, (lx, ly), 10, 2)
            pygame.draw.line(area, col, (lx - 6, ly - 6), (lx + 6, ly + 6), 2)
            pygame.draw.line(area, col, (lx - 6, ly + 6), (lx + 6, ly - 6), 2)
        warning = None
        if not clears:
            warning = "Too low: it will hit the wall"
        elif points and not self.level.board.contains(points[-1][0], points[-1][1]):
            warning = "It lands off the board"
        if warning:
            theme.blit_text(area, warning, (start[0], start[1] - 28), 22, "bad", True,
                            "midbottom", shadow=True)

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
    """(seat, obj, die) of the throw due, from the rules' `throw_due` ((obj, die) of the seat to
    move; an older shape gave the seat too)."""
    due = getattr(state, "throw_due", None)
    if not due:
        return None
    if len(due) == 3:
        return tuple(due)
    seat = state.to_move
    return (seat, *due) if seat >= 0 else None
