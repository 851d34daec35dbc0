"""The Terningepetanque board's still picture: the floor and the felt with their grain, the faint
distance rings, the board's shadow, and the walls and obstacles standing up with the shadows they
cast; and the obstacles drawn again over the bodies they hide (`paint`).

The picture is cached per view (the camera standing still costs nothing); while the camera moves,
the board is drawn from larger pictures kept per zoom rung (board_pictures.py). The floor's and
the felt's grain come from pictures tiled once, from a fixed hash of a pixel's place (no random
numbers).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pygame

from petanque_game.physics.level_spec import Level, Obstacle
from petanque_game.ui import theme
from petanque_game.ui.look import Look
from petanque_game.ui.table.board_textures import (
    Tiles,
    blit_tiled,
    felt_tile,
    floor_tile,
    new_surface,
)
from petanque_game.ui.table.draw import (
    HEIGHT_SHIFT,
    RGB,
    SHADOW_SHIFT,
    VIEWER,
    View,
    draw_band,
    poly_alpha,
    shade,
)


class Boards:
    """The still board's pictures and what they are made of, kept between frames: the tiled
    textures, a picture per still view (`board_surface`) and the one being prepared on the way
    there (`prepare_board`), each level's shape, the work surfaces. A table's own (ui/table/
    pictures.py); a call given none makes what it needs afresh."""

    def __init__(self) -> None:
        self.tiles: Tiles = {}  # (board_textures.py)
        self.boards: dict[tuple[Any, ...], pygame.Surface] = {}  # least recently made first
        self.shapes: dict[int, tuple[Level, tuple[str, int]]] = {}
        # the still picture being prepared: [its key, its surface, rows painted], or empty
        self.coming: list[Any] = []
        self.scratches: dict[tuple[str, int], pygame.Surface] = {}


def _kept(kept: Boards | None) -> Boards:
    return kept if kept is not None else Boards()


# --- the level ------------------------------------------------------------------------------------

BOARD_CACHE = 6  # pictures of the whole area (one per still view: at rest, the close-up)


def board_key(look: Look, level: Level, seat_walls: dict[str, int], seats: int,
              kept: Boards | None = None) -> tuple:
    """What a picture of the board depends on besides the view: the level (its name and its
    shape: a board edited under the same name is another board), the seats' walls and colours,
    the felt's colour, the number of seats' release bands."""
    felt = look.colour("felt")
    walls = tuple(sorted(seat_walls.items()))
    return (_shape(level, _kept(kept)), walls, felt,
            tuple(look.player_colour(s) for _, s in walls), seats)


def _shape(level: Level, kept: Boards) -> tuple[str, int]:
    """The level's name and a hash of all of it, worked out once per level (kept by id, with the
    level itself, so an id is never taken for another level's)."""
    shapes = kept.shapes
    got = shapes.get(id(level))
    if got is None or got[0] is not level:
        if len(shapes) >= 16:
            shapes.clear()
        got = shapes[id(level)] = (level, (level.name, hash(repr(level))))
    return got[1]


def board_surface(look: Look, level: Level, view: View, size: tuple[int, int],
                  seat_walls: dict[str, int], zones: tuple = (), active: int | None = None,
                  kept: Boards | None = None) -> pygame.Surface:
    """The still picture of the level as `view` shows it (cached per view): the floor, the board's
    shadow, the felt, the faint distance rings, the walls and obstacles standing up, and the
    seats' release `zones` (one per seat, the `active` one stronger)."""
    kept = _kept(kept)
    boards = kept.boards
    key = (board_key(look, level, seat_walls, len(zones), kept), view, size, active)
    surf = boards.get(key)
    if surf is not None:
        return surf
    if kept.coming and kept.coming[0] == key:  # prepared in part on the way: the rest of it now
        while key not in boards:
            prepare_board(look, level, view, size, seat_walls, zones, active, kept)
        return boards[key]
    # the oldest picture's surface is drawn over (no new one made for every still view)
    surf = boards.pop(next(iter(boards))) if len(boards) >= BOARD_CACHE else new_surface(size)
    if surf.get_size() != size:
        surf = new_surface(size)
    paint_board(look, surf, level, view, seat_walls, zones, active, kept)
    boards[key] = surf
    return surf


def board_kept(look: Look, level: Level, view: View, size: tuple[int, int],
               seat_walls: dict[str, int],
               zones: tuple = (), active: int | None = None, kept: Boards | None = None) -> bool:
    """Is `board_surface`'s picture for these made (showing it paints nothing)?"""
    kept = _kept(kept)
    return (board_key(look, level, seat_walls, len(zones), kept), view, size, active) in kept.boards


