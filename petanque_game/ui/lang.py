"""The words the window shows, in the player's language: English, Danish or Norwegian Bokmål.

Every text a player reads comes from a text table, never from a literal in the code: `tr(key)`.
The tables are YAML files in `assets/text/<language>/<area>.yaml`, one folder per language and one
file per area of the window (menu, setup, table, ...); a key is the area and the path inside the
file: `tr("menu.new_game")`. A game's own texts may be in a file of its own instead,
`assets/text/<language>/games/<game id>.yaml`, whose top-level keys are the areas it adds to
(`games`, `rules`, `howto`, `narrate`, `tray`): a new game adds its files and edits none.
Fields are filled with `str.format`: `tr("results.wins", name="Åse")`. A text that differs
with a count has the forms `one` and `other` (the same rule in all three languages):
`tr_n("tray.dice", 3)`.

Every key exists in every language, with the same fields (tests/test_lang.py). Should one still be
missing at run time, the English text is shown and the slip is logged once: a missing word is a
bug, never a crash.

The tables read so far and the slips logged are the window's `Words`: each App makes its own at
its start and lets it go at its close (`use_words`), so a new window reads afresh. The module
refers to the words in use and the language spoken, the two things it holds: `tr` is called from
hundreds of places that have no window at hand.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from petanque_game.texts import read as _read

LANGUAGES = MappingProxyType({"en": "English", "da": "Dansk", "nb": "Norsk bokmål"})
DEFAULT = "en"


class Words:
    """The texts a window has read, kept by the App that owns it and let go with it: whole
    languages (`table`), single areas of one (`lookup`), and the slips already logged."""

    def __init__(self) -> None:
        self.tables: dict[str, dict[str, str]] = {}
        self.areas: dict[tuple[str, str], dict[str, str]] = {}  # (language, area): its texts
        self.reported: set[tuple[str, str]] = set()  # (language, key) of the slips logged


_language = DEFAULT
_words = Words()  # the words in use: the open App's (`use_words`), else ones of no window's


def use_words(words: Words) -> None:
    """Speak from `words` from now on (an App's, from its start to its close)."""
    global _words
    _words = words


def words_in_use() -> Words:
    return _words


def language() -> str:
    """The code of the language the window speaks now."""
    return _language


def use(code: str) -> None:
    """Speak `code` (one of LANGUAGES) from now on."""
    global _language
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES)}")
    _language = code


def table(code: str) -> dict[str, str]:
    """Every text of one language by key (read on first use, then kept)."""
    tables = _words.tables
    found = tables.get(code)
    if found is None:
        found = tables[code] = _read(code)
    return found


def lookup(code: str, key: str) -> str | None:
    """The text `key` of one language, reading only its area's file (so that starting the window
    reads the few areas the menu shows, not every table: benchmarks/bench_startup.py)."""
    words = _words
    whole = words.tables.get(code)
    if whole is not None:
        return whole.get(key)
    area = key.split(".", 1)[0]
    found = words.areas.get((code, area))
    if found is None:
        found = words.areas[(code, area)] = _read(code, f"{area}.yaml")
    return found.get(key)


def has(key: str) -> bool:
    return lookup(_language, key) is not None or lookup(DEFAULT, key) is not None


def tr(key: str, /, **fields: Any) -> str:
    """The text called `key` in the language in use, its fields filled in."""
    text = lookup(_language, key)
    if text is None:
        _slip(key, "is missing")
        text = table(DEFAULT).get(key, key)
    if not fields:
        return text
    try:
        return text.format(**fields)
    except (KeyError, IndexError, ValueError) as e:  # a table with a wrong field: a bug, logged
        _slip(key, f"cannot be filled in ({type(e).__name__}: {e})")
        english = table(DEFAULT).get(key, key)
        try:
            return english.format(**fields)
        except (KeyError, IndexError, ValueError):
            return english


def tr_n(key: str, n: int, /, **fields: Any) -> str:
    """The form of `key` for the count `n` (`key.one` for 1, `key.other` otherwise); the
    count is the field `n`, written as `number` writes it."""
    return tr(f"{key}.{'one' if n == 1 else 'other'}", n=number(n), **fields)


def number(n: int) -> str:
    """A whole number as the language writes it: 4,350 / 4.350 / 4 350 (`words.number`)."""
    from petanque_game.words import number as written

    return written(n, tr)


def decimal(value: float, digits: int = 1, signed: bool = False) -> str:
    """A number with decimals as the language writes it: 45.0 / 45,0 (`words.decimal`)."""
    from petanque_game.words import decimal as written

    return written(value, digits, tr, signed)


def os_reason(e: OSError) -> str:
    """Why a file could not be read or written (`files.reason_name`), in the language in use; the
    system's own words when the game has none of its own for it."""
    from petanque_game.files import TooLarge, reason_name
    from petanque_game.files import os_reason as english

    name = reason_name(e)
    if name is None:
        return english(e)
    if isinstance(e, TooLarge):
        return tr("files.too_large", size=e.size, limit=e.limit)
    return tr(f"files.{name}")


def refusal(refused: Any) -> str:
    """A refusal of the rules or the physics (`rules.base.Refusal`) in the language in use."""
    from petanque_game.words import say

    return say(refused, lambda key: tr(key) if has(key) else None)


def _slip(key: str, what: str) -> None:
    reported = _words.reported
    if (_language, key) in reported:
        return
    reported.add((_language, key))
    from petanque_game import logs

    logs.note(f"text {key!r} {what} in language {_language!r}")
