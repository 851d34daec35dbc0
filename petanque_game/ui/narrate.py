"""Saying what just happened, in a player's words, from a step (state before, state after, events).

Pure functions of the step: the window shows their lines under the tray or the table. Nothing here
decides anything; it only reads what the rules did.
"""

from __future__ import annotations

from typing import Any

from petanque_game.record import Seat


def dice_text(values: Any, sep: str = "-") -> str:
    return sep.join(str(v) for v in values)


def possessive(name: str) -> str:
    return "Your" if name.lower() == "you" else f"{name}'s"


def does(name: str, third_person: str, you_form: str) -> str:
    """"Ana keeps the cargo" but "You keep the cargo": the subject and the predicate in its form."""
    return f"{name} {you_form if name.lower() == 'you' else third_person}"


def describe(game: str, step: Any, players: list[Seat]) -> list[str]:
    """One or two lines about `step`. The step comes from the rules (a record's events were
    checked when it was read), so a failure here is a bug, and is let through to be logged."""
    from petanque_game.ui.game_ui import ui_of

    return ui_of(game).teller()(step, [p.name for p in players])


def tell_ten_thousand(step: Any, names: list[str]) -> list[str]:
    b, a = step.before, step.after
    lines = []
    for told in step.told:
        ev = told.decoded
        who = names[ev.player]
        if ev.action == "roll":
            roll = dice_text(ev.outcome.values)
            if a.busted and a.turn_player != b.turn_player or (a.busted and a.phase == "start"):
                lost = f": {b.turn_total} points lost" if b.turn_total else ""
                lines.append(f"{who} rolled {roll}: no scoring dice, BUST{lost}.")
            else:
                lines.append(f"{who} rolled {roll}.")
        elif ev.action == "keep":
            from petanque_game.rules.ten_thousand import keep_score

            pts = keep_score(ev.decision.dice)
            seat = ev.player
            if a.hot_dice:
                if a.hot_dice_banks:
                    lines.append(f"{who} set aside {dice_text(ev.decision.dice)} for {pts}: HOT DICE! "
                                 f"{a.banked[seat] - b.banked[seat]} banked, total "
                                 f"{a.banked[seat]}.")
                else:
                    lines.append(f"{who} set aside {dice_text(ev.decision.dice)} for {pts}: HOT DICE! "
                                 f"Turn total {a.turn_total}.")
            else:
                lines.append(f"{who} set aside {dice_text(ev.decision.dice)} for {pts} "
                             f"(turn total {a.turn_total}).")
        elif ev.action == "bank":
            seat = ev.player
            gained = a.banked[seat] - b.banked[seat]
            lines.append(f"{who} banked {gained}: total {a.banked[seat]}.")
    if a.winner is not None and b.winner is None:
        lines.append(f"{names[a.winner]} reached {a.banked[a.winner]} and wins!")
    return lines


def tell_shut_the_box(step: Any, names: list[str]) -> list[str]:
    b, a = step.before, step.after
    lines = []
    for told in step.told:
        ev = told.decoded
        who = names[ev.player]
        if ev.action == "roll":
            lines.append(f"{who} rolled {dice_text(ev.outcome.values, ' + ')}.")
            if a.turns_done > b.turns_done:
                penalty = a.turn_penalties[ev.player][-1]
                lines.append(f"No box can be closed: the turn ends with {penalty} open "
                             f"(penalty {penalty}).")
        elif ev.action == "close":
            boxes = ev.decision.boxes
            shown = " and ".join(str(x) for x in boxes)
            lines.append(f"{who} closed {'box' if len(boxes) == 1 else 'boxes'} {shown}.")
            if a.turns_done > b.turns_done:
                lines.append(f"{who} SHUT THE BOX! No penalty this turn.")
    return lines


