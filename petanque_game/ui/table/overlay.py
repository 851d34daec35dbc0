"""What the table scene draws over the board: the player's aim (the arc to its first landing, the
roll-out to where it comes to rest, a ring there, the hand's spread around it, each thing that
goes wrong on the way marked where it happens, and under its words the chances of what may go
wrong with the player's hand: `ai.petanque_risk.risk_lines`), the hint's aim drawn the same way
in its own colour, an AI's aim before it throws, the roll for who starts, the reckoning and the
replay's notice. Drawing only reads the scene (docs/design.md#a-thin-window); positions pass
`shown.view` each frame, so they follow the camera. The aims' previews are worked out off the frame
(ui/table/foresee.py): the person's aim is drawn as last worked out while the newest is, and
while an aim's risk is worked out the last one's spread is drawn faintly at its rest, with no
figures (they are another aim's)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from petanque_game.ai.petanque_risk import risk_lines
from petanque_game.rules.petanque_table import Aim
from petanque_game.ui.look import Look
from petanque_game.ui.table import draw as td
from petanque_game.ui.table.aim import NOT_WARNINGS, Preview
from petanque_game.ui.table.draw import RGB
from petanque_game.ui.table.hint import as_previewed, meant_contacts
from petanque_game.ui.table.previews import Risked, foreseen, own_aim, risk_of
from petanque_game.ui.table.reckoning import draw_points
from petanque_game.ui.table.start import draw_start
from petanque_game.ui.table.view import AREA, SIDE

if TYPE_CHECKING:
    from petanque_game.ui.table.shown import TableShown

HINT_COLOUR = (120, 200, 255)
RELEASE_INSET = 30  # px: a release point nearer the board's part's edge is drawn as an arrow
OFF_BOARD = ("table.aim.lands_off", "table.aim.rolls_off")  # said instead by the off_board figure
WARNED_RISKS = ("off_board", "own_wall")  # figures in the warning colour


def draw_overlays(shown: TableShown, surface: pygame.Surface,
                  words: list[pygame.Rect] | None = None) -> bool:
    """Whatever of the above the scene shows now; True if anything was (or may have been) drawn
    over the table's area (ui/table/kept.py: a part drawn straight is held by the window only
    when nothing was drawn over it). `words` is given where the aims' words went (in the area's
    place), for what is drawn later to leave clear (the coach's card)."""
    look = shown.look
    area = surface.subsurface(AREA)
    area.set_clip(shown.view.board_rect)  # beside the score sheet
    roll = shown.start_roll
    over = (shown.aiming or (shown.ai_aim is not None and shown.flight is None)
            or (roll is not None and not roll.done)
            or (shown.reckoning is not None and shown.flight is None)
            or (shown.check is not None and bool(shown.check.mismatches)))
    if shown.aiming and shown.due is not None:
        seat, obj = shown.due[0], shown.due[1]
        hint = shown.hinted_aim()
        labels = words if words is not None else []  # the aims' words: the next ones avoid them
        if hint is not None:
            seen = foreseen(shown, hint, seat, obj)
            if seen is not None:
                planned = as_previewed(shown.hint.current(shown.state), seen)
                draw_flight(shown, area, hint, (seat, obj), HINT_COLOUR,
                            look.tr("table.hint.on_board"),  # its words are in the side panel
                            meant=meant_contacts(planned), p=seen, labels=labels)
        aim = own_aim(shown)
        if aim is not None and aim[0] != hint:  # (the hint in place: drawn once)
            launch, p, pointed = aim
            draw_flight(shown, area, launch, (seat, obj), None, None, pointed, p=p,
                        labels=labels)
        if shown.drag is not None:
            _drag(shown, area)
    elif shown.ai_aim is not None and shown.flight is None:
        a = shown.ai_aim
        seen = foreseen(shown, a.aim, a.seat, a.obj)
        if seen is not None:
            name = shown.session.players[a.seat].name
            draw_flight(shown, area, a.aim, (a.seat, a.obj), look.player_colour(a.seat),
                        look.tr("table.ai_aims", name=name), p=seen)
    area.set_clip(None)
    if roll is not None and not roll.done:
        draw_start(look, roll, shown.session.players, area, shown.pictures.dice)
    if shown.reckoning is not None and shown.flight is None:
        draw_points(shown, surface, AREA, SIDE)  # (its card: view.py)
    if shown.check is not None and shown.check.mismatches:
        _banner(look, area, look.tr("table.replay.differs_short"))  # the full notice: once, a toast
    return over


def draw_flight(shown: TableShown, area: pygame.Surface, launch: Aim, due: tuple[int, str],
                colour: tuple[int, int, int] | None, label: str | None,
                pointed: tuple[float, float] | None = None, meant: tuple[str, ...] = (),
                p: Preview | None = None, labels: list[pygame.Rect] | None = None) -> None:
    """An aim's predicted path (`table_aim.preview`): the arc lifted by its height, the release
    point (or, when it is out of sight, an arrow at the edge pointing to it), a dot where it
    first lands, the roll-out to a ring where it comes to rest (open in the middle: the die there
    stays visible), the hand's spread around it, and a cross where something goes wrong, the
    first one said in words; but not what the aim is `meant` to meet (a hint's push or knock).
    `due`: the seat throwing and what it throws; `p`: the aim's preview when it is worked out
    already (ui/table/foresee.py); `labels`: where other aims' words are written this frame
    (this one's avoids them, and is added). The aim's risk as worked out so far
    (ui/table/previews.py `risk_of`): its spread drawn (faintly while it is another aim's), and
    for the person's own aim (no `colour` of its own) its figures written under the words."""
    look = shown.look
    view = shown.view
    seat, obj = due
    if p is None:
        p = shown.preview_of(launch, seat, obj)
    risk = risk_of(shown, launch, p, seat, obj, told=colour is None)
    bad = look.colour("bad")
    p_warnings, notes = _warned(p, meant)
    col = colour or (look.colour("accent") if not p_warnings else bad)
    shift = getattr(td, "HEIGHT_SHIFT", 0.45)
    screen = []
    for x, y, z in p.arc:
        sx, sy = view.to_screen(x, y)
        screen.append((sx, sy - z * view.scale * shift))
    for a, b in zip(screen[::2], screen[1::2]):  # dashes
        pygame.draw.line(area, (0, 0, 0), (a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1), 4)
        pygame.draw.line(area, col, a, b, 3)
    start = view.to_screen(launch.x, launch.y)
    land, rest = view.to_screen(*p.landing), view.to_screen(*p.rest)
    frame = pygame.Rect(shown.view.board_rect).inflate(-2 * RELEASE_INSET, -2 * RELEASE_INSET)
    if frame.collidepoint(start):
        pygame.draw.circle(area, look.player_colour(seat), start, 8)
        pygame.draw.circle(area, (255, 255, 255), start, 8, 2)
    else:
        # where the throw comes into sight: the first point of its arc in the frame, from the
        # release; else the line from where it lands (or comes to rest) back to the release
        seen = next((i for i, q in enumerate(screen) if frame.collidepoint(q)), None)
        if seen:
            _release_arrow(look, area, frame, screen[seen], screen[seen - 1], seat)
        else:
            inside = next((q for q in (land, rest) if frame.collidepoint(q)), None)
            if inside is not None:
                _release_arrow(look, area, frame, inside, start, seat)
    if risk is not None and risk.spread is not None:
        _spread(look, area, [view.to_screen(x, y) for x, y in risk.spread.outline()], col,
                faint=not risk.current)
    pygame.draw.line(area, (0, 0, 0), (land[0] + 1, land[1] + 1), (rest[0] + 1, rest[1] + 1), 3)
    pygame.draw.line(area, col, land, rest, 2)  # the roll-out
    pygame.draw.circle(area, (0, 0, 0), land, 5)
    pygame.draw.circle(area, col, land, 4)
    ring = max(9.0, shown.level.dice.side * view.scale * 0.9)
    _ring(area, rest, ring, col)
    warnings = list(p_warnings)
    if pointed is not None:  # where the player points, when the throw cannot stop there
        at = view.to_screen(*pointed)
        if abs(at[0] - rest[0]) + abs(at[1] - rest[1]) > 6:
            pygame.draw.circle(area, look.colour("muted"), at, 5, 1)
            if not warnings:
                warnings.append(("table.aim.out_of_reach", p.rest))
    for _, where in p_warnings:
        _cross(area, view.to_screen(*where), bad)
    # the first warning; else what it does that is no warning (touching); then the figures
    told = warnings or notes
    said = _said(look, label, told, _figures(look, risk, colour), col if not warnings else bad)
    if said:
        near = view.to_screen(*told[0][1]) if told else rest
        side = max(12, int(shown.level.dice.side * view.scale * 1.6))
        pieces = []
        for point in shown.play_points():  # the diamond and the dice lying on the board
            rect = pygame.Rect(0, 0, side, side)
            rect.center = view.to_screen(*point)
            pieces.append(rect)
        said_at = _label(look, area, said[0][0], near, ring, said[0][1], pieces + (labels or []),
                         said[1:])
        if labels is not None:
            labels.append(said_at.inflate(10, 4))


def _said(look: Look, label: str | None, told: list[tuple[str, tuple[float, float]]],
          figures: list[tuple[str, str, RGB]], col: RGB) -> list[tuple[str, RGB]]:
    """An aim's words, each (line, colour): its `label` and the first thing `told` of its path
    in `col` (its off-board figure instead of "lands / rolls off": the honest one), then its
    risk's other figures."""
    text = label
    if told:
        key = told[0][0]
        words = look.tr(key)
        if key in OFF_BOARD and figures and figures[0][0] == "off_board":
            words = figures.pop(0)[1]
        text = words if label is None else f"{label} - {words}"
    return ([(text, col)] if text else []) + [(line, c) for _, line, c in figures]


def _figures(look: Look, risk: Risked | None, colour: RGB | None) -> list[tuple[str, str, RGB]]:
    """The risk's figures (`ai.petanque_risk.risk_lines`) when it is the aim's own: (its field,
    the line, its colour); going off the board and hitting one's own wall in the warning colour,
    moving the diamond or a die (which may be the plan) in the aim's own."""
    if risk is None or not risk.current or not risk.told:
        return []
    bad, own = look.colour("bad"), colour or look.colour("accent")
    return [(field, line, bad if field in WARNED_RISKS else own)
            for field, line in risk_lines(risk.risk, look.tr)]


def _warned(p: Preview, meant: tuple[str, ...]) -> tuple[list[tuple[str, tuple[float, float]]],
                                                         list[tuple[str, tuple[float, float]]]]:
    """What the preview warns of (but what the aim is `meant` to meet), and what it says that is
    no warning (it comes to rest touching the diamond)."""
    said = [w for w in p.warnings if w[0] not in meant]
    return [w for w in said if w[0] not in NOT_WARNINGS], [w for w in said if w[0] in NOT_WARNINGS]


def _release_arrow(look: Look, area: pygame.Surface, frame: pygame.Rect,
                   inside: tuple[float, float], outside: tuple[float, float], seat: int) -> None:
    """The release out of sight: an arrow in the thrower's colour where the line from a point in
    sight (`inside`) towards it (`outside`) leaves the `frame`, pointing on to it."""
    (x0, y0), (x1, y1) = inside, outside
    dx, dy = x1 - x0, y1 - y0
    t = 1.0
    for d, lo, hi, at in ((dx, frame.left, frame.right, x0), (dy, frame.top, frame.bottom, y0)):
        if d > 0:
            t = min(t, (hi - at) / d)
        elif d < 0:
            t = min(t, (lo - at) / d)
    t = max(0.0, t)
    x, y = x0 + dx * t, y0 + dy * t
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    tip = (x + ux * 8, y + uy * 8)
    wing = [(x - ux * 8 - uy * 8, y - uy * 8 + ux * 8), (x - ux * 8 + uy * 8, y - uy * 8 - ux * 8)]
    pygame.draw.polygon(area, look.player_colour(seat), [tip, *wing])
    pygame.draw.polygon(area, (255, 255, 255), [tip, *wing], 2)


def _drag(shown: TableShown, area: pygame.Surface) -> None:
    """The slingshot's band: from where the board was grabbed to where it is pulled."""
    look = shown.look
    if shown.drag is None:
        return
    _, grab, _, pull = shown.drag
    at = (grab[0] - AREA.x, grab[1] - AREA.y)
    to = (pull[0] - AREA.x, pull[1] - AREA.y)
    pygame.draw.line(area, (0, 0, 0), (at[0] + 1, at[1] + 1), (to[0] + 1, to[1] + 1), 4)
    pygame.draw.line(area, look.colour("text"), at, to, 2)
    pygame.draw.circle(area, look.colour("text"), at, 6, 2)
    pygame.draw.circle(area, look.colour("accent"), to, 7)


def _label(look: Look, area: pygame.Surface, text: str, at: tuple[float, float], ring: float,
           col: RGB, pieces: list[pygame.Rect],
           more: list[tuple[str, RGB]] | None = None) -> pygame.Rect:
    """`text` (and the lines `more` under it, each in its colour) above the ring at `at`, or below
    it, or beside it: the first place that covers none of the `pieces` (the diamond and dice lying
    on the board, and the words of the other aims drawn: a warning about the diamond hid the
    diamond itself, the hint's words hid the aim's) and fits in the area; above (or below, with no
    room above) when every place covers one. Where it went."""
    surf = look.text(text, 21, col, True)
    if more:
        rows = [surf, *(look.text(line, 19, c, True) for line, c in more)]
        surf = pygame.Surface((max(r.get_width() for r in rows), sum(r.get_height() for r in rows)),
                              pygame.SRCALPHA)
        y = 0
        for r in rows:
            surf.blit(r, ((surf.get_width() - r.get_width()) // 2, y))
            y += r.get_height()
    room = area.get_rect().inflate(-6, -6)
    gap = ring + 8
    places = []
    for anchor, point in (("midbottom", (at[0], at[1] - gap)), ("midtop", (at[0], at[1] + gap)),
                          ("midleft", (at[0] + gap, at[1])), ("midright", (at[0] - gap, at[1]))):
        rect = surf.get_rect(**{anchor: point})
        if room.contains(rect):
            places.append(rect)
    clear = [r for r in places if r.inflate(10, 4).collidelist(pieces) < 0]
    if clear:
        rect = clear[0]
    else:
        rect = surf.get_rect(midbottom=(at[0], at[1] - gap))
        if rect.top < 4:  # no room above: below the ring
            rect.midtop = (at[0], at[1] + gap)
        rect.clamp_ip(room)
    back = pygame.Surface(rect.inflate(10, 4).size, pygame.SRCALPHA)
    back.fill((0, 0, 0, 160))
    area.blit(back, rect.inflate(10, 4))
    area.blit(surf, rect)
    return rect


def _spread(look: Look, area: pygame.Surface, outline: list[tuple[float, float]], col: RGB,
            faint: bool = False) -> None:
    """The hand's spread: a faint ellipse, filled lightly, dashed round; fainter still (`faint`)
    while it is the last aim's, moved to this one's rest, till this aim's is worked out."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    box = pygame.Rect(int(min(xs)) - 2, int(min(ys)) - 2, int(max(xs) - min(xs)) + 5,
                      int(max(ys) - min(ys)) + 5)
    clip = box.clip(area.get_rect())
    if clip.w > 0 and clip.h > 0:
        fill = pygame.Surface(clip.size, pygame.SRCALPHA)
        pygame.draw.polygon(fill, (*col, 20 if faint else 40),
                            [(x - clip.x, y - clip.y) for x, y in outline])
        area.blit(fill, clip)
    edge = look.colour("muted") if faint else col
    for i in range(0, len(outline), 4 if faint else 2):
        a, b = outline[i], outline[(i + 1) % len(outline)]
        pygame.draw.line(area, edge, a, b, 1 if faint else 2)


def _cross(area: pygame.Surface, at: tuple[float, float], col: RGB) -> None:
    x, y = at
    for dx, dy in ((1, 1), (1, -1)):
        pygame.draw.line(area, (0, 0, 0), (x - 7 * dx + 1, y - 7 * dy + 1),
                         (x + 7 * dx + 1, y + 7 * dy + 1), 5)
        pygame.draw.line(area, col, (x - 7 * dx, y - 7 * dy), (x + 7 * dx, y + 7 * dy), 3)


def _ring(area: pygame.Surface, at: tuple[float, float], r: float, col: RGB) -> None:
    """A sight: a ring with four ticks outside it, nothing inside."""
    x, y = at
    pygame.draw.circle(area, (0, 0, 0), (x + 1, y + 1), r, 3)
    pygame.draw.circle(area, col, at, r, 2)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        pygame.draw.line(area, col, (x + dx * (r + 3), y + dy * (r + 3)),
                         (x + dx * (r + 10), y + dy * (r + 10)), 2)


def _banner(look: Look, area: pygame.Surface, text: str) -> None:
    lines = look.wrap(text, 19, area.get_width() - 60)
    h = 10 + 21 * len(lines)
    rect = pygame.Rect(10, 10, area.get_width() - 20, h)
    back = pygame.Surface(rect.size, pygame.SRCALPHA)
    back.fill((60, 16, 16, 210))
    area.blit(back, rect)
    for i, line in enumerate(lines):
        look.blit_text(area, line, (rect.x + 12, rect.y + 5 + 21 * i), 19, "text")
