"""The words the window shows, in the player's language: English, Danish or Norwegian Bokmål.

Every text a player reads comes from a text table, never from a literal in the code: `tr(key)`.
The tables are YAML files in `assets/text/<language>/<area>.yaml`, one folder per language and one
file per area of the window (menu, setup, table, ...); a key is the area and the path inside the
file: `look.tr("menu.new_game")`. A game's own texts may be in a file of its own instead,
`assets/text/<language>/games/<game id>.yaml`, whose top-level keys are the areas it adds to
(`games`, `rules`, `howto`, `narrate`, `tray`): a new game adds its files and edits none.
Fields are filled with `str.format`: `look.tr("results.wins", name="Åse")`. A text that differs
with a count has the forms `one` and `other` (the same rule in all three languages):
`look.tr_n("tray.dice", 3)`.

Every key exists in every language, with the same fields (tests/test_lang.py). Should one still be
missing at run time, the English text is shown and the slip is logged once: a missing word is a
bug, never a crash.

The tables read so far, the slips logged and the language spoken are the window's `Words`, part of
its look (ui/look.py): each App makes its own at its start and lets it go at its close, so a new
window reads afresh. Words are said with the look the code saying them was given (`look.tr`).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from petanque_game.texts import read as _read

LANGUAGES = MappingProxyType({"en": "English", "da": "Dansk", "nb": "Norsk bokmål"})
DEFAULT = "en"


class Words:
    """The texts a window has read, kept by the App that owns it and let go with it: whole
    languages (`table`), single areas of one (`lookup`), the slips already logged, and the
    language spoken (`speak`)."""

    def __init__(self, language: str = DEFAULT) -> None:
        self.tables: dict[str, dict[str, str]] = {}
        self.areas: dict[tuple[str, str], dict[str, str]] = {}  # (language, area): its texts
        self.reported: set[tuple[str, str]] = set()  # (language, key) of the slips logged
        self.spoken = DEFAULT
        self.speak(language)

    def language(self) -> str:
        """The code of the language spoken now."""
        return self.spoken

    def speak(self, code: str) -> None:
        """Speak `code` (one of LANGUAGES) from now on."""
        if code not in LANGUAGES:
            raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES)}")
        self.spoken = code

    def table(self, code: str) -> dict[str, str]:
        """Every text of one language by key (read on first use, then kept)."""
        found = self.tables.get(code)
        if found is None:
            found = self.tables[code] = _read(code)
        return found

    def lookup(self, code: str, key: str) -> str | None:
        """The text `key` of one language, reading only its area's file (so that starting the
        window reads the few areas the menu shows, not every table:
        benchmarks/bench_startup.py)."""
        whole = self.tables.get(code)
        if whole is not None:
            return whole.get(key)
        area = key.split(".", 1)[0]
        found = self.areas.get((code, area))
        if found is None:
            found = self.areas[(code, area)] = _read(code, f"{area}.yaml")
        return found.get(key)

    def has(self, key: str) -> bool:
        return self.lookup(self.spoken, key) is not None or self.lookup(DEFAULT, key) is not None

    def tr(self, key: str, /, **fields: Any) -> str:
        """The text called `key` in the language spoken, its fields filled in."""
        text = self.lookup(self.spoken, key)
        if text is None:
            self._slip(key, "is missing")
            text = self.table(DEFAULT).get(key, key)
        if not fields:
            return text
        try:
            return text.format(**fields)
        except (KeyError, IndexError, ValueError) as e:  # a table with a wrong field: a bug, logged
            self._slip(key, f"cannot be filled in ({type(e).__name__}: {e})")
            english = self.table(DEFAULT).get(key, key)
            try:
                return english.format(**fields)
            except (KeyError, IndexError, ValueError):
                return english

    def tr_n(self, key: str, n: int, /, **fields: Any) -> str:
        """The form of `key` for the count `n` (`key.one` for 1, `key.other` otherwise); the
        count is the field `n`, written as `number` writes it."""
        return self.tr(f"{key}.{'one' if n == 1 else 'other'}", n=self.number(n), **fields)

    def number(self, n: int) -> str:
        """A whole number as the language writes it: 4,350 / 4.350 / 4 350 (`words.number`)."""
        from petanque_game.words import number as written

        return written(n, self.tr)

    def decimal(self, value: float, digits: int = 1, signed: bool = False) -> str:
        """A number with decimals as the language writes it: 45.0 / 45,0 (`words.decimal`)."""
        from petanque_game.words import decimal as written

        return written(value, digits, self.tr, signed)

    def os_reason(self, e: OSError) -> str:
        """Why a file could not be read or written (`files.reason_name`), in the language
        spoken; the system's own words when the game has none of its own for it."""
        from petanque_game.files import TooLarge, reason_name
        from petanque_game.files import os_reason as english

        name = reason_name(e)
        if name is None:
            return english(e)
        if isinstance(e, TooLarge):
            return self.tr("files.too_large", size=e.size, limit=e.limit)
        return self.tr(f"files.{name}")

    def refusal(self, refused: Any) -> str:
        """A refusal of the rules or the physics (`rules.base.Refusal`) in the language spoken."""
        from petanque_game.words import say

        return say(refused, lambda key: self.tr(key) if self.has(key) else None)

    def _slip(self, key: str, what: str) -> None:
        if (self.spoken, key) in self.reported:
            return
        self.reported.add((self.spoken, key))
        from petanque_game import logs

        logs.note(f"text {key!r} {what} in language {self.spoken!r}")
