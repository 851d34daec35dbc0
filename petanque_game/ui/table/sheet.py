"""The score sheet beside the Terningepetanque board: each player's points round by round, the
doubles and the penalties marked, the closest players' cells lit, and the totals below.

What it holds comes from the game as recorded: each `round_end` event's points and closest seats
(the rules' `score_round`, checked when the record was read), and how each seat came to them,
the rules' facts of the round's end (ui/table/rows.py; a round scored while the table watches is
filled in by its reckoning, `visible_rows`). The sheet adds nothing to the score.

What it shows follows the table: a round's row appears once the reckoning has moved its points
into the score pad (`visible_rows`), so nothing is told before the table shows it.

Where it goes (`place_sheet`): in the table area beside the board, to its right (a column per
player) or below it (a column per round), wherever it costs the board the least; the camera fits
the board into the rest (`Camera.set_board_rect`). It is shown by default when that shrinks the
board by at most SHOW_COST; Tab shows or hides it either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from petanque_game.physics.level_spec import Level
from petanque_game.record import Seat
from petanque_game.ui.look import Look
from petanque_game.ui.table.camera import board_bounds
from petanque_game.ui.table.rows import Row, row_of, scored_rows

if TYPE_CHECKING:
    from petanque_game.ui.table.shown import Scored

SHEET_HINT_AT = (10, 6)  # px in the area: where "Tab: score sheet" is written when it is hidden
HINT_SIZE = 20  # px: the table's hints (that, the zoom's lines): 12.5 px high at 800x600
SIZE = 18  # px: the sheet's text (the least a player can read at 800x600: tests/test_ui_fit.py)
ROW_H = 21  # px a row
TITLE_H = 26  # px: the title line
PAD = 8  # px inside the sheet's edge
GAP = 8  # px between the board's part of the area and the sheet
ROUND_W = 30  # px: the round's number (a column sheet)
SEAT_W = 50  # px: a seat's column at least (a column sheet) ...
SEAT_W_MOST = 110  # ... and at most: as wide as the names in its header need
NAME_W = 92  # px: the players' names (a row sheet)
ROUND_COL = 42  # px: a round's column (a row sheet)
SHOW_COST = 0.10  # the sheet is shown by default when the board loses at most this much scale
# (fitted whole: at rest the camera frames the play, which a little less room hardly shrinks)


def visible_rows(shown: Scored) -> list[Row]:
    """The rows the table shows now: the rounds scored before the state shown, and the round of
    the reckoning on screen once its points have reached the score pad."""
    st, r = shown.state, shown.reckoning
    kept = shown.pictures.rows_of(shown.session)
    if r is not None and r.round not in kept.rows:  # the reckoning fills it: kept unfolded
        kept.rows[r.round] = row_of(r.round, r.points, r.closest, r.parts)
    rows = scored_rows(shown.session, kept)
    last = st.rounds if st.is_terminal else st.round_number - 1
    if r is not None and shown.flight is None and r.moved >= 1.0:
        last = max(last, r.round)
    return [rows[k] for k in sorted(rows) if k <= last]


# --- where it goes --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """The sheet's rectangle in the table area (None: hidden), its kind ("columns": a column per
    player, rows of rounds; "rows": a row per player), how many rounds it has room for, and the
    part of the area the board is fitted into."""

    rect: pygame.Rect | None
    kind: str
    rounds: int
    board: pygame.Rect
    seat_w: int = SEAT_W  # px: a seat's column (a column sheet)


def _columns_size(n: int, rounds: int, seat_w: int = SEAT_W) -> tuple[int, int]:
    return ROUND_W + n * seat_w + 2 * PAD, TITLE_H + ROW_H * (rounds + 4) + 2 * PAD


def seat_width(look: Look, names: list[str]) -> int:
    """A column sheet's seat column: room for every header's `_label` (the whole name, or its
    first word), from SEAT_W to SEAT_W_MOST px."""
    font = look.font(SIZE, True)
    wanted = 0
    for name in names:
        whole = font.size(name)[0] + 8
        if whole > SEAT_W_MOST and name.split():
            whole = font.size(name.split()[0])[0] + 8
        wanted = max(wanted, whole)
    return max(SEAT_W, min(SEAT_W_MOST, wanted))


def _rows_size(n: int, rounds: int) -> tuple[int, int]:
    return NAME_W + (rounds + 1) * ROUND_COL + 2 * PAD, TITLE_H + ROW_H * (n + 2) + 2 * PAD


def _fit(level: Level, frame: pygame.Rect) -> float:
    x0, y0, x1, y1 = board_bounds(level)
    return min(frame.w / (x1 - x0), frame.h / (y1 - y0))


def place_sheet(look: Look, level: Level, names: list[str], rounds: int, area: tuple[int, int],
                shown: bool | None) -> Placement:
    """Where the sheet for players `names` goes in a table area of `area` px: beside the board
    or below it, the way the board shrinks least. `shown` None: shown when that costs at most
    SHOW_COST."""
    w, h = area
    n = len(names)
    whole = pygame.Rect(0, 0, w, h)
    best = None
    room = max(1, (h - 2 * PAD - TITLE_H) // ROW_H - 4)  # rounds a column sheet has rows for
    k = min(rounds, room)
    seat_w = seat_width(look, names)
    sw, sh = _columns_size(n, k, seat_w)
    right = Placement(pygame.Rect(w - sw, 0, sw, sh), "columns", k,
                      pygame.Rect(0, 0, w - sw - GAP, h), seat_w)
    fit_k = min(rounds, max(1, (w - NAME_W - 2 * PAD) // ROUND_COL - 1))
    bw, bh = _rows_size(n, fit_k)
    below = Placement(pygame.Rect(0, h - bh, bw, bh), "rows", fit_k,
                      pygame.Rect(0, 0, w, h - bh - GAP))
    for p in (right, below):
        if p.board.w > 0 and p.board.h > 0 and (best is None or
                                                _fit(level, p.board) > _fit(level, best.board)):
            best = p
    if best is None:
        return Placement(None, "columns", 0, whole)
    if shown is None:
        shown = _fit(level, best.board) >= (1.0 - SHOW_COST) * _fit(level, whole)
    if not shown:
        return Placement(None, best.kind, best.rounds, whole)
    return best


# --- drawing --------------------------------------------------------------------------------------


def draw_sheet(look: Look, surface: pygame.Surface, place: Placement, rows: list[Row],
               players: list[Seat], current: int) -> None:
    """The sheet in its place on the table area `surface`: the `rows` so far (the last ones it
    has room for, up to the round `current`)."""
    first = max(1, max(current, len(rows)) - place.rounds + 1)
    shown = [r for r in rows if r.round >= first][:place.rounds]
    if place.rect is None:
        return  # hidden
    rect = place.rect.copy()
    if place.kind == "columns":  # as long as the rounds so far need
        rect.h = _columns_size(len(players), max(1, len(shown)))[1]
    back = pygame.Surface(rect.size, pygame.SRCALPHA)
    back.fill((*look.colour("panel"), 235))
    surface.blit(back, rect)
    pygame.draw.rect(surface, look.colour("edge"), rect, 1, border_radius=6)
    x, y = rect.x + PAD, rect.y + PAD
    look.blit_text(surface, look.tr("table_sheet.title"), (x, y), 20, "text", True)
    totals = [sum(r.points[s] for r in rows) for s in range(len(players))]
    if place.kind == "columns":
        _draw_columns(look, surface, rect, shown, players, totals, place.seat_w)
    else:
        _draw_rows(look, surface, rect, shown, players, totals, first, place.rounds)
    marks = (look.tr("table_sheet.doubles"), look.tr("table_sheet.penalty"))
    if place.kind == "columns":  # under the totals, one a line
        for i, said in enumerate(marks):
            look.blit_text(surface, said, (x, rect.bottom - PAD - ROW_H * (2 - i)), SIZE,
                            "muted")
    else:  # beside the title
        look.blit_text(surface, "   ".join(marks), (rect.right - PAD, y + 2), SIZE, "muted",
                        anchor="topright")


def _cell(row: Row, seat: int) -> tuple[str, str]:
    """A seat's cell: its points with the marks, and their colour."""
    pts = row.points[seat]
    said = f"{pts:+d}" if pts else "0"
    if seat in row.doubles:
        said += "D"
    if row.lost[seat] < 0:
        said += "!"
    return said, "good" if pts > 0 else "bad" if pts < 0 else "muted"


