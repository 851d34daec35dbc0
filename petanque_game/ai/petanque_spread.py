"""The spread of a hand drawn on the table: an ellipse that holds a given share of the throws of
one aim, fitted to where a set of sample throws of that aim stopped.

The ellipse has the shape of the sample's mean and covariance, scaled to hold `share` of the
sample (its points' squared Mahalanobis distances, the share's place among them taken with each
point counting half below and half above its own distance). That is the share of all the hand's
throws when the sample stands for the hand's errors evenly (a scrambled Sobol set,
`petanque_hand_errors`, as `petanque_risk` takes), not when it is a few independent draws: the
old spread's 32 independent draws had a sideways error of 0.64 of the hand's and held 62-69% of
real throws where it said 80%.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SHARE = 0.8  # the share of a hand's throws the drawn spread holds
TINY = 1e-6  # mm^2 added to each variance: a sample all in one spot still gives an ellipse


@dataclass(frozen=True)
class Spread:
    """An ellipse on the board (mm): its centre, half-axes and the angle of the first (rad)."""

    x: float
    y: float
    a: float
    b: float
    angle: float

    def outline(self, points: int = 36) -> list[tuple[float, float]]:
        c, s = math.cos(self.angle), math.sin(self.angle)
        out = []
        for k in range(points):
            u = 2 * math.pi * k / points
            ex, ey = self.a * math.cos(u), self.b * math.sin(u)
            out.append((self.x + c * ex - s * ey, self.y + s * ex + c * ey))
        return out

    def holds(self, x: float, y: float) -> bool:
        """Does the ellipse hold the point (x, y) (its edge included)?"""
        c, s = math.cos(self.angle), math.sin(self.angle)
        dx, dy = x - self.x, y - self.y
        u, v = c * dx + s * dy, -s * dx + c * dy
        return (u / max(self.a, 1e-9)) ** 2 + (v / max(self.b, 1e-9)) ** 2 <= 1.0


def fit_spread(points: Sequence[tuple[float, float]], share: float = SHARE) -> Spread:
    """The ellipse, shaped by the mean and covariance of `points` (at least 4), that holds
    `share` of them (see the module's docstring)."""
    n = len(points)
    if n < 4:
        raise ValueError(f"a spread needs at least 4 points, not {n}")
    mx, my = sum(p[0] for p in points) / n, sum(p[1] for p in points) / n
    sxx = sum((p[0] - mx) ** 2 for p in points) / n + TINY
    syy = sum((p[1] - my) ** 2 for p in points) / n + TINY
    sxy = sum((p[0] - mx) * (p[1] - my) for p in points) / n
    det = sxx * syy - sxy * sxy
    k2 = _quantile(sorted(((p[0] - mx) ** 2 * syy - 2.0 * (p[0] - mx) * (p[1] - my) * sxy
                           + (p[1] - my) ** 2 * sxx) / det for p in points), share)
    mean, diff = (sxx + syy) / 2.0, math.sqrt(((sxx - syy) / 2.0) ** 2 + sxy * sxy)
    angle = 0.5 * math.atan2(2.0 * sxy, sxx - syy)
    k = math.sqrt(k2)
    return Spread(mx, my, k * math.sqrt(mean + diff), k * math.sqrt(max(0.0, mean - diff)),
                  angle)


def _quantile(ordered: list[float], share: float) -> float:
    """The `share` quantile of the sorted values, each counting at the middle of its own step:
    the value at place share * n + 0.5 (1-based), between neighbours by straight line, the ends
    held."""
    n = len(ordered)
    place = min(max(share * n + 0.5, 1.0), float(n))
    i = int(place)
    if i >= n:
        return ordered[-1]
    return ordered[i - 1] + (place - i) * (ordered[i] - ordered[i - 1])
