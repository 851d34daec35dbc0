"""The reckoning at a round's end: the round pauses on its last table with measuring lines from the
dice to the diamond and their distances, the closest die and any doubles ringed, dice off the board
and the diamond's penalties charged to their players, and the round's points moving into the score
pad; then Continue (a key or the button), or by itself after a readable pause when no person plays.

Every number comes from the rules: the points and the closest seats are the `RoundEnded` event's
(the engine's `score_round`), the table and the diamond penalties are those of the state the round
ended in, its transition's `before`; closeness is `closest_dice`.
The window adds nothing to the score; it only says where each part came from.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from petanque_game.rules.petanque_table import DieRest, Table
from petanque_game.rules.terningepetanque import DIAMOND_PENALTY, closest_dice
from petanque_game.ui.look import Look
from petanque_game.ui.table import draw as td
from petanque_game.ui.table.card_place import fewest_covered
from petanque_game.ui.table.reckoning_places import (
    LABEL_SIZE,
    label_place,
    label_places,
    seat_names,
)
from petanque_game.ui.table.reckoning_places import gap as _gap
from petanque_game.ui.table.round_end import Reckoning

if TYPE_CHECKING:
    from petanque_game.ui.table.shown import Reckoned


def seat_parts(look: Look, r: Reckoning, seat: int) -> list[tuple[str, str]]:
    """Where a seat's points of the round came from, as (text, colour name) lines."""
    part, parts = r.parts[seat], []
    doubles = part.doubles
    faces = " + ".join(str(face) for face in part.faces)
    closest = part.closest and bool(part.faces)
    if closest and doubles:  # the sum is scored once, for both reasons: one line says so
        parts.append((look.tr("table.reckoning.closest_doubles", faces=faces), "good"))
    elif closest:
        parts.append((look.tr("table.reckoning.closest_faces", faces=faces), "good"))
    elif doubles:
        parts.append((look.tr("table.reckoning.doubles", faces=faces), "good"))
    for face in part.off:
        parts.append((look.tr("table.reckoning.die_off", points=f"-{face}"), "bad"))
    lost = part.diamond_off
    if lost:
        parts.append((look.tr_n("table.reckoning.diamond_off", lost,
                                points=f"-{lost * DIAMOND_PENALTY}"), "bad"))
    return parts


def draw_reckoning(shown: Reckoned, surface: pygame.Surface, area_rect: pygame.Rect) -> None:
    """The measuring lines on the board and the reckoning card (kept with the table's area while
    the camera is still: ui/table/view.py)."""
    r = shown.reckoning
    assert r is not None  # (drawn while it shows)
    area = surface.subsurface(area_rect)
    drawn = _measure(shown, area, r)
    card = placed_card(shown, area_rect, drawn, r)
    _draw_card(shown, surface, card, r)
    r.card = card.move(-area_rect.x, -area_rect.y)


def placed_card(shown: Reckoned, area_rect: pygame.Rect,
                drawn: tuple[list[pygame.Rect], list[pygame.Rect]], r: Reckoning) -> pygame.Rect:
    """Where the card goes (`_card_rect`), looked for again only when what the place depends on
    has changed (the area, the board's part of it and the camera, the players, what the measure
    drew): where no corner is clear, the search over every place on the board takes milliseconds,
    and the table's area is drawn whole again now and then while the same card shows."""
    view = shown.view
    key = (tuple(area_rect), tuple(view.board_rect), view.view, shown.n,
           tuple(tuple(rect) for rect in drawn[0]), tuple(tuple(rect) for rect in drawn[1]))
    if r.placed is None or r.placed[0] != key:
        r.placed = (key, _card_rect(shown, area_rect, drawn))
    return r.placed[1].copy()


def card_key(r: Reckoning) -> tuple:
    """What the card shows besides the table, the players and the view: the round, its points,
    the closest seats and the seconds before it continues."""
    return (r.round, r.points, r.closest, r.before,
            None if r.wait is None else max(0, math.ceil(r.wait - r.t)))


