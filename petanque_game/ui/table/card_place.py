"""Where on the board the reckoning's card may go when no corner is clear (ui/table/reckoning.py
`_card_rect`): of a grid of places, the first (column by column) that covers fewest seats'
names, then fewest of what the card talks about (kept CLEAR px from), then lies farthest from the
diamond: what `min` over every place gives. A column's places are counted together, each
rectangle marking the run of rows it covers, so that the board's 2,000-odd places cost the first
frame of a reckoning a millisecond or two, not 5-10 measured place by place."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import accumulate

import pygame

CLEAR = 4  # px the card keeps from what it talks about (the place grown by 8 px each way)

Span = tuple[int, int, int, int]  # a rectangle as (left, right, top, bottom)


def fewest_covered(xs: Sequence[int], ys: Sequence[int], size: tuple[int, int],
                   names: Sequence[pygame.Rect], talked: Sequence[pygame.Rect],
                   at: tuple[float, float]) -> pygame.Rect:
    """The place `Rect(x, y, *size)` (x from `xs`, y from `ys`, both ascending, x the outer
    loop) with the least (names it covers, rectangles of `talked` it covers grown by CLEAR px,
    minus its centre's distance to `at`), the first of equals; "covers" as `colliderect` has it
    (a rectangle of no area covers nothing)."""
    w, h = size
    many = len(talked) + 1
    column_names = _columns(xs, ys, w, h, _spans(names, 0))
    column_talked = _columns(xs, ys, w, h, _spans(talked, CLEAR))
    least: float = math.inf  # the least count, and the columns where it is met
    columns: list[tuple[int, list[int]]] = []
    for i, (n, t) in enumerate(zip(column_names, column_talked)):
        counts = [a * many + b for a, b in zip(n, t)]
        low = min(counts)
        if low < least:
            least, columns = low, []
        if low == least:
            columns.append((i, counts))
    best: tuple[float, int, int] | None = None  # (distance, column, row): the farthest first met
    for i, counts in columns:
        for j, count in enumerate(counts):
            if count == least:
                place = pygame.Rect(xs[i], ys[j], w, h)
                far = math.hypot(place.centerx - at[0], place.centery - at[1])
                if best is None or far > best[0]:
                    best = (far, i, j)
    assert best is not None  # (a grid has a place)
    return pygame.Rect(xs[best[1]], ys[best[2]], w, h)


def _spans(rects: Sequence[pygame.Rect], clear: int) -> list[Span]:
    """The rectangles that can be covered, as spans grown by `clear` px on each side."""
    spans = []
    for r in rects:
        if r.w == 0 or r.h == 0:
            continue
        left, right = min(r.x, r.x + r.w), max(r.x, r.x + r.w)
        top, bottom = min(r.y, r.y + r.h), max(r.y, r.y + r.h)
        spans.append((left - clear, right + clear, top - clear, bottom + clear))
    return spans


def _columns(xs: Sequence[int], ys: Sequence[int], w: int, h: int,
             spans: list[Span]) -> list[list[int]]:
    """For each x of `xs`, how many of `spans` each place of its column covers: the place at
    (x, y) covers a span when x < right, x + w > left, y < bottom and y + h > top."""
    rows = len(ys)
    changes: list[list[tuple[int, int, int]]] = [[] for _ in range(len(xs) + 1)]
    for left, right, top, bottom in spans:  # the columns and rows of the places covering it
        x0, x1 = bisect_right(xs, left - w), bisect_left(xs, right)
        y0, y1 = bisect_right(ys, top - h), bisect_left(ys, bottom)
        if x0 < x1 and y0 < y1:
            changes[x0].append((y0, y1, 1))  # from this column on ...
            changes[x1].append((y0, y1, -1))  # ... up to this one
    marks = [0] * (rows + 1)  # the rows' counts of the column, as their differences
    out = []
    for i in range(len(xs)):
        for y0, y1, step in changes[i]:
            marks[y0] += step
            marks[y1] -= step
        out.append(list(accumulate(marks[:rows])))
    return out
