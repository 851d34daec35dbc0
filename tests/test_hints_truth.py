"""Issue 21: every number a hint says is true (and medium plays its endgame), item by item.

Each hint is checked as `hints.hint` words it (English) and as the window words it (`told`, in
each of the three languages)."""

from __future__ import annotations

import os

from ui_support import speak, spoken

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import dataclasses
import json
import random
import re
from pathlib import Path

import pytest

from petanque_game.ai import ship_captain_crew as ship_ai
from petanque_game.ai import ship_captain_crew_pot as pot
from petanque_game.ai import shut_the_box as box_ai
from petanque_game.ai import ten_thousand as tt_ai
from petanque_game.ai import ten_thousand_points as points
from petanque_game.ai import ten_thousand_win as win
from petanque_game.ai.hints import hint
from petanque_game.ai.ten_thousand_dice import roll_groups
from petanque_game.data import assets_dir
from petanque_game.rules import ship_captain_crew as scc
from petanque_game.rules import shut_the_box as stb
from petanque_game.rules import ten_thousand as tt
from petanque_game.rules.base import Bank, Dice, Keep, Roll, Stop
from petanque_game.ui.tray.games import advice as tray_advice
from petanque_game.ui.tray.games import told
from petanque_game.ui.tray.ship import ShipControls
from petanque_game.ui.tray.shut_the_box import ShutTheBoxControls
from petanque_game.ui.tray.ten_thousand import TenThousandControls

LANGUAGES = ("en", "da", "nb")
README = Path(__file__).resolve().parents[1] / "README.md"



GAME_OF = {TenThousandControls: tt.GAME_ID, ShipControls: scc.GAME_ID,
           ShutTheBoxControls: stb.GAME_ID}


def window(controls, state) -> dict[str, str]:
    """The hint as the window tells it, in each language (the controls' `advise`: the hint's
    keys, `tray_games.advice`)."""
    advice = tray_advice(GAME_OF[controls], state)
    said = {}
    for code in LANGUAGES:
        speak(code)
        said[code] = told(spoken(), advice)
    return said


def rolled(state, *values):
    return state.apply(Roll(len(values))).apply(Dice(tuple(values)))


# --- 1 --------------------------------------------------------------------------------------------


def test_item_1_rolling_on_from_a_winning_total_risks_a_bust():
    """Item 1: 300 on three dice after (9800, 9700) banks to win; rolling on wins 76.6%, not
    surely: a bust (27.8%) hands the turn to the opponent."""
    state = tt.TenThousandState(num_players=2, banked=(9800, 9700), phase=tt.CHOOSING,
                                turn_total=300, dice_in_hand=3)
    pos = win.position(state)
    bust = roll_groups(3)[0]
    exact = (1.0 - bust) + bust * (1.0 - pos.table.start(pos.b, pos.a))
    assert win.roll_value(pos) == pytest.approx(exact, abs=1e-12)
    assert exact == pytest.approx(0.766, abs=5e-4)
    given = hint("ten-thousand", state)
    assert given.action == Bank() and given.text == "Bank 300: you win (rolling on: 77%)"
    assert window(TenThousandControls, state) == {
        "en": "Bank 300: you win (rolling on: 77%)",
        "da": "Gem 300: du vinder (slår du videre: 77 %)",
        "nb": "Sikre 300: du vinner (kaster du videre: 77 %)"}


# --- 2 --------------------------------------------------------------------------------------------


def last_turn(open_boxes, penalty_to_beat, opts=None):
    s = dataclasses.replace(stb.new_game(2, opts), turns_done=1,
                            turn_penalties=((penalty_to_beat,), ()))
    return dataclasses.replace(s, open_boxes=tuple(open_boxes))


def test_item_2_a_last_turn_already_won_says_so():
    """Item 2: the opponent finished on 20 and 1-5 (15) are open: the turn is won (or shared)
    whatever is rolled, not 83% (the chance to close something on this roll)."""
    state = last_turn((1, 2, 3, 4, 5), 20)
    assert all(a.chance == 1.0 for a in box_ai.appraise(state))
    given = hint("shut-the-box", state)
    assert given.text == "Roll one die: a sure win or share (two dice: sure)"
    assert window(ShutTheBoxControls, state) == {
        "en": "Roll one die: a sure win or share (two dice: sure)",
        "da": "Slå med én terning: sikker sejr eller delt sejr (to terninger: sikker)",
        "nb": "Kast én terning: sikker seier eller delt seier (to terninger: sikker)"}


