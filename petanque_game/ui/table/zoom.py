"""The zoom's lines on the Terningepetanque table: the zoom and how to get back, how to zoom while
a person aims, and Home's view (the whole board, or back to the play framed: ui/table/camera.py),
in a bottom corner of the board's part of the area; a click on Home's line does what Home does
(ui/table/shown.py routes the click)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from petanque_game.ui.table.sheet import HINT_SIZE

if TYPE_CHECKING:
    from petanque_game.ui.table.shown import Framed


def zoom_labels(shown: Framed, inset: pygame.Rect | None = None) -> list[tuple[str, pygame.Rect]]:
    """The zoom's lines in a bottom corner of the board's part of the area (the seats' names
    sit at the middle of the sides; the close-up takes the corner with the fewest bodies:
    the other one when it is this one), the last one Home's view (clickable)."""
    look = shown.look
    cam = shown.view
    lines = []
    if cam.user_zoom != 1.0:
        lines.append(look.tr("table_view.zoomed", zoom=look.decimal(cam.user_zoom)))
    elif shown.human_turn and not shown.busy and shown.due is not None:
        lines.append(look.tr("table_view.zoom_keys"))
    if cam.user_zoom == 1.0:  # (zoomed, Home goes back to the rest view first)
        if cam.whole and cam.play:
            lines.append(look.tr("table_view.to_play"))
        elif cam.rest_view()[0] > cam.fit * 1.01:
            lines.append(look.tr("table_view.to_whole"))
    fx, fy, w, h = cam.board_rect  # beside the score sheet
    placed: list[tuple[str, pygame.Rect]] = []
    bottom = fy + h - 8
    for text in reversed(lines):
        size = look.text(text, HINT_SIZE).get_size()
        spot = pygame.Rect(fx + 10, bottom - size[1], *size)
        if inset is not None and inset.colliderect(spot):
            spot.right = fx + w - 10
        placed.insert(0, (text, spot))
        bottom -= size[1] + 2
    return placed


def view_toggle_at(shown: Framed, pos: tuple[int, int], origin: tuple[int, int]) -> bool:
    """Is `pos` (logical; the table area's top left at `origin`) on Home's line (the whole
    board / back to the play)?"""
    look = shown.look
    labels = zoom_labels(shown)
    if not labels or shown.view.user_zoom != 1.0:
        return False
    text, spot = labels[-1]
    if text == look.tr("table_view.zoom_keys"):
        return False
    return spot.move(origin).collidepoint(pos)
