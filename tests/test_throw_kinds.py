"""A Terningepetanque throw as decided and as released (issue 31, item 5): a player, the AI
included, decides an `Aim`; the match releases it into the `Launch` the hand made of it, and only
a released throw is applied by the rules or recorded."""

import pytest

from petanque_game.ai.petanque import choose
from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.rules.petanque_table import Aim, Launch, Table
from petanque_game.rules.terningepetanque_events import Settle, Throw, Thrown

AIM = Aim(0.0, -400.0, 1.5707963267948966, 900.0, 0.5, 0.0)


def test_a_throw_is_recorded_only_once_released():
    with pytest.raises(ValueError, match="once released"):
        Thrown.of(0, Throw("diamond", None, AIM), Settle(Table()))
    launch = AIM.launched(0, 0)
    assert Thrown.of(0, Throw("diamond", None, launch), Settle(Table())).launch is launch


def test_the_ai_decides_an_aim_and_the_match_records_its_launch():
    match = Match.new("terningepetanque", [Seat("A", "ai", "easy"), Seat("B", "ai", "medium")],
                      {"rounds": 1}, seed=3, level="classic")
    thrown = 0
    while thrown < 3:
        decided = match.ai_decision()
        if isinstance(decided, Throw):
            assert type(decided.launch) is Aim  # no chance of the hand in a decision
            assert decided == choose(match.state, match.record.players[
                match.seat_to_move].level, match.stream("ai", match.seat_to_move), match.level)
            thrown += 1
        made = match.decide(decided)
        for t in made:
            if isinstance(t.event, Thrown):
                assert isinstance(t.event.launch, Launch)
