"""Drawing Terningepetanque's table seen from above: the board of the level, its walls, obstacles and
seats, the diamond, the dice (player colours, the face on top) and bodies in flight.

`View` maps board millimetres (origin at the board's centre, y up) to the logical surface and
back. A body in the air is drawn as its shadow at (x, y) and the body itself lifted and enlarged by
its height z (PHYSICS_NOTES.md, pseudo-3D).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from petanque_game.ui import dice, theme

FLOOR = (34, 30, 28)
HEIGHT_SHIFT = 0.45  # a body z mm up is drawn this many px per board px higher on the screen
HEIGHT_GROWTH = 250.0  # ... and (1 + z / this) times larger


@dataclass(frozen=True)
class View:
    """Board mm -> logical px: a uniform scale about the board's centre at `centre` px."""

    scale: float
    centre: tuple[float, float]

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return self.centre[0] + x * self.scale, self.centre[1] - y * self.scale

    def to_board(self, sx: float, sy: float) -> tuple[float, float]:
        return (sx - self.centre[0]) / self.scale, (self.centre[1] - sy) / self.scale

    def poly(self, points) -> list[tuple[float, float]]:
        return [self.to_screen(x, y) for x, y in points]


def fit_view(level, area: pygame.Rect, margin_mm: float = 50.0) -> View:
    """A view showing the board, every wall and a strip behind the walls inside `area`."""
    xs, ys = [], []
    for w in level.walls.sides:
        for x, y in level.wall_outline(w.name):
            xs.append(x)
            ys.append(y)
    for x, y in level.board.outline:
        xs.append(x)
        ys.append(y)
    half_w = max(abs(v) for v in xs) + margin_mm
    half_h = max(abs(v) for v in ys) + margin_mm
    scale = min(area.w / (2 * half_w), area.h / (2 * half_h))
    return View(scale, area.center)


# --- the level --------------------------------------------------------------------------------------

_boards: dict[tuple, pygame.Surface] = {}


def board_surface(level, view: View, size: tuple[int, int], seat_walls: dict[str, int]) -> \
        pygame.Surface:
    """The static picture of the level (cached): floor, felt, walls, obstacles, seats."""
    key = (level.name, view, size, tuple(sorted(seat_walls.items())), theme.colour("felt"))
    surf = _boards.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface(size)
    surf.fill(FLOOR)
    for i in range(0, size[0] + size[1], 18):  # floorboards
        pygame.draw.line(surf, theme.mix(FLOOR, (0, 0, 0), 0.25), (i, 0), (i - size[1], size[1]))
    outline = view.poly(level.board.outline)
    felt = theme.colour("felt")
    shadow = [(x + 6, y + 8) for x, y in outline]
    pygame.draw.polygon(surf, (12, 10, 8), shadow)
    pygame.draw.polygon(surf, theme.mix(felt, (0, 0, 0), 0.35),
                        [(x, y) for x, y in _grow(outline, 7)])
    pygame.draw.polygon(surf, felt, outline)
    cx, cy = view.to_screen(0, 0)
    pygame.draw.circle(surf, theme.mix(felt, (255, 255, 255), 0.12), (cx, cy), 6, 1)
    for r in range(1, 6):  # faint rings: distances at a glance (50 mm apart)
        pygame.draw.circle(surf, theme.mix(felt, (255, 255, 255), 0.05), (cx, cy),
                           r * 50 * view.scale, 1)
    pygame.draw.polygon(surf, theme.mix(felt, (255, 255, 255), 0.35), outline, 2)
    for ob in level.obstacles:
        pts = view.poly(ob.outline)
        pygame.draw.polygon(surf, (20, 16, 12), [(x + 4, y + 5) for x, y in pts])
        pygame.draw.polygon(surf, (120, 118, 124), pts)
        pygame.draw.polygon(surf, (176, 176, 184), pts, 2)
    wall_rgb = theme.colour("wall")
    for w in level.walls.sides:
        pts = view.poly(level.wall_outline(w.name))
        seat = seat_walls.get(w.name)
        pygame.draw.polygon(surf, (16, 12, 10), [(x + 4, y + 6) for x, y in pts])
        pygame.draw.polygon(surf, wall_rgb, pts)
        if seat is not None:
            pygame.draw.polygon(surf, theme.player_colour(seat), pts, 3)
        else:
            pygame.draw.polygon(surf, theme.mix(wall_rgb, (255, 255, 255), 0.25), pts, 1)
    _boards.clear() if len(_boards) > 12 else None
    _boards[key] = surf
    return surf


