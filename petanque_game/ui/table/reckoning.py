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
from petanque_game.ui import lang, theme
from petanque_game.ui.table import draw as td
from petanque_game.ui.table.round_end import Reckoning

if TYPE_CHECKING:
    from petanque_game.ui.table.shown import Reckoned

def seat_parts(r: Reckoning, seat: int) -> list[tuple[str, str]]:
    """Where a seat's points of the round came from, as (text, colour name) lines."""
    part, parts = r.parts[seat], []
    doubles = part.doubles
    faces = " + ".join(str(face) for face in part.faces)
    closest = part.closest and bool(part.faces)
    if closest and doubles:  # the sum is scored once, for both reasons: one line says so
        parts.append((lang.tr("table.reckoning.closest_doubles", faces=faces), "good"))
    elif closest:
        parts.append((lang.tr("table.reckoning.closest_faces", faces=faces), "good"))
    elif doubles:
        parts.append((lang.tr("table.reckoning.doubles", faces=faces), "good"))
    for face in part.off:
        parts.append((lang.tr("table.reckoning.die_off", points=f"-{face}"), "bad"))
    lost = part.diamond_off
    if lost:
        parts.append((lang.tr_n("table.reckoning.diamond_off", lost,
                                points=f"-{lost * DIAMOND_PENALTY}"), "bad"))
    return parts


def draw_reckoning(shown: Reckoned, surface: pygame.Surface, area_rect: pygame.Rect) -> None:
    """The measuring lines on the board and the reckoning card (kept with the table's area while
    the camera is still: ui/table/view.py)."""
    r = shown.reckoning
    assert r is not None  # (drawn while it shows)
    area = surface.subsurface(area_rect)
    drawn = _measure(shown, area, r)
    card = _card_rect(shown, area_rect, drawn)
    _draw_card(shown, surface, card, r)
    r.card = card.move(-area_rect.x, -area_rect.y)


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


def _measure(shown: Reckoned, area: pygame.Surface, r: Reckoning) -> list[pygame.Rect]:
    """The lines from each die to the diamond and their distances; returns where the dice, the
    diamond, the seats' names and the labels are (area coordinates), for the card to keep clear
    of."""
    view, table = shown.view, r.table
    dm = table.diamond
    if dm is None:
        return []
    closest = {(d.player, d.die) for d in closest_dice(table)}
    centre = view.to_screen(dm.x, dm.y)
    die_px = shown.level.dice.side * view.scale
    taken = [pygame.Rect(0, 0, die_px * 1.4, die_px * 1.4) for _ in table.dice]
    for rect, d in zip(taken, table.dice):
        rect.center = view.to_screen(d.x, d.y)
    taken.append(pygame.Rect(0, 0, die_px * 1.6, die_px * 1.6))
    taken[-1].center = centre
    taken += _seat_names(shown)
    for d in table.dice:
        at = view.to_screen(d.x, d.y)
        if not d.on_board:
            _cross(area, at, max(8.0, die_px * 0.8), theme.colour("bad"))
            _label(area, taken, at, centre, die_px, lang.tr("table.reckoning.off_label",
                                                    points=f"-{d.face}")
                   if d.off_during == d.player else lang.tr("table.reckoning.knocked_off"),
                   "bad")
            continue
        near = (d.player, d.die) in closest
        col = theme.colour("accent") if near else (235, 240, 235)
        pygame.draw.line(area, (0, 0, 0), (at[0] + 1, at[1] + 1), (centre[0] + 1, centre[1] + 1),
                         4 if near else 2)
        pygame.draw.line(area, col, at, centre, 3 if near else 1)
        ring = max(10.0, die_px * 0.95)
        if near:
            pygame.draw.circle(area, col, at, ring + 3, 3)
        if _in_doubles(table, d):
            pygame.draw.circle(area, theme.colour("good"), at, ring + 8, 2)
        _label(area, taken, at, centre, die_px,
               lang.tr("table.reckoning.mm", mm=f"{d.distance:.0f}"), "accent" if near else "text")
    return taken


