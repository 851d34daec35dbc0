"""What a roll of n dice allows in Ten Thousand, grouped for the AI's turn tables.

Built from the rules' own `legal_keeps` and `keep_score`, so the AI, the offline solver
(`tools/solve_ten_thousand.py`) and the tests cannot drift from the rules. Points are counted in
steps of 50 (every score in the game is a multiple of 50).

Grouping the 923 rolls of one to six dice takes 15-25 ms of CPU, most of a cold first decision or
hint (benchmarks/bench_cold_ai.py), so `tools/solve_ten_thousand_points.py` writes the groups to
`assets/ai/ten-thousand-rolls.json` (read in well under a ms; a test compares them with a fresh
build, to the last bit); they are built here when that file cannot be read.
"""

from __future__ import annotations

import json
import logging
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from petanque_game.data import assets_dir
from petanque_game.rules.ten_thousand import DICE, keep_score, legal_keeps

STEP = 50
FILE = "ten-thousand-rolls.json"
_log = logging.getLogger(__name__)

Choices = tuple[tuple[int, int], ...]  # (points in steps, dice used), sorted

# The rules' score of a keep, remembered: the same few hundred keeps come up in the 923 rolls of
# one to six dice that a first turn table goes through (a cold hint's time: bench_cold_ai.py).
_score = cache(keep_score)


def best_keeps(roll: tuple[int, ...] | list[int]) -> dict[int, tuple[int, ...]]:
    """For each number of dice that may be set aside from `roll`, the best-scoring such keep.

    Only these matter: with the same dice left in hand, more points are never worse.
    """
    best: dict[int, tuple[int, ...]] = {}
    for keep in legal_keeps(roll):
        used = len(keep)
        if used not in best or _score(keep) > _score(best[used]):
            best[used] = keep
    return best


def keep_options(roll: tuple[int, ...] | list[int]) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """`best_keeps` as (keep, points in steps, dice used), fewest dice first; () is a bust."""
    return _keep_options(tuple(sorted(roll)))


@cache
def _keep_options(roll: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    return tuple((k, _score(k) // STEP, u) for u, k in sorted(best_keeps(roll).items()))


def choices_of(roll: tuple[int, ...] | list[int]) -> Choices:
    """The roll's distinct choices as (points in steps, dice used); () is a bust."""
    return tuple(sorted((s, u) for _, s, u in keep_options(roll)))


Groups = tuple[float, tuple[tuple[float, Choices], ...]]  # (bust chance, (chance, choices)...)


@cache
def roll_groups(n: int) -> Groups:
    """Rolling n dice: the bust probability, and the other rolls grouped by their choices.

    Groups come in a fixed order (sorted by their choices), each with its probability. The
    shipped groups (`FILE`) where they can be read, else `build_roll_groups(n)`: the same.
    """
    shipped = _shipped().get(n)
    return shipped if shipped is not None else build_roll_groups(n)


def build_roll_groups(n: int) -> Groups:
    """`roll_groups(n)` worked out from the rules, roll by roll."""
    bust = 0.0
    groups: dict[Choices, float] = {}
    for roll in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for value in set(roll):
            ways //= factorial(roll.count(value))
        p = ways / 6**n
        choices = choices_of(roll)
        if not choices:
            bust += p
        else:
            groups[choices] = groups.get(choices, 0.0) + p
    return bust, tuple((p, c) for c, p in sorted(groups.items()))


def groups_json() -> dict[str, dict]:
    """Every die count's groups, built from the rules, as `FILE` holds them."""
    found = {}
    for n in range(DICE + 1):
        bust, groups = build_roll_groups(n)
        found[str(n)] = {"bust": bust, "groups": [[p, [list(c) for c in choices]]
                                                  for p, choices in groups]}
    return found


@cache
def _shipped() -> dict[int, Groups]:
    """The shipped groups by die count; empty when the file cannot be read (then built)."""
    try:
        data = json.loads((assets_dir() / "ai" / FILE).read_text(encoding="utf-8"))
        return {int(n): (float(entry["bust"]),
                         tuple((float(p), tuple((int(s), int(u)) for s, u in choices))
                               for p, choices in entry["groups"]))
                for n, entry in data.items()}
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as e:
        _log.warning("the shipped roll groups %s cannot be read (%s): building them", FILE, e)
        return {}