def _label(look: Look, name: str, width: int) -> str:
    """What a header has room for of a player's name: all of it, else its first word, else as
    much of that as fits (the side panel has it whole)."""
    font = look.font(SIZE, True)
    if font.size(name)[0] <= width or not name.split():
        return name
    name = name.split(maxsplit=1)[0]
    while len(name) > 1 and font.size(name)[0] > width:
        name = name[:-1]
    return name


def _draw_columns(look: Look, surface: pygame.Surface, rect: pygame.Rect, rows: list[Row],
                  players: list[Seat], totals: list[int], seat_w: int = SEAT_W) -> None:
    x0, y = rect.x + PAD, rect.y + PAD + TITLE_H
    col = [x0 + ROUND_W + seat_w * s for s in range(len(players))]
    look.blit_text(surface, look.tr("table_sheet.round"), (x0, y), SIZE, "muted")
    for s, p in enumerate(players):
        pygame.draw.rect(surface, look.player_colour(s), pygame.Rect(col[s], y + ROW_H - 3,
                                                                      seat_w - 6, 3))
        look.blit_text(surface, _label(look, p.name, seat_w - 8), (col[s] + seat_w - 8, y), SIZE,
                        "text", True, "topright")
    y += ROW_H
    for r in rows:
        look.blit_text(surface, str(r.round), (x0 + 2, y), SIZE, "muted")
        for s in range(len(players)):
            _draw_cell(look, surface, r, s, pygame.Rect(col[s], y - 2, seat_w - 6, ROW_H - 1))
        y += ROW_H
    pygame.draw.line(surface, look.colour("edge"), (x0, y + 1), (rect.right - PAD, y + 1))
    look.blit_text(surface, look.tr("table_sheet.total"), (x0, y + 4), SIZE, "text", True)
    for s, total in enumerate(totals):
        look.blit_text(surface, look.number(total), (col[s] + seat_w - 8, y + 4), SIZE, "text",
                        True, "topright")


