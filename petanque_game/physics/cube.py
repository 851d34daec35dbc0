"""The 24 orientations of a die, the face on top, and quarter-turn tumbling (pure, no pymunk).

A die's orientation is a rotation of the cube, stored as an index 0-23 into `ROTATIONS`. Each
rotation is a 3x3 integer matrix R (row-major tuple of 9) mapping die axes to the "yaw frame": the
board frame (x right, y up as seen from above, z towards the viewer/up) turned by the die's angle
in the plane (the pymunk body angle). So the full 3D attitude of a die is Rz(angle) @ R, and the
pymunk angle never changes which face is on top.

Faces on the die's own axes (a right-handed standard die: 1, 2, 3 counter-clockwise around their
corner; opposite faces add up to 7):

    +z: 1   -z: 6   +x: 2   -x: 5   +y: 3   -y: 4

`ROTATIONS[0]` is the identity (1 on top, 2 facing +x, 3 facing +y). The other 23 follow in
lexicographic order of their matrices; the numbering is part of the record format (a die's
`orientation` in an outcome), so it must never change.

Tumbling is a quarter turn about a horizontal axis of the yaw frame. `roll(o, k)` rolls the die
forward towards direction k (0: +x, 1: +y, 2: -x, 3: -y of the yaw frame): the top face goes to
that side. Because every tumble is a group element applied on the left, a uniformly random
starting orientation gives a uniformly random orientation after any fixed sequence of tumbles: the
faces stay fair whatever the physics does, and the launch still decides which face comes up.
For a die already lying, whose orientation everyone sees, that is not enough: a die the throw
knocks is also turned by a rotation drawn by chance (`TURNED`, `knocked.py`).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import permutations, product
from math import floor, pi

Matrix = tuple[int, int, int, int, int, int, int, int, int]

# face value on each die axis, by (axis, sign): axis 0 = x, 1 = y, 2 = z
_AXIS_FACE = {(0, 1): 2, (0, -1): 5, (1, 1): 3, (1, -1): 4, (2, 1): 1, (2, -1): 6}


def _det(m: Matrix) -> int:
    a, b, c, d, e, f, g, h, i = m
    return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)


def _matrix(values: Iterable[int]) -> Matrix:
    """Nine numbers, row by row, as a matrix."""
    a, b, c, d, e, f, g, h, i = values
    return a, b, c, d, e, f, g, h, i


def _mul(p: Matrix, q: Matrix) -> Matrix:
    return _matrix(
        sum(p[3 * r + k] * q[3 * k + c] for k in range(3)) for r in range(3) for c in range(3)
    )


def _all_rotations() -> tuple[Matrix, ...]:
    found = []
    for perm in permutations(range(3)):
        for signs in product((1, -1), repeat=3):
            m = [0] * 9
            for row in range(3):
                m[3 * row + perm[row]] = signs[row]
            if _det(_matrix(m)) == 1:
                found.append(_matrix(m))
    identity = (1, 0, 0, 0, 1, 0, 0, 0, 1)
    found.remove(identity)
    return (identity, *sorted(found))


ROTATIONS: tuple[Matrix, ...] = _all_rotations()
_INDEX = {m: i for i, m in enumerate(ROTATIONS)}
COUNT = len(ROTATIONS)  # 24


def top_face(orientation: int) -> int:
    """The value on top (facing world +z) for orientation 0-23."""
    m = ROTATIONS[orientation]
    for axis in range(3):
        s = m[6 + axis]  # row z of R: which die axis points up
        if s:
            return _AXIS_FACE[(axis, s)]
    raise AssertionError("not a rotation")


def face_towards(orientation: int, direction: int) -> int:
    """The value facing yaw-frame direction 0: +x, 1: +y, 2: -x, 3: -y (for drawing the sides)."""
    m = ROTATIONS[orientation]
    row, sign = (0, 1) if direction == 0 else (1, 1) if direction == 1 else \
        (0, -1) if direction == 2 else (1, -1)
    for axis in range(3):
        s = m[3 * row + axis] * sign
        if s:
            return _AXIS_FACE[(axis, s)]
    raise AssertionError("not a rotation")


# Quarter turns "rolling forward towards direction k" in the yaw frame. Rolling towards +x is a
# +90 degree turn about +y (top goes to +x); towards +y is -90 degrees about +x; and so on.
_ROLL_MATRIX: tuple[Matrix, ...] = (
    (0, 0, 1, 0, 1, 0, -1, 0, 0),   # towards +x: +90 about y
    (1, 0, 0, 0, 0, 1, 0, -1, 0),   # towards +y: -90 about x
    (0, 0, -1, 0, 1, 0, 1, 0, 0),   # towards -x: -90 about y
    (1, 0, 0, 0, 0, -1, 0, 1, 0),   # towards -y: +90 about x
)

ROLL: tuple[tuple[int, ...], ...] = tuple(
    tuple(_INDEX[_mul(q, r)] for r in ROTATIONS) for q in _ROLL_MATRIX
)
TOP_FACE: tuple[int, ...] = tuple(top_face(i) for i in range(COUNT))
# TURNED[u][o]: the orientation o turned further by rotation u in the yaw frame (u applied on the
# left, like a tumble): for any o, u -> TURNED[u][o] is one-to-one, so a uniformly random u leaves
# the die in a uniformly random orientation wherever it started (`knocked.py`)
TURNED: tuple[tuple[int, ...], ...] = tuple(
    tuple(_INDEX[_mul(u, r)] for r in ROTATIONS) for u in ROTATIONS
)


_QUARTER = pi / 2  # a quarter turn (rad)


def roll(orientation: int, direction: int, turns: int = 1) -> int:
    """The orientation after `turns` quarter turns rolling towards yaw-frame `direction` (0-3)."""
    table = ROLL[direction & 3]
    for _ in range(turns & 3):  # four quarter turns about one axis are the identity
        orientation = table[orientation]
    return orientation


def direction_index(heading_minus_yaw: float) -> int:
    """Snap an in-plane heading, measured in the yaw frame (radians), to the nearest of 0-3."""
    return floor(heading_minus_yaw / _QUARTER + 0.5) & 3


def face_chi_square(counts: list[int] | tuple[int, ...]) -> tuple[float, float]:
    """Chi-square statistic and p-value of six face counts against a fair die (5 degrees of
    freedom: p = erfc(sqrt(x/2)) + sqrt(2x/pi) exp(-x/2) (1 + x/3), exact for odd dof)."""
    from math import erfc, exp, pi, sqrt
    n = sum(counts)
    expected = n / 6.0
    x = sum((c - expected) ** 2 / expected for c in counts)
    return x, erfc(sqrt(x / 2.0)) + sqrt(2.0 * x / pi) * exp(-x / 2.0) * (1.0 + x / 3.0)
