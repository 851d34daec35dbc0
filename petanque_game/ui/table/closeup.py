"""The close-up of the dice that decide the round on the Terningepetanque table: when the dice at
rest are too small to read, a magnified view of the diamond and the deciding dice in a corner of
the board's part of the area that covers no body and no seat's name (a part of the table scene,
ui/component.py; the table's drawing, ui/table/view.py, draws it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from petanque_game.physics.level_spec import Level
from petanque_game.physics.throw import ReleaseZone
from petanque_game.rules.petanque_table import DieRest, Table
from petanque_game.ui.component import Component
from petanque_game.ui.look import Look
from petanque_game.ui.table import draw as td
from petanque_game.ui.table.camera import Camera
from petanque_game.ui.table.knocks import spots
from petanque_game.ui.table.sheet import HINT_SIZE, SHEET_HINT_AT

# px: a die smaller than the rest view's readable die (`Camera.readable_die`: REST_DIE, more in a
# small window) less this gets the close-up of the deciding dice (the scale drawn in 1.5 % steps)
CLOSEUP_SHORT = 1.0
CLOSEUP_DIE = 32.0  # px: how large a die is in the close-up
CLOSEUP_MIN, CLOSEUP_MAX = 180, 260  # px: the close-up's side, as the deciding dice need
CLOSEUP_SMALLEST = 120  # px: a smaller close-up when no corner has room for that one
CLOSEUP_PLACES = 64  # the corners remembered


class CloseUp(Component):
    """Where the close-up goes and what it shows, for the board of `level` seen by `camera` with
    the seats' release `zones` and their players' `names`."""

    def __init__(self, level: Level, camera: Camera, zones: Sequence[ReleaseZone],
                 names: Sequence[str]) -> None:
        self.level, self.camera = level, camera
        self.zones, self.names = list(zones), list(names)
        # Where the close-up went, by everything its corner depends on (a replay's jump makes
        # the scene anew: the new scene takes these over, table/scene.py `take_pictures`)
        self.places: dict[tuple[Any, ...], pygame.Rect | None] = {}

    def plan(self, look: Look, table: Table, old: bool, reckoning: bool, sheet_hint: bool,
             due: int | None, knocked: Sequence[tuple[DieRest, DieRest]] = (),
             ) -> tuple[pygame.Rect, td.View] | None:
        """Where the close-up goes in the area and what it shows, or None for no close-up: when
        the dice at rest are too small to read, a magnified view of the diamond and the dice
        that decide the round, in a corner of the board's part of the area that covers no body
        and no seat's name (`kept_clear`), and the least of the board; none when no corner is
        clear. Not while the camera moves, the player has zoomed or a `reckoning` shows.
        `sheet_hint`: "Tab: score sheet" is written in a corner; `due`: the seat to throw;
        `knocked`: the last throw's knocks (where those dice lay is kept clear too)."""
        cam = self.camera
        dm = table.diamond
        if dm is None or old or not cam.still or cam.user_zoom != 1.0 \
                or td.die_px(self.level, cam.view) >= cam.readable_die - CLOSEUP_SHORT:
            return None
        if reckoning:
            return None  # the reckoning's card shows the round's measures itself
        on = sorted((d for d in table.dice if d.on_board and d.distance is not None),
                    key=lambda d: d.distance or 0.0)
        if not on:
            return None  # nothing to decide yet
        side = self.level.dice.side
        nearest = on[0].distance or 0.0
        deciding = [d for d in on if (d.distance or 0.0) <= nearest + 3 * side]
        deciding = deciding[:4] if len(deciding) >= 2 else on[:2]
        pts = [(dm.x, dm.y)] + [(d.x, d.y) for d in deciding]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        span = max(max(xs) - min(xs), max(ys) - min(ys)) + 4 * side  # and the bodies round them
        scale = max(CLOSEUP_DIE / side, min(4.0, (CLOSEUP_MIN - 16) / span))
        size = int(max(CLOSEUP_MIN, min(CLOSEUP_MAX, span * scale + 16)))
        rect = self._rect(look, cam.view, table, size, sheet_hint, due, tuple(knocked))
        if rect is None:
            return None  # no corner is clear of the bodies and the names
        size = rect.w
        at = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        if span * scale > size:  # the deciding dice lie far apart: keep the diamond in sight
            at = (dm.x, dm.y)
        return rect, td.View(scale, (round(rect.w / 2 - at[0] * scale),
                                     round(rect.h / 2 + at[1] * scale)))

    def kept_clear(self, look: Look, view: td.View, table: Table, sheet_hint: bool,
                   knocked: Sequence[tuple[DieRest, DieRest]] = ()) -> list[pygame.Rect]:
        """What the close-up may never cover, in the area: each body on the board as drawn (a
        die's face, the sides below it and its shadow; the diamond), where the `knocked` dice
        lay before (ui/table/knocks.py) and each seat's name."""
        die = td.die_px(self.level, view)
        found = spots(self.level, view, list(knocked))
        for d in table.dice:
            if d.on_board:
                r = pygame.Rect(0, 0, die * 1.7 + 4, die * 1.9 + 4)
                r.center = view.to_screen(d.x, d.y + 0.2 * self.level.dice.side)
                found.append(r)
        if table.diamond is not None:
            reach = self.level.diamond.long_diagonal * view.scale + 6
            r = pygame.Rect(0, 0, reach, reach)
            r.center = view.to_screen(table.diamond.x, table.diamond.y)
            found.append(r)
        if sheet_hint:
            found.append(look.text(look.tr("table_sheet.show"), HINT_SIZE).get_rect(
                topleft=SHEET_HINT_AT).inflate(4, 4))
        for seat, name in enumerate(self.names):
            zone = self.zones[seat]
            found.append(td.release_label(look, pygame.Rect(self.camera.board_rect), view, zone,
                                          seat, name, False)[1].inflate(34, 4))
        return found

    def _rect(self, look: Look, view: td.View, table: Table, size: int, sheet_hint: bool,
              due: int | None, knocked: tuple[tuple[DieRest, DieRest], ...]) -> pygame.Rect | None:
        """The corner of the board's part of the area for the close-up, `size` px or smaller:
        clear of every body and name (`kept_clear`), covering the least of the felt and of the
        seat that throws next; None when no corner is clear even at CLOSEUP_SMALLEST."""
        key = (self.level.name, tuple(self.names), look.marks_shown(), look.language(), view,
               table, due, size, self.camera.board_rect, sheet_hint, knocked)
        places = self.places
        if key in places:
            return places[key]
        pad = 10
        fx, fy, w, h = self.camera.board_rect
        clear = self.kept_clear(look, view, table, sheet_hint, knocked)
        corners: list[pygame.Rect] = []
        for side in range(size, CLOSEUP_SMALLEST - 1, -20):
            right, bottom = fx + w - side - pad, fy + h - side - pad
            corners = [r for r in (pygame.Rect(right, fy + pad, side, side),
                                   pygame.Rect(fx + pad, fy + pad, side, side),
                                   pygame.Rect(right, bottom, side, side),
                                   pygame.Rect(fx + pad, bottom, side, side))
                       if r.inflate(8, 8).collidelist(clear) < 0]
            if corners:
                break
        best = min(corners, key=self._cost(view, due)) if corners else None
        if len(places) >= CLOSEUP_PLACES:
            del places[next(iter(places))]
        places[key] = best
        return best

    def _cost(self, view: td.View, due: int | None) -> Callable[[pygame.Rect], float]:
        """How much a corner hides: of the felt, the seats' bands and walls, the next thrower's
        (`due`) above all."""
        probe = pygame.Surface(self.camera.size)  # the table's area
        probe.fill((0, 0, 0))
        pygame.draw.polygon(probe, (255, 0, 0), view.poly(self.level.board.outline))
        # the seats' walls and zones: the next thrower's above all
        for seat, z in enumerate(self.zones):
            band = [z.point(0, -z.half_width), z.point(0, z.half_width),
                    z.point(1, z.half_width), z.point(1, -z.half_width)]
            col = (0, 255, 0) if seat == due else (0, 0, 255)
            pygame.draw.polygon(probe, col, view.poly(band))
            wall = self.level.wall_outline(self.level.seats[len(self.names)][seat])
            pygame.draw.polygon(probe, col, view.poly(wall))

        def cost(r: pygame.Rect) -> float:
            red, green, blue = pygame.transform.average_color(probe, r)[:3]
            return float(red + 10 * green + 0.5 * blue)

        return cost