def _draw_rows(look: Look, surface: pygame.Surface, rect: pygame.Rect, rows: list[Row],
               players: list[Seat], totals: list[int], first: int, room: int) -> None:
    x0, y = rect.x + PAD, rect.y + PAD + TITLE_H
    cols = [x0 + NAME_W + ROUND_COL * k for k in range(room + 1)]
    look.blit_text(surface, look.tr("table_sheet.round"), (x0, y), SIZE, "muted")
    for k in range(room):
        look.blit_text(surface, str(first + k), (cols[k] + ROUND_COL - 8, y), SIZE, "muted",
                        anchor="topright")
    look.blit_text(surface, look.tr("table_sheet.total"), (rect.right - PAD, y), SIZE, "text",
                    True, "topright")
    for s, p in enumerate(players):
        y += ROW_H
        pygame.draw.rect(surface, look.player_colour(s), pygame.Rect(x0, y + 1, 4, ROW_H - 4))
        look.blit_text(surface, _label(look, p.name, NAME_W - 14), (x0 + 8, y), SIZE, "text", True)
        for r in rows:
            k = r.round - first
            _draw_cell(look, surface, r, s, pygame.Rect(cols[k], y - 2, ROUND_COL - 4, ROW_H - 1))
        look.blit_text(surface, look.number(totals[s]), (rect.right - PAD, y), SIZE, "text",
                        True, "topright")


def _draw_cell(look: Look, surface: pygame.Surface, row: Row, seat: int, cell: pygame.Rect) -> None:
    if seat in row.closest:
        lit = pygame.Surface(cell.size, pygame.SRCALPHA)
        lit.fill((*look.colour("accent"), 60))
        surface.blit(lit, cell)
    said, col = _cell(row, seat)
    look.blit_text(surface, said, (cell.right - 2, cell.y + 2), SIZE, col, anchor="topright")
