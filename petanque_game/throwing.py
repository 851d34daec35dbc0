"""Terningepetanque's chance in the match, its chance hook `THROWS` (`chance_hook.py`): a decided
aim leaves the thrower's hand (`release`) and the physics settles it (`simulate`); a recorded
throw is checked by `fold.recorded_throw`. Its roll for who starts is a roll like the tray games'.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from petanque_game.chance_hook import DICE
from petanque_game.fold import recorded_throw
from petanque_game.record import Seat
from petanque_game.rules.base import IllegalAction


@dataclass(frozen=True)
class ThrowShown:
    """What the window needs to play back the last throw: the physics' path and its result."""

    player: int
    obj: str
    path: Any  # None when the match keeps no paths (`Match.paths`)
    table: Any


def release(match: Any, seat: int, decided: Any) -> Any:
    """The throw as it leaves the seat's hand: the decided aim with the hand's wobble, the die's
    orientation and the tumble of the dice it knocks (a game of physics version 3 on), all drawn
    here, after the decision, from the match's own streams (`physics.hand`), with the draw's
    fresh contributions when the game takes them (`Match.drawing`). A player decides an Aim
    only; a full Launch is not a decision. `match` is a `match.Match`."""
    from petanque_game.ai import hand_of
    from petanque_game.fold import holds_tumbles
    from petanque_game.physics import LaunchError
    from petanque_game.physics.hand import PERSON_HANDS, STEADY
    from petanque_game.physics.hand import release as leave_hand
    from petanque_game.physics.throw import check_aim
    from petanque_game.rules.petanque_table import Aim, Launch

    aim = decided.launch
    if isinstance(aim, Launch) or not isinstance(aim, Aim):
        raise IllegalAction("petanque.aim_only")
    if match.state.throw_due != (decided.obj, decided.die):
        return decided  # the rules refuse it, with their own reason
    level, hand_name = match.record.players[seat].level, match.hand_name(seat)
    if level is not None:  # an AI seat: its level's hand
        hand = hand_of(level)
    else:
        hand = STEADY if hand_name is None else PERSON_HANDS.get(hand_name, STEADY)
    num_players = match.state.num_players
    try:
        check_aim(match.board, num_players, seat, aim)  # before anything is drawn for it
        with match.drawing():
            tumble_rng = match.stream("tumble") if holds_tumbles(match.record) else None
            launch = leave_hand(match.board, num_players, seat, decided.obj, aim, hand,
                                match.stream("hand"), match.stream("wobble", seat), tumble_rng)
    except LaunchError as e:  # a throw the hand cannot make: refused like any illegal move
        raise IllegalAction(e.refusal) from None
    return match.rules.Throw(decided.obj, decided.die, launch)


def simulate(match: Any, state: Any) -> tuple[Any, Any]:
    """The throw in the air simulated: (the state after its Settle, the Settle); the match's
    `last_throw` shows it."""
    from petanque_game.physics import LaunchError, simulate_throw

    player, obj, die, launch, table = state.pending_throw
    try:
        result = simulate_throw(match.board, table, state.num_players, player, obj, die,
                                launch, record_path=match.paths)
    except LaunchError as e:  # a throw the hand cannot make: refused like any illegal move
        raise IllegalAction(e.refusal) from None
    match.last_throw = ThrowShown(player, obj, result.path, result.table)
    settle = match.rules.Settle(result.table)
    return state.apply(settle), settle


class ThrowChance:
    """Terningepetanque's chance hook: a throw's hand and its flight; the roll for who starts as
    the dice games roll."""

    def draws(self, match: Any, action: Any) -> bool:
        if isinstance(action, match.rules.Throw):
            return bool(match.state.throw_due == (action.obj, action.die))
        return DICE.draws(match, action)

    def release(self, match: Any, seat: int, decision: Any) -> Any:
        if isinstance(decision, match.rules.Throw):
            return release(match, seat, decision)
        return decision

    def resolve(self, match: Any, decision: Any, state: Any) -> tuple[Any, Any]:
        if isinstance(decision, match.rules.Throw):
            return simulate(match, state)
        return DICE.resolve(match, decision, state)

    def check(self, match: Any, decision: Any, state: Any, recorded: Any, index: int,
              check_physics: bool) -> Any:
        if isinstance(decision, match.rules.Throw):
            return recorded_throw(match, state, recorded.outcome, index, check_physics)
        return DICE.check(match, decision, state, recorded, index, check_physics)


THROWS = ThrowChance()


def person_hands(players: list[Seat], hands: list[str | None] | None) -> list[str | None]:
    """The record's top-level `hands`: each human seat's hand (the default where none is
    given), null for an AI seat; ValueError for a name that is not a hand."""
    from petanque_game.physics.hand import DEFAULT_PERSON_HAND, PERSON_HANDS

    chosen = list(hands or [])
    out: list[str | None] = []
    for i, seat in enumerate(players):
        name = chosen[i] if i < len(chosen) else None
        if seat.kind != "human":
            out.append(None)
        elif name is None:
            out.append(DEFAULT_PERSON_HAND)
        elif name in PERSON_HANDS:
            out.append(name)
        else:
            raise ValueError(f"hand {name!r} for seat {i}: expected one of "
                             f"{', '.join(PERSON_HANDS)}")
    return out