def tell_ship(step: Any, names: list[str]) -> list[str]:
    b, a = step.before, step.after
    lines = []
    for told in step.told:
        ev, facts = told.decoded, told.facts
        who = names[ev.player]
        seat = ev.player
        if ev.action == "roll":
            values = ev.outcome.values
            if b.qualified:
                lines.append(f"{who} re-rolled the cargo: {dice_text(values)}.")
            else:
                new = [role for role in facts.roles if role and role != "cargo"]
                listed = ", ".join(new[:-1]) + (" and " if len(new) > 1 else "") + \
                    (new[-1] if new else "")
                what = f": secured {listed}" if new else ": nothing secured"
                if facts.secured == 3:
                    cargo = facts.cargo
                    what += f"; cargo {cargo[0]} + {cargo[1]} = {sum(cargo)}"
                lines.append(f"{who} rolled {dice_text(values)}{what}.")
        elif ev.action == "stop":
            lines.append(does(who, f"keeps the cargo: {sum(b.cargo)} points.",
                              f"keep the cargo: {sum(b.cargo)} points."))
        ended = a.finished or a.round_number != b.round_number or a.rolloff != b.rolloff or \
            a.turn_index != b.turn_index
        if ended and ev.action in ("roll", "stop"):
            score = _turn_score(b, a, seat)
            if ev.action == "roll":
                lines.append(f"{possessive(who)} turn is over: {score} points." if score else
                             f"{possessive(who)} turn is over: no ship, captain and crew, 0 points.")
    if a.finished or a.round_number != b.round_number or a.rolloff != b.rolloff:
        scores = a.previous_scores
        played = [s for s in range(len(scores)) if scores[s] is not None]
        if played:
            best = max(scores[s] for s in played)
            top = [names[s] for s in played if scores[s] == best]
            if a.mode == "pot":
                if len(top) > 1:
                    lines.append(f"Tie at {best} between {', '.join(top)}: roll-off for the pot!")
                else:
                    lines.append(does(top[0], f"wins the round with {best} and takes the pot.",
                                      f"win the round with {best} and take the pot."))
            else:
                lines.append(f"Round won by {' and '.join(top)} with {best}.")
    return lines[-3:]


def _turn_score(b: Any, a: Any, seat: int) -> int:
    if a.mode == "points":
        return a.totals[seat] - b.totals[seat]
    scores = a.previous_scores if a.round_scores[seat] is None else a.round_scores
    return scores[seat] or 0


def tell_petanque(step: Any, names: list[str]) -> list[str]:
    a = step.after
    lines = []
    for told in step.told:
        ev = told.decoded
        action = ev.action
        if action == "roll":
            lines.append(f"{names[ev.player]} rolled {ev.outcome.values[0]} for who starts.")
            if a.starter is not None and step.before.starter is None:
                lines.append(does(names[a.starter], "starts and throws the diamond.",
                                  "start and throw the diamond."))
        elif action == "throw":
            who = names[ev.player]
            obj, die, _ = ev.decision
            out = ev.outcome  # the table at rest after the throw
            if obj == "diamond":
                lines.append(f"{who} threw the diamond" + (": off the board, -5, laid at the "
                             "centre." if out.diamond.reset else "."))
            else:
                mine = out.die_of(ev.player, die)
                if mine is not None and mine.on_board:
                    lines.append(f"{possessive(who)} die shows {mine.face}, "
                                 f"{mine.distance:.0f} mm from the diamond.")
                elif mine is not None:
                    lines.append(f"{possessive(who)} die fell off the board (-{mine.face}).")
                if out.diamond.reset:
                    lines.append(f"{who} knocked the diamond off: -5.")
                else:
                    lines.extend(_knocks(step.before.table, out, names))
        elif action == "rethrow":
            lines.append(does(names[ev.player], "takes the throw back and throws again.",
                              "take the throw back and throw again."))
        elif action == "round_end":
            number, points, closest_seats = ev.outcome
            closest = ", ".join(names[s] for s in closest_seats) or "nobody"
            scored = ", ".join(f"{names[s]} {p:+d}" for s, p in enumerate(points) if p)
            lines.append(f"Round {number}: closest {closest}. {scored or 'No points.'}")
    return lines


def _knocks(before: Any, out: Any, names: list[str]) -> list[str]:
    """What the thrown die did to the others: the diamond moved, dice knocked off the board."""
    import math

    lines = []
    dm0, dm1 = before.diamond, out.diamond
    if dm0 is not None:
        moved = math.hypot(dm1.x - dm0.x, dm1.y - dm0.y)
        if moved >= 3.0:
            lines.append(f"The diamond was knocked {moved:.0f} mm.")
    was_on = {(d.player, d.die) for d in before.dice if d.on_board}
    for d in out.dice:
        if (d.player, d.die) in was_on and not d.on_board:
            lines.append(f"{possessive(names[d.player])} die was knocked off the board.")
    return lines
