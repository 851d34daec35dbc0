"""The Terningepetanque table's window around the board, frame by frame: the table paints the
whole picture itself (no background is filled under it each frame), its parts and the gaps
between them (`fill_gaps`); and whether the window still holds the frame before as the table
drew it, so the parts nothing draws over need no copying (`holds_frame_before`, ui/table/kept.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from petanque_game.ui import theme
from petanque_game.ui.game_scene import STATUS_RECT
from petanque_game.ui.look import Look
from petanque_game.ui.scene import AppLike
from petanque_game.ui.table.panel import side_parts

AREA = pygame.Rect(8, 64, 960, 552)  # the table's part of the logical surface
SIDE = pygame.Rect(980, 64, 284, 552)  # the side panel
HEADER = pygame.Rect(0, 0, 1280, 64)  # the header above them
STATUS_ROOM = STATUS_RECT.union(  # the status bar and its shadow, within the window
    pygame.Rect(STATUS_RECT.x - 1, STATUS_RECT.y + 3, STATUS_RECT.w + 8, STATUS_RECT.h + 8)).clip(
    pygame.Rect((0, 0), theme.LOGICAL_SIZE))


def picture_scale(app: AppLike) -> float:
    """How large the logical picture is shown in the window (the App fits it whole: ui/app.py):
    0.625 in an 800x600 window, 1.35 in the default window on a 1920x1080 desktop."""
    (w, h), (lw, lh) = app.window.get_size(), theme.LOGICAL_SIZE
    return min(w / lw, h / lh) or 1.0


Rooms = tuple[tuple[int, int, int, int], ...]  # the parts painted whole, as rectangles


@dataclass
class Held:
    """What the window holds of the table as drawn in the frame before: the frame's number and
    where it was drawn (None when the table was not alone on it), and the layout whose gaps were
    filled. `alone` says whether nothing but the table is drawn over its parts now (no scene
    over it, no toast, no reckoning's points flying to the side panel)."""

    app: AppLike
    alone: Callable[[], bool]
    frame: tuple[int, tuple[int, tuple[int, int], tuple[int, int]]] | None = None
    gaps: Rooms | None = None
    cut: tuple[Rooms, list[pygame.Rect]] | None = None  # a layout and its gaps (`_gaps`)


def holds_frame_before(held: Held, surface: pygame.Surface) -> bool:
    """Does `surface` hold the frame before as the table drew it: drawn the frame before on the
    same surface in the same window, nothing drawn over the header, the side panel and the
    status bar then or now (`Held.alone`)?"""
    alone = held.alone()
    frame = held.app.frames_drawn
    where = (id(surface), surface.get_size(), held.app.window.get_size())
    before = held.frame
    held.frame = (frame, where) if alone and frame is not None else None
    return alone and frame is not None and before == (frame - 1, where)


def rooms(board: pygame.Rect, sheet: pygame.Rect | None, players: int) -> Rooms:
    """The parts of the window painted whole in every frame (each on the background where it
    leaves it, kept.py): the header, the board and the score sheet (`board` and `sheet` in the
    table's area), the side panel's two parts (panel.py `kept_panel`'s room), the status bar."""
    board = pygame.Rect(board).move(AREA.topleft)
    sheets = () if sheet is None else (sheet.move(AREA.topleft),)
    sides = [pygame.Rect(r.x - 8, r.y, r.w + 15, r.h + 11) for r in side_parts(SIDE, players)]
    return tuple(tuple(r) for r in (HEADER, board, *sheets, *sides, STATUS_ROOM))


def fill_gaps(look: Look, held: Held, layout: Rooms, surface: pygame.Surface,
              same: bool = False) -> None:
    """The background between the table's parts (`layout`: `rooms`); not when `same`: the window
    holds the frame before as the table drew it, nothing drawn over its area then, and the parts
    lie where they lay (the table's area, drawn straight on the window while a replay's timeline
    is dragged, draws its edge over the gaps beside the score sheet, and is left as it is while
    the position stays: ui/table/kept.py `draw_each_change`)."""
    if same and held.gaps == layout:
        return
    held.gaps = layout
    if held.cut is None or held.cut[0] != layout:  # worked out once per layout
        held.cut = (layout, _gaps(layout))
    for gap in held.cut[1]:
        surface.fill(look.colour("background"), gap)


def _gaps(rooms: Rooms) -> list[pygame.Rect]:
    """The window's rectangles outside every one of `rooms`."""
    got = [pygame.Rect((0, 0), theme.LOGICAL_SIZE)]
    for room in map(pygame.Rect, rooms):
        left = []
        for r in got:
            if not r.colliderect(room):
                left.append(r)
                continue
            y0, y1 = max(r.y, room.y), min(r.bottom, room.bottom)
            left += [c for c in (pygame.Rect(r.x, r.y, r.w, room.y - r.y),
                                 pygame.Rect(r.x, room.bottom, r.w, r.bottom - room.bottom),
                                 pygame.Rect(r.x, y0, room.x - r.x, y1 - y0),
                                 pygame.Rect(room.right, y0, r.right - room.right, y1 - y0))
                     if c.w > 0 and c.h > 0]
        got = left
    return got
