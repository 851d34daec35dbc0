"""Hints for Shut the Box and for Ship, Captain and Crew (registered with `ai.hints`).

Each gives the expert's move and its worth in the expert's own measure, as keys the window says
in the player's language (`hints.Told`; English here: `words.tell`):
- Shut the Box: the turn's expected penalty ("Close 9: expected penalty 11.2"). When the expert
  plays for a target instead (the game's last turn, with other totals to beat; or `shut_wins`), the
  chance to meet it ("Close 1 and 2: 33% to win or share"). A roll of one die or two is shown
  with the other choice beside it.
- Ship, Captain and Crew: in a points match the turn's expected score ("Re-roll the cargo (7):
  expected cargo 8.0 (stopping: 7)"); in a pot round the exact chance to take the pot, every
  player after you playing their best (`ship_captain_crew_pot`: "Stop with 9: 64% to take the
  pot (re-rolling: 41%)"); in the points match's last round and tie-breaks the expert's estimate
  of the chance to win the match, said as one ("Re-roll the cargo (7): about 55% to win
  (stopping: about 30%)"). Rolls before
  the cargo is reached are forced; their hint says what the turn is worth.
"""

from __future__ import annotations

import random

from petanque_game.ai import ship_captain_crew as ship_ai
from petanque_game.ai import shut_the_box as box_ai
from petanque_game.ai.hints import Hint, Told, registers, told_hint
from petanque_game.rules import ship_captain_crew as ship_rules
from petanque_game.rules import shut_the_box as box_rules
from petanque_game.rules.base import Roll, Stop

# --- Shut the Box ---------------------------------------------------------------------------------


@registers(box_rules.GAME_ID)
def _shut_the_box(state: box_rules.ShutTheBoxState, board: object = None) -> Hint:
    appraisals = box_ai.appraise(state)
    chosen = box_ai.best(appraisals)
    target = box_ai.target_of(state)
    value: float | None
    if target is None:
        worth, value = "penalty", chosen.penalty
    else:
        worth = "share" if box_ai.is_last_turn(state) else "shut"
        value = chosen.chance
        assert value is not None  # appraised for a target: the chance to meet it
    action = chosen.action
    other = [a for a in appraisals if a is not chosen and isinstance(a.action, Roll)]
    alt: dict = {}
    if other:  # one die or two: say what the other is worth
        assert isinstance(other[0].action, Roll)  # `other` holds the rolls only
        alt = {"alt": "box_roll", "alt_count": other[0].action.count,
               "alt_value": other[0].penalty if target is None else other[0].chance}
    if isinstance(action, Roll):
        return told_hint(action, Told("box_roll", count=action.count, worth=worth, value=value,
                                      **alt))
    return told_hint(action, Told("box_close", (("boxes", tuple(sorted(action.boxes))),),
                                  worth=worth, value=value, **alt))


# --- Ship, Captain and Crew -----------------------------------------------------------------------


@registers(ship_rules.GAME_ID)
def _ship_captain_crew(state: ship_rules.ShipCaptainCrewState, board: object = None) -> Hint:
    action = ship_ai.choose(state, "expert", random.Random(0))  # the expert draws nothing
    terms, values = ship_ai.appraise(state)
    value = values[action]
    worth = {"pot": "pot", "match": "win_about"}.get(terms, "")  # the match's: an estimate
    about = "_about" if terms == "match" else ""
    if not state.qualified:
        assert isinstance(action, Roll)  # the ship, captain and crew are not in yet: a roll
        return told_hint(action, Told("ship_roll", count=action.count, worth=worth or "score",
                                      value=value))
    cargo = sum(state.cargo)
    if isinstance(action, Stop):
        if cargo == 12:
            return told_hint(action, Told("ship_stop_best", (("cargo", cargo),), value=value))
        alt = max((a for a in values if not isinstance(a, Stop)), key=lambda a: values[a])
        return told_hint(action, Told("ship_stop", (("cargo", cargo),),
                                      worth=worth or "sure_cargo",
                                      value=value if worth else float(cargo),
                                      alt="ship_reroll" + about, alt_value=values[alt]))
    fields: tuple[tuple[str, int], ...]
    if action.count == 1:
        assert action.reroll is not None  # one die of the cargo rolled again: named
        die = action.reroll[0]
        kept = next(v for v in state.cargo if v != die) if state.cargo.count(die) == 1 else die
        move, fields = "ship_reroll_one", (("die", die), ("kept", kept))
    else:
        move, fields = "ship_reroll", (("cargo", cargo),)
    return told_hint(action, Told(move, fields, worth=worth or "cargo", value=value,
                                  alt="ship_stop" + about,
                                  alt_value=values[Stop()] if worth else float(cargo)))
