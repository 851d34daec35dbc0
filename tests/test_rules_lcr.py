"""LCR (rules/lcr.py): every rule with scripted dice, random games end with every chip still
there, records round-trip through verify and simulate, and its window draws and tells it."""

from __future__ import annotations

import json
import random

import pytest
from conformance import play_random
from hypothesis import given, settings
from hypothesis import strategies as st
from ui_support import speak, spoken

from petanque_game.cli import main
from petanque_game.match import Match, rebuild
from petanque_game.record import Seat, parse_record
from petanque_game.rules import lcr
from petanque_game.rules.base import CHANCE, TERMINAL, Dice, IllegalAction, Roll, Stop
from petanque_game.rules.games import spec_of
from petanque_game.rules.options import OptionError


def roll(state, *values):
    state = state.apply(Roll(len(values)))
    assert state.to_move == CHANCE and state.roller is not None
    return state.apply(Dice(tuple(values)))


def test_everyone_starts_with_three_chips_and_an_empty_pot_seat_0_first():
    s = lcr.new_game(4)
    assert s.chips == (3, 3, 3, 3) and s.pot == 0 and s.to_move == 0
    assert lcr.new_game(3, {"chips": 5}).chips == (5, 5, 5)


def test_three_to_ten_players_and_the_chips_option_is_checked():
    for n in (2, 11):
        with pytest.raises(ValueError):
            lcr.new_game(n)
    lcr.new_game(10)
    with pytest.raises(OptionError):
        lcr.new_game(3, {"chips": 0})


def test_you_roll_one_die_per_chip_at_most_three():
    s = lcr.new_game(3, {"chips": 5})
    assert s.legal_actions() == [Roll(3)]
    s = lcr.LcrState(3, 3, (2, 1, 1))
    assert s.legal_actions() == [Roll(2)]
    with pytest.raises(IllegalAction):
        s.apply(Roll(3))
    with pytest.raises(IllegalAction):
        s.apply(Stop())


def test_4_sends_a_chip_left_5_to_the_pot_6_right_and_the_dots_keep_it():
    s = roll(lcr.new_game(4), 4, 5, 6)  # seat 0: left is seat 1, right is seat 3
    assert s.chips == (0, 4, 3, 4) and s.pot == 1
    s = roll(lcr.new_game(4), 1, 2, 3)
    assert s.chips == (3, 3, 3, 3) and s.pot == 0


def test_the_turn_passes_to_the_left_and_skips_a_player_with_no_chips():
    s = roll(lcr.new_game(3), 1, 1, 1)
    assert s.to_move == 1
    s = lcr.LcrState(3, 3, (3, 0, 2), turn_player=0)
    s = roll(s, 1, 1, 1)
    assert s.to_move == 2  # seat 1 has no chips: it does not roll


def test_a_player_with_no_chips_is_still_in_and_gets_chips_back():
    s = lcr.LcrState(3, 3, (2, 0, 3), turn_player=2)
    s = roll(s, 4, 1, 1)  # seat 2's left is seat 0
    s = lcr.LcrState(3, 3, (2, 0, 3), turn_player=0)
    s = roll(s, 4, 1)  # seat 0's left is seat 1, who had none
    assert s.chips == (1, 1, 3) and s.to_move == 1


def test_the_last_player_with_chips_wins_and_takes_the_pot():
    s = lcr.LcrState(3, 3, (1, 0, 4), pot=4, turn_player=0)
    s = roll(s, 5)
    assert s.is_terminal and s.to_move == TERMINAL
    assert s.winners() == (2,) and s.chips == (0, 0, 9) and s.pot == 0
    assert s.legal_actions() == [] and s.scores() == (0, 0, 9)


def test_the_roll_facts_say_what_went_where_and_who_took_the_pot():
    before = lcr.LcrState(3, 3, (1, 0, 4), pot=4)
    after = roll(before, 5)
    sent = lcr.roll_facts(before, Roll(1), Dice((5,)), after)
    assert sent.sends == (lcr.CENTRE,) and (sent.left, sent.right) == (1, 2)
    assert sent.winner == 2 and sent.pot == 5
    s = lcr.new_game(4)
    sent = lcr.roll_facts(s, Roll(3), Dice((4, 6, 2)), roll(s, 4, 6, 2))
    assert sent.count(lcr.LEFT) == sent.count(lcr.RIGHT) == 1 and sent.winner is None


