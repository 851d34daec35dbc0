"""The hint for Terningepetanque (registered with `ai.hints`): where the expert would aim.

At a throw the hint's action is the expert's `Aim` (the window draws it as an aim; the player may
throw it, or not), found by the expert's own search (`ai.petanque.search`) on the table as it
lies, with the expert's steady hand. Its value is what the search expects the throw to be worth:
the player's expected points of the round less the best other player's, counting the throws
still to come ("Aim short of the diamond: worth +3.2 points this round against your opponent").
For the diamond's throw it is the -5 the diamond may cost when it leaves the board.

The search samples hands from a random stream seeded from the state (the table, the round, the
throw due, the scores), never from the match's streams, so the same state gives the same hint and
asking for one changes nothing. It takes a few hundred milliseconds, as long as the expert's own
decision.

Besides throws: the roll for who starts, and keeping a throw that may be taken back (an AI never
takes one back; the hint says what the throw is worth as it lies).
"""

from __future__ import annotations

import json
import random

from petanque_game.ai.hints import Hint, registers
from petanque_game.rules import terningepetanque as rules
from petanque_game.rules.base import Roll


@registers(rules.GAME_ID)
def _terningepetanque(state: rules.TerningepetanqueState, board: object = None,
                      hand: object = None) -> Hint:
    from petanque_game.ai import petanque as ai  # the physics: imported on the first hint
    from petanque_game.ai.petanque_worth import lead

    if board is None:
        raise ValueError("a Terningepetanque hint needs the board the game is played on")
    if state.phase == rules.Phase.ROLLOFF:
        contenders = len(state.rolloff_contenders)
        return Hint(Roll(1), "Roll a die for who starts: the highest throws the diamond",
                    1.0 / contenders)
    against = "against your opponent" if state.num_players == 2 else \
        "against the best other player"
    if state.phase == rules.Phase.ACCEPT:
        seat = state.to_move
        to_come = tuple(p for p, _, _ in state.throw_order[state.throws_done:])
        value = lead(state.table, seat, state.penalties, to_come)
        return Hint(rules.Accept(), f"Keep the throw: as it lies it is worth {value:+.1f} "
                                    f"points this round {against}", value)
    situation = ai.situation_of(state)
    found = ai.search(board, situation, random.Random(_seed(state)), hand=hand)
    if situation.obj == rules.DIAMOND:
        risk = -found.points / rules.DIAMOND_PENALTY  # the share of sampled throws it left
        said = "it stays on the board" if risk <= 0.0 else \
            f"{100 * risk:.0f}% risk of losing it (-{rules.DIAMOND_PENALTY})"
        return Hint(found.aim, f"{found.label}: {said}", found.points)
    return Hint(found.aim, f"{found.label}: worth {found.points:+.1f} points this round "
                           f"{against}", found.points)


def _seed(state: rules.TerningepetanqueState) -> str:
    """A seed for the hint's own stream: everything about the state the search looks at."""
    return "hint:" + json.dumps([state.round_number, state.throws_done, state.starter,
                                 state.penalties, state.totals, state.table.to_json()],
                                sort_keys=True)
