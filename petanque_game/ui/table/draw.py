"""Drawing what lies on Terningepetanque's table: the diamond, and the dice at rest (their face on
top, readable) or moving (a cube in 3/4 view, turning as the physics' path says, over its shadow
on the felt), the seats' release zones; the board itself is ui/table/board.py.

`View` maps board millimetres (origin at the board's centre, y up) to the table area's pixels and
back. Height is drawn as an oblique projection: a point z mm up is drawn HEIGHT_SHIFT * z mm
higher on the screen, so a wall shows its top and the face turned to the viewer, a cube the same,
and a body in the air stands above its shadow (docs/design.md#pseudo-3d-flight). Airborne, a body is
also drawn (1 + z / HEIGHT_GROWTH) times larger, the way it would come nearer an eye above.

A die or the diamond is drawn with its top face at its place (`to_screen(x, y)` when it lies on
the felt) and its sides hanging below it: what is drawn at a body's place (the measuring lines,
the rings round the closest dice, the aim's marks) sits on the face a player reads. The walls and
obstacles stand up from their outline on the board.

Everything here only reads what it is given: no game state changes, no random numbers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Protocol

import pygame

from petanque_game.physics.cube import ROTATIONS, face_towards, top_face
from petanque_game.physics.level_spec import Level
from petanque_game.physics.throw import ReleaseZone
from petanque_game.ui import theme
from petanque_game.ui.dice import PIPS
from petanque_game.ui.look import Look
from petanque_game.ui.recent import Recent

HEIGHT_SHIFT = 0.45  # a point z mm up is drawn this many mm (times the scale) higher on screen
HEIGHT_GROWTH = 250.0  # ... and a body z mm up (1 + z / this) times larger
VIEWER = (0.0, -HEIGHT_SHIFT, 1.0)  # towards the eye: the faces it sees are those turned to it
LIGHT = (-0.35, 0.45, 0.82)  # from the north-west, high up: shadows fall to the south-east
SHADOW_SHIFT = (0.35, 0.22)  # mm of shadow on the ground (east, south) per mm of height
FACE_ON_AXIS = MappingProxyType({  # a die's face on each own axis
    (0, 1): face_towards(0, 0), (0, -1): face_towards(0, 2),
    (1, 1): face_towards(0, 1), (1, -1): face_towards(0, 3),
    (2, 1): top_face(0), (2, -1): 7 - top_face(0)})


RGB = tuple[int, int, int]


class ToScreen(Protocol):
    """Anything that maps board millimetres to the table area's pixels (a View, the camera)."""

    def to_screen(self, x: float, y: float) -> tuple[float, float]: ...


