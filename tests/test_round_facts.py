"""A Terningepetanque round's end carries how the rules scored it, seat by seat (rules/
terningepetanque_score.py `round_facts`): the score sheet and the reckoning read those facts and
never work a rule out again; the window asks the match, not the rules, what a kept throw leaves."""

import dataclasses
from types import SimpleNamespace

import pytest
from ui_support import spoken

from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.rules.base import IllegalAction, Roll
from petanque_game.rules.petanque_table import DiamondRest, DieRest, Table
from petanque_game.rules.terningepetanque import RoundEnd, score_round
from petanque_game.rules.terningepetanque_events import RoundEnded
from petanque_game.rules.terningepetanque_score import RoundFacts, SeatScore, round_facts

# seat 0 closest with its 4 (its 6 knocked off by seat 1: that costs nobody); seat 1's 2 went off
# in its own throw (-2) and it knocked the diamond off once (-5)
TABLE = Table(DiamondRest(0.0, 0.0, 0.0, True, False), (
    DieRest(0, 0, 10.0, 0.0, 0.0, 4, True, None, 5.0, 0),
    DieRest(1, 0, 30.0, 0.0, 0.0, 3, True, None, 20.0, 0),
    DieRest(0, 1, 900.0, 0.0, 0.0, 6, False, 1, None, 0),
    DieRest(1, 1, -900.0, 0.0, 0.0, 2, False, 1, None, 0),
))
PENALTIES = (0, -5)


def test_a_round_ends_facts_say_each_seats_part():
    ended = SimpleNamespace(table=TABLE, penalties=PENALTIES)
    points, closest = score_round(TABLE, PENALTIES)
    facts = round_facts(ended, RoundEnd(3, points, closest), None, None)
    assert facts == RoundFacts(3, (SeatScore((4,), True, False, (), 0),
                                   SeatScore((3,), False, False, (2,), -5)))
    assert facts.points == points == (4, -7) and facts.closest == closest == (0,)
    assert [s.diamond_off for s in facts.seats] == [0, 1]
    assert round_facts(ended, "throw", None, None) is None  # only a round's end has them


def test_doubles_score_once_when_closest_too():
    table = dataclasses.replace(TABLE, dice=(
        DieRest(0, 0, 10.0, 0.0, 0.0, 3, True, None, 5.0, 0),
        DieRest(1, 0, 30.0, 0.0, 0.0, 5, True, None, 20.0, 0),
        DieRest(0, 1, 40.0, 0.0, 0.0, 3, True, None, 35.0, 0),
        DieRest(1, 1, 50.0, 0.0, 0.0, 2, True, None, 45.0, 0)))
    facts = round_facts(SimpleNamespace(table=table, penalties=(0, 0)), RoundEnd(1, (6, 0), (0,)),
                        None, None)
    assert facts.seats[0] == SeatScore((3, 3), True, True, (), 0) and facts.seats[0].points == 6
    assert facts.points == score_round(table, (0, 0))[0]


@pytest.fixture(scope="module")
def played() -> Match:
    match = Match.new("terningepetanque", [Seat("Åse", "ai", "easy"), Seat("Bo", "ai", "easy")],
                      {"rounds": 2}, 5)
    match.play_to_end()
    return match


def test_every_round_end_of_a_game_carries_its_facts(played):
    ends = [t for t in played.transitions if isinstance(t.event, RoundEnded)]
    assert len(ends) == 2
    for made in ends:
        assert isinstance(made.facts, RoundFacts)
        assert made.facts.points == made.event.points and made.facts.closest == made.event.closest
    assert all(t.facts is None for t in played.transitions if t not in ends)


def test_the_sheet_and_the_reckoning_read_the_facts_not_the_table(played):
    """Facts that differ from the table (made up here: seat 0 threw doubles and lost a die) are
    what the sheet's row and the reckoning's lines show."""
    from petanque_game.ui.table.reckoning import seat_parts
    from petanque_game.ui.table.round_end import reckoning_of
    from petanque_game.ui.table.sheet import scored_rows

    index, made = next((i, t) for i, t in enumerate(played.transitions)
                       if isinstance(t.event, RoundEnded))
    seats = made.facts.seats
    told = dataclasses.replace(seats[0], faces=(5, 5), closest=False, doubles=True, off=(4,))
    made = dataclasses.replace(made, facts=RoundFacts(made.facts.round, (told, *seats[1:])))
    class Shown:  # the session's face the sheet reads: the events shown, each one's transition
        shown = index + 1

        @staticmethod
        def tell(i: int):
            return made if i == index else played.transitions[i]
    session = Shown()
    row = scored_rows(session)[made.event.round]
    assert 0 in row.doubles and row.lost[0] == told.penalty - 4
    lines = [text for text, _ in seat_parts(spoken(), reckoning_of(made, None), 0)]
    assert lines[0] == spoken().tr("table.reckoning.doubles", faces="5 + 5")
    assert spoken().tr("table.reckoning.die_off", points="-4") in lines


def test_the_match_says_what_a_kept_throw_leaves_without_making_it():
    match = Match.new("terningepetanque", [Seat("Åse", "human"), Seat("Bo", "human")],
                      {"rounds": 1}, 3)
    from petanque_game.ui.table.aim import aim_at

    while match.state.starter is None:
        match.decide(Roll(1))  # the roll for who starts
    seat = match.state.to_move
    obj, die = match.state.throw_due
    match.decide(match.rules.Throw(obj, die, aim_at(match.board, match.state.num_players, seat,
                                                    (0.0, 0.0), 45.0, obj)))
    assert match.state.awaiting_accept
    before, events = match.state, len(match.record.events)
    kept = match.would(match.rules.Accept())
    assert kept == before.apply(match.rules.Accept()) and not kept.awaiting_accept
    assert match.state is before and len(match.record.events) == events  # nothing made
    with pytest.raises(IllegalAction):
        match.would(Roll(1))