def test_rounds_count_the_turn_passing_seat_0_again():
    s = lcr.new_game(3)
    for _ in range(3):
        s = roll(s, 1, 1, 1)
    assert s.round_number == 2 and s.turns == 3


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 10), st.integers(1, 10), st.integers(0, 2**32))
def test_random_games_end_with_one_winner_holding_every_chip(players, chips, seed):
    spec = spec_of(lcr.GAME_ID)
    end = play_random(spec, players, {"chips": chips}, random.Random(seed))
    assert end.is_terminal and len(end.winners()) == 1
    assert sum(end.chips) + end.pot == players * chips  # chips are never made or lost
    assert end.chips[end.winners()[0]] == players * chips and end.pot == 0


@given(st.integers(0, 2**32))
@settings(max_examples=30, deadline=None)
def test_chips_are_conserved_after_every_roll(seed):
    rng = random.Random(seed)
    s = lcr.new_game(rng.randint(3, 10))
    total = sum(s.chips)
    while not s.is_terminal:
        s = s.apply(Roll(s.dice_due))
        s = s.apply(Dice(tuple(rng.randint(1, 6) for _ in range(s.dice_to_roll))))
        assert sum(s.chips) + s.pot == total and min(s.chips) >= 0


def test_a_game_records_replays_and_verifies(tmp_path, capsys):
    seats = [Seat(n, "ai", "easy") for n in ("Ana", "Bo", "Cy", "Di")]
    match = Match.new(lcr.GAME_ID, seats, {"chips": 3}, seed=11)
    match.play_to_end()
    text = match.record.dumps()
    again = rebuild(parse_record(text))
    assert again.state == match.state and again.record.dumps() == text
    path = tmp_path / "lcr.json"
    path.write_text(text, encoding="utf-8")
    assert main(["verify", str(path), "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["complete"] and verdict["scores"] == list(match.state.scores())
    data = json.loads(text)
    data["events"][0]["dice"] = [1, 1, 1, 1]  # four dice where three were rolled
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    assert "event 0" in capsys.readouterr().err


def test_simulate_plays_hot_seat_sized_tables(tmp_path, capsys):
    assert main(["simulate", lcr.GAME_ID, "--players", ",".join(["ai:easy"] * 10),
                 "--games", "3", "--record", str(tmp_path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 3 and sum(summary["wins"]) == 3
    assert len(list(tmp_path.glob("lcr-*.json"))) == 3


def test_the_window_rolls_for_a_human_tells_it_and_offers_no_hint():
    from ui_support import open_tray_game, roll_as_the_first_person

    seats = [Seat("Åse", "human"), Seat("Bo", "ai", "easy"), Seat("Cy", "ai", "easy")]
    app, scene, session = open_tray_game(lcr.GAME_ID, seats)
    tags = [b.tag for b in scene.buttons()]
    assert tags == ["roll"]  # no Hint button: the dice decide everything
    refused = []
    scene.refuse = refused.append
    scene.ask_hint()  # the hint key
    assert refused == ["This game has no choice to hint: the dice decide"]
    del scene.refuse
    assert scene.prompt() == "Åse: roll 3 dice"
    line = roll_as_the_first_person(app, session)
    assert session.state.turns >= 1
    assert line.startswith("Åse rolled ") and line.endswith(".")
    app.render_logical()  # the panel, the dice marks and the players' chips draw


def test_the_narration_says_where_the_chips_went_in_each_language():
    from ui_support import told_step

    from petanque_game.ui.tray.lcr import tell

    state = lcr.new_game(3)
    event = {"action": "roll", "player": 0, "dice": [4, 5, 5]}
    step, _ = told_step(lcr.GAME_ID, state, Roll(3), Dice((4, 5, 5)), event)
    speak("en")
    assert tell(spoken(), step, ["Åse", "Bo", "Cy"]) == [
        "Åse rolled 4-5-5: a chip to Bo, 2 chips to the pot."]
    assert tell(spoken(), step, ["You", "Bo", "Cy"])[0].startswith("You rolled")
    speak("nb")
    assert tell(spoken(), step, ["Åse", "Bo", "Cy"]) == ["Åse kastet 4-5-5: en sjetong til Bo, 2 "
                                               "sjetonger i potten."]
    speak("en")
    end = lcr.LcrState(3, 3, (1, 0, 4), pot=4)
    step, _ = told_step(lcr.GAME_ID, end, Roll(1), Dice((5,)), {"action": "roll", "player": 0,
                                                                 "dice": [5]})
    assert tell(spoken(), step, ["Åse", "Bo", "Cy"])[-1] == (
        "Cy has the last chips and takes the pot of 5: 9 chips in all.")
