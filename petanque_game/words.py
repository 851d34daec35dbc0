"""A refusal in words: the rules and the physics refuse with a `Refusal` (a text key and its
fields, `rules.base`), never with a sentence; this says one in a language's words, from the
texts in `assets/text/<language>/refuse.yaml`.

The window says refusals in the player's language (`ui.lang.refusal`); the command line and the
logs in English (`english`), which is also how an exception carrying one reads when printed:
importing the package sets `rules.base.wording` to `english`. `english_text` gives any English
text by key (the AI's hints say their English from the same texts the window says them from).

A field is shown as the rules give it, but for a tuple: numbers are listed with the language's
"and" ("2, 3 and 6"; an empty one is "nothing"), a tuple of such tuples as choices joined with
its "or" ("8, or 2 and 6").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from petanque_game.rules import base
from petanque_game.rules.base import Refusal

AREA = "refuse."  # the text key of refusal `key` is AREA + key

_english: dict[str, dict[str, str]] = {}  # area: its English texts, read on first use


def say(refusal: Refusal, text: Callable[[str], str | None]) -> str:
    """`refusal` in the words of the table `text` looks keys up in (None for a missing key: the
    refusal is then shown as its key and fields, a bug that tests/test_words.py catches)."""
    template = text(AREA + refusal.key)
    if template is None:
        return base.unworded(refusal)
    shown = {name: _listed(value, text) if isinstance(value, tuple) else value
             for name, value in refusal.fields}
    try:
        return template.format(**shown)
    except (KeyError, IndexError, ValueError):
        return base.unworded(refusal)


def english(refusal: Refusal) -> str:
    """`refusal` in English, as the command line and the logs say it."""
    return say(refusal, english_text)


def english_text(key: str) -> str | None:
    """The English text called `key` ("table.hint.label.short"), None if there is none."""
    area = key.split(".", 1)[0]
    found = _english.get(area)
    if found is None:
        from petanque_game import texts

        found = _english[area] = texts.read("en", f"{area}.yaml")
    return found.get(key)


def _listed(items: tuple[Any, ...], text: Callable[[str], str | None]) -> str:
    if items and all(isinstance(i, tuple) for i in items):
        return (text(AREA + "join.or") or ", or ").join(_listed(i, text) for i in items)
    said = [str(i) for i in items]
    if not said:
        return text(AREA + "nothing") or "nothing"
    if len(said) == 1:
        return said[0]
    return f"{', '.join(said[:-1])}{text(AREA + 'join.and') or ' and '}{said[-1]}"


base.wording = english