def _seat_names(shown: Reckoned) -> list[pygame.Rect]:
    """Where the seats' names are drawn (in the board's part of the area, beside the score
    sheet): the labels keep clear of them."""
    from petanque_game.physics import release_zone

    names = []
    for seat, player in enumerate(shown.session.players):
        zone = release_zone(shown.level, shown.n, seat)
        names.append(td.release_label(pygame.Rect(shown.view.board_rect), shown.view, zone, seat,
                                      player.name, False)[1].inflate(6, 2))
    return names


def _in_doubles(table: Table, die: DieRest) -> bool:
    on = [d for d in table.dice if d.player == die.player and d.on_board]
    return len(on) == 2 and on[0].face == on[1].face


def _cross(area: pygame.Surface, at: tuple[float, float], size: float,
           col: tuple[int, int, int]) -> None:
    x, y = at
    pygame.draw.line(area, col, (x - size, y - size), (x + size, y + size), 3)
    pygame.draw.line(area, col, (x - size, y + size), (x + size, y - size), 3)


def _label(area: pygame.Surface, taken: list[pygame.Rect], at: tuple[float, float],
           away_from: tuple[float, float], die_px: float, text: str, col: str) -> None:
    """A label beside a die, on the side away from the diamond, pushed further out until it
    covers no die and no label drawn before it (`taken`, which it joins)."""
    dx, dy = at[0] - away_from[0], at[1] - away_from[1]
    d = math.hypot(dx, dy)
    ux, uy = (dx / d, dy / d) if d > 1e-6 else (0.0, -1.0)
    surf = theme.text(text, 19, col, True)
    rect = surf.get_rect(center=at)  # (placed below)
    # Away from the diamond first; at the area's edge that way may be full (a die off the board
    # beside a seat's name), so then to either side, and last towards the diamond.
    for vx, vy in ((ux, uy), (-uy, ux), (uy, -ux), (-ux, -uy)):
        reach = die_px * 0.9 + 8 + 0.5 * (abs(vx) * surf.get_width() + abs(vy) * surf.get_height())
        for step in range(10):
            far = reach + 12 * step
            rect = surf.get_rect(center=(at[0] + vx * far, at[1] + vy * far))
            rect.clamp_ip(area.get_rect())
            if rect.inflate(6, 2).collidelist(taken) < 0:
                break
        else:
            continue
        break
    taken.append(rect.inflate(8, 4))
    if math.hypot(rect.centerx - at[0], rect.centery - at[1]) > die_px * 2 + rect.w / 2:
        pygame.draw.line(area, (0, 0, 0), at, rect.center, 1)  # a leader to a label pushed out
    back = pygame.Surface(rect.inflate(8, 4).size, pygame.SRCALPHA)
    back.fill((0, 0, 0, 150))
    area.blit(back, rect.inflate(8, 4))
    area.blit(surf, rect)


SIDE_NAMES = 64  # px kept clear at the left and right of the table area: the side seats' names
END_NAMES = 24  # px kept clear at its top and bottom: the names of the seats there


