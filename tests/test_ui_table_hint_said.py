"""A hint's plan is said as its path goes (ui/table/hint.py `as_previewed`): a hint to aim short
of, beside or clear of the diamond whose path runs into the diamond is a push, and one whose path
runs into a die goes through it. Its words then name what the preview shows, and the preview's
red warning for it is the plan's own (`meant_contacts`), never a warning against the hint."""

import pytest

from petanque_game.ai.hints import Hint
from petanque_game.ai.petanque import Label
from petanque_game.rules.petanque_table import Aim
from petanque_game.ui.table.aim import Preview
from petanque_game.ui.table.hint import as_previewed, meant_contacts

AIM = Aim(0.0, -300.0, 1.5708, 900.0, 0.6, 0.0)
PATH = [(0.0, -300.0, 0.0), (0.0, -40.0, 0.0)]


def preview(*warnings: str) -> Preview:
    return Preview(PATH, (0.0, -40.0), (0.0, 10.0),
                   [(key, (0.0, -20.0 + 10 * i)) for i, key in enumerate(warnings)])


@pytest.mark.parametrize("plan", ["short", "beside", "safe"])
def test_a_plan_clear_of_the_diamond_whose_path_runs_into_it_is_said_as_a_push(plan):
    hint = Hint(AIM, "", 1.9, Label(plan))
    said = as_previewed(hint, preview("table.aim.into_diamond"))
    assert said.label.key == "push" and said.action is AIM and said.value == 1.9
    assert "table.aim.into_diamond" in meant_contacts(said)
    assert "table.aim.into_diamond" not in meant_contacts(hint)


@pytest.mark.parametrize("plan", ["short", "beside", "safe"])
def test_a_plan_clear_of_the_diamond_whose_path_runs_into_a_die_says_it_goes_through(plan):
    said = as_previewed(Hint(AIM, "", 1.9, Label(plan)),
                        preview("table.aim.into_die", "table.aim.into_diamond"))
    assert said.label.key == "through_die"
    assert meant_contacts(said) == ("table.aim.into_die",)


@pytest.mark.parametrize("plan", ["short", "beside", "at_diamond", "push", "knock_opponent"])
def test_a_path_as_planned_is_said_as_planned(plan):
    hint = Hint(AIM, "", 1.9, Label(plan))
    assert as_previewed(hint, preview()) is hint
    assert as_previewed(hint, None) is hint
    assert as_previewed(hint, preview("table.aim.touches_diamond")) is hint
    if plan in ("at_diamond", "push"):  # meant to meet the diamond: no other words for that
        assert as_previewed(hint, preview("table.aim.into_diamond")) is hint


def test_every_language_says_the_new_plan():
    from petanque_game.ui import lang

    words = lang.Words()
    for code in lang.LANGUAGES:
        said = words.lookup(code, "table.hint.label.through_die")
        assert said and said != "table.hint.label.through_die", code
