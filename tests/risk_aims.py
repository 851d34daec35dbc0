"""Aims and real throws for checking the aim's risk and spread (ai/petanque_risk.py):
tests/test_aim_risk.py and benchmarks/bench_aim_risk.py.

A real throw is what the match throws: the aim released by the hand (`physics.hand.release`,
wobble, orientation and tumble drawn from a stream), simulated to rest on the table.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

from petanque_game.physics import load_named_level, simulate_throw
from petanque_game.physics.hand import release
from petanque_game.rules.petanque_table import DiamondRest, Table
from petanque_game.ui.table.aim import aim_at, elevation_limits, preview

LEVELS = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "levels").glob("*.yaml"))
# the ways from the board's centre to its edge an edge aim is near, in the thrower's frame:
# towards the thrower's own wall (0), to the far edge (pi), to either side, and between
WAYS = tuple(k * math.pi / 4 for k in range(8))


def edge_point(level, num_players: int, seat: int, way: float, inside: float
               ) -> tuple[float, float]:
    """The point `inside` mm in from the board's edge on the ray from its centre at `way` (rad,
    0 towards the seat's own wall, counter-clockwise)."""
    wall = level.seat_wall(num_players, seat)
    a = wall.angle + way
    dx, dy = math.cos(a), math.sin(a)
    lo, hi = 0.0, 10000.0
    for _ in range(40):
        mid = (lo + hi) / 2
        if level.board.contains(mid * dx, mid * dy):
            lo = mid
        else:
            hi = mid
    r = max(0.0, lo - inside)
    return r * dx, r * dy


def clear_table(level, num_players: int, seat: int, obj: str, aim) -> Table | None:
    """The board as it lies for a throw: empty for the diamond; for a die, the diamond lying where
    the aim's path does not meet it (None when no such spot is found)."""
    if obj == "diamond":
        return Table()
    xs = [p[0] for p in level.board.outline]
    ys = [p[1] for p in level.board.outline]
    for fx, fy in ((0, 0), (0.6, 0.6), (-0.6, 0.6), (0.6, -0.6), (-0.6, -0.6), (0.6, 0),
                   (-0.6, 0), (0, 0.6), (0, -0.6)):
        x, y = fx * max(xs), fy * max(ys)
        if not level.board.contains(x, y):
            continue
        table = Table(DiamondRest(x, y, 0.0, True))
        shown = preview(level, num_players, seat, aim, obj, table)
        if all(w[0] != "table.aim.into_diamond" for w in shown.warnings) and \
                math.dist(shown.rest, (x, y)) > 60.0:
            return table
    return None


def edge_aims(names=None, insides=(20.0, 60.0, 100.0), ways=WAYS, heights=3):
    """(board name, level, seat, obj, aim, table) for aims at rest points near every edge of
    every shipped board (2 players, both seats), at heights from the lowest to the highest."""
    out = []
    for name in names or LEVELS:
        level = load_named_level(name)
        lo, hi = elevation_limits(level)
        for seat in range(2):
            for obj in ("diamond", "die"):
                for way in ways:
                    for inside in insides:
                        target = edge_point(level, 2, seat, way, inside)
                        for k in range(heights):
                            height = lo + (hi - lo) * k / max(1, heights - 1)
                            aim = aim_at(level, 2, seat, target, height, obj)
                            table = clear_table(level, 2, seat, obj, aim)
                            if table is not None:
                                out.append((name, level, seat, obj, aim, table))
    return out


def real_throw(level, table: Table, seat: int, obj: str, aim, hand, rng: random.Random):
    """One real throw: (where it stopped or left the board, whether it ended off the board)."""
    die = None if obj == "diamond" else 0
    launch = release(level, 2, seat, obj, aim, hand, rng, rng, rng)
    result = simulate_throw(level, table, 2, seat, obj, die, launch, record_path=die is None)
    if die is None:
        body = result.table.diamond
        path = result.path
        if body.reset and path.off_from[0] is not None:
            return tuple(path.frames[path.off_from[0]][0][:2]), True
        return (body.x, body.y), body.reset
    body = result.table.dice[-1]
    return (body.x, body.y), not body.on_board


def open_aims(grid: int):
    """(level, seat, obj, aim, table) at rest points of a grid on every board, four heights, the
    aims whose preview does not warn."""
    out = []
    for name in LEVELS:
        level = load_named_level(name)
        lo, hi = elevation_limits(level)
        xs = [p[0] for p in level.board.outline]
        ys = [p[1] for p in level.board.outline]
        side = level.diamond.long_diagonal / 2.0 + 5.0
        for i in range(grid):
            for j in range(grid):
                x = min(xs) + (max(xs) - min(xs)) * (i + 0.5) / grid
                y = min(ys) + (max(ys) - min(ys)) * (j + 0.5) / grid
                if not all(level.board.contains(x + dx, y + dy) for dx, dy in
                           ((side, 0), (-side, 0), (0, side), (0, -side))):
                    continue
                for seat in range(2):
                    for obj in ("diamond", "die"):
                        for k in range(4):
                            aim = aim_at(level, 2, seat, (x, y), lo + (hi - lo) * k / 3, obj)
                            table = clear_table(level, 2, seat, obj, aim)
                            if table is None or preview(level, 2, seat, aim, obj, table).warnings:
                                continue
                            out.append((level, seat, obj, aim, table))
    return out
