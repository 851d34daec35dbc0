"""Evens against Odds (rules/even_odd.py): every rule with scripted dice, random games end with
every chip still there, records round-trip through verify and simulate, and its window tells it."""

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
from petanque_game.rules import even_odd as eo
from petanque_game.rules.base import CHANCE, TERMINAL, Dice, IllegalAction, Roll, Stop
from petanque_game.rules.games import spec_of
from petanque_game.rules.options import OptionError


def roll(state, *values):
    state = state.apply(Roll(6))
    assert state.to_move == CHANCE and state.roller is not None
    return state.apply(Dice(tuple(values)))


def test_everyone_starts_with_ten_chips_seat_0_rolls_six_dice():
    s = eo.new_game(3)
    assert s.chips == (10, 10, 10) and s.to_move == 0 and s.legal_actions() == [Roll(6)]
    assert eo.new_game(2, {"chips": 20, "rounds": 0}).options == {"chips": 20, "rounds": 0}


def test_two_to_ten_players_and_the_options_are_checked():
    for n in (1, 11):
        with pytest.raises(ValueError):
            eo.new_game(n)
    with pytest.raises(OptionError):
        eo.new_game(3, {"chips": 0})
    with pytest.raises(IllegalAction):
        eo.new_game(3).apply(Roll(5))
    with pytest.raises(IllegalAction):
        eo.new_game(3).apply(Stop())


@pytest.mark.parametrize("values, won", [((2, 4, 6, 2, 4, 6), 6), ((2, 4, 6, 2, 4, 1), 4),
                                         ((2, 4, 6, 2, 1, 3), 2), ((2, 4, 6, 1, 3, 5), 0),
                                         ((2, 4, 1, 3, 5, 1), -2), ((1, 3, 5, 1, 3, 5), -6)])
def test_the_roller_plays_the_evens_against_the_left_neighbour_for_the_difference(values, won):
    s = roll(eo.new_game(3), *values)
    assert s.chips == (10 + won, 10 - won, 10) and s.to_move == 1


def test_you_pay_at_most_what_you_have_and_with_none_you_are_out():
    s = eo.EvenOddState(3, 10, 10, (1, 10, 19))
    s = roll(s, 1, 3, 5, 1, 3, 5)  # owes 6, has 1
    assert s.chips == (0, 11, 19) and s.to_move == 1
    s = roll(s, 1, 1, 1, 1, 1, 2)  # seat 1 against seat 2
    s = roll(s, 2, 2, 2, 2, 2, 2)  # seat 2 against seat 1: seat 0 is out, never rolls again
    assert s.to_move == 1 and s.chips[0] == 0


def test_the_odds_are_played_by_the_next_player_with_chips():
    s = eo.EvenOddState(3, 10, 10, (10, 0, 20))
    assert s.opponent == 2
    s = roll(s, 2, 2, 2, 2, 2, 2)
    assert s.chips == (16, 0, 14) and s.to_move == 2


def test_the_game_ends_after_the_rounds_and_the_most_chips_win():
    s = eo.new_game(2, {"rounds": 1})
    s = roll(s, 2, 4, 6, 2, 1, 3)
    s = roll(s, 1, 3, 5, 1, 3, 5)
    assert s.is_terminal and s.to_move == TERMINAL and s.round_number == 1
    assert s.chips == (18, 2) and s.winners() == (0,)  # seat 1 rolled no evens: it pays 6
    tied = roll(roll(eo.new_game(2, {"rounds": 1}), 2, 4, 6, 1, 3, 5), 2, 4, 6, 1, 3, 5)
    assert tied.winners() == (0, 1)


def test_the_game_ends_when_one_player_holds_every_chip():
    s = eo.EvenOddState(2, 10, 0, (4, 16))
    s = roll(s, 2, 2, 2, 2, 2, 2)  # seat 0 wins 6 of seat 1's 16
    s = eo.EvenOddState(2, 10, 0, (2, 18))
    s = roll(s, 1, 1, 1, 1, 1, 1)
    assert s.is_terminal and s.chips == (0, 20) and s.winners() == (1,)


def test_chance_outcomes_are_the_counts_of_even_dice_with_exact_probabilities():
    outcomes = dict(eo.new_game(2).apply(Roll(6)).chance_outcomes())
    assert len(outcomes) == 7 and sum(outcomes.values()) == 1
    assert outcomes[Dice((2, 2, 2, 1, 1, 1))] == Fraction(20, 64)


