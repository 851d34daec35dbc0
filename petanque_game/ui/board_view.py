"""The board editor's picture of the draft (ui/scenes/board_editor.py): where a millimetre of
the board is on screen, and the felt, the grid, the walls (with their seats), the blocks and the
diamond's spot drawn, the part the checker refuses in red."""

from __future__ import annotations

import math
from typing import Any

import pygame

from petanque_game import board_edit
from petanque_game.board_edit import Draft
from petanque_game.ui.look import Look
from petanque_game.ui.widgets import panel

VIEW = pygame.Rect(20, 96, 800, 600)


def scale(draft: Draft) -> float:
    """Pixels per millimetre: the felt, its walls and a margin fit the view."""
    walls = draft.data["walls"]
    reach = draft.reach() + walls["gap"] + walls["thickness"] + 30
    return min(VIEW.w, VIEW.h) / (2 * float(reach))


def to_screen(draft: Draft, x: float, y: float) -> tuple[int, int]:
    s = scale(draft)
    return round(VIEW.centerx + x * s), round(VIEW.centery - y * s)


def to_board(draft: Draft, pos: tuple[int, int]) -> tuple[float, float]:
    s = scale(draft)
    return (pos[0] - VIEW.centerx) / s, (VIEW.centery - pos[1]) / s


def wall_outline(draft: Draft, wall: dict[str, Any]) -> list[tuple[float, float]]:
    """A wall's corners in mm: it stands `gap` beyond the felt's furthest point its way."""
    walls = draft.data["walls"]
    a = math.radians(wall["angle"])
    ux, uy = math.cos(a), math.sin(a)
    near = _support(draft.data["board"], ux, uy) + walls["gap"]
    far = near + walls["thickness"]
    half = wall["length"] / 2
    return [(ux * d - uy * t, uy * d + ux * t) for d, t in
            ((near, -half), (far, -half), (far, half), (near, half))]


def draw(look: Look, surface: pygame.Surface, draft: Draft, bad: Any, selected: Any,
         drag: tuple[tuple[int, int], tuple[int, int]] | None) -> None:
    """The draft in the view; `bad` the part the checker refuses, `selected` the part chosen,
    `drag` (from, to) of a block being dragged. Drawn with `look`."""
    panel(look, surface, VIEW, (20, 26, 32), "edge", 10, shadow=False)
    board = draft.data["board"]
    felt = look.colour("felt")
    edge = (220, 70, 60) if bad in ("board", "felt") else (12, 60, 36)
    if board["shape"] == "circle":
        centre, r = to_screen(draft, 0, 0), round(board["radius"] * scale(draft))
        pygame.draw.circle(surface, felt, centre, r)
        pygame.draw.circle(surface, edge, centre, r, 3)
    else:
        if board["shape"] == "rect":
            w, h = board["width"] / 2, board["height"] / 2
            corners = [(-w, -h), (w, -h), (w, h), (-w, h)]
        else:
            corners = [tuple(p) for p in board["points"]]
        points = [to_screen(draft, x, y) for x, y in corners]
        pygame.draw.polygon(surface, felt, points)
        pygame.draw.polygon(surface, edge, points, 3)
    if draft.snap:
        _draw_grid(surface, draft)
    seats = draft.data["seats"].get(4) or draft.data["seats"].get("4") or []
    for i, wall in enumerate(draft.walls()):
        points = [to_screen(draft, x, y) for x, y in wall_outline(draft, wall)]
        red = bad in ("walls",) or bad == ("wall", i)
        colour = (200, 70, 60) if red else (150, 110, 70)
        pygame.draw.polygon(surface, colour, points)
        if selected == ("wall", i):
            pygame.draw.polygon(surface, look.colour("accent"), points, 3)
        seat = seats.index(wall["name"]) + 1 if wall["name"] in seats else None
        label = wall["name"] if seat is None else f"{seat}: {wall['name']}"
        cx = sum(p[0] for p in points) / 4
        cy = sum(p[1] for p in points) / 4
        look.blit_text(surface, label, (cx, cy), 15, "text", True, "center")
    for i, block in enumerate(draft.obstacles()):
        pts = block["points"]
        if drag and selected == ("obstacle", i):
            (x0, y0), (x1, y1) = to_board(draft, drag[0]), to_board(draft, drag[1])
            pts = [[x + x1 - x0, y + y1 - y0] for x, y in pts]
        points = [to_screen(draft, x, y) for x, y in pts]
        red = bad in ("obstacles",) or bad == ("obstacle", i)
        pygame.draw.polygon(surface, (200, 70, 60) if red else (120, 124, 136), points)
        if selected == ("obstacle", i):
            pygame.draw.polygon(surface, look.colour("accent"), points, 3)
        cx, cy = to_screen(draft, *board_edit.centre(pts))
        look.blit_text(surface, f"{block['height']:.0f}", (cx, cy), 14, "text",
                        anchor="center")
    diamond = to_screen(draft, 0, 0)
    pygame.draw.circle(surface, (236, 184, 52), diamond, 4)


def _draw_grid(surface: pygame.Surface, draft: Draft) -> None:
    """A line every 50 mm (none when they would be closer than 6 px)."""
    step = board_edit.GRID * 5 * scale(draft)  # a line every 50 mm
    if step < 6:
        return
    shade = (255, 255, 255, 22)
    grid = pygame.Surface(VIEW.size, pygame.SRCALPHA)
    x = (VIEW.w / 2) % step
    while x < VIEW.w:
        pygame.draw.line(grid, shade, (x, 0), (x, VIEW.h))
        x += step
    y = (VIEW.h / 2) % step
    while y < VIEW.h:
        pygame.draw.line(grid, shade, (0, y), (VIEW.w, y))
        y += step
    surface.blit(grid, VIEW.topleft)


def _support(board: dict[str, Any], ux: float, uy: float) -> float:
    """How far the felt reaches in the direction (ux, uy)."""
    if board["shape"] == "rect":
        return abs(float(board["width"]) / 2 * ux) + abs(float(board["height"]) / 2 * uy)
    if board["shape"] == "circle":
        return float(board["radius"])
    return max(float(x) * ux + float(y) * uy for x, y in board["points"])
