"""Drawing the Terningepetanque table: the board, walls and seats, the dice and the diamond at rest
or in flight (played back from the physics' path, shadows under raised bodies), the close-up around
the diamond, and the aim with its flight hint. Drawing only reads the scene; it never changes the
game (DESIGN.md, principle 7).
"""

from __future__ import annotations

import math

import pygame

from petanque_game.rules.petanque_table import Table
from petanque_game.rules.terningepetanque import closest_dice
from petanque_game.ui import table_draw as td
from petanque_game.ui import theme
from petanque_game.ui.table_panel import draw_side, prompt

AREA = pygame.Rect(8, 64, 960, 552)  # the table's part of the logical surface
SIDE = pygame.Rect(980, 64, 284, 552)  # the side panel


class TableDrawing:
    """The drawing half of TableScene (a mixin: it reads the scene's state through self)."""

    def draw(self, surface: pygame.Surface) -> None:
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
        on = [d for d in table.dice if d.on_board and d.distance is not None]
        closest = {(d.player, d.die) for d in closest_dice(table)}
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
