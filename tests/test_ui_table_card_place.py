"""The reckoning card's place on a crowded board (ui/table/card_place.py): the board's places
counted column by column give what trying every place gives (the first of those covering fewest
names, then fewest pieces and labels, then farthest from the diamond), on many random boards,
rectangles of no area and of negative sizes among what lies there."""

import math
import random

import pygame

from petanque_game.ui.table.card_place import fewest_covered


def every_place(xs, ys, size, names, talked, at) -> pygame.Rect:
    """Every place tried, as the card's search did (reckoning.py's `cost`)."""
    def cost(r):
        return (len(r.collidelistall(names)), len(r.inflate(8, 8).collidelistall(talked)),
                -math.hypot(r.centerx - at[0], r.centery - at[1]))
    return min((pygame.Rect(x, y, *size) for x in xs for y in ys), key=cost)


def board(rng: random.Random):
    size = (rng.choice((230, 270, 330)), rng.randrange(120, 260))
    x0, y0 = rng.randrange(-20, 80), rng.randrange(-20, 60)
    right, bottom = x0 + rng.randrange(200, 900), y0 + rng.randrange(150, 500)
    xs = [*range(x0, right - size[0], 8), right - size[0]]
    ys = [*range(y0, bottom - size[1], 8), bottom - size[1]]

    def rect():
        return pygame.Rect(rng.randrange(-50, 950), rng.randrange(-50, 600),
                           rng.choice((0, -12, *range(6, 90, 7))), rng.choice((0, -9, 19, 24, 40)))
    names = [rect() for _ in range(rng.randrange(0, 5))]
    talked = [rect() for _ in range(rng.randrange(0, 30))]
    return xs, ys, size, names, talked, (rng.uniform(0, 900), rng.uniform(0, 550))


def test_the_place_is_the_one_trying_every_place_finds():
    rng = random.Random(31)
    for _ in range(400):
        b = board(rng)
        assert fewest_covered(*b) == every_place(*b)


def test_a_board_where_every_place_ties_gives_the_first_farthest():
    xs, ys = list(range(0, 80, 8)), list(range(0, 40, 8))
    at = (xs[-1] / 2 + 165, ys[-1] / 2 + 60)  # the grid's middle: its corners tie
    found = fewest_covered(xs, ys, (330, 120), [], [], at)
    assert found == every_place(xs, ys, (330, 120), [], [], at) == pygame.Rect(0, 0, 330, 120)