STRIPS = 8  # `prepare_board` paints a still picture in this many frames (0.6-1 ms each)
def prepare_board(look: Look, level: Level, view: View, size: tuple[int, int],
                  seat_walls: dict[str, int], zones: tuple = (), active: int | None = None,
                  kept: Boards | None = None) -> None:
    """Paint a strip (1/STRIPS) of `board_surface`'s picture for `view`, where the camera is
    coming to rest: called in the frames on the way, the picture is made (the same pixels as at
    once) by the time the camera stands still, and the frame it stops in paints no board."""
    kept = _kept(kept)
    if board_kept(look, level, view, size, seat_walls, zones, active, kept):
        return
    key = (board_key(look, level, seat_walls, len(zones), kept), view, size, active)
    coming, boards = kept.coming, kept.boards
    if not coming or coming[0] != key:
        coming[:] = [key, new_surface(size), 0]
    surf, done = coming[1], coming[2]
    rows = -(-size[1] // STRIPS)
    surf.set_clip(pygame.Rect(0, done, size[0], rows))
    paint_board(look, surf, level, view, seat_walls, zones, active, kept)
    surf.set_clip(None)
    coming[2] = done + rows
    if coming[2] >= size[1]:
        if len(boards) >= BOARD_CACHE:
            del boards[next(iter(boards))]
        boards[key] = surf
        coming.clear()


def paint_board(look: Look, surf: pygame.Surface, level: Level, view: View,
                seat_walls: dict[str, int],
                zones: tuple = (), active: int | None = None, kept: Boards | None = None) -> None:
    """Draw the level as `view` shows it over the whole of `surf` (inside its clip): the still
    picture, and the larger pictures the moving camera is drawn from (board_pictures.py)."""
    kept = _kept(kept)
    felt = look.colour("felt")
    blit_tiled(surf, floor_tile(kept.tiles), view.centre, kept.tiles)
    s = view.scale
    outline = view.poly(level.board.outline)
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    box = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 1,
                      math.ceil(max(ys) - min(ys)) + 1).clip(surf.get_rect())
    pygame.draw.polygon(surf, (14, 12, 10), [(x + 5 * s, y + 6 * s) for x, y in outline])
    pygame.draw.polygon(surf, theme.mix(felt, (40, 24, 12), 0.7), _grow(outline, 4 * s))
    if level.board.shape == "rect":  # the felt is a rectangle: its cloth through a clip
        clip = surf.get_clip()  # (a strip of the picture: `prepare_board`)
        surf.set_clip(pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs)) - round(min(xs)),
                                  round(max(ys)) - round(min(ys))).clip(clip))
        blit_tiled(surf, felt_tile(felt, kept.tiles), view.centre, kept.tiles)
        _rings(surf, view, felt)
        surf.set_clip(clip)
        pygame.draw.polygon(surf, theme.mix(felt, (255, 255, 255), 0.3), outline, 2)
    elif box.w > 0 and box.h > 0:  # a round or many-sided felt: keyed out round its cloth
        cloth = scratch("cloth", box.size, kept)
        local = View(s, (view.centre[0] - box.x, view.centre[1] - box.y))
        blit_tiled(cloth, felt_tile(felt, kept.tiles), local.centre, kept.tiles)
        _rings(cloth, local, felt)
        pygame.draw.polygon(cloth, (255, 0, 255),
                            _keyhole(cloth.get_rect(), local.poly(level.board.outline)))
        cloth.set_colorkey((255, 0, 255))
        surf.blit(cloth, box.topleft)
        pygame.draw.polygon(surf, theme.mix(felt, (255, 255, 255), 0.3), outline, 2)
    blocks: list[tuple[Points, float, RGB, int | None]] = [
        (ob.outline, ob.height, OBSTACLE, None) for ob in level.obstacles]
    # only the seats' walls stand in the game (physics.build.static_plan): one no seat uses is
    # open floor, and drawn as such
    blocks += [(level.wall_outline(w.name), level.walls.height, look.colour("wall"),
                seat_walls[w.name]) for w in level.walls.sides if w.name in seat_walls]
    for o, h, _, _ in blocks:
        _shadow(surf, view, o, h)
    for o, h, rgb, seat in sorted(blocks, key=lambda b: -sum(p[1] for p in b[0]) / len(b[0])):
        _block(look, surf, view, o, h, rgb, seat)  # from the far (north) side to the near one
    for seat, zone in enumerate(zones):
        draw_band(look, surf, view, zone, seat, seat == active)


def _keyhole(box: pygame.Rect, outline: Points) -> list[tuple[float, float]]:
    """One polygon covering `box` but the convex `outline` inside it: the box's ring, a cut to the
    outline's point nearest the box's corner, the outline round the other way and back (filled
    by crossings, the cut's two edges cancel out)."""
    start = min(range(len(outline)), key=lambda k: math.hypot(outline[k][0] - box.x,
                                                              outline[k][1] - box.y))
    ring = list(outline[start:]) + list(outline[:start]) + [outline[start]]
    corners = [box.topleft, box.topright, box.bottomright, box.bottomleft, box.topleft]
    return corners + ring[::-1]


def scratch(name: str, size: tuple[int, int], kept: Boards | None = None) -> pygame.Surface:
    """A work surface of `size` (part of one kept per `name` and thread, grown when a larger one
    is asked for; its content is not kept). Per thread: the moving board's pictures are painted
    on the previews' thread (board_pictures.py `paint_ahead`) while the window paints too."""
    scratches = _kept(kept).scratches
    place = (name, threading.get_ident())
    got = scratches.get(place)
    if got is None or got.get_width() < size[0] or got.get_height() < size[1]:
        w, h = (max(size[0], got.get_width()), max(size[1], got.get_height())) if got else size
        got = scratches[place] = new_surface((w, h))
    return got.subsurface(pygame.Rect((0, 0), size))


