"""Ship, Captain and Crew's pot round solved exactly: every player's chance to take the pot.

A pot round is played in turn order; the highest score takes the pot, and players tied for it
roll off, in the same order, as a round of their own (again and again while they tie). Each
player plays the turn that gives them the best chance to take the pot, knowing the scores
already made. What a player still to play will do depends only on:
- r, how many players (themselves included) are still to play;
- M, the best score made so far (-1 when no one has played), and c, how many made it.
Players below M have lost and no longer matter. So the chance that the j-th (in turn order) of
the c players now sharing M takes the pot, with r still to play, is a number W(r, M, c, j):
- with no one left to play (r = 0): 1 when c = 1, else the roll-off's R(c, j);
- else the next player plays the turn best for them (their chance of each final score is
  `turn_outcome`), and W is the average over their score s of W(r - 1, M, c, j) for s < M,
  W(r - 1, M, c + 1, j) for s = M and 0 for s > M.
A roll-off of k players is a fresh round of k players: R(k, j) is the chance of the j-th to play.
It depends on itself (all k may tie again): with the players' choices held fixed it is linear,
R(k, j) = a_j + q R(k, j) with q the chance that all tie, and it is solved by improving the
choices and solving again until they no longer change (two or three times).

The tables cover rounds of up to 8 players. Built, they take one to two seconds (most of it for
7 and 8 players), too long for a first decision, so `tools/solve_ship_pot.py` builds them for
both cargo rules and writes them to `assets/ai/ship-pot.json` (52 KB), read in a few ms
the first time a pot round is played or hinted; the tests build them afresh and compare.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from functools import cache

from petanque_game.ai.ship_captain_crew_dice import Utility, roll_table
from petanque_game.data import assets_dir

SCORES = 13  # a turn scores 0 (not qualified) to 12
MAX_PLAYERS = 8
_EPS = 1e-12
FILE = "ship-pot.json"
_log = logging.getLogger(__name__)


def turn_outcome(utility: Utility, anymode: bool, lose_below: int = 0) -> tuple[float, ...]:
    """The chance of each final score (0-12) of a fresh turn played to maximise the expected
    `utility`, choosing as the expert does among equal choices: stop unless the cargo is 2 or
    below `lose_below` (a score already made that it would lose to), else the first best re-roll.
    """
    return _turn_outcome(tuple(utility), anymode, lose_below)


@cache
def _turn_outcome(utility: Utility, anymode: bool, lose_below: int) -> tuple[float, ...]:
    cargos = [(a, b) for a in range(1, 7) for b in range(a, 7)]
    after: dict[tuple[int, ...], list[float]] = {}  # cargo -> outcome, with no rolls left
    for cargo in cargos:
        after[cargo] = _unit(sum(cargo))
    by_rolls = [after]
    for _ in range(2):  # one, then two rolls left with a cargo
        prev = by_rolls[-1]
        both = _mean([prev[tuple(sorted((x, y)))] for x in range(1, 7) for y in range(1, 7)])
        now: dict[tuple[int, ...], list[float]] = {}
        for cargo in cargos:
            s = sum(cargo)
            options = [both]
            if anymode:
                a, b = cargo
                for kept in (b, a):  # re-roll a (keep b), then re-roll b (keep a)
                    options.append(_mean([prev[tuple(sorted((kept, x)))] for x in range(1, 7)]))
            values = [_dot(o, utility) for o in options]
            best = max(values)
            if utility[s] >= max(best, utility[s]) - _EPS and s > 2 and s >= lose_below:
                now[cargo] = _unit(s)
            else:
                now[cargo] = options[values.index(best)]
        by_rolls.append(now)

    @cache
    def before(secured: int, rolls: int) -> tuple[float, ...]:
        total = [0.0] * SCORES
        for k, cargo, p in roll_table(secured):
            part: Sequence[float]
            if k == 3:
                part = by_rolls[rolls - 1][cargo]
            elif rolls == 1:
                part = _unit(0)
            else:
                part = before(k, rolls - 1)
            for i, x in enumerate(part):
                total[i] += p * x
        return tuple(total)

    return before(0, 3)


def _unit(score: int) -> list[float]:
    out = [0.0] * SCORES
    out[score] = 1.0
    return out


def _mean(outcomes: list[list[float]]) -> list[float]:
    n = len(outcomes)
    return [sum(column) / n for column in zip(*outcomes)]


def _dot(outcome: list[float] | tuple[float, ...], utility: Utility) -> float:
    return sum(p * u for p, u in zip(outcome, utility))


# --- the round ------------------------------------------------------------------------------------


class PotTables:
    """W(r, M, c, j) and R(k, j) for rounds of up to `players` players (see the docstring)."""

    def __init__(self, anymode: bool, players: int = MAX_PLAYERS) -> None:
        self.anymode = anymode
        self.rolloff: dict[int, tuple[float, ...]] = {1: (1.0,)}
        self._w: dict[tuple[int, int, int], tuple[float, ...]] = {}
        for k in range(2, players + 1):
            self._solve_level(k)

    def w(self, r: int, best: int, c: int) -> tuple[float, ...]:
        """W(r, best, c, j) for each j < c."""
        if r == 0:
            return self.rolloff[c]
        return self._w[(r, best, c)]

    def utility(self, r: int, best: int, c: int) -> Utility:
        """The chance to take the pot of each final score of the player to move, with `r` players
        after them and `c` players sharing the best score `best` so far (-1: no one yet)."""
        return tuple(0.0 if s < best else self.w(r, best, c + 1)[c] if s == best
                     else self.w(r, s, 1)[0] for s in range(SCORES))

    def _solve_level(self, k: int) -> None:
        """R(k) and W(r, M, c) for c + r = k: choices for a guess of R(k), R(k) exact for those
        choices, again until the choices no longer change it."""
        guess = tuple(1.0 / k for _ in range(k))
        for _ in range(30):
            outcomes: dict[tuple[int, int, int], tuple[float, ...]] = {}
            self._level(k, guess, outcomes)  # the players' choices for this guess
            a = self._level(k, (0.0,) * k, outcomes)
            q = [x - y for x, y in zip(self._level(k, (1.0,) * k, outcomes), a)]
            found = tuple(x / (1.0 - y) for x, y in zip(a, q))
            done = max(abs(x - y) for x, y in zip(found, guess)) < _EPS
            guess = found
            if done:
                break
        self._level(k, guess, {})  # W of this level with R(k) settled
        self.rolloff[k] = guess

    def _level(self, k: int, rolloff: tuple[float, ...],
               outcomes: dict[tuple[int, int, int], tuple[float, ...]]) -> tuple[float, ...]:
        """With R(k) = `rolloff`: W(r, M, c) for c + r = k (r = 1 up: each uses the one before)
        and the chances of a fresh round of k players, which it returns. The players' outcomes
        are taken from `outcomes` where they are, and kept there where they are not."""
        self.rolloff[k] = rolloff

        def outcome(r: int, best: int, c: int, utility: Utility) -> tuple[float, ...]:
            key = (r, best, c)
            if key not in outcomes:
                outcomes[key] = turn_outcome(utility, self.anymode, best)
            return outcomes[key]

        for r in range(1, k):
            c = k - r
            for best in range(SCORES):
                seen = outcome(r - 1, best, c, self.utility(r - 1, best, c))
                below, same = sum(seen[:best]), seen[best]
                stay, join = self.w(r - 1, best, c), self.w(r - 1, best, c + 1)
                self._w[(r, best, c)] = tuple(below * stay[j] + same * join[j] for j in range(c))
        states = {(-1, 0): 1.0}
        chances = []
        for i in range(k):
            chance = 0.0
            after: dict[tuple[int, int], float] = {}
            for (best, c), p in states.items():
                utility = self.utility(k - i - 1, best, c)
                seen = outcome(k - i - 1, best, c, utility)
                chance += p * _dot(seen, utility)
                for s, x in enumerate(seen):
                    if x > 0.0:
                        key = (s, 1) if s > best else (best, c + 1) if s == best else (best, c)
                        after[key] = after.get(key, 0.0) + p * x
            chances.append(chance)
            states = after
        return tuple(chances)


def to_json(found: PotTables) -> dict:
    """The tables as `tools/solve_ship_pot.py` writes them (floats written exactly)."""
    return {"rolloff": {str(k): list(v) for k, v in found.rolloff.items()},
            "w": {f"{r},{m},{c}": list(v) for (r, m, c), v in sorted(found._w.items())}}


def from_json(data: dict, anymode: bool) -> PotTables:
    """Tables read back from `to_json`; ValueError when they are not whole."""
    found = PotTables(anymode, players=1)
    try:
        found.rolloff = {int(k): tuple(float(x) for x in v) for k, v in data["rolloff"].items()}
        for key, v in data["w"].items():
            r, m, c = (int(x) for x in key.split(","))
            found._w[(r, m, c)] = tuple(float(x) for x in v)
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise ValueError(f"not a pot table: {e}") from e
    want = {(r, m, k - r) for k in range(2, MAX_PLAYERS + 1) for r in range(1, k)
            for m in range(SCORES)}
    if set(found.rolloff) != set(range(1, MAX_PLAYERS + 1)) or set(found._w) != want or any(
            len(v) != c for (_, _, c), v in found._w.items()):
        raise ValueError("a pot table with states missing")
    return found


def rule_name(anymode: bool) -> str:
    return "any" if anymode else "both"


@cache
def tables(anymode: bool) -> PotTables:
    """The pot tables for a cargo rule: read from the shipped file, or built (about a second or
    two) when it cannot be read."""
    path = assets_dir() / "ai" / FILE
    try:
        return from_json(json.loads(path.read_text(encoding="utf-8"))[rule_name(anymode)], anymode)
    except (OSError, ValueError, KeyError, TypeError) as e:
        _log.warning("the shipped pot table %s cannot be used (%s): building it", path, e)
        return PotTables(anymode)
