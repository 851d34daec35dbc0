"""Numbers with decimals at the table (the aim's height, the zoom, the hint's worth) are written
as the window's language writes them: 45.0 in English, 45,0 in Danish and Norwegian."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from petanque_game.ai.hints import Hint
from petanque_game.ai.hints_petanque import words_of
from petanque_game.ui import lang


def test_a_decimal_has_the_languages_own_point():
    assert lang.decimal(45.0) == "45.0"
    lang.use("da")
    assert lang.decimal(45.0) == "45,0" and lang.decimal(1.25, 2) == "1,25"
    lang.use("nb")
    assert lang.decimal(2.5) == "2,5"


def test_a_signed_decimal_keeps_its_sign_and_never_says_minus_nought():
    assert lang.decimal(1.84, signed=True) == "+1.8"
    assert lang.decimal(-0.44, signed=True) == "-0.4"
    assert lang.decimal(-0.04, signed=True) == "+0.0"
    lang.use("da")
    assert lang.decimal(-3.26, signed=True) == "-3,3"


@pytest.mark.parametrize("code, worth", [("en", "+1.8"), ("da", "+1,8"), ("nb", "+1,8")])
def test_the_hints_worth_at_the_table_is_written_in_the_language(code, worth):
    lang.use(code)
    kept = SimpleNamespace(awaiting_accept=True)  # a throw lying, to keep or take back
    assert lang.tr("table.hint.keep", points=worth) == words_of(Hint(None, "", 1.84), kept,
                                                               lang.tr, "")
