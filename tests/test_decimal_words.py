"""Numbers with decimals at the table (the aim's height, the zoom, the hint's worth) are written
as the window's language writes them: 45.0 in English, 45,0 in Danish and Norwegian."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from ui_support import speak, spoken

from petanque_game import words
from petanque_game.ai.hints import Hint, Told
from petanque_game.ai.hints_petanque import words_of


def test_a_decimal_has_the_languages_own_point():
    assert spoken().decimal(45.0) == "45.0"
    speak("da")
    assert spoken().decimal(45.0) == "45,0" and spoken().decimal(1.25, 2) == "1,25"
    speak("nb")
    assert spoken().decimal(2.5) == "2,5"


def test_a_signed_decimal_keeps_its_sign_and_never_says_minus_nought():
    assert spoken().decimal(1.84, signed=True) == "+1.8"
    assert spoken().decimal(-0.44, signed=True) == "-0.4"
    assert spoken().decimal(-0.04, signed=True) == "+0.0"
    speak("da")
    assert spoken().decimal(-3.26, signed=True) == "-3,3"


@pytest.mark.parametrize("code, worth", [("en", "+1.8"), ("da", "+1,8"), ("nb", "+1,8")])
def test_the_hints_worth_at_the_table_is_written_in_the_language(code, worth):
    speak(code)
    kept = SimpleNamespace(awaiting_accept=True)  # a throw lying, to keep or take back
    said = spoken()
    assert said.tr("table.hint.keep", points=worth) == words_of(Hint(None, "", 1.84), kept,
                                                            said.tr, "")


# --- issue 32, item 3: one way to write numbers, and no "about" before a bound ------------------


@pytest.mark.parametrize("code, whole, decimal", [("en", "1,050", "1,202.4"),
                                                  ("da", "1.050", "1.202,4"),
                                                  ("nb", "1 050", "1 202,4")])
def test_a_decimal_groups_its_thousands_as_a_whole_number_does(code, whole, decimal):
    speak(code)
    assert spoken().number(1050) == whole and spoken().decimal(1202.4) == decimal
    told = Told("tt_keep_bank", (("dice", "1"), ("total", 1050)), worth="points", value=1202.4)
    said = words.tell(told, spoken().tr, spoken().number)
    assert whole in said and decimal in said, said


def test_english_hints_group_decimals_too():
    told = Told("tt_keep", (("dice", "1"), ("total", 1050)), worth="points", value=12345.67)
    assert hint_text(told) == "Keep 1: 12,345.7 points expected this turn"


def hint_text(told) -> str:
    return words.tell(told, words.english_tr, words.english_number)


ABOUT = {"en": "about", "da": "omkring", "nb": "omtrent"}


@pytest.mark.parametrize("code", ["en", "da", "nb"])
@pytest.mark.parametrize("value, alt_value", [(0.55, 0.0), (0.55, 0.001), (0.55, 1.0),
                                              (0.999, 0.3), (0.002, 0.3), (0.55, 0.997)])
def test_an_estimate_said_as_a_bound_has_no_about(code, value, alt_value):
    """The Ship points match's last round: "about 55% to win (stopping: under 1%)", never
    "about under 1%", "about sure" or "about over 99%" (in any of the three languages)."""
    speak(code)
    told = Told("ship_reroll", (("cargo", 7),), worth="win_about", value=value,
                alt="ship_stop_about", alt_value=alt_value)
    said = words.tell(told, spoken().tr, spoken().number)
    bounds = [spoken().tr(f"tray.chance.{k}") for k in ("sure", "over_99", "under_1")]
    for bound in bounds:
        assert f"{ABOUT[code]} {bound}" not in said, said
    for shown in (value, alt_value):  # a plain percentage is still said to be an estimate
        if 0 < round(100 * shown) < 100:
            assert f"{ABOUT[code]} {spoken().tr('tray.chance.percent', n=round(100 * shown))}" \
                in said, said


def test_the_bounds_read_naturally_in_english():
    told = Told("ship_reroll", (("cargo", 7),), worth="win_about", value=0.55,
                alt="ship_stop_about", alt_value=0.001)
    assert hint_text(told) == "Re-roll the cargo (7): about 55% to win (stopping: under 1%)"
    told = Told("ship_stop", (("cargo", 9),), worth="win_about", value=0.999,
                alt="ship_reroll_about", alt_value=1.0)
    assert hint_text(told) == "Stop with 9: over 99% to win (re-rolling: sure)"


@pytest.mark.parametrize("code, said", [("en", "89.6"), ("da", "89,6"), ("nb", "89,6")])
def test_the_board_editor_writes_a_checkers_number_with_the_languages_point(code, said):
    """The decimal point lives beside the thousands mark (language.yaml) for every reader."""
    from petanque_game.ui import board_words

    speak(code)
    assert board_words._written(spoken(), "89.6") == said
