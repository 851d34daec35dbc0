"""Where the reckoning's measure puts its labels (ui/table/reckoning.py draws them there): one
label beside each die of the round's last table, clear of the dice, the diamond, the places the
last throw knocked dice from, the labels placed before it and the seats' names.

The places depend only on the table, the camera, the area's size, the players and the words, all
known once the round's last throw is in the air: while that throw comes to rest, the table scene
works them out a few labels a frame (`LabelPlaces.step`, ui/table/round_end.py `plan_ahead`), for
the view the camera shows and the one it is going to, so that the frames the reckoning shows
find them made and only draw."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

import pygame

from petanque_game.rules.petanque_table import Table
from petanque_game.ui.look import Look
from petanque_game.ui.table import draw as td
from petanque_game.ui.table.distances import distance_figures
from petanque_game.ui.table.knocks import spots

if TYPE_CHECKING:
    from petanque_game.physics.level_spec import Level
    from petanque_game.ui.session import Session
    from petanque_game.ui.table.camera import Camera
    from petanque_game.ui.table.knocks import Knocks


class Reckoned(Protocol):
    """What the places read of the table shown (ui/table/shown.py's `Reckoned` is this and the
    reckoning on screen)."""

    @property
    def view(self) -> Camera: ...

    @property
    def look(self) -> Look: ...

    @property
    def level(self) -> Level: ...

    @property
    def n(self) -> int: ...

    @property
    def session(self) -> Session: ...

    @property
    def knocks(self) -> Knocks: ...

LABEL_WAYS = 16  # directions round a die tried for its label
LABEL_STEPS = 12  # distances tried in each, 6 px apart
LABEL_SIZE = 19  # the labels' text, bold


class LabelPlaces:
    """The measure's places for one table seen through one view (`key`): the pieces (the dice,
    the diamond, then the knocked dice's old places), the seats' names, and each die's label,
    placed in the dice's order as `step` is called."""

    def __init__(self, key: tuple, shown: Reckoned, table: Table, size: tuple[int, int],
                 view: td.View):
        look = shown.look
        self.key = key
        self.room = pygame.Rect((0, 0), size)
        self.names = seat_names(shown, view)
        self.die_px = shown.level.dice.side * view.scale
        self.texts: list[str] = []
        self.ats: list[tuple[float, float]] = []
        self.pieces: list[pygame.Rect] = []
        self.bodies = 0
        self.labels: list[pygame.Rect] = []  # each placed label with its margin, as drawn
        self.places: list[pygame.Rect] = []  # each placed label's text
        dm = table.diamond
        if dm is None:
            return
        self.centre = view.to_screen(dm.x, dm.y)
        die_px = self.die_px
        self.pieces = [pygame.Rect(0, 0, die_px * 1.4, die_px * 1.4) for _ in table.dice]
        for rect, d in zip(self.pieces, table.dice):
            rect.center = view.to_screen(d.x, d.y)
        self.pieces.append(pygame.Rect(0, 0, die_px * 1.6, die_px * 1.6))
        self.pieces[-1].center = self.centre
        self.bodies = len(self.pieces)
        self.pieces += spots(shown.level, view, shown.knocks.of(table))  # kept clear of
        self.texts = label_texts(look, table)
        self.ats = [view.to_screen(d.x, d.y) for d in table.dice]

    @property
    def done(self) -> bool:
        return len(self.places) == len(self.texts)

    def step(self, look: Look) -> None:
        """Place the next die's label."""
        k = len(self.places)
        size = look.text(self.texts[k], LABEL_SIZE, "text", True).get_size()
        self.places.append(label_place(self.room, (self.pieces, self.labels, self.names),
                                       self.ats[k], self.centre, self.die_px, size))

    def finish(self, look: Look) -> LabelPlaces:
        while not self.done:
            self.step(look)
        return self

    def talked(self) -> list[pygame.Rect]:
        """What the card keeps clear of: the dice and the diamond, the labels, the knocked dice's
        old places (in that order)."""
        return self.pieces[:self.bodies] + self.labels + self.pieces[self.bodies:]


Ahead = list["LabelPlaces"]  # places worked out, each for its `key` (the latest last)
KEEP = 4  # places kept at most in an `Ahead`: the views seen last


def places_key(shown: Reckoned, table: Table, size: tuple[int, int], view: td.View) -> tuple:
    """What the places depend on: the table, the view, the area's size, the board and its
    seats, the knocks shown, the language."""
    look = shown.look
    return (table, size, tuple(shown.view.board_rect), view, shown.level, shown.n,
            tuple(shown.session.players), tuple(shown.knocks.of(table)), look.language())


