"""Saying what just happened, in a player's words, from a step (state before, state after, events).

Pure functions of the step: the window shows their lines under the tray or the table. Nothing here
decides anything; it only reads what the rules did.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from petanque_game.record import Seat
from petanque_game.rules.events import Rolled
from petanque_game.rules.petanque_table import DieRest, Table
from petanque_game.rules.ship_captain_crew import ShipCaptainCrewState
from petanque_game.rules.ship_captain_crew_events import Stopped
from petanque_game.rules.shut_the_box_events import Closed
from petanque_game.rules.ten_thousand_events import Banked, Kept
from petanque_game.rules.terningepetanque_events import Rethrown, RoundEnded, Thrown
from petanque_game.ui.look import Look


def dice_text(values: Any, sep: str = "-") -> str:
    return sep.join(str(v) for v in values)


def is_you(look: Look, name: str) -> bool:
    """A player called "you" in the window's language (or in English): told as "you"."""
    low = name.strip().lower()
    return low in ("you", look.tr("narrate.you").lower())


def sent_where(look: Look, game: str, moved: Any, places: Any, names: list[str]) -> list[str]:
    """What a roll of a game of chance sent where, a phrase per place that got anything ("a chip
    to Bo", "two dice to you", "one to the pot"): `places` are (where, seat or None), `moved`
    counts by where, the texts are `narrate.<game>.<where>` (`..._you` for a player called
    you)."""
    parts = []
    for where, seat in places:
        n = moved.count(where)
        name = names[seat] if seat is not None else ""
        if n:
            key = f"narrate.{game}.{where}_you" if name and is_you(look, name) else \
                f"narrate.{game}.{where}"
            parts.append(look.tr_n(key, n, name=name))
    return parts


def possessive(look: Look, name: str) -> str:
    """"Åse's" / "Åses", "Lars's" / "Lars'", "Player 1's" / "Spiller 1's" / "Spiller 1s", or
    "Your" / "Din": English adds 's to every name; Danish and Norwegian add s, an apostrophe
    alone after s, x and z, and Danish 's after a digit."""
    if is_you(look, name):
        return look.tr("narrate.your")
    last = name[-1:].lower()
    key = "narrate.possessive_s" if last in ("s", "x", "z") else \
        "narrate.possessive_digit" if last.isdigit() else "narrate.possessive"
    return look.tr(key, name=name)


def does(look: Look, name: str, third_person: str, you_form: str) -> str:
    """"Ana keeps the cargo" but "You keep the cargo" (for callers that word their own lines;
    new lines use `says` and a text table)."""
    return f"{name} {you_form if is_you(look, name) else third_person}"


def says(look: Look, key: str, who: str, **fields: Any) -> str:
    """The line `key` about `who`, in its "you" form (`key_you`) when the player is "you" and the
    language words it differently ("You keep the cargo", not "You keeps")."""
    if is_you(look, who) and look.has(f"{key}_you"):
        return look.tr(f"{key}_you", who=who, **fields)
    return look.tr(key, who=who, **fields)


def listing(look: Look, items: list[str]) -> str:
    """"a", "a and b", "a, b and c" in the window's language."""
    if len(items) <= 1:
        return "".join(items)
    return look.tr("narrate.and", first=", ".join(items[:-1]), last=items[-1])


def signed(look: Look, value: int) -> str:
    return ("+" if value > 0 else "") + look.number(value)


def describe(look: Look, game: str, step: Any, players: list[Seat]) -> list[str]:
    """One or two lines about `step`, in the language of `look`. The step comes from the rules (a
    record's events were checked when it was read), so a failure here is a bug, and is let
    through to be logged."""
    return teller_of(game)(look, step, [p.name for p in players])


def teller_of(game: str) -> Callable[[Look, Any, list[str]], list[str]]:
    """What tells `game`'s steps: `teller(look, step, names)`, as `describe` tells them (finding it
    costs more than telling a step: a session finds it once, steps.py)."""
    from petanque_game.ui.game_ui import ui_of

    return ui_of(game).teller()


