"""AI players for Ship, Captain and Crew (rules/ship_captain_crew.py).

The only real decision is, once qualified with rolls left, whether to accept the cargo (`Stop`)
or re-roll it (both dice, or with `cargo_reroll: any` one of them); every other roll is forced.
Every level re-rolls when stopping would certainly lose the round (pot, points tie-break) or the
match (the points match's last round), since rolling then costs nothing, and stops on a 12.
- easy, a beginner, has one idea of a good cargo: 8 or more. It accepts that and re-rolls anything
  less, whatever the rolls left (so a 7 on the last roll too) and whatever the others have scored
  (a 6 when it already leads the pot, too). With `cargo_reroll: any` it keeps a 6 and re-rolls the
  other die; otherwise it re-rolls both.
- medium, a club player: compares the cargo with a rough value of re-rolling that depends on the
  rolls left (both dice: 7 with one roll left, 8 with two; one die: the kept die + 3.5 / + 4.25),
  and stops when it is last to play and already leads the round. In a pot round with players
  still to play it knows an average cargo seldom takes the pot: it keeps nothing under 9 with two
  rolls left, or under 8 with one.
- expert: exact expectimax over the turn (secured count, cargo, rolls left) maximising the expected
  utility of the turn's final score. In the points mode, outside the last round, the utility is the
  score itself (expected value). In a pot round or roll-off it is the exact chance to take the
  pot, every player after it playing their best and ties rolled off again
  (`ship_captain_crew_pot`, a shipped solution of the round). In a points tie-break round and the
  points match's last round it is an estimate of the chance to win: zero below the best result
  already in, shared with players already tied, and times, for each player still to play, the
  chance that they do not beat it (each of them playing its own best turn to beat it, a tie
  counting half). The turn tables are memoised with functools.cache; the first decision builds
  them in a few ms.
"""

from __future__ import annotations

import random
from functools import cache

from petanque_game.ai import ship_captain_crew_pot as pot
from petanque_game.ai.ship_captain_crew_dice import Utility, roll_table
from petanque_game.rules.base import Roll, Stop
from petanque_game.rules.ship_captain_crew import ShipCaptainCrewState

_EV: Utility = tuple(float(x) for x in range(13))
Choice = str | tuple[str, int]  # "stop", "both" or ("one", the value of the die rolled again)
_EPS = 1e-12


def choose(state: ShipCaptainCrewState, level: str, rng: random.Random) -> Roll | Stop:
    """One of state.legal_actions() for the seat to move, played at `level`."""
    actions = state.legal_actions()
    if not actions:
        raise ValueError("no seat is to move in this state")
    if level not in ("easy", "medium", "expert"):
        raise ValueError(f"unknown level {level!r}; expected easy, medium or expert")
    if len(actions) == 1:
        return actions[0]
    cargo = sum(state.cargo)
    if cargo == 12:
        return Stop()  # the cargo cannot be bettered
    if _stopping_loses(state):
        return _expert(state, must_roll=True) if level == "expert" else Roll(2)
    if level == "easy":
        return _easy(state, actions)
    if level == "medium":
        return _medium(state, actions)
    return _expert(state)


# --- what the situation asks for ----------------------------------------------------------------


def _played(state: ShipCaptainCrewState) -> list[int]:
    """Seats of the current round (or roll-off) that have finished their turn."""
    return list(state.round_players[:state.turn_index])


def _later(state: ShipCaptainCrewState) -> list[int]:
    return list(state.round_players[state.turn_index + 1:])


def _final_round(state: ShipCaptainCrewState) -> bool:
    """Points: the match ends (or goes to a tie-break) after this round whatever happens now."""
    return state.mode == "points" and bool(
        state.tiebreak
        or state.round_number >= state.round_limit
        or (state.target and max(state.totals) >= state.target))


def _scores_played(state: ShipCaptainCrewState) -> list[int]:
    """The scores of this round's (or roll-off's) seats that have finished their turn."""
    return [v for s in _played(state) if (v := state.round_scores[s]) is not None]


def _me(state: ShipCaptainCrewState) -> int:
    """The seat whose turn it is (the AI decides for it)."""
    if state.turn_player is None:
        raise ValueError("no seat is to move in this state")
    return state.turn_player


def _stopping_loses(state: ShipCaptainCrewState) -> bool:
    cargo, me = sum(state.cargo), _me(state)
    if state.mode == "pot":
        return any(score > cargo for score in _scores_played(state))
    if _final_round(state):
        return any(state.totals[s] > state.totals[me] + cargo for s in _played(state))
    return False


# --- easy and medium ------------------------------------------------------------------------------


EASY_GOOD_CARGO = 8
MEDIUM_POT_ASKS = {1: 8, 2: 9}  # rolls left: the least cargo medium keeps with others to play


def _easy(state: ShipCaptainCrewState, actions: list[Roll | Stop]) -> Roll | Stop:
    low, high = state.cargo
    if low + high >= EASY_GOOD_CARGO:
        return Stop()
    keep_six = Roll(1, reroll=(low,))
    return keep_six if high == 6 and keep_six in actions else Roll(2)


