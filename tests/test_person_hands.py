"""A person's hand at the Terningepetanque table: steady, normal or shaky, named per human seat in
the record's top-level "hands", its wobble drawn by the match after the aim is decided."""

import itertools
import math

import pytest

from petanque_game.match import Match, rebuild
from petanque_game.physics.hand import DEFAULT_PERSON_HAND, PERSON_HANDS, STEADY
from petanque_game.record import RecordError, Seat, parse_record, record_from_json
from petanque_game.rules.petanque_table import HAND_NAMES, Aim

PEOPLE = [Seat("Ana", "human"), Seat("Bo", "human"), Seat("Robot", "ai", "easy")]


def _to_first_throw(match: Match) -> None:
    while match.state.throw_due is None:  # the roll for who starts
        match.decide(match.state.legal_actions()[0])


def _diamond_aim(match: Match) -> Aim:
    from petanque_game.ai.petanque import aim

    return aim(match.level, match.state.num_players, match.state.to_move, (0.0, 0.0),
               obj="diamond")


def test_every_hand_name_has_a_hand_and_each_is_shakier_than_the_last():
    assert tuple(PERSON_HANDS) == HAND_NAMES and DEFAULT_PERSON_HAND == "normal"
    hands = [PERSON_HANDS[name] for name in HAND_NAMES]
    assert not any(h.steady for h in hands), "every person's hand wobbles a little"
    for steadier, shakier in itertools.pairwise(hands):
        assert steadier.direction < shakier.direction and steadier.speed < shakier.speed


def test_a_new_game_records_each_human_seats_hand_and_null_for_the_ai():
    match = Match.new("terningepetanque", PEOPLE, {"rounds": 1}, seed=3,
                      hands=["shaky", None, "steady"])
    assert match.record.extra["hands"] == ["shaky", DEFAULT_PERSON_HAND, None]
    assert [match.hand_name(i) for i in range(3)] == ["shaky", "normal", None]
    again = parse_record(match.record.dumps())
    assert again.extra["hands"] == ["shaky", "normal", None]


def test_an_unknown_hand_is_refused_before_the_game_starts():
    with pytest.raises(ValueError, match="wobbly"):
        Match.new("terningepetanque", PEOPLE, {"rounds": 1}, hands=["wobbly"])


def test_a_human_throw_wobbles_and_replays_from_its_recorded_launch():
    match = Match.new("terningepetanque", PEOPLE[:2], {"rounds": 1}, seed=5)
    _to_first_throw(match)
    aimed = _diamond_aim(match)
    match.decide(match.rules.Throw("diamond", None, aimed))
    launch = next(e for e in match.record.events if e["action"] == "throw")["launch"]
    off = [abs(launch[k] - getattr(aimed, k)) for k in ("direction", "speed", "elevation")]
    assert all(d > 0.0 for d in off), "the normal hand moved every number a little"
    assert off[1] < 5 * PERSON_HANDS["normal"].speed * aimed.speed
    rebuild(match.record)  # the recorded launch re-simulates: verify holds


def test_the_same_seed_and_aim_give_the_same_wobble():
    launches = []
    for _ in range(2):
        match = Match.new("terningepetanque", PEOPLE[:2], {"rounds": 1}, seed=8)
        _to_first_throw(match)
        match.decide(match.rules.Throw("diamond", None, _diamond_aim(match)))
        launches.append(next(e for e in match.record.events if e["action"] == "throw"))
    assert launches[0] == launches[1]


def test_a_record_made_before_hands_throws_exactly_as_aimed():
    match = Match.new("terningepetanque", PEOPLE[:2], {"rounds": 1}, seed=5)
    del match.record.extra["hands"]
    _to_first_throw(match)
    aimed = _diamond_aim(match)
    match.decide(match.rules.Throw("diamond", None, aimed))
    launch = next(e for e in match.record.events if e["action"] == "throw")["launch"]
    assert all(math.isclose(launch[k], getattr(aimed, k), rel_tol=0, abs_tol=0)
               for k in Aim.FIELDS)
    assert STEADY.steady


@pytest.mark.parametrize("hands, words", [
    (["normal"], "one entry per player"),
    ("normal", "one entry per player"),
    (["normal", "wobbly"], r"hands\[1\] must be one of steady, normal, shaky"),
    (["normal", 3], r"hands\[1\] must be one of"),
])
def test_a_record_with_broken_hands_is_refused_in_one_line(hands, words):
    match = Match.new("terningepetanque", PEOPLE[:2], {"rounds": 1}, seed=5)
    data = match.record.to_json()
    data["hands"] = hands
    with pytest.raises(RecordError, match=words):
        record_from_json(data)


def test_an_ai_seat_carries_no_hand_name_in_a_record():
    match = Match.new("terningepetanque", PEOPLE, {"rounds": 1}, seed=5)
    data = match.record.to_json()
    data["hands"] = ["normal", "normal", "steady"]
    with pytest.raises(RecordError, match=r"hands\[2\] must be null"):
        record_from_json(data)