def _rings(surf: pygame.Surface, view: View, felt: RGB) -> None:
    """The centre's mark and faint rings 50 mm apart: distances at a glance."""
    cx, cy = view.to_screen(0, 0)
    pygame.draw.circle(surf, theme.mix(felt, (255, 255, 255), 0.14), (cx, cy), 5, 1)
    for r in range(1, 6):
        pygame.draw.circle(surf, theme.mix(felt, (255, 255, 255), 0.06), (cx, cy),
                           r * 50 * view.scale, 1)


def _shadow(surf: pygame.Surface, view: View, outline: Points, h: float) -> None:
    """The shadow a wall or obstacle (convex) casts on the felt and the floor."""
    base = view.poly(outline)
    dx, dy = SHADOW_SHIFT[0] * h * view.scale, SHADOW_SHIFT[1] * h * view.scale
    poly_alpha(surf, _hull(base + [(x + dx, y + dy) for x, y in base]), (0, 0, 0), 95)


def _hull(points: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    """The convex hull of `points` (monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def half(seq: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for p in seq:
            while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                                     - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(p)
        return out[:-1]

    return half(pts) + half(reversed(pts))


OBSTACLE = (120, 118, 124)
Points = Sequence[tuple[float, float]]  # an outline (mm) or a polygon (px)
# a body drawn in depth order: where (mm) and how high, and what draws it
Body = tuple[float, float, float, Callable[[pygame.Surface], Any]]


def paint(look: Look, surface: pygame.Surface, view: View, level: Level,
          bodies: Sequence[Body]) -> None:
    """Draw `bodies` ((x, y, z, draw) each, draw(surface) drawing it) in depth order, with the
    obstacles they stand behind drawn again over them: the board's picture has every obstacle
    under every body, but a body just north of an obstacle is partly hidden by it."""
    top = max([ob.height for ob in level.obstacles] + [0.5])  # above this: drawn last, by height
    low = [b for b in bodies if b[2] < top]
    high = sorted((b for b in bodies if b[2] >= top), key=lambda b: b[2])
    items: list[tuple[float, int, Callable[[pygame.Surface], Any]]] = [
        (b[1], 1, b[3]) for b in low]
    reach = 2 * level.dice.side
    for ob in level.obstacles:
        front = min(p[1] for p in ob.outline)
        xs = [p[0] for p in ob.outline]
        behind = [b for b in low if b[1] > front and b[2] < ob.height
                  and min(xs) - reach < b[0] < max(xs) + reach
                  and b[1] < max(p[1] for p in ob.outline) + ob.height * HEIGHT_SHIFT + reach]
        if behind:
            def over(s: pygame.Surface, ob: Obstacle = ob) -> None:
                _block(look, s, view, ob.outline, ob.height, OBSTACLE, None)
            items.append((front, 0, over))
    for _, _, draw in sorted(items, key=lambda i: (-i[0], i[1])):
        draw(surface)
    for b in high:
        b[3](surface)


def _block(look: Look, surf: pygame.Surface, view: View, outline: Points, height: float, rgb: RGB,
           seat: int | None) -> None:
    """A wall or obstacle standing `height` mm up: its sides turned to the viewer, then its top."""
    base = view.poly(outline)
    up = height * HEIGHT_SHIFT * view.scale
    top = [(x, y - up) for x, y in base]
    ccw = _area(outline) > 0
    for i in range(len(outline)):
        j = (i + 1) % len(outline)
        ex, ey = outline[j][0] - outline[i][0], outline[j][1] - outline[i][1]
        ln = math.hypot(ex, ey) or 1.0
        nx, ny = (ey / ln, -ex / ln) if ccw else (-ey / ln, ex / ln)  # outward
        if nx * VIEWER[0] + ny * VIEWER[1] <= 0.0:
            continue
        pygame.draw.polygon(surf, shade(rgb, (nx, ny, 0.0)), [base[i], base[j], top[j], top[i]])
    pygame.draw.polygon(surf, rgb, top)
    if seat is not None:  # the wall a player throws over carries the player's colour on top
        pygame.draw.polygon(surf, theme.mix(look.player_colour(seat), rgb, 0.35), top)
        pygame.draw.polygon(surf, look.player_colour(seat), top, 2)
    else:
        pygame.draw.polygon(surf, theme.mix(rgb, (255, 255, 255), 0.3), top, 1)


def _area(points: Points) -> float:
    return 0.5 * sum(points[i][0] * points[i - 1][1] - points[i - 1][0] * points[i][1]
                     for i in range(len(points))) * -1.0


def _grow(points: Points, px: float) -> list[tuple[float, float]]:
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    out = []
    for x, y in points:
        d = math.hypot(x - cx, y - cy) or 1.0
        out.append((x + (x - cx) / d * px, y + (y - cy) / d * px))
    return out
