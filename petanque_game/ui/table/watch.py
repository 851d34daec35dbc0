"""Watching a throw: its pace on screen, the moments that make a sound, and where every body is
between two of the path's frames.

A throw's physics lasts about half a second; played in real time it is over before the eye has
found the piece. It plays at PACE of real time (times the player's animation speed), after a LEAD
in which the camera turns to the thrower, and holds HOLD at rest before the table moves on.

The sounds come from the path itself (physics/results.py `Path`), read once when the throw
starts: the release (frame 0), the thrown piece first touching the felt (its height reaching 0),
a body turning sharply next to a wall or an obstacle (a hit), a body at rest set moving (a knock),
and a body leaving the board (`off_from`). Each is played once, when the frame it belongs to is
shown.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from petanque_game.physics import cube
from petanque_game.physics.level_spec import Level
from petanque_game.physics.results import Path

PACE = 0.6  # share of real time a throw plays at, at animation speed 1.0
LEAD = 0.3  # seconds before the release: the camera turns to the thrower
HOLD = 0.8  # seconds at rest after the last frame
STILL = 0.05  # mm per frame: a body moving less is still
JUMP = 60.0  # mm in one frame: a body laid elsewhere (the diamond reset), not moved there
TURN = 0.3  # a hit turns a body's heading so that cos(turn) falls below this
SPACING = 6  # frames: one body's hits closer than this are one sound


@dataclass(frozen=True)
class Pose:
    """Where one body is drawn now: position (mm), height, angle, orientation, and the tip
    (direction 0-3, share of the quarter turn made) when it is turning over."""

    x: float
    y: float
    z: float
    angle: float
    orientation: int
    tip: tuple[int, float] | None
    moving: bool


def playback_seconds(path: Path, speed: float) -> float:
    """How long `path` plays on screen at the player's animation `speed` (1.0 normal)."""
    return float(len(path.frames) / path.fps / (PACE * max(0.05, speed)))


def poses(path: Path, t: float) -> list[Pose]:
    """Every body of `path` at path time `t` (s), between the two frames around it."""
    last = len(path.frames) - 1
    f = max(0.0, min(float(last), t * path.fps))
    i = min(int(f), last)
    frac = f - i
    now, nxt = path.frames[i], path.frames[min(i + 1, last)]
    out = []
    for a, b in zip(now, nxt):
        moving = math.hypot(b[0] - a[0], b[1] - a[1]) > STILL or abs(b[2] - a[2]) > STILL \
            or a[4] != b[4] or a[2] > 0.3
        if math.hypot(b[0] - a[0], b[1] - a[1]) > JUMP or i == last:
            out.append(Pose(a[0], a[1], a[2], a[3], a[4], None, moving and i < last))
            continue
        k = frac
        angle = a[3] + math.remainder(b[3] - a[3], 2 * math.pi) * k
        tip = None
        orientation = a[4]
        if a[4] != b[4]:
            turn = next((d for d in range(4) if cube.roll(a[4], d) == b[4]), None)
            if turn is not None:
                tip = (turn, k)
            elif k >= 0.5:
                orientation = b[4]
        out.append(Pose(a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k,
                        a[2] + (b[2] - a[2]) * k, angle, orientation, tip, moving))
    return out


def sound_moments(path: Path, level: Level) -> list[tuple[int, str]]:
    """(frame, sound) for every moment of `path` that makes a sound, in the order they show."""
    frames, n = path.frames, len(path.bodies)
    thrown = n - 1
    found: list[tuple[int, int, str]] = [(0, 0, "release")]
    blocks = [level.wall_outline(w.name) for w in level.walls.sides]
    blocks += [ob.outline for ob in level.obstacles]
    reach = level.dice.side * 1.2 + 4.0
    for i in range(n):
        off = path.off_from[i]
        if off is not None and off > 0:
            found.append((off, 3, "fall"))
        end = len(frames) if off is None else min(len(frames), off + 1)
        landed = i != thrown
        moved = False
        last_hit = -SPACING
        for f in range(1, end):
            a, b = frames[f - 1][i], frames[f][i]
            if not landed and a[2] > 0.05 and b[2] <= 0.05:
                landed = True
                if off is None or f < off:  # on the felt, not on the floor beside it
                    found.append((f, 2, "land"))
            dx, dy = b[0] - a[0], b[1] - a[1]
            if math.hypot(dx, dy) > JUMP:
                continue
            speed = math.hypot(dx, dy)
            if i != thrown and not moved and speed > STILL * 6:
                moved = True
                found.append((max(0, f - 1), 4, "knock"))
            if f + 1 >= end:
                continue
            c = frames[f + 1][i]
            ex, ey = c[0] - b[0], c[1] - b[1]
            after = math.hypot(ex, ey)
            if speed > 1.0 and after > STILL and (dx * ex + dy * ey) < TURN * speed * after \
                    and f - last_hit >= SPACING \
                    and any(_near(b[0], b[1], o, reach + speed) for o in blocks):
                last_hit = f
                found.append((f, 1, "wall"))
    found.sort()
    return [(f, name) for f, _, name in found]


def _near(x: float, y: float, outline: Sequence[tuple[float, float]], reach: float) -> bool:
    """Is (x, y) within `reach` mm of the polygon `outline` (or inside it)?"""
    inside = True
    for k in range(len(outline)):
        (ax, ay), (bx, by) = outline[k - 1], outline[k]
        ex, ey = bx - ax, by - ay
        ln2 = ex * ex + ey * ey or 1.0
        t = max(0.0, min(1.0, ((x - ax) * ex + (y - ay) * ey) / ln2))
        if math.hypot(x - ax - t * ex, y - ay - t * ey) <= reach:
            return True
        if ex * (y - ay) - ey * (x - ax) < 0:
            inside = False
    return inside