@dataclass(frozen=True)
class View:
    """Board mm -> area px: a uniform scale, the board's centre at `centre` px."""

    scale: float
    centre: tuple[float, float]

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return self.centre[0] + x * self.scale, self.centre[1] - y * self.scale

    def to_board(self, sx: float, sy: float) -> tuple[float, float]:
        return (sx - self.centre[0]) / self.scale, (self.centre[1] - sy) / self.scale

    def poly(self, points: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
        return [self.to_screen(x, y) for x, y in points]

    def lifted(self, x: float, y: float, z: float) -> tuple[float, float]:
        """Where the point (x, y) z mm above the board is drawn."""
        sx, sy = self.to_screen(x, y)
        return sx, sy - z * HEIGHT_SHIFT * self.scale


def shade(rgb: RGB, normal: tuple[float, float, float]) -> tuple[int, int, int]:
    """A face's colour lit from LIGHT: full colour facing it, 55 % turned away."""
    lx, ly, lz = LIGHT
    n = math.sqrt(lx * lx + ly * ly + lz * lz)
    lit = max(0.0, (normal[0] * lx + normal[1] * ly + normal[2] * lz) / n)
    return theme.mix(rgb, (0, 0, 0), 0.45 * (1.0 - lit))


# --- bodies ---------------------------------------------------------------------------------------


def draw_diamond(surface: pygame.Surface, view: View, level: Level, x: float, y: float,
                 angle: float, z: float = 0.0, alpha: int = 255) -> None:
    """The diamond: a flat rhombus of glass, its thickness showing, over its shadow."""
    d = level.diamond
    grow = 1.0 + z / HEIGHT_GROWTH
    a, b = d.long_diagonal / 2.0 * grow, d.short_diagonal / 2.0 * grow
    ca, sa = math.cos(angle), math.sin(angle)
    local = [(a, 0.0), (0.0, b), (-a, 0.0), (0.0, -b)]
    ground = [(x + px * ca - py * sa, y + px * sa + py * ca) for px, py in local]
    t, up = d.thickness, z + d.thickness  # drawn with its top face at its place: see above
    sh = [view.lifted(px + SHADOW_SHIFT[0] * up, py - SHADOW_SHIFT[1] * up, -t)
          for px, py in ground]
    poly_alpha(surface, sh, (0, 0, 0), max(40, 100 - int(z)))
    low = [view.lifted(px, py, z - t) for px, py in ground]
    high = [view.lifted(px, py, z) for px, py in ground]
    edge = (120, 170, 210)
    poly_alpha(surface, low, edge, alpha)
    for i in range(4):
        j = (i + 1) % 4
        poly_alpha(surface, [low[i], low[j], high[j], high[i]], edge, alpha)
    poly_alpha(surface, high, (214, 236, 250), alpha)
    mid = ((high[0][0] + high[2][0]) / 2, (high[0][1] + high[2][1]) / 2)
    poly_alpha(surface, [high[0], high[1], mid], (250, 252, 255), alpha)
    pygame.draw.polygon(surface, (70, 130, 190), high, 2)


def poly_alpha(surface: pygame.Surface, pts: Sequence[tuple[float, float]], rgb: RGB,
               alpha: int) -> None:
    if alpha >= 255:
        pygame.draw.polygon(surface, rgb, pts)
        return
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, y0 = int(min(xs)) - 1, int(min(ys)) - 1
    w, h = int(max(xs)) - x0 + 2, int(max(ys)) - y0 + 2
    if w <= 0 or h <= 0:
        return
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(s, (*rgb, alpha), [(px - x0, py - y0) for px, py in pts])
    surface.blit(s, (x0, y0))


def die_colours(look: Look, seat: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """A die of `seat`: body in the player's colour, pips that stand out on it."""
    body = look.player_colour(seat)
    light = sum(body) / 3 > 150
    return body, (20, 20, 24) if light else (250, 250, 250)


def die_px(level: Level, view: View) -> float:
    """How many pixels a die's side is across in `view` (at rest)."""
    return float(level.dice.side * view.scale)


FACES_KEPT = 2000  # dice faces kept (the one used longest ago forgotten beyond)
Faces = Recent[tuple[Any, ...], pygame.Surface]  # dice faces made, by what they show (the table's)


def face_sprite(value: int, size: int, body: RGB, pip: RGB, angle_deg: int,
                faces: Faces | None = None) -> pygame.Surface:
    """A die at rest seen from above, `size` px, turned `angle_deg` (kept in `faces`): large
    pips in strong contrast and a dark rim, so that a small die still reads at a glance."""
    faces = faces if faces is not None else Recent(FACES_KEPT)
    key = (value, size, body, pip, angle_deg)
    surf = faces.find(key)
    if surf is not None:
        return surf
    big = size * 4
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = big // 6
    pygame.draw.rect(s, theme.mix(body, (0, 0, 0), 0.55), s.get_rect(), border_radius=radius)
    inner = s.get_rect().inflate(-big // 10, -big // 10)
    pygame.draw.rect(s, body, inner, border_radius=radius)
    pygame.draw.rect(s, theme.mix(body, (255, 255, 255), 0.22), inner.inflate(-big // 8, -big // 8),
                     border_radius=radius)
    pygame.draw.rect(s, body, inner.inflate(-big // 8, -big // 8).move(big // 50, big // 50),
                     border_radius=radius)
    r = big * 0.105
    for fx, fy in PIPS.get(value, []):
        pygame.draw.circle(s, pip, (inner.x + fx * inner.w, inner.y + fy * inner.h), r)
    surf = pygame.transform.smoothscale(s, (size, size))
    if angle_deg:
        surf = pygame.transform.rotate(surf, angle_deg)
    return faces.keep(key, surf)


def near_face_sprite(value: int, size: int, body: RGB, pip: RGB, angle_deg: int,
                     faces: Faces | None = None) -> pygame.Surface:
    """`face_sprite` for a frame in which the camera moves (the die's size changes nearly every
    frame while it zooms): the exact one when it is made, else one made at a size NEAR_STEP px
    apart scaled to `size` (nearest pixel; 0.01 ms against 0.2 ms for a sprite made anew)."""
    faces = faces if faces is not None else Recent(FACES_KEPT)
    got = faces.find((value, size, body, pip, angle_deg))
    if got is not None:
        return got
    key = ("near", value, size, body, pip, angle_deg)
    got = faces.find(key)
    if got is None:
        base = -(-size // NEAR_STEP) * NEAR_STEP  # from the next size up: scaled down
        made = face_sprite(value, base, body, pip, angle_deg, faces)
        w, h = made.get_size()
        got = faces.keep(key, pygame.transform.scale(made, (max(1, round(w * size / base)),
                                                            max(1, round(h * size / base)))))
    return got


NEAR_STEP = 4  # px: the sizes `near_face_sprite` makes sprites at


def draw_table_die(look: Look, surface: pygame.Surface, view: View, level: Level, seat: int,
                   face: int, x: float, y: float, angle: float, z: float = 0.0, alpha: int = 255,
                   ring: tuple[int, int, int] | None = None, orientation: int | None = None,
                   tip: tuple[int, float] | None = None, moving: bool = False,
                   faces: Faces | None = None) -> pygame.Rect:
    """A die: at rest, its face from above; moving (an `orientation` given, and in the air or
    tipping over), a cube in 3/4 view, `tip` = (direction 0-3, share of the quarter turn made).
    `moving`: the camera moves (its face from a sprite of a size near its own); `faces`: the faces
    made so far (the table's). Returns the rectangle it covers."""
    body, pip = die_colours(look, seat)
    if orientation is not None and (z > 0.3 or tip is not None):
        rect = _draw_cube(surface, view, level, body, pip, x, y, z, angle, orientation, tip, alpha)
    else:
        side = level.dice.side
        size = max(6, round(side * view.scale))
        sx, sy = view.to_screen(x, y)  # the face on top, at the die's place
        s = view.scale
        poly_alpha(surface, [(px + SHADOW_SHIFT[0] * side * s,
                              py + (SHADOW_SHIFT[1] + HEIGHT_SHIFT) * side * s)
                             for px, py in _square(view, x, y, angle, side / 2)], (0, 0, 0), 90)
        _rest_sides(surface, view, body, x, y, angle, side, alpha)
        img = (near_face_sprite if moving else face_sprite)(face, size, body, pip,
                                                            round(math.degrees(angle)) % 90,
                                                            faces)
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        rect = img.get_rect(center=(round(sx), round(sy)))
        surface.blit(img, rect)
    if ring is not None:
        pygame.draw.circle(surface, ring, rect.center, max(rect.w, rect.h) * 0.72 + 2, 2)
    if look.marks_shown():
        badge = max(9.0, rect.w * 0.42)
        at = (rect.right - badge * 0.2, rect.top + badge * 0.2)
        pygame.draw.circle(surface, (250, 250, 250), at, badge * 0.62)
        theme.draw_mark(surface, seat, at, badge * 0.8)
    return rect


def _rest_sides(surface: pygame.Surface, view: View, body: RGB, x: float, y: float,
                angle: float, side: float, alpha: int) -> None:
    """The sides of a die lying flat that face the viewer, lit from LIGHT, hanging below its top
    face (which is at the die's place: see the module's notes)."""
    half = side / 2
    ca, sa = math.cos(angle), math.sin(angle)
    corners = [(x + (px * ca - py * sa), y + (px * sa + py * ca))
               for px, py in ((half, half), (-half, half), (-half, -half), (half, -half))]
    for i in range(4):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 4]
        nx, ny = (by - ay) / side, -(bx - ax) / side  # outward (the corners run anticlockwise)
        if nx * VIEWER[0] + ny * VIEWER[1] <= 1e-6:
            continue
        quad = [view.lifted(ax, ay, -side), view.lifted(bx, by, -side), view.lifted(bx, by, 0.0),
                view.lifted(ax, ay, 0.0)]
        poly_alpha(surface, quad, shade(body, (nx, ny, 0.0)), alpha)


def _square(view: View, x: float, y: float, angle: float,
            half: float) -> list[tuple[float, float]]:
    ca, sa = math.cos(angle), math.sin(angle)
    return [view.to_screen(x + (px * ca - py * sa), y + (px * sa + py * ca))
            for px, py in ((half, half), (-half, half), (-half, -half), (half, -half))]


def _turn(m: Sequence[float], axis: int, theta: float) -> tuple[float, ...]:
    """The 3x3 matrix m (row-major) turned by theta about the frame's axis 0 (x) or 1 (y)."""
    c, s = math.cos(theta), math.sin(theta)
    r = (1, 0, 0, 0, c, -s, 0, s, c) if axis == 0 else (c, 0, s, 0, 1, 0, -s, 0, c)
    return tuple(sum(r[3 * i + k] * m[3 * k + j] for k in range(3))
                 for i in range(3) for j in range(3))


# a quarter turn rolling towards yaw direction k: (axis of the turn, sign), as physics/cube.py
_TIP_AXIS = MappingProxyType({0: (1, 1.0), 1: (0, -1.0), 2: (1, -1.0), 3: (0, 1.0)})


def _draw_cube(surface: pygame.Surface, view: View, level: Level, body: RGB, pip: RGB, x: float,
               y: float, z: float, angle: float, orientation: int,
               tip: tuple[int, float] | None, alpha: int) -> pygame.Rect:
    """A die as a cube in the oblique projection: its shadow on the felt, the faces turned to
    the viewer lit from LIGHT, and their pips."""
    m: Sequence[float] = ROTATIONS[orientation]
    lift = 0.0
    if tip is not None:  # part way through a quarter turn over its leading edge
        axis, sign = _TIP_AXIS[tip[0] & 3]
        theta = tip[1] * math.pi / 2
        m = _turn(m, axis, sign * theta)
        lift = level.dice.side / 2 * (math.sqrt(2.0) * math.cos(math.pi / 4 - theta) - 1.0)
    ca, sa = math.cos(angle), math.sin(angle)
    m = tuple(v for i in range(3) for v in (  # Rz(angle) @ m: the yaw frame into the board's
        (ca * m[j] - sa * m[3 + j]) if i == 0 else (sa * m[j] + ca * m[3 + j]) if i == 1
        else m[6 + j] for j in range(3)))
    side = level.dice.side
    half = side / 2 * (1.0 + z / HEIGHT_GROWTH)
    cz = z + lift + side / 2 - side  # drawn with its top face at its place: see above
    up = (z + side) * view.scale
    sh = [(px + SHADOW_SHIFT[0] * up, py + SHADOW_SHIFT[1] * up + HEIGHT_SHIFT * side * view.scale)
          for px, py in _square(view, x, y, angle, side / 2 * (1 + z / 400))]
    poly_alpha(surface, sh, (0, 0, 0), max(35, 110 - int(z * 0.8)))

    def at(u: float, v: float, w: float, a: int, b: int, c: int) -> tuple[float, float]:
        px = x + (m[a] * u + m[b] * v + m[c] * w) * half
        py = y + (m[3 + a] * u + m[3 + b] * v + m[3 + c] * w) * half
        pz = cz + (m[6 + a] * u + m[6 + b] * v + m[6 + c] * w) * half
        return view.lifted(px, py, pz)

    xs, ys = [], []
    for a in range(3):
        for sign in (1, -1):
            n = (sign * m[a], sign * m[3 + a], sign * m[6 + a])
            if n[0] * VIEWER[0] + n[1] * VIEWER[1] + n[2] * VIEWER[2] <= 1e-6:
                continue
            b, c = (a + 1) % 3, (a + 2) % 3
            corners = [at(sign, p, q, a, b, c) for p, q in ((1, 1), (-1, 1), (-1, -1), (1, -1))]
            poly_alpha(surface, corners, shade(body, n), alpha)
            pygame.draw.polygon(surface, theme.mix(body, (0, 0, 0), 0.5), corners, 1)
            for fx, fy in PIPS[FACE_ON_AXIS[(a, sign)]]:
                u, v = (fx - 0.5) * 1.7, (fy - 0.5) * 1.7
                ring = [at(sign, u + 0.2 * math.cos(t * math.pi / 4),
                           v + 0.2 * math.sin(t * math.pi / 4), a, b, c) for t in range(8)]
                poly_alpha(surface, ring, shade(pip, n) if pip[0] > 128 else pip, alpha)
            xs += [p[0] for p in corners]
            ys += [p[1] for p in corners]
    return pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1,
                       int(max(ys) - min(ys)) + 1)


def draw_band(look: Look, surface: pygame.Surface, view: View, zone: ReleaseZone, seat: int,
              active: bool, alpha: int | None = None) -> None:
    """The band behind a seat's wall where that player releases a throw (part of the board's
    picture: ui/table/board.py), stronger for the seat that throws next (or `alpha`)."""
    corners = [zone.point(0.0, -zone.half_width), zone.point(0.0, zone.half_width),
               zone.point(1.0, zone.half_width), zone.point(1.0, -zone.half_width)]
    if alpha is None:
        alpha = 70 if active else 28
    poly_alpha(surface, view.poly(corners), look.player_colour(seat), alpha)


def draw_release(look: Look, surface: pygame.Surface, view: View, zone: ReleaseZone, seat: int,
                 name: str, active: bool, room: pygame.Rect | None = None) -> None:
    """Over a seat's band (`draw_band`): the player's name (and mark, when marks are shown),
    kept inside `room` (default: the whole surface) when the band is off it."""
    if look.marks_shown():
        for k in (0.25, 0.75):
            theme.draw_mark(surface, seat, view.to_screen(*zone.point(0.5, (2 * k - 1) *
                                                                      zone.half_width)),
                            max(10.0, 14 * view.scale), look.player_colour(seat))
    surf, rect = release_label(look, room or surface.get_rect(), view, zone, seat, name, active)
    surface.blit(surf, rect)
    if look.marks_shown():
        pygame.draw.circle(surface, (250, 250, 250), (rect.x - 12, rect.centery), 9)
        theme.draw_mark(surface, seat, (rect.x - 12, rect.centery), 13)


def release_label(look: Look, area: pygame.Rect, view: ToScreen, zone: ReleaseZone, seat: int,
                  name: str, active: bool) -> tuple[pygame.Surface, pygame.Rect]:
    """A seat's name as drawn behind its wall, and where (kept inside `area`, the table area's
    own rectangle, when the band is off it): what other labels keep clear of."""
    label_at = view.to_screen(*zone.point(0.0, 0.0))
    nx, ny = zone.normal
    lx, ly = label_at[0] + nx * 16, label_at[1] - ny * 16
    surf = look.text(name, 20, look.player_colour(seat) if active else "muted", active)
    rect = surf.get_rect(center=(lx, ly))
    room = area.inflate(-8, -8)
    if look.marks_shown():  # the mark goes before the name: keep room for it
        rect.x += 12
        room.x, room.w = room.x + 22, room.w - 22
    rect.clamp_ip(room)  # a seat off the area keeps its name
    return surf, rect