def test_the_roll_facts_say_who_paid_whom_and_who_went_out():
    before = eo.EvenOddState(3, 10, 10, (10, 4, 10))
    after = roll(before, 2, 2, 2, 2, 2, 2)
    settled = eo.roll_facts(before, Roll(6), Dice((2,) * 6), after)
    assert (settled.evens, settled.odds, settled.roller, settled.opponent) == (6, 0, 0, 1)
    assert settled.won == 4 and settled.out == (1,)


@settings(max_examples=50, deadline=None)
@given(st.integers(2, 10), st.integers(1, 20), st.integers(0, 12), st.integers(0, 2**32))
def test_random_games_end_with_every_chip_still_there(players, chips, rounds, seed):
    spec = spec_of(eo.GAME_ID)
    end = play_random(spec, players, {"chips": chips, "rounds": rounds}, random.Random(seed))
    assert end.is_terminal and sum(end.chips) == players * chips and min(end.chips) >= 0
    assert end.winners() and all(end.chips[w] == max(end.chips) for w in end.winners())
    if rounds == 0:
        assert sum(1 for c in end.chips if c) == 1  # played until one holds every chip


@given(st.integers(0, 2**32))
@settings(max_examples=30, deadline=None)
def test_chips_are_conserved_after_every_roll(seed):
    rng = random.Random(seed)
    s = eo.new_game(rng.randint(2, 10), {"rounds": rng.randint(1, 5)})
    total = sum(s.chips)
    while not s.is_terminal:
        s = s.apply(Roll(6)).apply(Dice(tuple(rng.randint(1, 6) for _ in range(6))))
        assert sum(s.chips) == total and min(s.chips) >= 0


def test_a_game_records_replays_and_verifies(tmp_path, capsys):
    seats = [Seat(n, "ai", "easy") for n in ("Ana", "Bo", "Cy")]
    match = Match.new(eo.GAME_ID, seats, {"rounds": 3}, seed=9)
    match.play_to_end()
    text = match.record.dumps()
    again = rebuild(parse_record(text))
    assert again.state == match.state and again.record.dumps() == text
    path = tmp_path / "even-odd.json"
    path.write_text(text, encoding="utf-8")
    assert main(["verify", str(path), "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["complete"] and verdict["scores"] == list(match.state.scores())
    data = json.loads(text)
    data["events"][0]["dice"] = [1, 1, 1]  # three dice where six were rolled
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    assert "event 0" in capsys.readouterr().err


def test_simulate_plays_two_to_ten_players(capsys):
    for players in (2, 10):
        assert main(["simulate", eo.GAME_ID, "--players", ",".join(["ai:easy"] * players),
                     "--games", "2", "--json"]) == 0
        summary = json.loads(capsys.readouterr().out)
        assert summary["games"] == 2 and sum(summary["wins"]) >= 2


def test_the_narration_says_who_paid_whom():
    from ui_support import told_step

    from petanque_game.ui.tray.even_odd import tell

    speak("en")
    state = eo.new_game(3)
    values = (2, 4, 6, 2, 1, 3)
    step, _ = told_step(eo.GAME_ID, state, Roll(6), Dice(values),
                        {"action": "roll", "player": 0, "dice": list(values)})
    assert tell(spoken(), step, ["Åse", "Bo", "Cy"]) == [
        "Åse rolled 2-4-6-2-1-3: 4 even against 2 odd, Bo pays Åse 2 chips."]
    assert tell(spoken(), step, ["You", "Bo", "Cy"])[0].endswith("Bo pays you 2 chips.")
    speak("nb")
    assert tell(spoken(), step, ["Åse", "Bo", "Cy"]) == [
        "Åse kastet 2-4-6-2-1-3: 4 partall mot 2 oddetall, Bo betaler Åse 2 sjetonger."]
    speak("en")


def test_the_window_rolls_for_a_human_and_offers_no_hint():
    from ui_support import open_tray_game, roll_as_the_first_person

    app, scene, session = open_tray_game(eo.GAME_ID,
                                         [Seat("Åse", "human"), Seat("Bo", "ai", "easy")])
    assert [b.tag for b in scene.buttons()] == ["roll"] and scene.prompt() == "Åse: roll 6 dice"
    assert roll_as_the_first_person(app, session).startswith("Åse rolled ")
    app.render_logical()