def label_places(shown: Reckoned, table: Table, size: tuple[int, int], ahead: Ahead,
                 view: td.View | None = None) -> LabelPlaces:
    """The places for `table` seen through `view` (the camera's now by default): those in
    `ahead` (perhaps not all placed yet) when they were for the same, else new ones, unplaced
    (`step` or `finish` them), kept in `ahead`."""
    view = shown.view.view if view is None else view
    key = places_key(shown, table, size, view)
    found = next((places for places in ahead if places.key == key), None)
    if found is None:
        found = LabelPlaces(key, shown, table, size, view)
        ahead.append(found)
        del ahead[:-KEEP]
    return found


def label_texts(look: Look, table: Table) -> list[str]:
    """Each die's label: its distance to the diamond, or why it is off the board."""
    figures = distance_figures(look, table)
    texts = []
    for d in table.dice:
        if not d.on_board:
            texts.append(look.tr("table.reckoning.off_label", points=f"-{d.face}")
                         if d.off_during == d.player else look.tr("table.reckoning.knocked_off"))
        else:
            texts.append(figures[(d.player, d.die)])
    return texts


def seat_names(shown: Reckoned, view: td.View | None = None) -> list[pygame.Rect]:
    """Where the seats' names are drawn (in the board's part of the area, beside the score
    sheet; through `view`, the camera's now by default): the labels keep clear of them."""
    look = shown.look
    from petanque_game.physics import release_zone

    names = []
    for seat, player in enumerate(shown.session.players):
        zone = release_zone(shown.level, shown.n, seat)
        names.append(td.release_label(look, pygame.Rect(shown.view.board_rect),
                                      shown.view.view if view is None else view, zone, seat,
                                      player.name, False)[1].inflate(6, 2))
    return names


def label_place(room: pygame.Rect, taken: tuple[list[pygame.Rect], ...], at: tuple[float, float],
                away_from: tuple[float, float], die_px: float,
                size: tuple[int, int]) -> pygame.Rect:
    """Where a label of `size` beside its die goes: of the places round it (away from the
    diamond first, then to either side, then towards it, each a little further out in turn), the
    first that covers no die, no label placed before it and no seat's name (`taken`: the pieces,
    the labels, which it joins with its margin, and the names), and lies nearer its own die than
    any other; failing that, the place that covers least."""
    pieces, labels, names = taken
    dx, dy = at[0] - away_from[0], at[1] - away_from[1]
    d = math.hypot(dx, dy)
    ux, uy = (dx / d, dy / d) if d > 1e-6 else (0.0, -1.0)
    width, height = size
    others = [p.center for p in pieces if p.center != (round(at[0]), round(at[1]))]
    turns = sorted(range(LABEL_WAYS), key=lambda k: min(k, LABEL_WAYS - k))  # away first
    ways = [(ux * math.cos(a) - uy * math.sin(a), ux * math.sin(a) + uy * math.cos(a))
            for a in (2 * math.pi * k / LABEL_WAYS for k in turns)]
    taken_all = [*pieces, *labels, *names]  # (one list: a place's cover counted at once)
    best: tuple[tuple[int, int, int], pygame.Rect] | None = None
    for step in range(LABEL_STEPS):
        for order, (vx, vy) in enumerate(ways):
            reach = die_px * 0.8 + 4 + 0.5 * (abs(vx) * width + abs(vy) * height)
            rect = pygame.Rect((0, 0), size)
            rect.center = (at[0] + vx * (reach + 6 * step), at[1] + vy * (reach + 6 * step))
            rect.clamp_ip(room)
            box = rect.inflate(6, 2)
            covers = len(box.collidelistall(taken_all))
            if best is not None and (covers, 0) >= best[0][:2]:
                continue  # costs no less than the best, whatever its stray: a later place
            mine = gap(rect, at)
            stray = int(any(gap(rect, o) < mine for o in others))
            cost = (covers, stray, step * len(ways) + order)
            if best is None or cost < best[0]:
                best = (cost, rect)
            if cost[:2] == (0, 0):
                break  # no later place costs less
        if best is not None and best[0][:2] == (0, 0):
            break
    assert best is not None
    labels.append(best[1].inflate(8, 4))
    return best[1]


def gap(rect: pygame.Rect, at: tuple[float, float]) -> float:
    """How far the point `at` lies from `rect` (0 inside it)."""
    x = max(rect.left - at[0], 0.0, at[0] - rect.right)
    y = max(rect.top - at[1], 0.0, at[1] - rect.bottom)
    return math.hypot(x, y)