def test_item_2_every_last_turn_state_that_cannot_lose_is_sure():
    """Item 2: in every last-turn state whose open boxes total no more than the score to beat,
    every choice is a sure win or share, under every rule set."""
    seen = 0
    for opts in ({}, {"closing": "classic"}, {"partial_close": True}, {"close_all_three": True}):
        for mask in range(1 << 6, 1 << 9):  # 7, 8 or 9 open: one die or two may be offered
            boxes = [b for b in range(1, 10) if mask & (1 << (b - 1))]
            for beat in range(sum(boxes), 45):
                state = last_turn(boxes, beat, opts)
                if state.phase != stb.ROLL:
                    continue
                assert [a.chance for a in box_ai.appraise(state)] == \
                    [1.0] * len(state.legal_actions())
                seen += 1
    assert seen > 100


# --- 3 --------------------------------------------------------------------------------------------


def test_item_3_the_pot_chance_is_exact_not_an_estimate():
    """Item 3: two players, the first stopped on 7; the second has 7 with one roll left. Ties go
    to a roll-off (in which the second is second again), so stopping is worth R(2, 1) = 50.75%,
    not one half (the estimate said "50% to take the pot (re-roll: 50%)"), re-rolling 50.12%."""
    state = rolled(scc.new_game(2, {"mode": "pot"}), 6, 5, 4, 3, 4).apply(Stop())
    state = rolled(rolled(state, 6, 5, 1, 1, 2), 4, 3, 4)
    assert (state.turn_player, sum(state.cargo), state.rolls_left) == (1, 7, 1)
    terms, values = ship_ai.appraise(state)
    assert terms == "pot"
    assert values[Stop()] == pytest.approx(0.5075, abs=5e-5)
    assert values[Stop()] == pytest.approx(pot.tables(False).rolloff[2][1], abs=1e-15)
    assert values[Roll(2)] == pytest.approx(0.5012, abs=5e-5)
    given = hint("ship-captain-crew", state)
    assert given.action == Stop()
    assert given.text == "Stop with 7: 51% to take the pot (re-rolling: 50%)"


def test_item_3_the_match_chance_is_said_to_be_an_estimate():
    """Item 3: in a points match's last round the chance is the expert's estimate: 'about'."""
    state = rolled(scc.new_game(2, {"target": 0, "rounds": 1}), 6, 5, 4, 2, 6)
    assert re.fullmatch(r"Re-roll the cargo \(\d+\): about \d+% to win \(stopping: about \d+%\)",
                        hint("ship-captain-crew", state).text)
    said = window(ShipControls, state)
    assert "about" in said["en"] and "omkring" in said["da"] and "omtrent" in said["nb"]


# --- 4 --------------------------------------------------------------------------------------------


def test_item_4_with_three_or_more_players_the_chance_says_it_is_one_on_one():
    """Item 4: with six players the table's chance is the two-player chance against the best
    other score; the hint names that score and says it is as if it were the only rival."""
    six = tt.TenThousandState(num_players=6, banked=(7400, 2000, 9950, 8000, 0, 500),
                              phase=tt.CHOOSING, turn_total=350, dice_in_hand=2)
    two = tt.TenThousandState(num_players=2, banked=(7400, 9950), phase=tt.CHOOSING,
                              turn_total=350, dice_in_hand=2)
    assert hint("ten-thousand", six).value == hint("ten-thousand", two).value
    assert hint("ten-thousand", six).text == (
        "Roll the 2 dice left: 1% to win if the best other score (9,950) were your only rival "
        "(banking 350: under 1%)")
    said = window(TenThousandControls, six)
    assert "if the best other score (9,950) were your only rival" in said["en"]
    assert "chance for at vinde mod kun den bedste anden score (9.950)" in said["da"]
    speak("nb")
    assert f"sjanse til å vinne mot bare den beste andre poengsummen ({spoken().number(9950)})" in \
        said["nb"]
    assert "only rival" not in window(TenThousandControls, two)["en"]


