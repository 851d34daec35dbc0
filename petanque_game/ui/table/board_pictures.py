"""The Terningepetanque board while the camera moves: drawn from larger pictures of it, kept.

Painting the board anew at each new view (ui/table/board.py `paint_board`: the floor, the felt,
the walls and their shadows, the seats' bands) costs 3-4 ms a frame, and the camera moves in most
frames of a throw. So the board is painted once, whole (its walls and release zones too), at each
of a ladder of scales RUNG apart (12.6 %) up to WHOLE px a picture, and a frame at scale s scales
the part it shows from the picture of the rung at or just below s with `pygame.transform.scale`
(nearest pixel: about 0.5 ms); above the largest rung kept, from that one with
`pygame.transform.smoothscale`. The board's grain is up to 12.6 % coarser (softer above the
largest rung) while it moves; at rest its exact picture is shown (`draw_board`).

A picture costs 5-7 ms to paint, too much for one frame: the rungs the camera may pass through
are painted ahead of time, a strip (1/STRIPS) at a time, on the previews' thread in the window's
quiet time after a frame (ui/table/foresee.py), asked for in the frames in which the table's area
is only blitted (`paint_ahead`); a moving frame whose rung is not painted yet is scaled from a
painted one up to NEAR rungs away, and paints it at once only when there is none.

The pictures' coordinates are "rung pixels": a board point (x, y) mm lies at (x * s, -y * s) at
the rung's scale s. Past the walls' release zones there is only the floor, tiled the same way.
The seats' bands are in the pictures with none marked as the one to throw next; that one's band
is drawn over them each frame (ACTIVE_OVER).
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from petanque_game.physics.level_spec import Level
from petanque_game.ui.look import Look
from petanque_game.ui.table import board as tb
from petanque_game.ui.table.camera import ZOOM_STEP, world_bounds
from petanque_game.ui.table.draw import View, draw_band
from petanque_game.ui.table.foresee import Foresight

RUNG = ZOOM_STEP ** 8  # the scales pictures are painted at: RUNG ** n px per mm
WHOLE = 2_800_000  # px: the largest picture painted
KEPT = 10_000_000  # px of pictures kept in all (40 MB)
STRIPS = 8  # `paint_ahead` paints a picture in this many strips (1.5-2 ms each)
NEAR = 2  # rungs: a painted picture this near stands in for one not painted yet
EXACT_KEPT = 2  # pictures at a view's own scale kept (`draw_board`'s `again`; 12 MB each)
WORLD_MARGIN = 40.0  # mm round the walls' release zones: beyond, only the floor
# The active band's extra alpha over a band drawn inactive (draw.py: 70 against 28), so the two
# together come out as one band drawn active: 1 - (1 - 28/255) (1 - a/255) = 70/255.
ACTIVE_OVER = round(255 * (1 - (255 - 70) / (255 - 28)))


class MovingBoards:
    """The moving board's pictures, kept between frames: one per rung painted, those at a view's
    own scale, the one being painted ahead, each level's bounds; and the still board's
    (board.py `Boards`). A table's own (ui/table/pictures.py); a call given none makes what it
    needs afresh."""

    def __init__(self, still: tb.Boards | None = None) -> None:
        self.still = still if still is not None else tb.Boards()
        # (board.py `board_key`, rung) and (`board_key`, scale): least recently used first
        self.pictures: dict[tuple[Any, ...], pygame.Surface] = {}
        self.exact: dict[tuple[Any, ...], pygame.Surface] = {}
        self.painted = 0  # pictures painted so far (tests count them)
        # the picture being painted ahead: [its key, [its surface], rows painted, serial]
        self.coming: list[Any] = []
        self.serial = 0
        # its own in the previews' thread's asks (another table's serials are another's)
        self.token = object()
        self.worlds: dict[int, tuple[Level, tuple[float, float, float, float], int]] = {}


def _kept(kept: MovingBoards | None) -> MovingBoards:
    return kept if kept is not None else MovingBoards()


def draw_board(look: Look, area: pygame.Surface, room: pygame.Rect, level: Level, view: View,
               seat_walls: dict[str, int], zones: tuple, active: int | None,
               still: bool, again: bool = False, kept: MovingBoards | None = None) -> None:
    """The board as `view` shows it, in the `room` part of `area`: `still`, the exact picture
    (board.py `board_surface`, cached per view); else (the camera moving, a replay's timeline
    dragged: a new view each frame) scaled straight into `room` from the pictures kept here.
    `again`: the view's scale comes again and again (a replay's timeline dragged: each
    position framed at rest, most of them at the same scale), so once the board is painted
    whole at that very scale (`paint_ahead`'s `exact`) the part in sight is only copied."""
    kept = _kept(kept)
    if still:
        area.blit(tb.board_surface(look, level, view, area.get_size(), seat_walls, zones, active,
                                   kept.still), (0, 0))
        return
    shifted = View(view.scale, (view.centre[0] - room.x, view.centre[1] - room.y))
    key = (tb.board_key(look, level, seat_walls, len(zones), kept.still), view.scale)
    exact = kept.exact
    if again and key in exact:
        exact[key] = exact.pop(key)  # the most recently used last
        _copy_exact(look, area.subsurface(room), level, shifted, exact[key], zones, active, kept)
        return
    draw_moving(look, area.subsurface(room), level, shifted, seat_walls, zones, active, kept)


def _copy_exact(look: Look, surf: pygame.Surface, level: Level, view: View, picture: pygame.Surface,
                zones: tuple, active: int | None, kept: MovingBoards) -> None:
    """The board as `view` shows it over the whole of `surf`, from `picture`: the board painted
    whole at `view`'s own scale (pixel for pixel the board painted for the view)."""
    bounds, _ = _bounds(level, kept)
    world = _world(bounds, view.scale)
    at = (world.x + round(view.centre[0]), world.y + round(view.centre[1]))
    if not picture.get_rect(topleft=at).contains(surf.get_rect()):  # the floor round it
        tb.blit_tiled(surf, tb.floor_tile(kept.still.tiles), view.centre, kept.still.tiles)
    surf.blit(picture, at)
    if active is not None and active < len(zones):
        draw_band(look, surf, view, zones[active], active, True, ACTIVE_OVER)


def draw_moving(look: Look, surf: pygame.Surface, level: Level, view: View,
                seat_walls: dict[str, int],
                zones: tuple, active: int | None, kept: MovingBoards | None = None) -> None:
    """The board as `view` shows it over the whole of `surf`, scaled from a kept picture."""
    kept = _kept(kept)
    still, pictures = kept.still, kept.pictures
    bounds, top = _bounds(level, kept)
    # above the largest rung kept whole: that one, scaled up smoothly
    rung = min(top, math.floor(math.log(view.scale) / math.log(RUNG) + 1e-9))
    board = tb.board_key(look, level, seat_walls, len(zones), still)
    if (board, rung) not in pictures:  # not painted yet: a painted one near it, if any
        near = [r for b, r in pictures if b == board and abs(r - rung) <= NEAR]
        rung = min(near, key=lambda r: (abs(r - rung), -r), default=rung)
    sr = RUNG ** rung
    f = sr / view.scale  # rung px per px of the frame (<= 1 but for a rung standing in)
    w, h = surf.get_size()
    need = pygame.Rect(round(-view.centre[0] * f), round(-view.centre[1] * f), math.ceil(w * f),
                       math.ceil(h * f))
    world = _world(bounds, sr)
    if not need.colliderect(world):  # only the floor in sight
        tb.blit_tiled(surf, tb.floor_tile(still.tiles), view.centre, still.tiles)
    else:
        pic = _picture(look, (board, rung), level, sr, world, seat_walls, zones, kept)
        if world.contains(need):
            src = pic.subsurface(need.move(-world.x, -world.y))
        else:  # the floor round the picture, tiled as the picture's own
            src = tb.scratch("moving", need.size, still)
            tb.blit_tiled(src, tb.floor_tile(still.tiles), (-need.x, -need.y), still.tiles)
            src.blit(pic, (world.x - need.x, world.y - need.y))
        scaler = pygame.transform.scale if f * RUNG > 1.0 else pygame.transform.smoothscale
        scaler(src, (w, h), surf)
    if active is not None and active < len(zones):
        draw_band(look, surf, view, zones[active], active, True, ACTIVE_OVER)


def paint_ahead(look: Look, level: Level, seat_walls: dict[str, int], zones: tuple,
                scales: tuple[float, float], now: float, exact: float | None = None,
                kept: MovingBoards | None = None, *, previews: Foresight) -> bool:
    """Paint a strip of the first picture not painted yet among the rungs for `scales` (the
    least and the most px per mm the camera may show), the one nearest to `now` first; with
    `exact`, in their place, the board whole at that very scale (`draw_board`'s `again`: the
    EXACT_KEPT most recently used are kept). False when they are all painted (nothing was
    done). The strips are painted on `previews` (the App's previews' thread)."""
    kept = _kept(kept)
    coming, still = kept.coming, kept.still
    bounds, top = _bounds(level, kept)
    board = tb.board_key(look, level, seat_walls, len(zones), still)
    if exact is not None:  # (while the view's own scale serves, no rung is needed)
        missing = [(board, exact)] if (board, exact) not in kept.exact else []
    else:
        low, high, at = (min(top, math.floor(math.log(s) / math.log(RUNG) + 1e-9))
                         for s in (*scales, now))
        wanted, room = [], KEPT  # the nearest to `now` first, as many as are kept together
        for r in sorted(range(low, high + 1), key=lambda r: (abs(r - at), -r)):
            room -= _world(bounds, RUNG ** r).w * _world(bounds, RUNG ** r).h
            if room < 0:
                break
            wanted.append(r)
        missing = [(board, r) for r in wanted if (board, r) not in kept.pictures]
    if not missing:
        return False
    if coming and (coming[0] in missing or (exact is not None and coming[0][0] == board
                                            and isinstance(coming[0][1], float))):
        key = coming[0]  # the one begun: finished first (a view's own scale: the view comes
        # back to it, as a replay's timeline is dragged to and fro)
    else:
        key = missing[0]
        kept.serial += 1
        coming[:] = [key, [None], 0, kept.serial]
    sr = _scale(key)
    world = _world(bounds, sr)
    holder, done = coming[1], coming[2]
    rows = -(-world.h // STRIPS)
    strip = (AHEAD, kept.token, coming[3], done)  # (a picture begun anew is another one)

    def paint() -> tuple:  # on the previews' thread: only it touches `pic` until it is whole
        if holder[0] is None:  # (made here too: a new surface of megabytes costs milliseconds)
            holder[0] = tb.new_surface(world.size)
        pic = holder[0]
        pic.set_clip(pygame.Rect(0, done, world.w, rows))
        tb.paint_board(look, pic, level, View(sr, (-world.x, -world.y)), seat_walls, zones, None,
                       still)
        pic.set_clip(None)
        return strip

    if previews.get(AHEAD, strip, paint) != strip:
        return True  # being painted in the window's quiet time
    coming[2] = done + rows
    if coming[2] >= world.h:
        pic = holder[0]
        coming.clear()
        kept.painted += 1
        if isinstance(key[1], float):
            kept.exact[key] = pic
            while len(kept.exact) > EXACT_KEPT:
                del kept.exact[next(iter(kept.exact))]
        else:
            _keep(key, pic, kept)
    return True


def _scale(key: tuple) -> float:
    """The px per mm of the picture kept as `key`: (board, rung) or (board, exact scale)."""
    return key[1] if isinstance(key[1], float) else RUNG ** key[1]


AHEAD = "board pictures"  # the previews' thread's family of asks: a strip of a picture


def _bounds(level: Level,
            kept: MovingBoards | None = None) -> tuple[tuple[float, float, float, float], int]:
    """Where the board, its walls and release zones lie (mm), and the largest rung at which
    they are at most WHOLE px (worked out once per level)."""
    worlds = _kept(kept).worlds
    got = worlds.get(id(level))
    if got is None or got[0] is not level:
        bounds = world_bounds(level, WORLD_MARGIN)
        top = math.floor(math.log(math.sqrt(WHOLE / ((bounds[2] - bounds[0])
                                                     * (bounds[3] - bounds[1]))), RUNG))
        while top > -40 and _world(bounds, RUNG ** top).w * _world(bounds, RUNG ** top).h > WHOLE:
            top -= 1
        if len(worlds) >= 16:
            worlds.clear()
        got = worlds[id(level)] = (level, bounds, top)
    return got[1], got[2]


def _world(bounds: tuple[float, float, float, float], scale: float) -> pygame.Rect:
    """`bounds` (mm) in rung px at `scale`."""
    x0, y0, x1, y1 = bounds
    left, top = math.floor(x0 * scale), math.floor(-y1 * scale)
    return pygame.Rect(left, top, math.ceil(x1 * scale) - left, math.ceil(-y0 * scale) - top)


def _picture(look: Look, key: tuple, level: Level, scale: float, world: pygame.Rect,
             seat_walls: dict[str, int], zones: tuple, kept: MovingBoards) -> pygame.Surface:
    """The board at `scale` over `world` (painted the first time: keeping the most recently
    used within KEPT px)."""
    got = kept.pictures.get(key)
    if got is None:
        got = tb.new_surface(world.size)
        tb.paint_board(look, got, level, View(scale, (-world.x, -world.y)), seat_walls, zones, None,
                       kept.still)
        kept.painted += 1
    _keep(key, got, kept)
    return got


def _keep(key: tuple, picture: pygame.Surface, kept: MovingBoards) -> None:
    """Keep `picture` as the most recently used, within KEPT px in all."""
    pictures = kept.pictures
    pictures.pop(key, None)
    pictures[key] = picture  # the most recently used last
    while sum(p.get_width() * p.get_height() for p in pictures.values()) > KEPT \
            and len(pictures) > 1:
        del pictures[next(iter(pictures))]
