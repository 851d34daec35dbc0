"""The last throw's knocks on the Terningepetanque table (a part of the table scene,
ui/component.py): each die the throw knocked (`narrate.knocked_dice`: moved, turned over or knocked
off) drawn where it lay before, faint and with the face it showed then, and a line from there to
where it lies now, while the table the throw left is the one shown (until the next throw, a throw
taken back or the round's end). The narration says the same in words.

The camera frames the places the dice came from with the play (ui/table/view.py `play_points`),
and the close-up and the reckoning's card and labels keep clear of them (`spots`)."""

from __future__ import annotations

import math

import pygame

from petanque_game.physics.level_spec import Level
from petanque_game.rules.petanque_table import DieRest, Table
from petanque_game.rules.terningepetanque_events import Thrown
from petanque_game.ui.component import Component
from petanque_game.ui.look import Look
from petanque_game.ui.narrate import knocked_dice
from petanque_game.ui.session import Step
from petanque_game.ui.table import draw as td

GHOST_ALPHA = 95  # how strongly a knocked die is drawn where it lay before


class Knocks(Component):
    """The dice the last throw knocked, as (before, after) rests, and the table it left."""

    def __init__(self) -> None:
        self.left: Table | None = None  # the table the last throw left
        self.knocked: list[tuple[DieRest, DieRest]] = []

    def on_transition(self, step: Step) -> None:
        for made in step.transitions:
            if isinstance(made.event, Thrown):
                self.left = made.event.table
                self.knocked = knocked_dice(made.before.table, made.event.table)

    def of(self, table: Table) -> list[tuple[DieRest, DieRest]]:
        """The knocks to show with `table`: the last throw's while it is the table shown (not once
        the throw is taken back, the next one made or the board cleared)."""
        if self.knocked and (table is self.left or table == self.left):
            return self.knocked
        return []


def spots(level: Level, view: td.View, knocked: list[tuple[DieRest, DieRest]]) -> list[pygame.Rect]:
    """Where the knocked dice lay before, as drawn (area px): what nothing may cover."""
    side = level.dice.side * view.scale * 1.4
    found = []
    for old, _ in knocked:
        r = pygame.Rect(0, 0, side, side)
        sx, sy = view.to_screen(old.x, old.y)
        r.center = (round(sx), round(sy))
        found.append(r)
    return found


def draw_knocks(look: Look, area: pygame.Surface, view: td.View, level: Level,
                knocked: list[tuple[DieRest, DieRest]], faces: td.Faces | None = None) -> None:
    """Each knocked die faint where it lay, with its face then, and a line with an arrowhead to
    where it lies now, in its player's colour (drawn under the bodies at rest)."""
    die = level.dice.side * view.scale
    for old, new in knocked:
        td.draw_table_die(look, area, view, level, old.player, old.face, old.x, old.y, old.angle,
                          alpha=GHOST_ALPHA, faces=faces)
        a, b = view.to_screen(old.x, old.y), view.to_screen(new.x, new.y)
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length < die * 1.2:
            continue  # turned over where it lay: the faint face under it says so
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        start = (a[0] + ux * die * 0.6, a[1] + uy * die * 0.6)
        end = (b[0] - ux * die * 0.75, b[1] - uy * die * 0.75)
        pygame.draw.line(area, (0, 0, 0), (start[0] + 1, start[1] + 1), (end[0] + 1, end[1] + 1),
                         3)
        trail = look.player_colour(old.player)
        pygame.draw.line(area, trail, start, end, 2)
        head = max(5.0, die * 0.35)
        left = (end[0] - ux * head - uy * head * 0.6, end[1] - uy * head + ux * head * 0.6)
        right = (end[0] - ux * head + uy * head * 0.6, end[1] - uy * head - ux * head * 0.6)
        pygame.draw.polygon(area, trail, [end, left, right])
        pygame.draw.polygon(area, (0, 0, 0), [end, left, right], 1)
