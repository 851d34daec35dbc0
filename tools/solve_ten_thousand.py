"""Solve two-player Ten Thousand for the chance to win, and write the AI's shipped tables.

    python tools/solve_ten_thousand.py [--targets 1000,5000,10000] [--out DIR]

Needs numpy (the `dev` extra); the game itself never does. For each target and each setting of
`hot_dice_banks` it computes, in 50-point steps, the exact chance that the seat to move wins from
every position (its score a, the opponent's score b, the turn total t, the dice in hand n) with
both seats playing to win, and writes `assets/ai/ten-thousand-TARGET-banks|carries.xz`: the
turn-start chances and the bank-or-roll decisions (format in `petanque_game/ai/ten_thousand_win`).
Every table written is read back with the game's own reader and compared with the solution.

The method. A position's value depends only on positions with a larger a + b, except through a
bust, which hands the same two scores to the opponent: the turn-start values S(a, b) and S(b, a)
depend on each other. So the positions are solved one diagonal a + b = d at a time, from the top,
all pairs of a diagonal at once (numpy over the pairs), the turn inside a pair from the highest
turn total down. The pair of mutual turn-start values is found by a secant iteration on
S(a, b) = F(1 - S(b, a)), where F is piecewise linear (a policy fixes it), so it converges after
a few rounds, to 1e-13. The dice come from `ten_thousand_dice.roll_groups`, built from the rules'
own `legal_keeps` and `keep_score`.
"""

from __future__ import annotations

import argparse
import lzma
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from petanque_game.ai.ten_thousand_dice import STEP, roll_groups

DICE = 6
TOLERANCE = 1e-13


class Transitions:
    """The rolls of 1-6 dice as flat arrays: every (group, choice) in one row, per die count."""

    def __init__(self) -> None:
        points, left, starts, probs, bust = [], [], [], [], np.zeros(DICE + 1)
        owner = []
        for n in range(1, DICE + 1):
            bust[n], groups = roll_groups(n)
            for p, choices in groups:
                starts.append(len(points))
                probs.append(p)
                owner.append(n)
                for s, u in choices:
                    points.append(s)
                    left.append(n - u)  # 0: hot dice
        self.points, self.left = np.array(points), np.array(left)
        self.starts = np.array(starts)
        self.bust = bust[1:]
        self.matrix = np.zeros((len(starts), DICE))  # group -> die count, weighted by chance
        for g, (p, n) in enumerate(zip(probs, owner)):
            self.matrix[g, n - 1] = p
        self.most = int(self.points.max())


