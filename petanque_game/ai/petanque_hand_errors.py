"""The errors of a batch of imagined hands, spread evenly: what the hint's stated worth of an aim
is averaged over (ai/petanque.py `appraise`).

A hand adds five normal errors to an aim (`physics.hand.wobble`: the release point, heading,
speed, elevation and spin). A worth averaged over hands drawn one by one varies with the luck of
the draw; hands whose errors fill the space of errors evenly vary less. Here the batch comes from
Sobol points (a sequence that fills the unit cube evenly in every few of its dimensions at once),
scrambled at random (Owen's nested scrambling: each binary digit of a point flipped by a random
bit that depends on the digits before it, then a uniform draw inside the point's smallest cell),
then turned into normal errors by the normal's inverse. Each hand is still a fair draw of the
hand, and the mean over a batch is an unbiased estimate of the average worth; on the hint's
states its sd is 16-28% below that over independent hands, and below the Latin hypercube's used
before (benchmarks/bench_hint_worth.py --estimators). Every bit of chance comes from the
stream given, so the same stream gives the same hands.
"""

from __future__ import annotations

import random
from statistics import NormalDist

ERRORS = 5  # the normal draws `wobble` makes for one throw, in its order
BITS = 30
# Sobol direction numbers (Joe and Kuo) of dimensions 2-5: (degree, polynomial, initial numbers);
# dimension 1 is the van der Corput sequence
_SOBOL = ((1, 0, (1,)), (2, 1, (1, 3)), (3, 1, (1, 3, 1)), (3, 2, (1, 1, 1)))
# Sobol dimension d -> the error it sets, in `wobble`'s order (the best dimensions first to
# speed and heading, which move where a die stops the most)
_ERROR_OF = (2, 1, 3, 0, 4)
_NORMAL = NormalDist()
_EDGE = 1e-12


def _directions(dim: int) -> tuple[int, ...]:
    """The direction numbers of Sobol dimension `dim` (0-based), BITS of them."""
    if dim == 0:
        return tuple(1 << (BITS - 1 - k) for k in range(BITS))
    degree, poly, initial = _SOBOL[dim - 1]
    v = [0] * BITS
    for k in range(BITS):
        if k < degree:
            v[k] = initial[k] << (BITS - 1 - k)
            continue
        x = v[k - degree] ^ (v[k - degree] >> degree)
        for i in range(1, degree):
            if (poly >> (degree - 1 - i)) & 1:
                x ^= v[k - i]
        v[k] = x
    return tuple(v)


_DIRECTIONS = tuple(_directions(d) for d in range(ERRORS))


def _sobol(index: int, dim: int) -> int:
    """The `index`-th Sobol point's coordinate `dim`, as a BITS-bit integer."""
    v, x, k = _DIRECTIONS[dim], 0, 0
    while index:
        if index & 1:
            x ^= v[k]
        index >>= 1
        k += 1
    return x


def spread_errors(rng: random.Random, count: int) -> list[list[float]]:
    """`count` hands' errors (ERRORS standard normals each, in `wobble`'s order), from the first
    `count` Sobol points scrambled with bits drawn from `rng`."""
    depth = max(1, (count - 1).bit_length())  # digits that tell the points apart
    hands: list[list[float]] = [[0.0] * ERRORS for _ in range(count)]
    for dim in range(ERRORS):
        flips: dict[tuple[int, int], int] = {}
        column = _ERROR_OF[dim]
        for i in range(count):
            x, y = _sobol(i, dim), 0
            for j in range(depth):
                above = (j, x >> (BITS - j))  # the digits before digit j
                if above not in flips:
                    flips[above] = rng.getrandbits(1)
                y = (y << 1) | (((x >> (BITS - 1 - j)) & 1) ^ flips[above])
            u = (y + rng.random()) / (1 << depth)
            hands[i][column] = _NORMAL.inv_cdf(min(max(u, _EDGE), 1.0 - _EDGE))
    return hands