def draw_points(shown: Reckoned, surface: pygame.Surface, area_rect: pygame.Rect,
                side_rect: pygame.Rect) -> None:
    """The round's points on their way from the card to the score pad."""
    r = shown.reckoning
    if r is not None and r.card is not None:
        _draw_moving_points(shown, surface, r.card.move(area_rect.topleft), side_rect, r)


def _measure(shown: Reckoned, area: pygame.Surface,
             r: Reckoning) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
    """The lines from each die to the diamond and their distances, the labels where
    ui/table/reckoning_places.py puts them (worked out ahead, or now). Returns where the dice,
    the diamond, their labels and the places the last throw knocked dice from are (what the card
    talks about, in that order), and where the seats' names are (area coordinates), for the card
    to keep clear of."""
    look = shown.look
    table = r.table
    places = label_places(shown, table, area.get_size(), r.places).finish(look)
    dm = table.diamond
    if dm is None:
        return [], places.names
    closest = {(d.player, d.die) for d in closest_dice(table)}
    centre = places.centre
    die_px = places.die_px
    for d, at, text, rect in zip(table.dice, places.ats, places.texts, places.places):
        if not d.on_board:
            _cross(area, at, max(8.0, die_px * 0.8), look.colour("bad"))
            _draw_label(look, area, rect, at, die_px, text, "bad")
            continue
        near = (d.player, d.die) in closest
        col = look.colour("accent") if near else (235, 240, 235)
        pygame.draw.line(area, (0, 0, 0), (at[0] + 1, at[1] + 1), (centre[0] + 1, centre[1] + 1),
                         4 if near else 2)
        pygame.draw.line(area, col, at, centre, 3 if near else 1)
        ring = max(10.0, die_px * 0.95)
        if near:
            pygame.draw.circle(area, col, at, ring + 3, 3)
        if _in_doubles(table, d):
            pygame.draw.circle(area, look.colour("good"), at, ring + 8, 2)
        _draw_label(look, area, rect, at, die_px, text, "accent" if near else "text")
    return places.talked(), places.names


def closest_label(look: Look, area: pygame.Surface, view: td.View, die_px: float, table: Table,
                  die: DieRest, text: str) -> pygame.Rect:
    """During play, the closest die's distance beside it: above it, or below, right or left of
    it where that covers none of the other pieces (a die just above it hid under its label)."""
    sx, sy = view.to_screen(die.x, die.y)
    others = [view.to_screen(d.x, d.y) for d in table.dice if d.on_board and d is not die]
    if table.diamond is not None:
        others.append(view.to_screen(table.diamond.x, table.diamond.y))
    pieces = [pygame.Rect(x - die_px * 0.6, y - die_px * 0.6, die_px * 1.2, die_px * 1.2)
              for x, y in others]
    gap = die_px * 0.7
    size = look.text(text, 20, "accent", True).get_size()
    places = (("midbottom", (sx, sy - gap)), ("midtop", (sx, sy + gap)),
              ("midleft", (sx + gap, sy)), ("midright", (sx - gap, sy)))
    anchor, at = next(((a, p) for a, p in places
                       if pygame.Rect((0, 0), size).move_to(**{a: p}).collidelist(pieces) < 0),
                      places[0])
    return look.blit_text(area, text, at, 20, "accent", True, anchor, shadow=True)


_seat_names = seat_names  # (where the seats' names are)


def _in_doubles(table: Table, die: DieRest) -> bool:
    on = [d for d in table.dice if d.player == die.player and d.on_board]
    return len(on) == 2 and on[0].face == on[1].face


def _cross(area: pygame.Surface, at: tuple[float, float], size: float,
           col: tuple[int, int, int]) -> None:
    x, y = at
    pygame.draw.line(area, col, (x - size, y - size), (x + size, y + size), 3)
    pygame.draw.line(area, col, (x - size, y + size), (x + size, y - size), 3)


def _label(look: Look, area: pygame.Surface, taken: tuple[list[pygame.Rect], ...],
           at: tuple[float, float],
           away_from: tuple[float, float], die_px: float, text: str, col: str) -> None:
    """A label beside its die, placed (reckoning_places.py `label_place`) and drawn."""
    size = look.text(text, LABEL_SIZE, col, True).get_size()
    rect = label_place(area.get_rect(), taken, at, away_from, die_px, size)
    _draw_label(look, area, rect, at, die_px, text, col)