def tell_ten_thousand(look: Look, step: Any, names: list[str]) -> list[str]:
    n = look.number  # (numbers as the language writes them)
    b, a = step.before, step.after
    lines = []
    for made in step.transitions:
        ev = made.event
        who = names[ev.player]
        if isinstance(ev, Rolled):
            roll = dice_text(ev.dice)
            if (a.busted and a.turn_player != b.turn_player) or (a.busted and a.phase == "start"):
                if b.turn_total:
                    lines.append(says(look, "narrate.tt.bust_lost", who, dice=roll,
                                      points=n(b.turn_total)))
                else:
                    lines.append(says(look, "narrate.tt.bust", who, dice=roll))
            else:
                lines.append(says(look, "narrate.tt.rolled", who, dice=roll))
        elif isinstance(ev, Kept):
            from petanque_game.rules.ten_thousand import keep_score

            kept = dict(dice=dice_text(ev.dice), points=n(keep_score(ev.dice)))
            seat = ev.player
            if a.hot_dice and a.hot_dice_banks:
                lines.append(says(look, "narrate.tt.hot_banked", who, **kept,
                                  banked=n(a.banked[seat] - b.banked[seat]),
                                  total=n(a.banked[seat])))
            elif a.hot_dice:
                lines.append(says(look, "narrate.tt.hot", who, **kept, total=n(a.turn_total)))
            else:
                lines.append(says(look, "narrate.tt.kept", who, **kept, total=n(a.turn_total)))
        elif isinstance(ev, Banked):
            seat = ev.player
            lines.append(says(look, "narrate.tt.banked", who,
                              points=n(a.banked[seat] - b.banked[seat]), total=n(a.banked[seat])))
    if a.winner is not None and b.winner is None:
        lines.append(says(look, "narrate.tt.wins", names[a.winner], total=n(a.banked[a.winner])))
    return lines


def tell_shut_the_box(look: Look, step: Any, names: list[str]) -> list[str]:
    n = look.number  # (numbers as the language writes them)
    b, a = step.before, step.after
    lines = []
    for made in step.transitions:
        ev = made.event
        who = names[ev.player]
        if isinstance(ev, Rolled):
            lines.append(says(look, "narrate.stb.rolled", who, dice=dice_text(ev.dice, " + ")))
            if a.turns_done > b.turns_done:
                penalty = a.turn_penalties[ev.player][-1]
                lines.append(says(look, "narrate.stb.stuck", who, penalty=n(penalty)))
        elif isinstance(ev, Closed):
            boxes = [str(x) for x in ev.boxes]
            key = "narrate.stb.closed_one" if len(boxes) == 1 else "narrate.stb.closed_many"
            lines.append(says(look, key, who, boxes=listing(look, boxes)))
            if a.turns_done > b.turns_done:
                lines.append(says(look, "narrate.stb.shut", who))
    return lines


def tell_ship(look: Look, step: Any, names: list[str]) -> list[str]:
    n = look.number  # (numbers as the language writes them)
    b, a = step.before, step.after
    lines = []
    for made in step.transitions:
        ev, facts = made.event, made.facts
        who = names[ev.player]
        seat = ev.player
        if isinstance(ev, Rolled):
            values = ev.dice
            if b.qualified:
                lines.append(says(look, "narrate.ship.reroll", who, dice=dice_text(values)))
            else:
                new = [look.tr(f"narrate.ship.{role}") for role in facts.roles
                       if role and role != "cargo"]
                what = look.tr("narrate.ship.secured", roles=listing(look, new)) if new else \
                    look.tr("narrate.ship.nothing")
                if facts.secured == 3:
                    cargo = facts.cargo
                    what = look.tr("narrate.ship.with_cargo", secured=what, a=cargo[0],
                                   b=cargo[1], sum=sum(cargo))
                lines.append(says(look, "narrate.ship.rolled", who, dice=dice_text(values),
                                  what=what))
        elif isinstance(ev, Stopped):
            lines.append(says(look, "narrate.ship.keeps", who, points=n(sum(b.cargo))))
        ended = a.finished or a.round_number != b.round_number or a.rolloff != b.rolloff or \
            a.turn_index != b.turn_index
        if ended and isinstance(ev, Rolled):
            score = _turn_score(b, a, seat)
            key = "narrate.ship.turn_over" if score else "narrate.ship.turn_zero"
            lines.append(look.tr(key, whose=possessive(look, who), points=n(score)))
    if a.finished or a.round_number != b.round_number or a.rolloff != b.rolloff:
        scores = a.previous_scores
        played = [s for s in range(len(scores)) if scores[s] is not None]
        if played:
            best = max(scores[s] for s in played)
            top = [names[s] for s in played if scores[s] == best]
            if a.mode == "pot":
                if len(top) > 1:
                    lines.append(look.tr("narrate.ship.tie", best=n(best),
                                         names=listing(look, top)))
                else:
                    lines.append(says(look, "narrate.ship.wins_pot", top[0], best=n(best)))
            else:
                lines.append(look.tr("narrate.ship.round_won", names=listing(look, top),
                                     best=n(best)))
    return lines[-3:]


