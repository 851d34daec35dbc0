"""The match driver and the record: same seed and same decisions give the same game byte for byte;
a played game written, read and rebuilt is the same game; the autosave resumes a game."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from petanque_game.match import Match, rebuild
from petanque_game.record import Seat, load_record, parse_record

OPTION_SETS = {
    "ten-thousand": [{}, {"hot_dice_banks": False, "target": 1500}, {"target": 500}],
    "shut-the-box": [{}, {"closing": "classic", "rounds": 2},
                     {"partial_close": True, "close_all_three": True, "shut_wins": True,
                      "rounds": 3}],
    "ship-captain-crew": [{}, {"mode": "pot", "chips": 3}, {"cargo_reroll": "any", "target": 20},
                          {"mode": "pot", "chips": 2, "ante": 2, "cargo_reroll": "any"},
                          {"target": 0, "rounds": 3}],
}
GAMES = [(game, i) for game, sets in OPTION_SETS.items() for i in range(len(sets))]


def play_randomly(game, options, seed, players, decisions_seed, limit=20_000):
    """A match where every seat picks uniformly among the legal actions."""
    match = Match.new(game, [Seat(f"P{i}", "human") for i in range(players)], options, seed)
    rng = random.Random(decisions_seed)
    for _ in range(limit):
        if match.over:
            break
        match.decide(rng.choice(match.state.legal_actions()))
    return match


PLAYED = given(st.sampled_from(GAMES), st.integers(0, 2**63 - 1), st.integers(0, 2**32),
               st.integers(2, 4))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@PLAYED
def test_a_played_game_round_trips_through_its_record(case, seed, decisions, players):
    """60 random games (the slow twin: 150)."""
    round_trips(case, seed, decisions, players)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@PLAYED
def test_150_played_games_round_trip_through_their_records(case, seed, decisions, players):
    round_trips(case, seed, decisions, players)


def round_trips(case, seed, decisions, players):
    game, i = case
    match = play_randomly(game, OPTION_SETS[game][i], seed, players, decisions)
    assert match.over, "a game played by legal moves ends"
    text = match.record.dumps()
    again = rebuild(parse_record(text))
    assert again.state == match.state
    assert again.record.dumps() == text
    assert json.loads(text)["result"] == {"scores": list(match.state.scores()),
                                          "winners": list(match.state.winners())}


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**63 - 1), st.integers(0, 2**32))
def test_same_seed_and_decisions_give_the_same_game_byte_for_byte(case, seed, decisions):
    game, i = case
    first = play_randomly(game, OPTION_SETS[game][i], seed, 2, decisions)
    second = play_randomly(game, OPTION_SETS[game][i], seed, 2, decisions)
    assert first.record.dumps() == second.record.dumps()


def test_different_seeds_draw_different_dice():
    rolls = {tuple(play_randomly("ten-thousand", {}, seed, 2, 0).record.events[0]["dice"])
             for seed in range(20)}
    assert len(rolls) > 10


def test_an_interrupted_game_resumes_from_its_autosave_and_plays_on_identically(tmp_path):
    players = [Seat("Ana", "ai", "medium"), Seat("Bo", "ai", "expert")]
    whole = Match.new("ten-thousand", players, {"target": 3000}, seed=99)
    whole.play_to_end()

    save = tmp_path / "autosave.json"
    live = Match.new("ten-thousand", players, {"target": 3000}, seed=99, autosave=save)
    for _ in range(25):
        live.play_ai_turn()
    on_disk = load_record(save)  # the game is "killed" here: only the file is left
    assert on_disk.events == live.record.events
    resumed = rebuild(on_disk)
    resumed.play_to_end()
    assert resumed.record.to_json() == whole.record.to_json()


def test_ai_seats_play_every_tray_game_to_the_end():
    for game in OPTION_SETS:
        for level in ("easy", "medium", "expert"):
            match = Match.new(game, [Seat("a", "ai", level), Seat("b", "ai", level)], seed=3)
            match.play_to_end()
            assert match.over and match.record.result["winners"]


def test_a_saved_record_is_an_ordinary_readable_file_and_replaces_the_old_one(tmp_path):
    import os
    import stat

    from petanque_game.record import write_atomic

    path = tmp_path / "game.json"
    write_atomic(path, "first")
    write_atomic(path, "second")
    assert path.read_text(encoding="utf-8") == "second"
    assert os.stat(path).st_mode & stat.S_IRGRP  # with the usual umask 022
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary left behind


def test_a_throw_the_hand_cannot_make_is_refused_and_changes_nothing():
    import pytest

    from petanque_game.rules.base import IllegalAction
    from petanque_game.rules.petanque_table import Aim

    match = Match.new("terningepetanque", [Seat("Ana", "human"), Seat("Bo", "human")],
                      {"rounds": 1}, seed=2)
    while match.state.legal_actions():  # the roll for who starts
        match.decide(match.state.legal_actions()[0])
    before_state, before_events = match.state, list(match.record.events)
    obj, die = match.state.throw_due
    too_fast = Aim(0.0, -400.0, 1.5708, 1e7, 0.5, 0.0)
    with pytest.raises(IllegalAction, match="speed"):
        match.decide(match.rules.Throw(obj, die, too_fast))
    assert match.state == before_state and match.record.events == before_events


def test_a_killed_terningepetanque_game_resumes_from_its_autosave_identically(tmp_path):
    players = [Seat("Ana", "ai", "medium"), Seat("Bo", "ai", "easy"), Seat("Cy", "ai", "expert")]
    options = {"rounds": 2}
    whole = Match.new("terningepetanque", players, options, seed=21, level="round-table")
    whole.play_to_end()

    save = tmp_path / "autosave.json"
    live = Match.new("terningepetanque", players, options, seed=21, level="round-table",
                     autosave=save)
    for _ in range(9):  # the roll for who starts, then throws and accepts into round 1
        live.play_ai_turn()
    on_disk = load_record(save)
    assert on_disk.events == live.record.events
    resumed = rebuild(on_disk, check_physics=False)  # as the window resumes
    resumed.play_to_end()
    assert resumed.record.to_json() == whole.record.to_json()


def test_a_match_refuses_seats_its_record_could_not_hold():
    import pytest

    for players, words in [([Seat("x" * 33, "human"), Seat("b", "human")], "players[0].name"),
                           ([Seat("a", "human"), Seat("", "human")], "players[1].name"),
                           ([Seat("a", "ai", "hard"), Seat("b", "human")], "players[0].level"),
                           ([Seat("a", "human")], "is for 2 to 8 players")]:
        with pytest.raises(ValueError, match=words.replace("[", r"\[").replace("]", r"\]")):
            Match.new("ship-captain-crew", players)
