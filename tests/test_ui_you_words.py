"""A player called You is told as "you" in the games of chance: no "You wins the pot" or
"..., You pay Bo" (found playing the window; the verbs of en must agree, da and nb do not bend)."""

from __future__ import annotations

import pytest
from ui_support import speak, spoken, told_step

from petanque_game.rules import aces
from petanque_game.rules import even_odd as eo
from petanque_game.rules.base import Dice, Roll
from petanque_game.ui.tray import aces as aces_ui
from petanque_game.ui.tray import even_odd as eo_ui


def last_ace_step(rule: str):
    end = aces.AcesState(3, 5, rule, (0, 1, 0), middle=14, turn_player=1)
    step, _ = told_step(aces.GAME_ID, end, Roll(1), Dice((1,)),
                        {"action": "roll", "player": 1, "dice": [1]})
    return step


@pytest.mark.parametrize(("language", "rule", "line"), [
    ("en", "wins", "You rolled 1: the last ace! You win the pot."),
    ("en", "loses", "You rolled 1: the last ace! You lose, everyone else wins."),
    ("da", "wins", "Du slog 1: det sidste es! Du vinder puljen."),
    ("nb", "loses", "Du kastet 1: det siste esset! Du taper, alle andre vinner."),
])
def test_the_last_ace_thrown_by_you(language, rule, line):
    speak(language)
    you = spoken().tr("narrate.you").capitalize()
    assert aces_ui.tell(spoken(), last_ace_step(rule), ["Åse", you, "Cy"]) == [line]


def test_the_last_ace_thrown_by_someone_else_is_unchanged():
    speak("en")
    assert aces_ui.tell(spoken(), last_ace_step("wins"), ["Åse", "Bo", "Cy"]) == [
        "Bo rolled 1: the last ace! Bo wins the pot."]


@pytest.mark.parametrize(("language", "end"), [
    ("en", ", you pay Bo 4 chips."), ("da", ", du betaler Bo 4 jetoner."),
    ("nb", ", du betaler Bo 4 sjetonger.")])
def test_you_pay_in_the_middle_of_a_sentence(language, end):
    speak(language)
    values = (1, 3, 5, 2, 1, 3)  # 1 even against 5 odd: the evens' player pays the odds' 4
    step, _ = told_step(eo.GAME_ID, eo.new_game(3), Roll(6), Dice(values),
                        {"action": "roll", "player": 0, "dice": list(values)})
    you = spoken().tr("narrate.you").capitalize()
    line = eo_ui.tell(spoken(), step, [you, "Bo", "Cy"])[0]
    assert line.startswith(you) and line.endswith(end)
    assert eo_ui.tell(spoken(), step, ["Åse", "Bo", "Cy"])[0].endswith(
        spoken().tr_n("narrate.even_odd.pays", 4, payer="Åse", payee="Bo") + ".")


@pytest.mark.parametrize("key", ["tray.lcr.won", "tray.aces.won", "tray.aces.lost"])
def test_the_trays_last_word_reads_for_you_and_for_a_name(key):
    speak("en")
    for name in ("You", "Åse"):
        text = spoken().tr(key, name=name, pot=3)
        assert text.startswith(f"{name}: the last ")
        assert not any(f"{name} {verb}" in text for verb in ("has", "wins", "loses", "threw"))
