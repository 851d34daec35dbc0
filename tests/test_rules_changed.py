"""`rules.base.changed`, the rules' quick copy of a frozen state with some fields changed, gives
what `dataclasses.replace` gives, for every game's states as random games reach them; it refuses a
name that is not a field; and no game's state keeps anything but its fields (the copy takes the
state's whole `__dict__`, so a cached value would be carried into a state it is not true of)."""

from __future__ import annotations

import random
from dataclasses import fields, replace

import pytest
from conformance import play_random
from test_conformance import GAMES, _throw

from petanque_game.rules.base import changed


@pytest.mark.parametrize("game", sorted(GAMES))
def test_changed_copies_as_replace_does_and_states_hold_only_their_fields(game):
    spec = GAMES[game]
    rng = random.Random(f"changed-{game}")
    seen = 0

    def check(before, action, after):
        nonlocal seen
        names = [f.name for f in fields(after)]
        assert set(vars(after)) == set(names), "a state holds something besides its fields"
        # change the fields in which `after` differs from `before`, and one that does not
        differ = {n: getattr(after, n) for n in names if getattr(after, n) != getattr(before, n)}
        same = rng.choice(names)
        differ.setdefault(same, getattr(before, same))
        if type(after) is type(before):
            copy = changed(before, **differ)
            assert copy == replace(before, **differ) == after
            assert hash(copy) == hash(after)
            assert copy is not before and type(copy) is type(before)
            seen += 1

    decide = settle = None
    options = None
    if spec.board:
        decide, settle = _throw(spec)
        options = {"rounds": 1}
    play_random(spec, spec.min_players, options, rng, check=check, decide=decide, settle=settle)
    assert seen > 0


def test_changed_refuses_a_name_that_is_not_a_field_and_leaves_the_state_alone():
    spec = GAMES["ship-captain-crew"]
    state = spec.new_game(2, None)
    with pytest.raises(TypeError, match="no field 'nonsense'"):
        changed(state, nonsense=1)
    with pytest.raises(TypeError):
        replace(state, nonsense=1)
    first = fields(state)[0].name
    before = getattr(state, first)
    copy = changed(state, **{first: before})
    assert copy == state and getattr(state, first) == before
