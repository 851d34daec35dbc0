"""The camera over the Terningepetanque table: where the board lies on the screen and how large.

At rest (and at the reckoning) it frames the play: the diamond and every die lying on the board,
with PLAY_MARGIN mm around them, as large as that allows (at most a `rest_die` px die, never smaller
than the whole board fitted), so the dice are readable even on the boards too large to show whole
at that size (the round table, the bumper lane). The picture is scaled into the window
(`show_at`): in a small window (800x600) a die at rest is kept at least LEAST_SHOWN_DIE pixels of
the window, the margin round the play narrowed to what the labels need, and when even then not all
of the play fits, the diamond with the dice nearest it that do. Before the diamond lies, or when
the player asks for it (Home: `toggle_whole`), it fits the whole board, the felt the dice lie on,
not the throwing zones behind the walls. During a throw it frames the piece in flight together
with the diamond (or the board's centre, for the diamond itself) and every body set moving, and
comes back once all is still. The player can zoom in and out about a point; the view always eases
towards where it should be, so it never jumps.

The board is fitted into the camera's `board_rect`, the part of the area it has (all of it, or what
the score sheet beside the board leaves: `set_board_rect`).

The camera is the scene's `view`: `to_screen` / `to_board` map board millimetres to logical pixels
of the table area and back (the mouse's aim goes through it). What is drawn uses a snapshot of it
(`view`), whose scale is rounded to steps of ZOOM_STEP so the board's picture can be cached per
step, and whose centre is rounded to whole pixels so a still camera draws the same pixels.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable, Sequence

import pygame

from petanque_game.physics.level_spec import Level
from petanque_game.ui.table.draw import View

ZOOM_STEP = 1.015  # the drawn scale moves in steps of 1.5 %: a cached board per step
MAX_ZOOM = 3.0  # the player may zoom in this far over the board's fit ...
MIN_ZOOM = 0.7  # ... and out this far (to see the throwing zones)
EASE_PAN = 5.0  # per second: the share of the way the view closes is 1 - exp(-rate * dt)
EASE_ZOOM = 4.0
FOLLOW_MARGIN = 60.0  # mm around what a throw's camera frames
FOLLOW_MAX = 2.0  # a throw's camera zooms in at most this much over the board's fit
PLAY_MARGIN = 60.0  # mm around the diamond and the dice the rest view frames
REST_DIE = 21.0  # logical px: the rest view zooms in no further than a die this size ...
LEAST_SHOWN_DIE = 16.5  # ... and in the window, not smaller than this at rest (a small window)
TIGHT_MARGIN = 36.0  # mm round the play when PLAY_MARGIN would make the dice smaller than that
SMALL_ZOOM = 1.25  # a small window's die at rest: up to this times LEAST_SHOWN_DIE


def board_bounds(level: Level, margin: float = 8.0) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the felt, in mm, with `margin` mm around it."""
    xs = [p[0] for p in level.board.outline]
    ys = [p[1] for p in level.board.outline]
    return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin


def world_bounds(level: Level, margin: float = 30.0) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the board, its walls and what lies just behind them, in mm."""
    xs = [p[0] for p in level.board.outline]
    ys = [p[1] for p in level.board.outline]
    for w in level.walls.sides:
        for x, y in level.wall_outline(w.name):
            xs.append(x)
            ys.append(y)
    reach = level.throw.release_depth + margin
    return min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach


class Camera:
    """Eased pan and zoom over one level's board, inside an area `size` px (its own origin)."""

    def __init__(self, level: Level, size: tuple[int, int]) -> None:
        self.level = level
        self.size = size
        self.board_rect = (0, 0, size[0], size[1])  # x, y, w, h: where in the area the board goes
        self.bounds = board_bounds(level)
        self.fit = self._fit_scale(self.bounds)
        self.whole = False  # the player asked for the whole board at rest (`toggle_whole`)
        self.rest_die = REST_DIE  # logical px: the die at rest at most (`show_at`) ...
        self.least_die = 0.0  # ... and at least (0: as the play fits)
        self.play: list[tuple[float, float]] = []  # mm: the diamond and the dice the rest frames
        self.user_zoom = 1.0  # the player's zoom over the rest view
        self.user_focus = self._middle(self.bounds)  # mm: what the player zoomed towards
        self._scale = self.fit  # now (eased), px per mm
        self.look = self._middle(self.bounds)  # now (eased): the mm point at the area's centre
        self.goal_scale, self.goal_look = self._scale, self.look
        self._snap()

    # --- mapping (what the mouse and the drawing use) ---------------------------------------------

    @property
    def view(self) -> View:
        """The snapshot drawn this frame: scale in ZOOM_STEP steps, centre on whole pixels."""
        return self._view

    def _snap(self) -> None:
        self._view = self._drawn(self._scale, self.look)

    def _drawn(self, scale: float, look: tuple[float, float]) -> View:
        k = round(math.log(scale / self.fit) / math.log(ZOOM_STEP))
        s = self.fit * ZOOM_STEP ** k
        fx, fy, w, h = self.board_rect
        return View(s, (round(fx + w / 2 - look[0] * s), round(fy + h / 2 + look[1] * s)))

    @property
    def scale(self) -> float:
        return self._view.scale

    @property
    def centre(self) -> tuple[float, float]:
        return self.view.centre

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return self.view.to_screen(x, y)

    def to_board(self, sx: float, sy: float) -> tuple[float, float]:
        return self.view.to_board(sx, sy)

    def poly(self, points: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
        return self.view.poly(points)

    # --- where it should look ---------------------------------------------------------------------

    def rest(self, play: list[tuple[float, float]] | None = None) -> None:
        """Aim at the rest view (`rest_view`) of `play` (mm: the diamond and the dice lying on the
        board; by default the last given), as the player last zoomed it."""
        if play is not None:
            self.play = list(play)
        scale, look = self.rest_view()
        if self.user_zoom == 1.0:
            self.goal_scale, self.goal_look = scale, look
            return
        self.goal_scale = scale * self.user_zoom
        self.goal_look = self._clamped(self.user_focus, self.goal_scale)

    def rest_view(self) -> tuple[float, tuple[float, float]]:
        """The scale and the centre (mm) at rest, unzoomed: the whole board fitted when the
        player asked for it or nothing lies yet; else the play framed, PLAY_MARGIN mm round every
        point, as large as fits but no die over `rest_die` px, never less than the board fitted
        nor a die under `least_die` px (a small window: the margin narrowed to TIGHT_MARGIN, and
        the diamond, the first point, framed with the dice nearest it that fit)."""
        if self.whole or not self.play:
            return self.fit, self._middle(self.bounds)
        side = self.level.dice.side
        most, least = self.rest_die / side, self.least_die / side
        box = self._box(self.play, PLAY_MARGIN)
        if self._fit_scale(box) < least:
            box = self._box(self.play, TIGHT_MARGIN)
        if self._fit_scale(box) < least:
            box = self._box(self._nearest(least), TIGHT_MARGIN)
        scale = max(self.fit, least, min(most, self._fit_scale(box)))
        return scale, self._clamped(self._middle(box), scale, self._box(self.play, side))

    def show_at(self, window_scale: float) -> None:
        """The picture is shown at `window_scale` in the window: a die at rest is drawn at least
        LEAST_SHOWN_DIE window px where REST_DIE logical px would be smaller, and up to
        SMALL_ZOOM times that where the play leaves room (its labels then apart)."""
        least = LEAST_SHOWN_DIE / window_scale
        small = least > REST_DIE
        self.rest_die = least * SMALL_ZOOM if small else REST_DIE
        self.least_die = least if small else 0.0
        self.rest()

    @property
    def readable_die(self) -> float:
        """Logical px: the die the rest view keeps at least (REST_DIE, or more in a small window:
        `show_at`); a smaller one (the whole board shown) gets the close-up."""
        return max(REST_DIE, self.least_die)

    def _nearest(self, scale: float) -> list[tuple[float, float]]:
        """The diamond (the play's first point) and the dice nearest it, as many as a view of
        `scale` px per mm holds with TIGHT_MARGIN round them (the diamond alone at least)."""
        (dx, dy), dice = self.play[0], self.play[1:]
        kept = [self.play[0]]
        for p in sorted(dice, key=lambda p: math.hypot(p[0] - dx, p[1] - dy)):
            if self._fit_scale(self._box([*kept, p], TIGHT_MARGIN)) < scale:
                break
            kept.append(p)
        return kept

    @staticmethod
    def _box(points: list[tuple[float, float]],
             margin: float) -> tuple[float, float, float, float]:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin

    def toggle_whole(self) -> None:
        """Home: from a zoom back to the rest view; else the whole board, or back to the play."""
        if self.user_zoom == 1.0:
            self.whole = not self.whole
        self.reset_zoom()

    def frame(self, points: list[tuple[float, float]]) -> None:
        """Aim at a view holding every point (mm), FOLLOW_MARGIN around them, within limits."""
        box = self._box(points, FOLLOW_MARGIN)
        lo = self._fit_scale(world_bounds(self.level, 0.0))
        self.goal_scale = max(lo, min(self.fit * FOLLOW_MAX, self._fit_scale(box)))
        self.goal_look = self._middle(box)

    @property
    def scales(self) -> tuple[float, float]:
        """The least and the most px per mm the camera shows by itself (a throw followed, the
        play framed at rest): what the moving board's pictures are painted ahead for."""
        return (min(self.fit, self._fit_scale(world_bounds(self.level, 0.0))),
                max(self.fit * FOLLOW_MAX, self.rest_die / self.level.dice.side))

    def zoom(self, factor: float, about: tuple[float, float] | None = None) -> None:
        """The player zooms by `factor`, towards `about` (mm; default: where the view looks), from
        MIN_ZOOM to MAX_ZOOM times the whole board's fit."""
        base = self.rest_view()[0] / self.fit
        self.user_zoom = max(MIN_ZOOM / base, min(MAX_ZOOM / base, self.user_zoom * factor))
        if abs(self.user_zoom - 1.0) < 0.02:
            self.user_zoom = 1.0
        if about is not None:
            # Keep the point under the mouse where it is: move the focus towards it.
            f = 1.0 - 1.0 / factor
            fx, fy = self.goal_look
            self.user_focus = (fx + (about[0] - fx) * f, fy + (about[1] - fy) * f)
        else:
            self.user_focus = self.goal_look
        self.rest()

    def reset_zoom(self) -> None:
        self.user_zoom = 1.0
        self.rest()

    def update(self, dt: float, rate: float = 1.0) -> None:
        """Ease towards the goal: exponentially, in log-scale for the zoom, never past it;
        `rate` > 1 follows more closely (a throw in flight)."""
        a = 1.0 - math.exp(-EASE_PAN * rate * dt)
        b = 1.0 - math.exp(-EASE_ZOOM * rate * dt)
        self._scale = math.exp(math.log(self._scale) + (math.log(self.goal_scale)
                                                      - math.log(self._scale)) * b)
        gx, gy = self.goal_look
        lx, ly = self.look
        self.look = (lx + (gx - lx) * a, ly + (gy - ly) * a)
        if abs(self._scale / self.goal_scale - 1.0) < 1e-3:
            self._scale = self.goal_scale
        if math.hypot(gx - self.look[0], gy - self.look[1]) * self._scale < 0.25:
            self.look = self.goal_look
        self._snap()

    def next_view(self, dt: float) -> View:
        """The view drawn after easing `dt` s more towards the goal as it is now (the camera
        itself unmoved)."""
        ahead = copy.copy(self)
        ahead.update(dt)
        return ahead.view

    def set_board_rect(self, board: pygame.Rect | Sequence[int]) -> None:
        """Fit the board into `board` (x, y, w, h in the area) from now on, easing there."""
        x, y, w, h = board
        rect = (x, y, w, h)
        if rect == self.board_rect:
            return
        self.board_rect = rect
        self.fit = self._fit_scale(self.bounds)
        self.rest()

    def settle(self) -> None:
        """Be at the goal at once (a new scene, a replay jumping)."""
        self._scale, self.look = self.goal_scale, self.goal_look
        self._snap()

    def keep_inside(self, points: list[tuple[float, float]], margin_px: float) -> None:
        """Move the view at once, as little as needed, so every point (mm) is on screen at least
        `margin_px` from the edge (a fast throw may outrun the easing)."""
        s = self._view.scale
        fx, fy, w, h = self.board_rect
        lx, ly = self.look
        for x, y in points:
            sx, sy = self._view.to_screen(x, y)
            dx = min(0.0, sx - fx - margin_px) + max(0.0, sx - fx - (w - margin_px))
            dy = min(0.0, sy - fy - margin_px) + max(0.0, sy - fy - (h - margin_px))
            lx, ly = lx + dx / s, ly - dy / s
            self.look = (lx, ly)
            self._snap()

    @property
    def still(self) -> bool:
        """Does the view drawn stand where it is going (to the pixel and the zoom step)?"""
        return self._view == self.goal_view

    @property
    def goal_view(self) -> View:
        """The view drawn once the camera is where it is going."""
        return self._drawn(self.goal_scale, self.goal_look)

    # --- helpers -------------------------------------------------------------------------------

    def _fit_scale(self, box: tuple[float, float, float, float]) -> float:
        w, h = self.board_rect[2:]
        return min(w / (box[2] - box[0]), h / (box[3] - box[1]))

    @staticmethod
    def _middle(box: tuple[float, float, float, float]) -> tuple[float, float]:
        return (box[0] + box[2]) / 2.0, (box[1] + box[3]) / 2.0

    def _clamped(self, look: tuple[float, float], scale: float,
                 bodies: tuple[float, float, float, float] | None = None) -> tuple[float, float]:
        """`look` moved so that the view shows no more beyond the board (and the `bodies` on its
        edge, a die leaning on a wall drawn whole) than it must."""
        x0, y0, x1, y1 = self.bounds
        if bodies is not None:
            x0, y0 = min(x0, bodies[0]), min(y0, bodies[1])
            x1, y1 = max(x1, bodies[2]), max(y1, bodies[3])
        half_w, half_h = self.board_rect[2] / 2 / scale, self.board_rect[3] / 2 / scale
        out = []
        for v, lo, hi, half in ((look[0], x0, x1, half_w), (look[1], y0, y1, half_h)):
            if hi - lo <= 2 * half:
                out.append((lo + hi) / 2)  # all of the board fits that way: keep it centred
            else:
                out.append(max(lo + half, min(hi - half, v)))
        return out[0], out[1]