# --- 5 --------------------------------------------------------------------------------------------


def test_item_5_medium_pushes_when_an_opponent_is_close_however_close_it_is():
    """Item 5: medium on 9,350 with 350 and two dice against 9,750: banking leaves it 9.6% to win,
    rolling 28.4%; a club player rolls."""
    state = tt.TenThousandState(num_players=2, banked=(9350, 9750), phase=tt.CHOOSING,
                                turn_total=350, dice_in_hand=2)
    pos = win.position(state)
    assert win.bank_value(pos) == pytest.approx(0.096, abs=5e-4)
    assert win.roll_value(pos) == pytest.approx(0.284, abs=5e-4)
    assert tt_ai.choose(state, "medium", random.Random(0)) == Roll(2)
    calm = dataclasses.replace(state, banked=(9350, 5000))  # no one close: it banks as usual
    assert tt_ai.choose(calm, "medium", random.Random(0)) == Bank()


# --- 6 --------------------------------------------------------------------------------------------


def test_item_6_the_shipped_points_tables_are_the_ones_built(monkeypatch):
    """Item 6: a target the menu does not offer is played for points from shipped tables (read,
    not built on the first decision), and they are exactly what the builder makes."""
    for banks in (True, False):
        built = points.build_far_table(banks)
        shipped = points.far_table(banks)
        assert shipped._rolls == built._rolls and shipped._values == built._values
        assert shipped.hot == built.hot
    assert points._reach_table() == points.build_reach_table()
    points.far_table.cache_clear()
    points._near_table.cache_clear()

    def refuse(banks):
        raise AssertionError("a first decision built a far table")

    monkeypatch.setattr(points, "build_far_table", refuse)
    try:
        for target, banks in ((2000, True), (7500, False), (100000, True)):
            state = rolled(tt.new_game(2, {"target": target, "hot_dice_banks": banks}),
                           1, 5, 2, 3, 4, 6)
            assert tt_ai.choose(state, "expert", random.Random(0)) in state.legal_actions()
            assert "points expected" in hint("ten-thousand", state).text
    finally:
        points.far_table.cache_clear()


def test_item_6_the_shipped_pot_tables_are_the_ones_built():
    """Item 6: the pot round's tables (1-2 s to build for 8 players) are shipped; built afresh
    for rounds of up to three players they agree to the last bit."""
    data = json.loads((assets_dir() / "ai" / pot.FILE).read_text(encoding="utf-8"))
    for anymode in (False, True):
        shipped = pot.from_json(data[pot.rule_name(anymode)], anymode)
        fresh = pot.PotTables(anymode, players=3)
        for k in (2, 3):
            assert shipped.rolloff[k] == fresh.rolloff[k]
        for key, value in fresh._w.items():
            assert shipped._w[key] == value


# --- 7 --------------------------------------------------------------------------------------------


def test_item_7_hot_dice_are_said_without_a_double_colon():
    """Item 7: "Keep 5-5-5: hot dice: 76% to win" had two colons; in every language one."""
    state = rolled(tt.new_game(2), 1, 1, 5, 5, 5, 1)
    given = hint("ten-thousand", state)
    assert given.action == Keep((1, 1, 1, 5, 5, 5))
    assert given.text == "Keep 5-5-5-1-1-1 (hot dice) and roll all six again: 76% to win"
    for code, said in window(TenThousandControls, state).items():
        assert said.count(":") == 1, (code, said)


def test_item_7_the_readme_hint_example_is_a_hint_the_game_gives():
    """Item 7: README's example hint ("Keep 5-2-2-2 and bank 350" could not occur: a lone 2 does
    not score) is one the window gives, word for word, in the state built here."""
    quoted = re.search(r'shows the expert\'s move with what it is worth \("([^"]+)"\)',
                       " ".join(README.read_text(encoding="utf-8").split()))
    assert quoted is not None
    state = rolled(tt.TenThousandState(num_players=2, banked=(0, 0), phase=tt.CHOOSING,
                                       turn_total=200, dice_in_hand=3), 1, 5, 3)
    assert window(TenThousandControls, state)["en"] == quoted.group(1)
