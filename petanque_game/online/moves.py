"""A decision as it travels between computers, and read back only if the rules allow it now.

The wire form of a decision is its record event (docs/records.md#events) without the chance
outcome, which no one knows yet: `{"action": NAME, "player": SEAT, ...}` with the action's name
from the game's codecs (`GameSpec.codec_for`) and the decision's own fields. A keep, a bank, a
close, a stop or a rethrow is exactly the event the record will hold; a roll is the record's
`roll` without its dice (`count` instead); a Terningepetanque throw carries the aim the thrower
decided (`launch`: the six numbers of `petanque_table.Aim`), the orientation, wobble and tumble
being drawn afterwards; the accepted throw, which the record leaves out, is `accept`.

`read_move` accepts a form only when it is one of the rules' legal actions in the state the game
stands in (`legal_actions`), or, for a throw, the aim at the throw the rules are waiting for, within
the limits the match checks before it draws anything for a throw (`physics.throw.check_aim`): a
throw the match would refuse never gets as far as the reveals of its draw.
"""

from __future__ import annotations

import math
from dataclasses import fields, is_dataclass
from typing import Any

from petanque_game.online.protocol import BadMessage
from petanque_game.rules.events import brief

MAX_AIM = 1e6  # no aim's number is this large: millimetres, seconds and radians of a table


def move_form(match: Any, seat: int, decision: Any) -> dict[str, Any]:
    """The wire form of `seat`'s decision (see the module docstring)."""
    codec = match.spec.codec_for(decision)
    name = getattr(codec, "action", None) if codec is not None else None
    form: dict[str, Any] = {"action": name or type(decision).__name__.lower(), "player": seat}
    for f in fields(decision):
        value = getattr(decision, f.name)
        if value is not None:
            form[f.name] = _plain(value)
    return form


def _plain(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        names = getattr(value, "FIELDS", None) or [f.name for f in fields(value)]
        return {n: getattr(value, n) for n in names if n in {f.name for f in fields(value)}}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def read_move(match: Any, seat: int, form: dict[str, Any]) -> Any:
    """The decision `form` stands for, if `seat` is to move and the rules allow it now;
    BadMessage with the reason otherwise."""
    if match.seat_to_move != seat:
        raise BadMessage(f"seat {seat} is not to move")
    if form.get("player") != seat:
        raise BadMessage(f"the move names player {brief(form.get('player'))}, not seat {seat}")
    if match.spec.board and form.get("action") == "throw":
        return _throw(match, seat, form)
    for action in match.state.legal_actions():
        if move_form(match, seat, action) == form:
            return action
    raise BadMessage(f"{brief(form.get('action'))} is not a legal move here")


def _throw(match: Any, seat: int, form: dict[str, Any]) -> Any:
    from petanque_game.physics import LaunchError
    from petanque_game.physics.throw import check_aim
    from petanque_game.rules.petanque_table import Aim

    unknown = sorted(set(form) - {"action", "player", "obj", "die", "launch"})
    if unknown:
        raise BadMessage(f"a throw has no field {brief(unknown[0])}")
    obj, die, aim = form.get("obj"), form.get("die"), form.get("launch")
    if match.state.throw_due != (obj, die):
        raise BadMessage("that throw is not the one due")
    if not isinstance(aim, dict) or set(aim) != set(Aim.FIELDS):
        raise BadMessage(f"a throw's launch is an aim: {', '.join(Aim.FIELDS)}")
    numbers = [aim[k] for k in Aim.FIELDS]
    if any(isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v)
           or abs(v) > MAX_AIM for v in numbers):
        raise BadMessage("a throw's aim holds a number that is not a finite measure")
    decided = Aim(*(float(v) for v in numbers))
    try:  # the match's own check, made here so no reveal goes out for a throw it would refuse
        check_aim(match.board, match.state.num_players, seat, decided)
    except LaunchError as e:
        raise BadMessage(f"that throw cannot be made ({e.refusal.key})") from None
    return match.rules.Throw(obj, die, decided)


def ai_decision(lock: Any, seat: int) -> Any:
    """The decision of one of this computer's seats (`lock`: its `lockstep.Lockstep`), by its
    AI: an AI seat's level, the level a handed-over seat was given, or this computer's own
    (`--as`)."""
    from petanque_game.ai import choose

    m = lock.match
    assert m is not None
    level = lock.ai_level.get(seat) or m.seat(seat).level or lock.level
    board = m.level if m.spec.board else None
    return choose(m.record.game, m.state, level, m.stream("ai", seat), board)


