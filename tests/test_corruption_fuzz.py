"""The same random corruptions of valid records of all four games, fed to `verify`, to the replay's
loader and to the autosave's loader (Resume): each answers in one line naming the file, never with
a traceback, and they agree (a record verify accepts opens; one a loader refuses, verify refuses).
A corrupted roll or orientation is never accepted: it breaks the record (2) or differs from what
the seed draws (1); a record verify accepts holds the seed's draws.

A hang would stop the run: each example runs under an alarm that fails it instead (POSIX only; no
time is asserted). The hangs that blocked forever (a FIFO) are tested in processes of their own in
test_hostile_records.py.
"""

import contextlib
import copy
import json
import shutil
import signal
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from json_places import places
from seed_streams import check_against_seed

from petanque_game import paths
from petanque_game.cli import verify
from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.ui.session import LoadProblem, ReplaySession, resume

JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-10**40, 10**40)
    | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=8)
GAMES = ["ten-thousand", "shut-the-box", "ship-captain-crew", "terningepetanque"]


def played(game, options, levels, seed=5, stop=None):
    seats = [Seat(f"P{i}", "ai", level) for i, level in enumerate(levels)]
    match = Match.new(game, seats, options, seed)
    if stop is None:
        match.play_to_end()
    else:
        for _ in range(stop):
            match.play_ai_turn()
    return match.record.dumps()


@pytest.fixture(scope="module")
def records():
    return {
        "ten-thousand": played("ten-thousand", {"target": 1000}, ["easy", "expert"]),
        "shut-the-box": played("shut-the-box", {}, ["easy", "expert"], stop=6),  # unfinished
        "ship-captain-crew": played("ship-captain-crew", {"mode": "pot", "chips": 2},
                                    ["easy", "expert"]),
        "terningepetanque": played("terningepetanque", {"rounds": 1}, ["easy", "medium"]),
    }


def mutate_json(text, data, how, junk):
    """A change of the JSON value (replace, delete or duplicate one place)."""
    record = json.loads(text)
    path = data.draw(st.sampled_from(list(places(record))))
    if not path:
        return json.dumps(junk).encode()
    parent = record
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "replace":
        parent[last] = copy.deepcopy(junk)
    elif how == "delete":
        del parent[last]
    elif isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    return json.dumps(record, ensure_ascii=data.draw(st.booleans())).encode()


def mutate_bytes(text, data, how):
    """A change of the file's bytes: cut short, a byte changed, bytes put in or taken out."""
    raw = text.encode()
    i = data.draw(st.integers(0, len(raw)))
    if how == "cut":
        return raw[:i]
    if how == "flip":
        return raw[:i] + bytes([data.draw(st.integers(0, 255))]) + raw[i + 1:]
    if how == "insert":
        return raw[:i] + data.draw(st.binary(min_size=1, max_size=8)) + raw[i:]
    return raw[:i] + raw[i + data.draw(st.integers(1, 40)):]


@contextlib.contextmanager
def hang_guard(seconds=120):
    """Fail an example that does not end, instead of hanging the tests (nothing timed)."""
    if sys.platform == "win32":
        yield
        return

    def hung(signum, frame):
        raise AssertionError("no answer: the reader hangs")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def one_line(text, file):
    return text.count("\n") == 0 and str(file) in text and "Traceback" not in text


CORRUPTED = given(st.sampled_from(GAMES), st.data(),
                  st.sampled_from(["replace", "delete", "duplicate", "cut", "flip", "insert",
                                   "remove"]),
                  JUNK)
FIXTURES_KEPT = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                 HealthCheck.data_too_large]


@settings(max_examples=60, deadline=None, suppress_health_check=FIXTURES_KEPT)
@CORRUPTED
def test_verify_the_replay_and_resume_answer_any_corruption_in_one_line(
        home, capsys, records, game, data, how, junk):
    """60 corrupted files (the slow twin: 150)."""
    answer_in_one_line(home, capsys, records, game, data, how, junk)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=FIXTURES_KEPT)
@CORRUPTED
def test_verify_the_replay_and_resume_answer_150_corruptions_in_one_line(
        home, capsys, records, game, data, how, junk):
    answer_in_one_line(home, capsys, records, game, data, how, junk)


def answer_in_one_line(home, capsys, records, game, data, how, junk):
    text = records[game]
    if how in ("replace", "delete", "duplicate"):
        raw = mutate_json(text, data, how, junk)
    else:
        raw = mutate_bytes(text, data, how)
    shutil.rmtree(home, ignore_errors=True)
    folder = paths.autosaves_dir()
    folder.mkdir(parents=True)
    file = folder / f"{game}-20250101-000000-1.json"
    file.write_bytes(raw)
    answers = {}
    with hang_guard():
        code = verify(str(file))
        out, err = capsys.readouterr()
        assert code in (0, 1, 2)
        assert code or "scores:" in out
        assert "internal error" not in err and "Traceback" not in err, err
        if code:
            assert err.startswith(f"{file}: ") and err.count("\n") == 1, err
        for name, load in (("replay", ReplaySession), ("resume", resume)):
            try:
                opened = load(file)
            except LoadProblem as e:
                assert one_line(str(e), file), str(e)
                answers[name] = str(e)
            else:
                answers[name] = None
                if name == "resume":
                    opened.close()
    refused = [name for name, said in answers.items() if said is not None]
    if code == 0:
        assert not refused, answers  # a record verify accepts opens everywhere
        check_against_seed(json.loads(raw))  # and holds the seed's dice: an edited roll is 1 or 2
    if refused:
        assert code != 0, answers