def _medium(state: ShipCaptainCrewState, actions: list[Roll | Stop]) -> Roll | Stop:
    cargo, rolls = sum(state.cargo), state.rolls_left
    if not _later(state) and (state.mode == "pot" or _final_round(state)):
        mine = cargo + (state.totals[_me(state)] if state.mode == "points" else 0)
        rivals = [state.totals[s] for s in _played(state)] if state.mode == "points" else \
            _scores_played(state)
        if all(mine > r for r in rivals):
            return Stop()  # last to play and already ahead
    value: dict[Roll | Stop, float] = {Stop(): float(cargo), Roll(2): 7.0 if rolls == 1 else 8.0}
    for action in actions:
        if isinstance(action, Roll) and action.count == 1 and action.reroll is not None:
            kept = sum(state.cargo) - action.reroll[0]
            value[action] = kept + (3.5 if rolls == 1 else 4.25)
    if state.mode == "pot" and _later(state) and cargo < MEDIUM_POT_ASKS[rolls]:
        del value[Stop()]  # others still to beat it: a pot asks for more than an average cargo
    best = max(value.values())
    return next(a for a in actions if value.get(a, -1.0) >= best - _EPS)


# --- expert ---------------------------------------------------------------------------------------


def _expert(state: ShipCaptainCrewState, must_roll: bool = False) -> Roll | Stop:
    anymode = state.cargo_reroll == "any"
    utility = _utility(state)
    options = _option_values(state.cargo, state.rolls_left, utility, anymode)
    best = max(options.values())
    if not must_roll and options["stop"] >= best - _EPS and sum(state.cargo) > 2:
        return Stop()
    best_key = max((k for k in options if k != "stop"), key=lambda k: options[k])
    return _action(best_key)


def _action(key: Choice) -> Roll | Stop:
    if isinstance(key, tuple):
        return Roll(1, reroll=(key[1],))
    return Stop() if key == "stop" else Roll(2)


def appraise(state: ShipCaptainCrewState) -> tuple[str, dict[Roll | Stop, float]]:
    """What each legal action of the seat to move is worth, played on by the expert, and in what
    terms: "points" (the turn's expected score), "pot" (an estimate of the chance to take the
    pot) or "match" (of the chance to win the match: the points match's last round and its
    tie-breaks). The expert's own measure of a turn, as `choose` uses it."""
    anymode = state.cargo_reroll == "any"
    utility = _utility(state)
    terms = "points" if utility is _EV else state.mode if state.mode == "pot" else "match"
    if not state.qualified:
        value = _value_before_roll(state.secured_count, state.rolls_left, utility, anymode)
        return terms, {action: value for action in state.legal_actions()}
    options = _option_values(state.cargo, state.rolls_left, utility, anymode)
    return terms, {_action(key): value for key, value in options.items()}


def _utility(state: ShipCaptainCrewState) -> Utility:
    """Utility of each final turn score (0-12) for the seat to move."""
    anymode = state.cargo_reroll == "any"
    me = _me(state)
    if state.mode == "pot":
        made = _scores_played(state)
        best = max(made, default=-1)
        return pot.tables(anymode).utility(len(_later(state)), best, made.count(best))
    if _final_round(state):
        base, others = state.totals[me], {s: state.totals[s] for s in _played(state)}
        later = {s: state.totals[s] for s in _later(state)}
    else:
        return _EV
    values = []
    for score in range(13):  # an estimate: ties count as shared, later players independent
        mine = base + score
        if any(v > mine for v in others.values()):
            values.append(0.0)
            continue
        p = 1.0 / (1 + sum(v == mine for v in others.values()))
        for start in later.values():
            p *= 1.0 - _beat_chance(mine - start, anymode)
        values.append(p)
    return tuple(values)


@cache
def _beat_chance(need: int, anymode: bool) -> float:
    """A player's best chance, from the start of a turn, to score more than `need` (a tie: half)."""
    if need < 0:
        return 1.0
    if need > 12:
        return 0.0
    utility = tuple(1.0 if x > need else 0.5 if x == need else 0.0 for x in range(13))
    return _value_before_roll(0, 3, utility, anymode)


@cache
def _value_before_roll(secured: int, rolls: int, utility: Utility, anymode: bool) -> float:
    """Expected utility of a turn not yet qualified, about to roll with `rolls` rolls left."""
    total = 0.0
    for k, cargo, p in roll_table(secured):
        if k == 3:
            total += p * _cargo_value(cargo, rolls - 1, utility, anymode)
        elif rolls == 1:
            total += p * utility[0]
        else:
            total += p * _value_before_roll(k, rolls - 1, utility, anymode)
    return total


@cache
def _cargo_value(cargo: tuple[int, int], rolls: int, utility: Utility, anymode: bool) -> float:
    return max(_option_values(cargo, rolls, utility, anymode).values())


def _option_values(cargo: tuple[int, ...], rolls: int, utility: Utility,
                   anymode: bool) -> dict[Choice, float]:
    """Expected utility of each choice with this cargo: "stop", "both", ("one", value)."""
    values: dict[Choice, float] = {"stop": utility[sum(cargo)]}
    if rolls == 0:
        return values
    values["both"] = _reroll_both(rolls, utility, anymode)
    if anymode:
        a, b = cargo
        for rerolled, kept in ((a, b), (b, a)):
            values[("one", rerolled)] = _reroll_one(kept, rolls, utility, anymode)
    return values


@cache
def _reroll_both(rolls: int, utility: Utility, anymode: bool) -> float:
    """Re-rolling both cargo dice with `rolls` left (the same whatever the cargo was)."""
    return sum(_cargo_value(tuple(sorted((x, y))), rolls - 1, utility, anymode)
               for x in range(1, 7) for y in range(1, 7)) / 36


@cache
def _reroll_one(kept: int, rolls: int, utility: Utility, anymode: bool) -> float:
    """Re-rolling one cargo die, keeping a die showing `kept`, with `rolls` left."""
    return sum(_cargo_value(tuple(sorted((kept, x))), rolls - 1, utility, anymode)
               for x in range(1, 7)) / 6