def _card_rect(shown: Reckoned, area_rect: pygame.Rect,
               drawn: list[pygame.Rect] | None = None) -> pygame.Rect:
    """The card goes in the corner of the table area that hides no seat's name where one does,
    and covers fewest of the round's pieces and of the measure's labels (`drawn`, area
    coordinates), the farthest from the diamond on a tie."""
    w, h = 330, 34 + 48 + 44 * shown.n + 30
    board = pygame.Rect(shown.view.board_rect).move(area_rect.topleft)  # beside the score sheet
    inner = board.inflate(-2 * SIDE_NAMES, -2 * END_NAMES)  # the seats' names stay seen
    corners = [pygame.Rect(inner.x, inner.y, w, h), pygame.Rect(inner.right - w, inner.y, w, h),
               pygame.Rect(inner.x, inner.bottom - h, w, h),
               pygame.Rect(inner.right - w, inner.bottom - h, w, h)]
    on_screen = shown.reckoning
    assert on_screen is not None  # (drawn while it shows)
    table = on_screen.table
    pieces = [shown.view.to_screen(d.x, d.y) for d in table.dice]
    dm = table.diamond
    at = shown.view.to_screen(dm.x, dm.y) if dm is not None else (area_rect.w / 2,
                                                                   area_rect.h / 2)
    pieces.append(at)

    names = _seat_names(shown)

    def cost(r: pygame.Rect) -> tuple[int, int, float]:
        local = r.move(-area_rect.x, -area_rect.y)
        hidden = len(local.collidelistall(names))  # a seat's name above all
        covered = sum(local.inflate(24, 24).collidepoint(p) for p in pieces) + \
            len(local.collidelistall(drawn or []))
        return hidden, covered, -math.hypot(local.centerx - at[0], local.centery - at[1])

    return min(corners, key=cost)


def _draw_card(shown: Reckoned, surface: pygame.Surface, card: pygame.Rect, r: Reckoning) -> None:
    players = shown.session.players
    shade = pygame.Surface(card.size, pygame.SRCALPHA)
    shade.fill((20, 22, 26, 228))
    surface.blit(shade, card)
    pygame.draw.rect(surface, theme.colour("accent"), card, 2, border_radius=8)
    x, y = card.x + 14, card.y + 10
    theme.blit_text(surface, lang.tr("table.reckoning.title", round=r.round), (x, y), 26,
                    "accent", True)
    y += 34
    names = ", ".join(players[s].name for s in r.closest)
    said = lang.tr("table.reckoning.closest", names=names) if names else \
        lang.tr("table.reckoning.no_dice")
    theme.blit_text(surface, theme.fit(said, 20, card.w - 28), (x, y), 20, "text")
    y += 30
    for seat, p in enumerate(players):
        pygame.draw.rect(surface, theme.player_colour(seat), pygame.Rect(x, y + 2, 6, 36),
                         border_radius=3)
        theme.blit_text(surface, theme.fit(p.name, 21, 170, True), (x + 14, y), 21, "text", True)
        pts = r.points[seat]
        theme.blit_text(surface, f"{pts:+d}" if pts else "0", (card.right - 14, y), 24,
                        "good" if pts > 0 else "bad" if pts < 0 else "muted", True, "topright")
        parts = seat_parts(r, seat)
        line = ", ".join(text for text, _ in parts) or lang.tr("table.reckoning.nothing")
        theme.blit_text(surface, theme.fit(line, 17, card.w - 40), (x + 14, y + 22), 17,
                        "muted")
        y += 44
    key = lang.tr("table.reckoning.continue_key") if r.wait is None else \
        lang.tr("table.reckoning.continues", seconds=max(0, math.ceil(r.wait - r.t)))
    theme.blit_text(surface, key, (x, card.bottom - 8), 17, "muted", anchor="bottomleft")


def _draw_moving_points(shown: Reckoned, surface: pygame.Surface, card: pygame.Rect,
                        side: pygame.Rect, r: Reckoning) -> None:
    """Each seat's points fly from its row on the card to its row in the score pad."""
    moved = r.moved
    if moved <= 0.0 or moved >= 1.0:
        return
    e = 1 - (1 - moved) ** 2
    rows = 16 + 62 * shown.n
    row_h = min(66, (rows - 16) // max(1, shown.n))
    for seat, pts in enumerate(r.points):
        if not pts:
            continue
        start = (card.right - 40, card.y + 64 + 44 * seat + 12)
        end = (side.right - 60, side.y + 8 + seat * row_h + row_h // 2)
        at = (start[0] + (end[0] - start[0]) * e, start[1] + (end[1] - start[1]) * e)
        theme.blit_text(surface, f"{pts:+d}", at, 30, "good" if pts > 0 else "bad", True,
                        "center", shadow=True)

