"""What lies on the table, drawn as the camera shows it: the diamond and the dice at rest, each
die on the board measured to the diamond (the closest ringed and labelled), each die off it
ringed as out, and the last throw's knocks under the bodies. Drawn in the table's area and in its
close-up (ui/table/view.py); the bodies in flight are the playback's (playback.py)."""

from __future__ import annotations

import pygame

from petanque_game.physics.level_spec import Level
from petanque_game.rules.petanque_table import DiamondRest, DieRest, Table
from petanque_game.rules.terningepetanque import closest_dice
from petanque_game.ui.look import Look
from petanque_game.ui.table import board as tb
from petanque_game.ui.table import draw as td
from petanque_game.ui.table.distances import distance_figures
from petanque_game.ui.table.knocks import draw_knocks
from petanque_game.ui.table.reckoning import closest_label

Knocks = list[tuple[DieRest, DieRest]]  # (where a knocked die lay, where it lies now)


def draw_lying(look: Look, area: pygame.Surface, view: td.View, level: Level, table: Table,
               old: bool, faces: td.Faces, knocks: Knocks, measured: bool, labels: bool = True,
               moving: bool = False) -> None:
    """`table` on `area` (faint when `old`: a table before the one in play); `measured`: its
    dice measured to the diamond here (not while the reckoning measures the round itself);
    `labels`: the closest's distances and the knocks (not in the close-up); `moving`: the camera
    moves (the dice's faces from sprites of a near size)."""
    alpha = 150 if old else 255
    dm = table.diamond
    on = [d for d in table.dice if d.on_board and d.distance is not None]
    closest = {(d.player, d.die) for d in closest_dice(table)}
    measured = measured and dm is not None and not old
    if dm is not None and measured:
        for d in on:  # from the face on top of each die to the diamond's (ui/table/draw.py)
            a, b = view.to_screen(d.x, d.y), view.to_screen(dm.x, dm.y)
            col = look.colour("accent") if (d.player, d.die) in closest else (200, 220, 210)
            pygame.draw.line(area, col, a, b, 2 if (d.player, d.die) in closest else 1)
    bodies: list[tb.Body] = []
    if dm is not None:
        def diamond(s: pygame.Surface, dm: DiamondRest = dm) -> None:
            td.draw_diamond(s, view, level, dm.x, dm.y, dm.angle, alpha=alpha)
        bodies.append((dm.x, dm.y, 0.0, diamond))
    for d in table.dice:
        ring = look.colour("accent") if closest and (d.player, d.die) in closest else None
        if not d.on_board:
            ring = look.colour("bad")

        def die(s: pygame.Surface, d: DieRest = d, ring: td.RGB | None = ring) -> None:
            td.draw_table_die(look, s, view, level, d.player, d.face, d.x, d.y, d.angle,
                              alpha=alpha if d.on_board else 110, ring=ring, moving=moving,
                              faces=faces)
        bodies.append((d.x, d.y, 0.0, die))
    if labels and not old:  # (not in the close-up) the last throw's knocks, under the bodies
        draw_knocks(look, area, view, level, knocks, faces)
    tb.paint(look, area, view, level, bodies)
    if measured and labels:
        figures = distance_figures(look, table)
        for d in on:
            if (d.player, d.die) in closest:
                closest_label(look, area, view, td.die_px(level, view), table, d,
                              figures[(d.player, d.die)])
