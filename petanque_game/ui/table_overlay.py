"""What the table scene draws over the board: the player's aim (the arc to its first landing, a ring
where it lands, the warning there when it hits the wall or lands off the board), the hint's aim,
an AI's aim before it throws, the roll for who starts, the reckoning and the replay's notice.
Drawing only reads the scene (DESIGN.md, principle 7); positions go through `scene.view` each
frame, so they follow the camera."""

from __future__ import annotations

from typing import Any

import pygame

from petanque_game.ui import lang, theme
from petanque_game.ui import table_draw as td
from petanque_game.ui.table_aim import landing_warning
from petanque_game.ui.table_reckoning import draw_reckoning
from petanque_game.ui.table_start import draw_start
from petanque_game.ui.table_view import AREA, SIDE

HINT_COLOUR = (120, 200, 255)


def draw_overlays(scene: Any, surface: pygame.Surface) -> None:
    area = surface.subsurface(AREA)
    if scene.aiming:
        launch = scene.launch()
        seat, obj = scene.due[0], scene.due[1]
        hint = scene.hint.current(scene.session.state)
        if hint is not None and hasattr(hint.action, "speed"):
            draw_flight(scene, area, hint.action, seat, obj, HINT_COLOUR,
                        lang.tr("table.hint.on_board"))  # its words are in the side panel
        draw_flight(scene, area, launch, seat, obj, None, None, scene.target)
    elif scene.ai_aim is not None and scene.flight is None:
        a = scene.ai_aim
        name = scene.session.players[a.seat].name
        draw_flight(scene, area, a.aim, a.seat, a.obj, theme.player_colour(a.seat),
                    lang.tr("table.ai_aims", name=name))
    roll = scene.start_roll
    if roll is not None and not roll.done:
        draw_start(roll, scene.session.players, area)
    if scene.reckoning is not None and scene.flight is None:
        draw_reckoning(scene, surface, AREA, SIDE)
    if scene.check is not None and scene.check.mismatches:
        _banner(area, lang.tr("table.replay.differs_short"))  # the full notice: once, a toast


def draw_flight(scene: Any, area: pygame.Surface, launch: Any, seat: int, obj: str,
                colour: tuple[int, int, int] | None, label: str | None,
                pointed: tuple[float, float] | None = None) -> None:
    """An aim's predicted flight: the arc lifted by its height, the release point, a ring where it
    first lands (open in the middle: the die there stays visible), and what goes wrong there."""
    view = scene.view
    points, clears = scene.flight_hint(launch, obj, seat)
    warning = landing_warning(scene.level, points, clears)
    col = colour or (theme.colour("accent") if warning is None else theme.colour("bad"))
    shift = getattr(td, "HEIGHT_SHIFT", 0.45)
    screen = []
    for x, y, z in points:
        sx, sy = view.to_screen(x, y)
        screen.append((sx, sy - z * view.scale * shift))
    for a, b in zip(screen[::2], screen[1::2]):  # dashes
        pygame.draw.line(area, (0, 0, 0), (a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1), 4)
        pygame.draw.line(area, col, a, b, 3)
    start = view.to_screen(launch.x, launch.y)
    pygame.draw.circle(area, theme.player_colour(seat), start, 8)
    pygame.draw.circle(area, (255, 255, 255), start, 8, 2)
    if not points:
        return
    land = view.to_screen(points[-1][0], points[-1][1])
    ring = max(9.0, scene.level.dice.side * view.scale * 0.9)
    _ring(area, land, ring, col)
    if pointed is not None:  # where the player points, when the throw cannot land there
        at = view.to_screen(*pointed)
        if abs(at[0] - land[0]) + abs(at[1] - land[1]) > 6:
            pygame.draw.circle(area, theme.colour("muted"), at, 5, 1)
    text = label
    if warning is not None:
        text = lang.tr(warning) if label is None else f"{label} - {lang.tr(warning)}"
    if text:
        surf = theme.text(text, 21, col, True)
        rect = surf.get_rect(midbottom=(land[0], land[1] - ring - 8))
        if rect.top < 4:  # no room above: below the ring
            rect.midtop = (land[0], land[1] + ring + 8)
        rect.clamp_ip(area.get_rect().inflate(-6, -6))
        back = pygame.Surface(rect.inflate(10, 4).size, pygame.SRCALPHA)
        back.fill((0, 0, 0, 160))
        area.blit(back, rect.inflate(10, 4))
        area.blit(surf, rect)


def _ring(area: pygame.Surface, at: tuple[float, float], r: float, col) -> None:
    """A sight: a ring with four ticks outside it, nothing inside."""
    x, y = at
    pygame.draw.circle(area, (0, 0, 0), (x + 1, y + 1), r, 3)
    pygame.draw.circle(area, col, at, r, 2)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        pygame.draw.line(area, col, (x + dx * (r + 3), y + dy * (r + 3)),
                         (x + dx * (r + 10), y + dy * (r + 10)), 2)


def _banner(area: pygame.Surface, text: str) -> None:
    lines = theme.wrap(text, 19, area.get_width() - 60)
    h = 10 + 21 * len(lines)
    rect = pygame.Rect(10, 10, area.get_width() - 20, h)
    back = pygame.Surface(rect.size, pygame.SRCALPHA)
    back.fill((60, 16, 16, 210))
    area.blit(back, rect)
    for i, line in enumerate(lines):
        theme.blit_text(area, line, (rect.x + 12, rect.y + 5 + 21 * i), 19, "text")
