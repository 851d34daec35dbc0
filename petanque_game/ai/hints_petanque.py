"""The hint for Terningepetanque (registered with `ai.hints`): where the expert would aim.

At a throw the hint's action is the `Aim` the expert's search (`ai.petanque.search`) finds for
the player's own hand (the expert's when none is given), on the table as it lies; "Use hint"
throws exactly that aim. Its value is what that aim is worth when the player's hand throws it
("Aim short of the diamond: worth +3.2 points this round against your opponent"): the expected
**real lead** of the round, that is the points the rules give the player for the round (the
faces of its dice when it is closest or has doubles, less the face of a die of its own that its
own throw sent off the board, and the diamond's -5s) less the most any other player gets, once
every throw of the round is thrown. The throws still to come are played on
(`ai.petanque.appraise`, `petanque_round`): each seat's own hand (`hands`, the window's;
unknown: the medium AI's) aiming as a club player does, an expert AI's seat with what its
search takes beyond that and the player's own later throws with what the hint's aim adds
(`petanque_edge`), so a die likely to be knocked away is worth what it is likely to keep. For
the diamond's throw the value is the -5 it may cost, said as the risk of losing it. The worth is
the mean over WORTH_SAMPLES fresh hands of the chosen aim, spread evenly over the hand's errors
(`petanque_hand_errors`), drawn apart from the hands the search chose with: the search's own
figure for its best candidate is the largest of several noisy estimates, biased upwards, and is
never shown.

Both draw their hands from random streams seeded from the state (the table, the round, the throw
due, the scores), never from the match's streams, so the same state gives the same hint and
asking for one changes nothing. With two players the worth takes about 0.43 s of CPU at the
median, 0.9 s in 1 in 20 (benchmarks/bench_hint_lead.py), the search 0.18 and 0.25 s on a quiet
machine (bench_expert.py); more players leave more throws to play on.

Besides throws: the roll for who starts, and keeping a throw that may be taken back (an AI never
takes one back; the hint says what keeping it is worth, the round played on from the table it
left in the same way, the faces on the board as they show).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from petanque_game.ai.hints import Hint, registers
from petanque_game.rules import terningepetanque as rules
from petanque_game.rules.base import Roll
from petanque_game.rules.petanque_table import Aim
from petanque_game.words import decimal, english_tr

if TYPE_CHECKING:  # the physics is imported on the first hint
    from petanque_game.ai.petanque import Label
    from petanque_game.physics.hand import Hand
    from petanque_game.physics.level import Level

WORTH_SAMPLES = 64  # fresh hands the stated worth is the mean of, each round played on to its end


@registers(rules.GAME_ID)
def _terningepetanque(state: rules.TerningepetanqueState, board: Level | None = None,
                      hand: Hand | None = None, hands: Sequence[Hand] | None = None) -> Hint:
    from petanque_game.ai import petanque as ai  # the physics: imported on the first hint

    if board is None:
        raise ValueError("a Terningepetanque hint needs the board the game is played on")
    if state.phase == rules.Phase.ROLLOFF:
        return _said(Roll(1), 1.0 / len(state.rolloff_contenders), None, state)
    thrower = ai.HANDS["expert"] if hand is None else hand
    if state.phase == rules.Phase.ACCEPT:
        return _said(rules.Accept(), _kept(board, state, thrower, hands), None, state)
    situation = ai.situation_of(state)
    found = ai.search(board, situation, random.Random(seed_of(state)), hand=thrower)
    # the worth said: fresh hands of the chosen aim, never the search's best estimate
    value = ai.appraise(board, situation, found.aim, thrower,
                        random.Random(seed_of(state) + ":worth"), WORTH_SAMPLES, hands=hands)
    return _said(found.aim, value, found.label, state)


def _kept(board: Level, state: rules.TerningepetanqueState, hand: Hand,
          hands: Sequence[Hand] | None) -> float:
    """What keeping the throw just made is worth: the round played on from the table it left,
    as a throw's worth plays it (`ai.petanque.kept_worth`); with no throw to come, the round's
    score as it lies."""
    from petanque_game.ai import petanque as ai
    from petanque_game.ai.petanque_worth import Situation, lead

    seat = state.to_move
    to_come = tuple(p for p, _, _ in state.throw_order[state.throws_done:])
    if not to_come:
        return lead(state.table, seat, state.penalties, to_come)
    assert state.undo is not None  # a throw awaiting its Accept can be taken back
    _, before = state.undo
    _, obj, die = state.throw_order[state.throws_done - 1]
    situation = Situation(state.table, state.num_players, seat, obj, die, before, to_come)
    return ai.kept_worth(board, situation, hand, random.Random(seed_of(state) + ":kept"),
                         hands=hands)


def _said(action: object, value: float, label: Label | None,
          state: rules.TerningepetanqueState) -> Hint:
    """The hint, its `text` in English from the keys the window says it by (`words_of`)."""
    hint = Hint(action, "", value, label)
    owner = getattr(label, "owner", None)
    return replace(hint, english=words_of(hint, state, english_tr,
                                          "" if owner is None else f"player {owner + 1}"))


def words_of(hint: Hint, state: rules.TerningepetanqueState, tr: Callable[..., str],
             who: str) -> str:
    """The hint's aim (its `label`) and worth in the words `tr` gives (the window: the
    player's language, a window's `look.tr`); `who`: the owner of a die it knocks away."""
    if not isinstance(hint.action, Aim):
        return tr("table.hint.keep", points=decimal(hint.value, 1, tr, signed=True)) \
            if state.awaiting_accept else tr("table.hint.roll")
    assert hint.label is not None  # an aim's hint says what it is for (`search`)
    what = tr(f"table.hint.label.{hint.label.key}", name=who)
    assert state.throw_due is not None  # an aim is the hint of a throw due
    obj, _ = state.throw_due
    if obj == rules.DIAMOND:
        risk = max(0.0, -hint.value / rules.DIAMOND_PENALTY)  # the share of throws it left
        worth = tr("table.hint.stays") if risk <= 0.0 else \
            tr("table.hint.risk", percent=f"{100 * risk:.0f}")
    else:
        key = "table.hint.worth_two" if state.num_players == 2 else "table.hint.worth_many"
        worth = tr(key, points=decimal(hint.value, 1, tr, signed=True))
    return f"{what}: {worth}"


def seed_of(state: rules.TerningepetanqueState) -> str:
    """A seed for the hint's own stream: everything about the state the search looks at."""
    return "hint:" + json.dumps([state.round_number, state.throws_done, state.starter,
                                 state.penalties, state.totals, state.table.to_json()],
                                sort_keys=True)
