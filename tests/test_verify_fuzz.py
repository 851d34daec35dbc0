"""`verify` on records broken at random places: it always answers 0, 1 or 2, with one line on
standard error naming the file, and never falls back on its internal-error message (which would
mean a check of ours is missing)."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from json_places import places
from seed_streams import check_against_seed

from petanque_game.cli import verify
from petanque_game.match import Match
from petanque_game.record import Seat

JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=8)


def played(game, options, players, seed=5):
    seats = [Seat(f"P{i}", "ai", level) for i, level in enumerate(players)]
    match = Match.new(game, seats, options, seed)
    match.play_to_end()
    return json.loads(match.record.dumps())


@pytest.fixture(scope="module")
def records():
    return {
        "ten-thousand": played("ten-thousand", {"target": 1000}, ["easy", "expert"]),
        "shut-the-box": played("shut-the-box", {}, ["easy", "expert"]),
        "ship-captain-crew": played("ship-captain-crew", {"target": 15, "cargo_reroll": "any"},
                                    ["easy", "expert"]),
        "terningepetanque": played("terningepetanque", {"rounds": 1}, ["easy", "medium"]),
    }


def mutate(record, path, how, junk):
    record = copy.deepcopy(record)
    if not path:
        return junk
    parent = record
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "replace":
        parent[last] = junk
    elif how == "delete":
        del parent[last]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    return record


BROKEN = given(st.sampled_from(["ten-thousand", "shut-the-box", "ship-captain-crew",
                               "terningepetanque"]),
               st.data(), st.sampled_from(["replace", "delete", "duplicate"]), JUNK)
FIXTURES_KEPT = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


@settings(max_examples=150, deadline=None, suppress_health_check=FIXTURES_KEPT)
@BROKEN
def test_any_broken_record_gets_a_clear_answer(tmp_path_factory, capsys, records, game, data,
                                               how, junk):
    """150 broken records (the slow twin: 400)."""
    broken_record_gets_a_clear_answer(tmp_path_factory, capsys, records, game, data, how, junk)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=FIXTURES_KEPT)
@BROKEN
def test_any_of_400_broken_records_gets_a_clear_answer(tmp_path_factory, capsys, records, game,
                                                       data, how, junk):
    broken_record_gets_a_clear_answer(tmp_path_factory, capsys, records, game, data, how, junk)


def broken_record_gets_a_clear_answer(tmp_path_factory, capsys, records, game, data, how, junk):
    record = records[game]
    path = data.draw(st.sampled_from(list(places(record))))
    broken = mutate(record, path, how, junk)
    file = tmp_path_factory.mktemp("fuzz") / "r.json"
    file.write_text(json.dumps(broken), encoding="utf-8")
    code = verify(str(file))
    out, err = capsys.readouterr()
    assert code in (0, 1, 2)
    assert "internal error" not in err, err
    if code:
        assert err.startswith(f"{file}: ") and err.count("\n") == 1, err
    else:
        assert "scores:" in out
        check_against_seed(broken)  # an accepted record holds its seed's dice and orientations
