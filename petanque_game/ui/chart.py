"""A line chart of each player's score over a game (`stats.Series`), drawn with pygame alone: axes
with round numbers on them, the axes' names, one line per player in the player's colour, and the
player's mark on the line's last point when the palette shows marks."""

from __future__ import annotations

import math

import pygame

from petanque_game.stats import Series
from petanque_game.ui import theme
from petanque_game.ui.look import Look

TICK = 18  # the axes' numbers: the smallest size still readable in an 800x600 window


def nice_step(span: float, ticks: int = 5) -> int:
    """A step of 1, 2 or 5 times a power of ten giving about `ticks` ticks over `span`."""
    if span <= 0:
        return 1
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return max(1, int(m * power))
    return max(1, int(10 * power))


class Scale:
    """Where a chart puts a point: the plotting area inside the axes and the values' ranges."""

    def __init__(self, area: pygame.Rect, xmax: int, low: int, high: int):
        self.area, self.xmax, self.low, self.high = area, xmax, low, high

    def at(self, x: float, y: float) -> tuple[int, int]:
        a = self.area
        return (a.x + round(a.w * x / self.xmax),
                a.bottom - round(a.h * (y - self.low) / (self.high - self.low)))


def draw_chart(look: Look, surface: pygame.Surface, rect: pygame.Rect, series: Series,
               seats: list[int] | None = None) -> Scale:
    """Draw `series` in `rect`; returns where it put the points."""
    n = len(series.points[0][1]) if series.points else 0
    seats = list(range(n)) if seats is None else seats
    xs = series.xs or [0]
    values = [v for _, scores in series.points for v in scores] or [0]
    low, high = min(0, *values), max(0, *values)
    ystep = nice_step(high - low)
    low, high = math.floor(low / ystep) * ystep, math.ceil(high / ystep) * ystep
    if high == low:
        high = low + ystep
    xmax = max(1, *xs)
    xstep = nice_step(xmax, 8)

    label_w = max(look.font(TICK).size(look.number(v))[0]
                  for v in range(low, high + 1, ystep)) + 10
    area = pygame.Rect(rect.x + label_w + 22, rect.y + 8, rect.w - label_w - 34, rect.h - 58)

    at = Scale(area, xmax, low, high).at

    grid, axis, muted = look.colour("panel_light"), look.colour("edge"), "muted"
    for y in range(low, high + 1, ystep):
        py = at(0, y)[1]
        pygame.draw.line(surface, look.colour("text") if y == 0 else grid, (area.x, py),
                         (area.right, py), 1)
        look.blit_text(surface, look.number(y), (area.x - 6, py), TICK, muted, anchor="midright")
    for x in range(0, xmax + 1, xstep):
        px = at(x, low)[0]
        pygame.draw.line(surface, axis, (px, area.bottom), (px, area.bottom + 5), 1)
        look.blit_text(surface, look.number(x), (px, area.bottom + 7), TICK, muted,
                        anchor="midtop")
    pygame.draw.line(surface, axis, area.bottomleft, area.topleft, 2)
    pygame.draw.line(surface, axis, area.bottomleft, area.bottomright, 2)
    look.blit_text(surface, look.tr(f"stats.unit.{series.unit}"),
                    (area.centerx, area.bottom + 30), 18, muted, True, "midtop")
    name = pygame.transform.rotate(
        look.text(look.tr(f"stats.measure.{series.measure.name}"), 18, muted, True), 90)
    surface.blit(name, name.get_rect(midleft=(rect.x, area.centery)))

    for seat in seats:
        line = [at(x, scores[seat]) for x, scores in series.points]
        colour = look.player_colour(seat)
        if len(line) > 1:
            pygame.draw.lines(surface, colour, False, line, 3)
        for p in line if len(line) <= 40 else line[-1:]:
            pygame.draw.circle(surface, colour, p, 4)
        if look.marks_shown() and line:
            pygame.draw.circle(surface, colour, line[-1], 9)
            theme.draw_mark(surface, seat, line[-1], 12)
    return Scale(area, xmax, low, high)
