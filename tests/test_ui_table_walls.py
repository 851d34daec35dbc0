"""Issue 30, item 10: the table draws what exists. Only the walls of the seats of this player
count have a body in the physics (physics.build.static_plan); a wall no seat uses is drawn as
open floor, not as a wall a die then flies through."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import dataclasses
import math

import pygame
import pytest

from petanque_game.physics import load_named_level, release_zone
from petanque_game.physics.build import static_plan
from petanque_game.ui.look import Look
from petanque_game.ui.table import board as tb
from petanque_game.ui.table.draw import View

LOOK = Look()  # what these tests draw with (a window's look, as a new window has)

SIZE = (960, 600)


@pytest.fixture(autouse=True)
def window():
    pygame.display.init()
    pygame.display.set_mode((1280, 720))
    yield


def painted(level, n: int, view: View, walls: dict[str, int] | None = None) -> pygame.Surface:
    """The board with the seats of `n` players (and only `walls` standing, when given)."""
    if walls is None:
        walls = {level.seats[n][s]: s for s in range(n)}
    zones = tuple(release_zone(level, n, s) for s in range(n))
    surf = tb.new_surface(SIZE)
    tb.paint_board(LOOK, surf, level, view, walls, zones, None)
    return surf


def wall_top(level, view: View, name: str) -> tuple[int, int]:
    """The pixel in the middle of the wall's top as drawn."""
    w = level.walls.named(name)
    mid = w.distance + level.walls.thickness / 2
    x, y = view.lifted(mid * math.cos(w.angle), mid * math.sin(w.angle), level.walls.height)
    return round(x), round(y)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_only_the_walls_that_stand_are_drawn(n):
    level = load_named_level("classic")
    view = View(0.5, (SIZE[0] / 2, SIZE[1] / 2))
    picture = painted(level, n, view)
    standing = {w.name for w in level.walls.sides
                if level.wall_outline(w.name) in static_plan(level, n).outlines}
    assert standing == set(level.seats[n])
    # the same board with only the standing walls in its file
    only = dataclasses.replace(level, walls=dataclasses.replace(
        level.walls, sides=tuple(w for w in level.walls.sides if w.name in standing)))
    alike = painted(only, n, view)
    bare = painted(level, n, view, walls={})  # the same seats' bands, no wall standing
    for w in level.walls.sides:
        at = wall_top(level, view, w.name)
        assert picture.get_at(at) == alike.get_at(at), (n, w.name)
        assert (picture.get_at(at) != bare.get_at(at)) == (w.name in standing), (n, w.name)
