"""Aces to the Middle (rules/aces.py): every rule with scripted dice, random games end with every
die accounted for, records round-trip through verify and simulate, and its window tells it."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from conformance import play_random
from hypothesis import given, settings
from hypothesis import strategies as st
from ui_support import speak, spoken

from petanque_game.cli import main
from petanque_game.match import Match, rebuild
from petanque_game.record import Seat, parse_record
from petanque_game.rules import aces
from petanque_game.rules.base import CHANCE, TERMINAL, Dice, IllegalAction, Roll, Stop
from petanque_game.rules.games import spec_of
from petanque_game.rules.options import OptionError


def roll(state, *values):
    state = state.apply(Roll(len(values)))
    assert state.to_move == CHANCE and state.roller is not None
    return state.apply(Dice(tuple(values)))


def test_everyone_starts_with_five_dice_seat_0_first():
    s = aces.new_game(4)
    assert s.dice == (5, 5, 5, 5) and s.middle == 0 and s.to_move == 0
    assert aces.new_game(2, {"dice": 3}).dice == (3, 3)


def test_two_to_ten_players_and_the_options_are_checked():
    for n in (1, 11):
        with pytest.raises(ValueError):
            aces.new_game(n)
    with pytest.raises(OptionError):
        aces.new_game(3, {"dice": 7})
    with pytest.raises(OptionError):
        aces.new_game(3, {"last_ace": "draws"})


def test_you_roll_every_die_you_hold():
    s = aces.new_game(3)
    assert s.legal_actions() == [Roll(5)]
    with pytest.raises(IllegalAction):
        s.apply(Roll(4))
    with pytest.raises(IllegalAction):
        s.apply(Stop())


def test_ones_go_to_the_middle_twos_left_fives_right():
    s = roll(aces.new_game(4), 1, 2, 5, 3, 4)  # seat 0: left is seat 1, right is seat 3
    assert s.dice == (2, 6, 5, 6) and s.middle == 1


def test_you_roll_again_while_a_1_2_or_5_shows_and_you_have_dice():
    s = roll(aces.new_game(3), 2, 3, 4, 6, 6)
    assert s.to_move == 0 and s.legal_actions() == [Roll(4)] and s.turns == 0
    s = roll(s, 3, 4, 6, 6)  # nothing moved: the turn passes
    assert s.to_move == 1 and s.turns == 1


def test_the_turn_passes_when_you_lose_your_last_die_and_skips_players_with_none():
    s = aces.AcesState(3, 5, "wins", (1, 0, 3))
    s = roll(s, 1)
    assert s.dice == (0, 0, 3) and s.to_move == 2


def test_a_player_with_no_dice_stays_in_and_gets_dice_back():
    s = aces.AcesState(3, 5, "wins", (2, 0, 3))
    s = roll(s, 2, 3)  # a die to seat 1, who had none
    assert s.dice == (1, 1, 3) and s.to_move == 0  # a 2 showed: roll again
    s = roll(s, 4)
    assert s.to_move == 1


def test_the_last_ace_wins_the_pot():
    s = aces.AcesState(3, 5, "wins", (0, 1, 0), middle=14, turn_player=1)
    assert s.scores() == (0, 0, 0)
    s = roll(s, 1)
    assert s.is_terminal and s.to_move == TERMINAL and s.last_ace == 1
    assert s.winners() == (1,) and s.scores() == (-1, 2, -1)


def test_played_the_other_way_the_last_ace_loses():
    s = aces.AcesState(3, 5, "loses", (0, 2, 0), middle=13, turn_player=1)
    s = roll(s, 1, 1)  # both last dice at once: this roll threw the last ace
    assert s.winners() == (0, 2) and s.scores() == (1, -2, 1)


def test_the_last_die_passed_on_keeps_the_game_going():
    s = aces.AcesState(3, 5, "wins", (0, 1, 0), middle=14, turn_player=1)
    s = roll(s, 2)
    assert not s.is_terminal and s.dice == (0, 0, 1) and s.to_move == 2


def test_chance_outcomes_are_the_counts_of_1s_2s_5s_with_exact_probabilities():
    s = aces.AcesState(2, 5, "wins", (1, 5)).apply(Roll(1))
    outcomes = dict(s.chance_outcomes())
    assert outcomes == {Dice((1,)): Fraction(1, 6), Dice((2,)): Fraction(1, 6),
                        Dice((5,)): Fraction(1, 6), Dice((3,)): Fraction(1, 2)}
    s = aces.AcesState(2, 5, "wins", (12, 5)).apply(Roll(12))
    assert len(s.chance_outcomes()) == 455 and sum(p for _, p in s.chance_outcomes()) == 1


def test_the_roll_facts_say_where_the_dice_went_and_who_rolls_on():
    before = aces.new_game(3)
    after = roll(before, 1, 2, 5, 6, 6)
    moved = aces.roll_facts(before, Roll(5), Dice((1, 2, 5, 6, 6)), after)
    assert moved.count(aces.MIDDLE) == moved.count(aces.LEFT) == moved.count(aces.RIGHT) == 1
    assert moved.again and (moved.left, moved.right) == (1, 2) and moved.last_ace is None


@settings(max_examples=50, deadline=None)
@given(st.integers(2, 10), st.integers(1, 6), st.sampled_from(["wins", "loses"]),
       st.integers(0, 2**32))
def test_random_games_end_with_every_die_in_the_middle_and_the_chips_settled(players, dice,
                                                                               rule, seed):
    spec = spec_of(aces.GAME_ID)
    end = play_random(spec, players, {"dice": dice, "last_ace": rule}, random.Random(seed))
    assert end.is_terminal and end.middle == players * dice and end.in_play == 0
    assert sum(end.scores()) == 0  # what one wins the others pay
    assert len(end.winners()) == (1 if rule == "wins" else players - 1)


@given(st.integers(0, 2**32))
@settings(max_examples=30, deadline=None)
def test_dice_are_conserved_after_every_roll(seed):
    rng = random.Random(seed)
    s = aces.new_game(rng.randint(2, 10))
    total = s.in_play
    while not s.is_terminal:
        s = s.apply(Roll(s.dice[s.turn_player]))
        s = s.apply(Dice(tuple(rng.randint(1, 6) for _ in range(s.dice_to_roll))))
        assert s.in_play + s.middle == total and min(s.dice) >= 0


def test_a_game_records_replays_and_verifies(tmp_path, capsys):
    seats = [Seat(n, "ai", "easy") for n in ("Ana", "Bo", "Cy")]
    match = Match.new(aces.GAME_ID, seats, {"dice": 3}, seed=5)
    match.play_to_end()
    text = match.record.dumps()
    again = rebuild(parse_record(text))
    assert again.state == match.state and again.record.dumps() == text
    path = tmp_path / "aces.json"
    path.write_text(text, encoding="utf-8")
    assert main(["verify", str(path), "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["complete"] and verdict["scores"] == list(match.state.scores())
    data = json.loads(text)
    data["events"][0]["dice"] = [1, 1]  # two dice where three were rolled
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    assert "event 0" in capsys.readouterr().err


def test_simulate_plays_two_to_ten_players(tmp_path, capsys):
    for players in (2, 10):
        assert main(["simulate", aces.GAME_ID, "--players", ",".join(["ai:easy"] * players),
                     "--games", "2", "--json"]) == 0
        summary = json.loads(capsys.readouterr().out)
        assert summary["games"] == 2 and sum(summary["wins"]) == 2


def test_the_narration_tells_where_the_dice_went_and_the_last_ace():
    from ui_support import told_step

    from petanque_game.ui.tray.aces import tell

    speak("en")
    names = ["Åse", "Bo", "Cy"]
    state = aces.new_game(3)
    event = {"action": "roll", "player": 0, "dice": [1, 2, 2, 6, 6]}
    step, _ = told_step(aces.GAME_ID, state, Roll(5), Dice((1, 2, 2, 6, 6)), event)
    assert tell(spoken(), step, names) == [
        "Åse rolled 1-2-2-6-6: a die to the middle, 2 dice to Bo.", "Åse rolls again."]
    speak("da")
    assert tell(spoken(), step, names)[0] == \
        "Åse slog 1-2-2-6-6: en terning til midten, 2 terninger til Bo."
    speak("en")
    end = aces.AcesState(3, 5, "wins", (0, 1, 0), middle=14, turn_player=1)
    step, _ = told_step(aces.GAME_ID, end, Roll(1), Dice((1,)),
                        {"action": "roll", "player": 1, "dice": [1]})
    assert tell(spoken(), step, names) == ["Bo rolled 1: the last ace! Bo wins the pot."]


def test_the_window_rolls_for_a_human_and_offers_no_hint():
    from ui_support import open_tray_game, roll_as_the_first_person

    app, scene, session = open_tray_game(aces.GAME_ID,
                                         [Seat("Åse", "human"), Seat("Bo", "ai", "easy")])
    assert [b.tag for b in scene.buttons()] == ["roll"] and scene.prompt() == "Åse: roll 5 dice"
    assert roll_as_the_first_person(app, session).startswith("Åse rolled ")
    app.render_logical()
