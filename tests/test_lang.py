"""The text tables (ui/lang.py): every key in every language, with the same fields."""

from __future__ import annotations

import string

import pytest

from petanque_game.ui import lang


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}



def test_every_language_has_a_table():
    for code in lang.LANGUAGES:
        assert lang.table(code), code


@pytest.mark.parametrize("code", [c for c in lang.LANGUAGES if c != lang.DEFAULT])
def test_every_key_exists_in_every_language(code):
    english, other = lang.table(lang.DEFAULT), lang.table(code)
    assert sorted(set(english) - set(other)) == [], f"missing in {code}"
    assert sorted(set(other) - set(english)) == [], f"only in {code}"


@pytest.mark.parametrize("code", [c for c in lang.LANGUAGES if c != lang.DEFAULT])
def test_every_text_has_the_same_fields(code):
    english, other = lang.table(lang.DEFAULT), lang.table(code)
    wrong = {k: (fields(english[k]), fields(other[k])) for k in english
             if k in other and fields(english[k]) != fields(other[k])}
    assert wrong == {}


def test_counted_texts_have_both_forms():
    for code in lang.LANGUAGES:
        keys = set(lang.table(code))
        for key in keys:
            if key.endswith(".one"):
                assert key[:-4] + ".other" in keys, (code, key)


def test_numbers_are_written_as_the_language_writes_them():
    shown = {}
    for code in lang.LANGUAGES:
        lang.use(code)
        shown[code] = lang.number(4350)
    assert shown == {"en": "4,350", "da": "4.350", "nb": "4 350"}
    assert lang.number(-12000) == "-12 000"


def test_a_missing_key_shows_english_and_is_logged(monkeypatch):
    noted = []
    monkeypatch.setattr("petanque_game.logs.note", noted.append)
    monkeypatch.setitem(lang.table("en"), "test.only_english", "Hello {name}")
    lang.use("da")
    assert lang.tr("test.only_english", name="Åse") == "Hello Åse"
    assert len(noted) == 1 and "test.only_english" in noted[0]


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError):
        lang.use("xx")