def _grow(points, px: float):
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    out = []
    for x, y in points:
        d = math.hypot(x - cx, y - cy) or 1.0
        out.append((x + (x - cx) / d * px, y + (y - cy) / d * px))
    return out


# --- bodies -----------------------------------------------------------------------------------------


def draw_diamond(surface: pygame.Surface, view: View, level, x: float, y: float, angle: float,
                 z: float = 0.0, alpha: int = 255) -> None:
    d = level.diamond
    lift = 1.0 + z / HEIGHT_GROWTH
    a, b = d.long_diagonal / 2.0, d.short_diagonal / 2.0
    ca, sa = math.cos(angle), math.sin(angle)
    local = [(a, 0.0), (0.0, b), (-a, 0.0), (0.0, -b)]

    def corner(px: float, py: float, grow: float) -> tuple[float, float]:
        bx, by = x + (px * ca - py * sa) * grow, y + (px * sa + py * ca) * grow
        return view.to_screen(bx, by)

    shadow = [corner(px, py, 1.0) for px, py in local]
    off = z * view.scale * HEIGHT_SHIFT
    _poly_alpha(surface, [(sx + 3 + off * 0.3, sy + 4 + off * 0.2) for sx, sy in shadow],
                (0, 0, 0), 90 if z < 2 else 60)
    body = [(sx, sy - off) for sx, sy in (corner(px, py, lift) for px, py in local)]
    _poly_alpha(surface, body, (214, 236, 250), alpha)
    top = [body[0], body[1], ((body[0][0] + body[2][0]) / 2, (body[0][1] + body[2][1]) / 2)]
    _poly_alpha(surface, top, (250, 252, 255), alpha)
    pygame.draw.polygon(surface, (90, 150, 200), body, 2)


def _poly_alpha(surface: pygame.Surface, pts, rgb, alpha: int) -> None:
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


def die_colours(seat: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """A die of `seat`: body in the player's colour, pips that stand out on it."""
    body = theme.player_colour(seat)
    light = sum(body) / 3 > 150
    return body, (20, 20, 24) if light else (250, 250, 250)


def draw_table_die(surface: pygame.Surface, view: View, level, seat: int, face: int, x: float,
                   y: float, angle: float, z: float = 0.0, alpha: int = 255,
                   ring: tuple[int, int, int] | None = None) -> None:
    side = level.dice.side
    lift = 1.0 + z / HEIGHT_GROWTH
    size = max(6, round(side * view.scale * lift * 1.05))
    body, pip = die_colours(seat)
    sx, sy = view.to_screen(x, y)
    off = z * view.scale * HEIGHT_SHIFT
    shade = max(40, 120 - int(z))
    sh = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
    pygame.draw.rect(sh, (0, 0, 0, shade), sh.get_rect(), border_radius=size // 4)
    sh = pygame.transform.rotate(sh, math.degrees(angle))
    surface.blit(sh, sh.get_rect(center=(sx + 2 + off * 0.3, sy + 3 + off * 0.2)))
    img = dice.die_face(face, size, body, pip)
    img = pygame.transform.rotate(img, math.degrees(angle))
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    rect = img.get_rect(center=(sx, sy - off))
    surface.blit(img, rect)
    if ring is not None:
        pygame.draw.circle(surface, ring, rect.center, size * 0.95, 2)


def draw_release(surface: pygame.Surface, view: View, zone, seat: int, name: str,
                 active: bool) -> None:
    """The band behind a seat's wall where that player releases a throw."""
    corners = [zone.point(0.0, -zone.half_width), zone.point(0.0, zone.half_width),
               zone.point(1.0, zone.half_width), zone.point(1.0, -zone.half_width)]
    pts = view.poly(corners)
    _poly_alpha(surface, pts, theme.player_colour(seat), 70 if active else 28)
    label_at = view.to_screen(*zone.point(0.0, 0.0))
    nx, ny = zone.normal
    lx, ly = label_at[0] + nx * 16, label_at[1] - ny * 16
    surf = theme.text(name, 20, theme.player_colour(seat) if active else "muted", active)
    rect = surf.get_rect(center=(lx, ly))
    rect.clamp_ip(surface.get_rect().inflate(-8, -8))  # a seat at the very edge keeps its name
    surface.blit(surf, rect)
