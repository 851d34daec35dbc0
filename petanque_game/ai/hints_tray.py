"""Hints for Shut the Box and for Ship, Captain and Crew (registered with `ai.hints`).

Each gives the expert's move and its worth in the expert's own measure, as the player reads it:
- Shut the Box: the turn's expected penalty ("Close 9: expected penalty 11.2"). When the expert
  plays for a target instead (the game's last turn, with other totals to beat; or `shut_wins`), the
  chance to meet it ("Close 1 and 2: 33% to win or share"). A roll of one die or two is shown
  with the other choice beside it.
- Ship, Captain and Crew: in a points match the turn's expected score ("Re-roll: expected cargo
  8.0 (stopping: 7)"); in a pot round the exact chance to take the pot, every player after you
  playing their best (`ship_captain_crew_pot`: "Stop with 9: 64% to take the pot (re-roll:
  41%)"); in the points match's last round and tie-breaks the expert's estimate of the chance to
  win the match, said as one ("Re-roll: about 55% to win (stopping: about 30%)"). Rolls before
  the cargo is reached are forced; their hint says what the turn is worth.
"""

from __future__ import annotations

import random
from functools import partial

from petanque_game.ai import ship_captain_crew as ship_ai
from petanque_game.ai import shut_the_box as box_ai
from petanque_game.ai.hints import Hint, percent, registers
from petanque_game.rules import ship_captain_crew as ship_rules
from petanque_game.rules import shut_the_box as box_rules
from petanque_game.rules.base import Close, Roll, Stop

# --- Shut the Box ---------------------------------------------------------------------------------


@registers(box_rules.GAME_ID)
def _shut_the_box(state: box_rules.ShutTheBoxState, board: object = None) -> Hint:
    appraisals = box_ai.appraise(state)
    chosen = box_ai.best(appraisals)
    goal = _box_goal(state, box_ai.target_of(state))
    if goal is None:
        value = chosen.penalty
        worth = f"expected penalty {value:.1f}"
    else:
        value = chosen.chance
        worth = _odds(value, goal)
    text = f"{_box_move(chosen.action)}: {worth}"
    other = [a for a in appraisals if a is not chosen and isinstance(a.action, Roll)]
    if other:  # one die or two: say what the other is worth
        alt = other[0]
        shown = f"{alt.penalty:.1f}" if goal is None else _odds(alt.chance)
        text += f" ({_box_dice(alt.action.count)}: {shown})"
    return Hint(chosen.action, text, value)


def _box_goal(state: box_rules.ShutTheBoxState, target: int | None) -> str | None:
    """What the chance is a chance of, or None when the expert plays for the expected penalty."""
    if target is None:
        return None
    if not box_ai.is_last_turn(state):
        return "to shut the box and win"  # shut_wins
    return "to win or share"


def _box_move(action: Roll | Close) -> str:
    if isinstance(action, Roll):
        return f"Roll {_box_dice(action.count)}"
    boxes = [str(b) for b in sorted(action.boxes)]
    shown = boxes[0] if len(boxes) == 1 else f"{', '.join(boxes[:-1])} and {boxes[-1]}"
    return f"Close {shown}"


def _box_dice(count: int) -> str:
    return "one die" if count == 1 else "two dice"


# --- Ship, Captain and Crew -------------------------------------------------------------------------


@registers(ship_rules.GAME_ID)
def _ship_captain_crew(state: ship_rules.ShipCaptainCrewState, board: object = None) -> Hint:
    action = ship_ai.choose(state, "expert", random.Random(0))  # the expert draws nothing
    terms, values = ship_ai.appraise(state)
    value = values[action]
    goal = {"pot": "to take the pot", "match": "to win"}.get(terms)
    odds = partial(_odds, about="about " if terms == "match" else "")  # match: an estimate
    if not state.qualified:
        worth = f"expected score {value:.1f} this turn" if goal is None else odds(value, goal)
        return Hint(action, f"Roll {action.count} dice: {worth}", value)
    cargo = sum(state.cargo)
    if isinstance(action, Stop):
        if cargo == 12:
            return Hint(action, "Stop with 12: no cargo is better", value)
        alt = max((a for a in values if not isinstance(a, Stop)), key=lambda a: values[a])
        said = _ship_reroll(state, alt).lower()
        if goal is None:
            shown = _cargo(values[alt], float(cargo))
            return Hint(action, f"Stop with {cargo} ({said}: {shown} expected)", value)
        text = f"Stop with {cargo}: {odds(value, goal)} ({said}: {odds(values[alt])})"
        return Hint(action, text, value)
    stop = values[Stop()]
    said = _ship_reroll(state, action)
    if goal is None:
        text = f"{said}: expected cargo {_cargo(value, stop)} (stopping: {cargo})"
        return Hint(action, text, value)
    instead = "stopping loses" if stop <= 0.0 else f"stopping: {odds(stop)}"
    return Hint(action, f"{said}: {odds(value, goal)} ({instead})", value)


def _ship_reroll(state: ship_rules.ShipCaptainCrewState, action: Roll) -> str:
    if action.count == 1:
        return f"Re-roll the {action.reroll[0]}"
    return "Re-roll both" if state.cargo_reroll == "any" else "Re-roll"


def _cargo(value: float, other: float) -> str:
    """An expected cargo to one decimal, or two when one would not tell it from `other`."""
    return f"{value:.2f}" if f"{value:.1f}" == f"{other:.1f}" else f"{value:.1f}"


# --- both -----------------------------------------------------------------------------------------


def _odds(p: float, goal: str = "", about: str = "") -> str:
    """A chance as the hint says it: "33% to win or share", "sure to win", "no chance to win";
    `about` ("about ") goes before an estimated one."""
    tail = f" {goal}" if goal else ""
    if p >= 1.0 - 1e-12:
        return f"sure{tail}" if goal else "sure"
    if p <= 1e-12:
        return f"no chance{tail}"
    return f"{about}{percent(p)}{tail}"