def _turn_score(b: ShipCaptainCrewState, a: ShipCaptainCrewState, seat: int) -> int:
    if a.mode == "points":
        return a.totals[seat] - b.totals[seat]
    scores = a.previous_scores if a.round_scores[seat] is None else a.round_scores
    return scores[seat] or 0


def tell_petanque(look: Look, step: Any, names: list[str]) -> list[str]:
    n = look.number  # (numbers as the language writes them)
    a = step.after
    lines = []
    for made in step.transitions:
        ev = made.event
        if isinstance(ev, Rolled):
            lines.append(says(look, "narrate.pet.start_roll", names[ev.player], face=ev.dice[0]))
            if a.starter is not None and step.before.starter is None:
                rolls = ", ".join(f"{names[seat]} {face}" for seat, face in a.rolloff_passes[-1])
                lines.append(says(look, "narrate.pet.starts", names[a.starter], rolls=rolls))
        elif isinstance(ev, Thrown):
            who = names[ev.player]
            out = ev.table  # the table at rest after the throw
            if ev.obj == "diamond":
                key = "narrate.pet.diamond_off" if reset(out) else "narrate.pet.diamond"
                lines.append(says(look, key, who))
            else:
                mine = out.die_of(ev.player, ev.die) if ev.die is not None else None
                if mine is not None and mine.on_board and mine.distance is not None:
                    lines.append(look.tr("narrate.pet.die_lies", whose=possessive(look, who),
                                         face=mine.face, mm=n(round(mine.distance))))
                elif mine is not None:
                    lines.append(look.tr("narrate.pet.die_off", whose=possessive(look, who),
                                         face=mine.face))
                if reset(out):
                    lines.append(says(look, "narrate.pet.knocked_diamond", who))
                else:
                    lines.extend(_knocks(look, made.before.table, out, names))
        elif isinstance(ev, Rethrown):
            lines.append(says(look, "narrate.pet.rethrow", names[ev.player]))
        elif isinstance(ev, RoundEnded):
            closest = listing(look, [names[s] for s in ev.closest]) or look.tr("narrate.pet.nobody")
            scored = ", ".join(f"{names[s]} {signed(look, p)}" for s,
                               p in enumerate(ev.points) if p)
            lines.append(look.tr("narrate.pet.round_end", number=ev.round, closest=closest,
                                 scored=scored or look.tr("narrate.pet.no_points")))
    return lines


KNOCK_SAID = 3.0  # mm: a die on the board moved less than this (and not turned) is not told of


def reset(table: Table) -> bool:
    """Did the diamond leave the board during the throw that left `table` (and was laid at the
    centre)? (The rules take no throw whose table has no diamond.)"""
    return table.diamond is not None and table.diamond.reset


def knocked_dice(before: Table, out: Table) -> list[tuple[DieRest, DieRest]]:
    """The dice a throw knocked, as (before, after) rests, read from the tables before and after
    it: each die lying on the board before that left it, turned over or moved KNOCK_SAID mm or
    more (the table shows them too: ui/table/knocks.py)."""
    import math

    was = {(d.player, d.die): d for d in before.dice if d.on_board}
    found = []
    for d in out.dice:
        old = was.get((d.player, d.die))
        if old is None:
            continue
        if d.on_board and d.face == old.face and math.hypot(d.x - old.x, d.y - old.y) < KNOCK_SAID:
            continue  # barely touched: nothing to tell
        found.append((old, d))
    return found


def _knocks(look: Look, before: Any, out: Any, names: list[str]) -> list[str]:
    """What the thrown die did to the others, read from the tables before and after the throw:
    the diamond moved, each die knocked off the board, and each die knocked along it (how far,
    the face it showed and shows now, and how far from the diamond it lies)."""
    n = look.number  # (numbers as the language writes them)
    import math

    lines = []
    dm0, dm1 = before.diamond, out.diamond
    if dm0 is not None:
        moved = math.hypot(dm1.x - dm0.x, dm1.y - dm0.y)
        if moved >= 3.0:
            lines.append(look.tr("narrate.pet.diamond_moved", mm=n(round(moved))))
    for old, d in knocked_dice(before, out):
        whose = possessive(look, names[d.player])
        if not d.on_board:
            lines.append(look.tr("narrate.pet.knocked_off", whose=whose))
            continue
        moved = math.hypot(d.x - old.x, d.y - old.y)
        key = "narrate.pet.knocked_turned" if d.face != old.face else "narrate.pet.knocked_moved"
        lines.append(look.tr(key, whose=whose, was=old.face, face=d.face,
                             moved=n(max(1, round(moved))), mm=n(round(d.distance or 0.0))))
    return lines
