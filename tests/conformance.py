"""One random-play driver for every game's rules (in the manner of OpenSpiel's random simulation
test), used by tests/test_conformance.py for every registered game and by each game's own
property tests, which add their game's invariants through `check`.

At every step of a random legal game it checks what every game must keep: the state answers the
`State` protocol; a seat to move has legal actions (distinct), and no chance outcomes; a chance
node lists outcomes whose exact probabilities sum to one (or, for a continuous chance such as a
throw's settling, none, and the caller's `settle` supplies the outcome); `apply` never changes
the state it is called on (checked on a deep copy, at the first steps of a game and then every
so often, through pickle: as deep a copy as copy.deepcopy's, made twice as fast); the game
ends within `max_steps`; at the end nobody is to move, the scores are one per seat and there are
winners among the seats.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from petanque_game.rules.base import CHANCE, ENGINE, TERMINAL, Dice, State
from petanque_game.rules.games import GameSpec

Check = Callable[[Any, Any, Any], None]  # (state before, action, state after)
WATCHED, WATCH_EVERY = 60, 25  # steps whose state is copied to check apply changed nothing
_SUMS: dict[Any, Fraction] = {}  # (state type, dice rolled): the sum of its chance outcomes


def play_random(spec: GameSpec, num_players: int, options: dict | None, rng: random.Random, *,
                check: Check | None = None, max_steps: int = 50_000,
                decide: Callable[[Any, random.Random], Any] | None = None,
                settle: Callable[[Any, random.Random], Any] | None = None) -> Any:
    """A random legal game from the start to its end; returns the final state. `decide` makes a
    decision that `legal_actions` cannot list (a throw's launch), `settle` draws a continuous
    chance outcome (a throw's table); both are needed only by the games that have them."""
    state = spec.new_game(num_players, options)
    sums, kinds = _SUMS, set()
    for step in range(max_steps):
        if state.is_terminal:
            break
        watched = step < WATCHED or step % WATCH_EVERY == 0  # deep copies are dear: sample
        if watched:
            if type(state) not in kinds:  # the protocol's check, once for each kind of state
                assert isinstance(state, State), f"{spec.id}: the state lacks part of the protocol"
                kinds.add(type(state))
            before, fingerprint = pickle.loads(pickle.dumps(state, -1)), hash(state)
        to_move = state.to_move
        if to_move == CHANCE:
            assert state.legal_actions() == [], "a chance node offers no decisions"
            assert state.roller is not None and 0 <= state.roller < num_players
            count = state.dice_to_roll
            key = (type(state).__name__, count)
            if key not in sums or not count:  # a roll of n dice lists the same outcomes each time
                outcomes = state.chance_outcomes()
                sums[key] = sum(p for _, p in outcomes)
                if outcomes:
                    assert sums[key] == 1, f"chance probabilities sum to {sums[key]}"
                if count:
                    assert all(isinstance(o, Dice) and len(o.values) == count
                               for o, _ in outcomes)
            if count:  # fair dice, drawn as the match draws them
                action = Dice(tuple(rng.randint(1, 6) for _ in range(count)))
            elif sums[key]:
                outcomes = state.chance_outcomes()
                action = rng.choices([o for o, _ in outcomes],
                                     weights=[float(p) for _, p in outcomes])[0]
            else:
                assert settle is not None, f"{spec.id}: a continuous chance node needs `settle`"
                action = settle(state, rng)
        elif to_move == ENGINE:
            action = state.engine_action()
        else:
            assert 0 <= to_move < num_players
            assert state.chance_outcomes() == []
            actions = state.legal_actions()
            assert len(set(actions)) == len(actions), "legal actions are listed once each"
            if actions:
                action = rng.choice(actions)
            else:
                assert decide is not None, f"{spec.id}: a seat to move must have actions"
                action = decide(state, rng)
        after = state.apply(action)
        if watched:
            assert state == before and hash(state) == fingerprint, "apply changed the state"
        if check is not None:
            check(state, action, after)
        state = after
    else:
        raise AssertionError(f"{spec.id}: the game did not end within {max_steps} steps")
    assert state.to_move == TERMINAL and state.legal_actions() == []
    assert len(state.scores()) == num_players
    winners = state.winners()
    assert winners and all(0 <= s < num_players for s in winners)
    assert list(winners) == sorted(set(winners))
    return state