def _draw_label(look: Look, area: pygame.Surface, rect: pygame.Rect, at: tuple[float, float],
                die_px: float, text: str, col: str) -> None:
    """A label at its place `rect`, on a dark margin; a leader to its die when pushed out."""
    if _gap(rect, at) > die_px * 1.5:
        pygame.draw.line(area, (0, 0, 0), at, rect.center, 1)  # a leader to a label pushed out
    back = pygame.Surface(rect.inflate(8, 4).size, pygame.SRCALPHA)
    back.fill((0, 0, 0, 150))
    area.blit(back, rect.inflate(8, 4))
    area.blit(look.text(text, LABEL_SIZE, col, True), rect)


SIDE_NAMES = 64  # px kept clear at the left and right of the table area: the side seats' names
END_NAMES = 24  # px kept clear at its top and bottom: the names of the seats there


CARD_STEP = 8  # px between the places tried for the card
CARD_ROW = 44  # px: a seat's row on the card: its name and points, and where they came from ...
CARD_SMALL = 19  # ... in the card's least text (12 px high in an 800x600 window), wrapped onto
CARD_LINE = 21  # more lines of this many px where the card is too narrow for one
CARD_WIDTHS = (330, 270, 230)  # px: the card's width, narrowed where the wide one covers a piece


def _card_rect(shown: Reckoned, area_rect: pygame.Rect,
               drawn: tuple[list[pygame.Rect], list[pygame.Rect]] | None = None) -> pygame.Rect:
    """The card goes where it hides no seat's name and covers none of the round's pieces and
    the measure's labels (`drawn`: what `_measure` says it drew, area coordinates) where such a
    place is, else where it covers fewest: of the corners of the table area first, then of
    every place on the board, the farthest from the diamond on a tie."""
    look = shown.look
    on_screen = shown.reckoning
    assert on_screen is not None  # (drawn while it shows)
    w, h = card_size(look, on_screen)
    board = pygame.Rect(shown.view.board_rect).move(area_rect.topleft)  # beside the score sheet
    inner = board.inflate(-2 * SIDE_NAMES, -2 * END_NAMES)  # the seats' names stay seen
    corners = [pygame.Rect(inner.x, inner.y, w, h), pygame.Rect(inner.right - w, inner.y, w, h),
               pygame.Rect(inner.x, inner.bottom - h, w, h),
               pygame.Rect(inner.right - w, inner.bottom - h, w, h)]
    table = on_screen.table
    dm = table.diamond
    at = shown.view.to_screen(dm.x, dm.y) if dm is not None else (area_rect.w / 2,
                                                                   area_rect.h / 2)
    if drawn is None:
        talked, names = [], _seat_names(shown)
        for d in table.dice:
            talked.append(pygame.Rect(0, 0, 24, 24))
            talked[-1].center = shown.view.to_screen(d.x, d.y)
        talked.append(pygame.Rect(0, 0, 24, 24))
        talked[-1].center = (int(at[0]), int(at[1]))
    else:
        talked, names = drawn

    def cost(r: pygame.Rect) -> tuple[int, int, float]:
        local = r.move(-area_rect.x, -area_rect.y)
        return (len(local.collidelistall(names)), len(local.inflate(8, 8).collidelistall(talked)),
                -math.hypot(local.centerx - at[0], local.centery - at[1]))

    best = min(corners, key=cost)
    if cost(best)[:2] == (0, 0):
        return best
    # nowhere clear in a corner: every place on the board, the card narrowed if need be
    for width in CARD_WIDTHS:
        h = card_size(look, on_screen, width)[1]
        xs = [*range(inner.x, inner.right - width, CARD_STEP), inner.right - width]
        ys = [*range(inner.y, inner.bottom - h, CARD_STEP), inner.bottom - h]
        found = fewest_covered([x - area_rect.x for x in xs], [y - area_rect.y for y in ys],
                               (width, h), names, talked, at).move(area_rect.topleft)
        if cost(found) < cost(best):
            best = found
        if cost(best)[:2] == (0, 0):
            break
    return best


