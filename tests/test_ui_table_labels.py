"""The reckoning's labels (ui/table/reckoning.py `_label`): each goes where the search over every
place round its die would put it (the first place that covers nothing and lies nearest its own
die, else the one covering least), on many random crowded tables; the search only stops looking
once nothing later can win (issue 31: the reckoning's first frame placed every label the long
way)."""

import math
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from petanque_game.ui.look import Look
from petanque_game.ui.table import reckoning
from petanque_game.ui.table.reckoning_places import LABEL_STEPS, LABEL_WAYS
from petanque_game.ui.table.reckoning_places import gap as _gap


def every_place(look, area, taken, at, away_from, die_px, text, col) -> pygame.Rect:
    """Where the label goes, every place tried (the search as it was)."""
    pieces, labels, names = taken
    dx, dy = at[0] - away_from[0], at[1] - away_from[1]
    d = math.hypot(dx, dy)
    ux, uy = (dx / d, dy / d) if d > 1e-6 else (0.0, -1.0)
    surf = look.text(text, 19, col, True)
    room = area.get_rect()
    others = [p.center for p in pieces if p.center != (round(at[0]), round(at[1]))]
    turns = sorted(range(LABEL_WAYS), key=lambda k: min(k, LABEL_WAYS - k))
    ways = [(ux * math.cos(a) - uy * math.sin(a), ux * math.sin(a) + uy * math.cos(a))
            for a in (2 * math.pi * k / LABEL_WAYS for k in turns)]
    best = None
    for step in range(LABEL_STEPS):
        for order, (vx, vy) in enumerate(ways):
            reach = die_px * 0.8 + 4 + 0.5 * (abs(vx) * surf.get_width()
                                               + abs(vy) * surf.get_height())
            rect = surf.get_rect(center=(at[0] + vx * (reach + 6 * step),
                                         at[1] + vy * (reach + 6 * step)))
            rect.clamp_ip(room)
            box = rect.inflate(6, 2)
            covers = len(box.collidelistall(pieces)) + len(box.collidelistall(labels)) \
                + len(box.collidelistall(names))
            mine = _gap(rect, at)
            stray = int(any(_gap(rect, o) < mine for o in others))
            cost = (covers, stray, step * len(ways) + order)
            if best is None or cost < best[0]:
                best = (cost, rect)
        if best is not None and best[0][:2] == (0, 0):
            break
    return best[1].inflate(8, 4)


def test_each_label_goes_where_trying_every_place_puts_it():
    pygame.font.init()
    look = Look()
    rng = random.Random(31)
    area = pygame.Surface((900, 560))
    for _ in range(60):
        die_px = rng.uniform(14, 40)
        pieces = []
        for _ in range(rng.randrange(2, 14)):
            r = pygame.Rect(0, 0, die_px * 1.4, die_px * 1.4)
            r.center = (rng.randrange(0, 900), rng.randrange(0, 560))
            pieces.append(r)
        names = [pygame.Rect(rng.randrange(0, 800), rng.choice((0, 540)), 90, 22)
                 for _ in range(rng.randrange(0, 4))]
        labels: list[pygame.Rect] = []
        centre = pieces[-1].center
        for piece in pieces[:-1]:
            text = f"{rng.uniform(0, 300):.1f} mm"
            expected = every_place(look, area, (pieces, labels, names), piece.center, centre,
                                   die_px, text, "text")
            reckoning._label(look, area, (pieces, labels, names), piece.center, centre, die_px,
                             text, "text")
            assert labels[-1] == expected