def solve(target: int, banks: bool, verbose: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Turn-start chances S[a, b] and roll decisions roll[a, b, t, n - 1] (True: roll on)."""
    goal = target // STEP
    tr = Transitions()
    start = np.zeros((goal, goal))
    roll = np.zeros((goal, goal, goal, DICE), dtype=bool)
    began = time.perf_counter()
    for d in range(2 * goal - 2, -1, -1):
        lo, hi = max(0, d - goal + 1), min(d, goal - 1)
        a = np.arange(lo, hi + 1)
        b = d - a
        mirror = b - lo
        ctx = _Diagonal(tr, start, goal, a, b, banks)
        # First guess: the neighbour S(a, b + 1), solved already (0 where b + 1 is off the table).
        y = start[a, np.minimum(b + 1, goal - 1)] if d < 2 * goal - 2 else np.full(len(a), 0.5)
        x_prev = f_prev = None
        for _ in range(60):
            x = 1.0 - y[mirror]
            f = ctx.run(x)
            if np.max(np.abs(f - y)) < TOLERANCE:
                break
            if x_prev is None:
                y_next = f
            else:
                dx = x - x_prev
                safe = np.abs(dx) > 1e-15
                c = np.where(safe, (f - f_prev) / np.where(safe, dx, 1.0), 0.0)
                base = f + c * (1.0 - x)
                y_next = (base - c * base[mirror]) / (1.0 - c * c[mirror])
            x_prev, f_prev, y = x, f, np.clip(y_next, 0.0, 1.0)
        else:
            raise RuntimeError(f"diagonal {d} did not converge")
        start[a, b] = f
        ctx.run(1.0 - f[mirror], decisions=roll)
        if verbose and d % 20 == 0:
            print(f"  diagonal {d}: {time.perf_counter() - began:.1f} s", flush=True)
    return start, roll


class _Diagonal:
    """The turns of every pair (a, b) with a + b = d, for a given bust value per pair."""

    def __init__(self, tr: Transitions, start: np.ndarray, goal: int, a: np.ndarray,
                 b: np.ndarray, banks: bool) -> None:
        self.tr, self.goal, self.a, self.b, self.banks = tr, goal, a, b, banks
        self.top = goal - int(a.min())  # from this turn total on every pair has won
        width = self.top + tr.most + 1
        t = np.arange(width)
        mine = a[:, None] + t[None, :]
        won = mine >= goal
        safe = np.minimum(mine, goal - 1)
        self.bank = np.where(won, 1.0, 1.0 - start[b[:, None], safe])
        self.hot = np.where(won, 1.0, start[safe, b[:, None]]) if banks else None
        self.width = width

    def run(self, x: np.ndarray, decisions: np.ndarray | None = None) -> np.ndarray:
        tr, width = self.tr, self.width
        values = np.ones((len(self.a), width * (DICE + 1)))
        for t in range(self.top - 1, -1, -1):
            gathered = values[:, (t + tr.points) * (DICE + 1) + tr.left]
            best = np.maximum.reduceat(gathered, tr.starts, axis=1)
            rolled = x[:, None] * tr.bust[None, :] + best @ tr.matrix
            if t == 0:
                chosen = rolled  # a turn starts with a roll
            else:
                chosen = np.maximum(self.bank[:, t, None], rolled)
                if decisions is not None:
                    live = self.a + t < self.goal
                    rolls_on = (rolled > self.bank[:, t, None])[live]
                    decisions[self.a[live], self.b[live], t] = rolls_on
            row = t * (DICE + 1)
            values[:, row + 1:row + DICE + 1] = chosen
            values[:, row] = self.hot[:, t] if self.banks else chosen[:, DICE - 1]
        return rolled[:, DICE - 1]


def encode(target: int, banks: bool, start: np.ndarray, roll: np.ndarray) -> bytes:
    """The table file for `ten_thousand_win.WinTable` (its docstring gives the format)."""
    from petanque_game.ai import ten_thousand_win as win

    goal = target // STEP
    stored = DICE - 1 if banks else DICE
    q = np.round(start * win.SCALE).astype(np.int64)
    diffs = np.diff(np.diff(q, axis=1, prepend=0), axis=0, prepend=0) % 2**32
    # Past the winning turn total the decision is moot: carry the last one on, so no change shows.
    decided = roll[:, :, :, :stored].copy()
    decided[:, :, 0] = True
    for a in range(goal):
        decided[a, :, goal - a:] = decided[a, :, goal - a - 1:goal - a]
    change = decided[:, :, 1:] != decided[:, :, :-1]  # at t + 1
    lengths, blocks = [], []
    for a in range(goal):
        for b in range(goal):
            block = []
            for n in range(stored):
                points = (np.nonzero(change[a, b, :, n])[0] + 1).tolist()
                block += [len(points), *points]
            lengths.append(len(block))
            blocks += block
    if max(lengths) > 255 or goal > 255:
        raise ValueError("this target is too large for the table format")
    header = win.HEADER.pack(win.MAGIC, target, banks, goal, stored)
    raw = header + diffs.astype("<u4").tobytes() + bytes(lengths) + bytes(blocks)
    return lzma.compress(raw, preset=9 | lzma.PRESET_EXTREME)


def check(blob: bytes, start: np.ndarray, roll: np.ndarray) -> None:
    """Read the table back as the game does; every chance and every decision must be the same."""
    from petanque_game.ai import ten_thousand_win as win

    table = win.WinTable(blob)
    goal = table.goal
    read = np.array([[table.start(a, b) for b in range(goal)] for a in range(goal)])
    if np.max(np.abs(read - start)) > 1e-9:
        raise AssertionError("the chances read back differ")
    for a in range(goal):
        for b in range(goal):
            for n, points in enumerate(table.switches(a, b)):
                flips = np.zeros(goal - a, dtype=int)
                np.add.at(flips, [p for p in points if p < goal - a], 1)
                rolls = np.cumsum(flips) % 2 == 0
                if not np.array_equal(rolls[1:], roll[a, b, 1:goal - a, n]):
                    raise AssertionError(f"the decisions read back differ at {a}, {b}, {n + 1}")


def main() -> None:
    from petanque_game.ai import ten_thousand_win as win

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--targets", default=",".join(map(str, win.SHIPPED_TARGETS)))
    parser.add_argument("--out", default=str(ROOT / "assets" / "ai"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for target in map(int, args.targets.split(",")):
        for banks in (True, False):
            began = time.perf_counter()
            print(f"target {target}, hot_dice_banks {banks}", flush=True)
            start, roll = solve(target, banks)
            blob = encode(target, banks, start, roll)
            check(blob, start, roll)
            path = out / win.table_name(target, banks)
            path.write_bytes(blob)
            print(f"  {path.name}: {len(blob)} bytes, solved in "
                  f"{time.perf_counter() - began:.1f} s; S(0, 0) = {start[0, 0]:.6f}", flush=True)


if __name__ == "__main__":
    main()
