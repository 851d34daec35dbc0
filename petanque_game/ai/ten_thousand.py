"""AI players for Ten Thousand: which scoring dice to set aside, and when to bank.

- easy, a beginner: sets aside every scoring die of every roll, and banks as soon as the turn
  total reaches its mark (300, 350 or 400, drawn afresh from its own stream at each decision) or
  as soon as two or fewer dice are left; six fresh dice it always rolls. It pays no attention to
  the other scores.
- medium, a club player: weighs the points it sets aside against a rough worth of the dice left
  (from six dice it usually keeps a single 1 or 5 and rolls five), and banks at a turn total that
  depends on the dice left. When an opponent is close to the target (needs 1,000 or less) it
  asks for twice as much before banking, whether or not it is close itself; when an opponent
  needs 500 or less (they go out next turn more often than not) it never banks short of the
  target, and with a few points left to make (50 with two dice, up to 200 with five) it rolls
  to go out rather than bank.
- expert: with two or more players and a target with a shipped table (`ten_thousand_win`), the
  exact two-player play that maximises the chance to win, against the best other score; for
  other targets and solo practice, the expected-points play (`ten_thousand_points`).

Every level banks when banking wins the game and rolls when the turn total is 0 (rolling is
free). Decisions depend only on the state and the AI's own random stream.
"""

from __future__ import annotations

import random

from petanque_game.ai import ten_thousand_points as points
from petanque_game.ai import ten_thousand_win as win
from petanque_game.rules.base import Bank, Keep, Roll
from petanque_game.rules.ten_thousand import DICE, KEEPING, TenThousandState, keep_score

LEVELS = ("easy", "medium", "expert")
EASY_MARKS = (300, 350, 400)
EASY_BANK_WITH = 2  # dice left or fewer: the beginner banks whatever it has
MEDIUM_BANK_AT = {1: 300, 2: 300, 3: 400, 4: 700, 5: 2000, 6: 10000}
MEDIUM_HAND_WORTH = {0: 350, 1: 0, 2: 30, 3: 70, 4: 120, 5: 200, 6: 350}
MEDIUM_LATE = 1000  # an opponent needing at most this: the club player pushes on
MEDIUM_PUSH = 2  # ... asking this many times its usual total before banking
MEDIUM_LAST = 500  # an opponent needing at most this: it never banks short of the target
MEDIUM_GO_OUT = {2: 50, 3: 100, 4: 150, 5: 200}  # needing at most this more with n dice: it rolls


def choose(state: TenThousandState, level: str, rng: random.Random) -> object:
    """One of `state.legal_actions()`: the decision of the seat to move at this level."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; expected one of {', '.join(LEVELS)}")
    actions = state.legal_actions()
    if not actions:
        raise ValueError("no seat is to move in this state")
    if len(actions) == 1:
        return actions[0]
    if level == "expert":
        return expert(state)
    if state.phase == KEEPING:
        keeps = [a.dice for a in actions]
        if level == "easy":
            return Keep(max(keeps, key=lambda k: (len(k), keep_score(k))))
        return Keep(max(keeps, key=lambda k: _medium_keep_worth(state, k)))
    t, n = state.turn_total, state.dice_in_hand
    if t >= state.target - state.banked[state.turn_player]:
        return Bank()  # banking wins at once
    if t == 0:
        return Roll(n)  # nothing at risk
    if level == "easy":
        bank = n < DICE and (n <= EASY_BANK_WITH or t >= rng.choice(EASY_MARKS))
    else:
        bank = _medium_banks(state)
    return Bank() if bank else Roll(n)


def expert(state: TenThousandState) -> object:
    """The expert's decision: to win where a table is shipped, else for points."""
    pos = win.position(state)
    if pos is None:
        return points.choose(state)
    if state.phase == KEEPING:
        return Keep(win.best_keep(pos, state.last_roll))
    return Roll(pos.n) if win.rolls_on(pos) else Bank()


# --- medium -----------------------------------------------------------------------------------


def _medium_keep_worth(state: TenThousandState, keep: tuple[int, ...]) -> tuple[int, int]:
    left = state.dice_in_hand - len(keep)
    worth = keep_score(keep) + MEDIUM_HAND_WORTH[left]
    if left == 0 and not state.hot_dice_banks:
        worth += state.turn_total // 10  # carrying the total on is worth a little more
    return worth, keep_score(keep)


def _medium_banks(state: TenThousandState) -> bool:
    """Whether the club player banks (the total does not reach the target; dice are at risk)."""
    t, n = state.turn_total, state.dice_in_hand
    if state.target - state.banked[state.turn_player] - t <= MEDIUM_GO_OUT.get(n, 0):
        return False  # so little left to make with these dice: it goes out now
    closest = _closest_rival_needs(state)
    if closest <= MEDIUM_LAST:
        return False  # the rival will most likely go out next turn: now or never
    return t >= MEDIUM_BANK_AT[n] * (MEDIUM_PUSH if closest <= MEDIUM_LATE else 1)


def _closest_rival_needs(state: TenThousandState) -> int:
    """What the other seat closest to the target needs (more than the target when alone)."""
    me = state.turn_player
    others = [s for seat, s in enumerate(state.banked) if seat != me]
    return state.target - max(others) if others else state.target + 1
