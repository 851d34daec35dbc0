"""Rule options: defaults, ranges and the words of a refusal (docs/rules.md: an unknown option or a
value out of range is refused with a message that names it)."""

import pytest

from petanque_game.rules.games import game_ids, spec_of
from petanque_game.rules.options import Option, OptionError, boolean, resolve

SPECS = {
    "rounds": Option("rounds", 1, low=1, high=99),
    "target": Option("target", 10000, low=500, high=100000, step=50),
    "closing": Option("closing", "seed", choices=("seed", "classic")),
    "shut_wins": boolean("shut_wins", False),
}


def test_left_out_options_take_their_defaults():
    assert dict(resolve(SPECS, {})) == {"rounds": 1, "target": 10000, "closing": "seed",
                                        "shut_wins": False}


def test_given_options_are_kept():
    got = resolve(SPECS, {"rounds": 5, "closing": "classic", "shut_wins": True})
    assert (got["rounds"], got["closing"], got["shut_wins"]) == (5, "classic", True)


def test_resolved_options_are_read_only():
    with pytest.raises(TypeError):
        resolve(SPECS, {})["rounds"] = 3


@pytest.mark.parametrize("given, words", [
    ({"round": 3}, "unknown option 'round'"),
    ({"rounds": 0}, "'rounds' is 0; expected 1 to 99"),
    ({"rounds": 100}, "'rounds' is 100"),
    ({"rounds": 2.0}, "'rounds' is 2.0; expected a whole number"),
    ({"rounds": True}, "'rounds' is true; expected a whole number"),
    ({"target": 1025}, "a multiple of 50"),
    ({"closing": "fast"}, "'closing' is 'fast'; expected one of 'seed', 'classic'"),
    ({"shut_wins": 1}, "'shut_wins' is 1; expected one of false, true"),
    ({"shut_wins": "yes"}, "'shut_wins' is 'yes'"),
])
def test_bad_options_are_refused_naming_the_option(given, words):
    with pytest.raises(OptionError, match=words.replace("(", r"\(").replace(")", r"\)")):
        resolve(SPECS, given)


def test_options_must_be_a_mapping():
    with pytest.raises(OptionError, match="mapping"):
        resolve(SPECS, [1, 2])


@pytest.mark.parametrize("game", game_ids())
def test_every_game_declares_defaults_within_their_own_ranges(game):
    specs = spec_of(game).rules.OPTIONS
    assert dict(resolve(specs, {})) == {name: spec.default for name, spec in specs.items()}


@pytest.mark.parametrize("game", game_ids())
def test_every_game_refuses_an_unknown_option_by_name(game):
    rules = spec_of(game).rules
    with pytest.raises(OptionError, match="no_such_option"):
        rules.new_game(rules.MIN_PLAYERS if rules.MIN_PLAYERS > 1 else 2, {"no_such_option": 1})