def card_size(look: Look, r: Reckoning, width: int = CARD_WIDTHS[0]) -> tuple[int, int]:
    """The card's size for the reckoning `r`, `width` px wide."""
    return width, 34 + 48 + _rows(look, r, width)[1] + 30


def _rows(look: Look, r: Reckoning, width: int) -> tuple[list[tuple[int, list[str]]], int]:
    """Each seat's row on a card `width` px wide: its top (below the card's heading) and the
    lines saying where its points came from; and where the rows end."""
    rows, top = [], 0
    for seat in range(len(r.points)):
        line = ", ".join(text for text, _ in seat_parts(look, r, seat)) \
            or look.tr("table.reckoning.nothing")
        lines = look.wrap(line, CARD_SMALL, width - 40)
        rows.append((top, lines))
        top += CARD_ROW + CARD_LINE * (len(lines) - 1)
    return rows, top


def _draw_card(shown: Reckoned, surface: pygame.Surface, card: pygame.Rect, r: Reckoning) -> None:
    look = shown.look
    players = shown.session.players
    shade = pygame.Surface(card.size, pygame.SRCALPHA)
    shade.fill((20, 22, 26, 228))
    surface.blit(shade, card)
    pygame.draw.rect(surface, look.colour("accent"), card, 2, border_radius=8)
    x, y = card.x + 14, card.y + 10
    look.blit_text(surface, look.tr("table.reckoning.title", round=r.round), (x, y), 26,
                    "accent", True)
    y += 34
    names = ", ".join(players[s].name for s in r.closest)
    said = look.tr("table.reckoning.closest", names=names) if names else \
        look.tr("table.reckoning.no_dice")
    look.blit_text(surface, look.fit(said, 20, card.w - 28), (x, y), 20, "text")
    y += 30
    rows = _rows(look, r, card.w)[0]
    for seat, p in enumerate(players):
        top, lines = rows[seat]
        y = card.y + 74 + top
        pygame.draw.rect(surface, look.player_colour(seat),
                         pygame.Rect(x, y + 2, 6, 36 + CARD_LINE * (len(lines) - 1)),
                         border_radius=3)
        look.blit_text(surface, look.fit(p.name, 21, card.w - 160, True), (x + 14, y), 21,
                        "text", True)
        pts = r.points[seat]
        look.blit_text(surface, f"{pts:+d}" if pts else "0", (card.right - 14, y), 24,
                        "good" if pts > 0 else "bad" if pts < 0 else "muted", True, "topright")
        for i, line in enumerate(lines):
            look.blit_text(surface, line, (x + 14, y + 22 + CARD_LINE * i), CARD_SMALL, "muted")
    key = look.tr("table.reckoning.continue_key") if r.wait is None else \
        look.tr("table.reckoning.continues", seconds=max(0, math.ceil(r.wait - r.t)))
    if look.font(CARD_SMALL).size(key)[0] <= card.w - 28:  # (else the button says it alone)
        look.blit_text(surface, key, (x, card.bottom - 8), CARD_SMALL, "muted",
                        anchor="bottomleft")


def _draw_moving_points(shown: Reckoned, surface: pygame.Surface, card: pygame.Rect,
                        side: pygame.Rect, r: Reckoning) -> None:
    """Each seat's points fly from its row on the card to its row in the score pad."""
    look = shown.look
    moved = r.moved
    if moved <= 0.0 or moved >= 1.0:
        return
    e = 1 - (1 - moved) ** 2
    rows = 16 + 62 * shown.n
    row_h = min(66, (rows - 16) // max(1, shown.n))
    tops = _rows(look, r, card.w)[0]
    for seat, pts in enumerate(r.points):
        if not pts:
            continue
        start = (card.right - 40, card.y + 64 + tops[seat][0] + 12)
        end = (side.right - 60, side.y + 8 + seat * row_h + row_h // 2)
        at = (start[0] + (end[0] - start[0]) * e, start[1] + (end[1] - start[1]) * e)
        look.blit_text(surface, f"{pts:+d}", at, 30, "good" if pts > 0 else "bad", True,
                        "center", shadow=True)

