"""The text tables (ui/lang.py): every key in every language, with the same fields."""

from __future__ import annotations

import string

import pytest
from ui_support import speak, spoken

from petanque_game.ui import lang


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}



def test_every_language_has_a_table():
    for code in lang.LANGUAGES:
        assert spoken().table(code), code


@pytest.mark.parametrize("code", [c for c in lang.LANGUAGES if c != lang.DEFAULT])
def test_every_key_exists_in_every_language(code):
    english, other = spoken().table(lang.DEFAULT), spoken().table(code)
    assert sorted(set(english) - set(other)) == [], f"missing in {code}"
    assert sorted(set(other) - set(english)) == [], f"only in {code}"


@pytest.mark.parametrize("code", [c for c in lang.LANGUAGES if c != lang.DEFAULT])
def test_every_text_has_the_same_fields(code):
    english, other = spoken().table(lang.DEFAULT), spoken().table(code)
    wrong = {k: (fields(english[k]), fields(other[k])) for k in english
             if k in other and fields(english[k]) != fields(other[k])}
    assert wrong == {}


def test_counted_texts_have_both_forms():
    for code in lang.LANGUAGES:
        keys = set(spoken().table(code))
        for key in keys:
            if key.endswith(".one"):
                assert key[:-4] + ".other" in keys, (code, key)


def test_numbers_are_written_as_the_language_writes_them():
    shown = {}
    for code in lang.LANGUAGES:
        speak(code)
        shown[code] = spoken().number(4350)
    assert shown == {"en": "4,350", "da": "4.350", "nb": "4 350"}
    assert spoken().number(-12000) == "-12 000"


def test_a_missing_key_shows_english_and_is_logged(monkeypatch):
    noted = []
    monkeypatch.setattr("petanque_game.logs.note", noted.append)
    words = spoken()
    monkeypatch.setitem(words.table("en"), "test.only_english", "Hello {name}")
    words.speak("da")
    assert words.tr("test.only_english", name="Åse") == "Hello Åse"
    assert len(noted) == 1 and "test.only_english" in noted[0]


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError):
        lang.Words().speak("xx")
