"""A refusal in words: the rules and the physics refuse with a `Refusal` (a text key and its
fields, `rules.base`), never with a sentence; this says one in a language's words, from the
texts in `assets/text/<language>/refuse.yaml`.

The window says refusals in the player's language (`look.refusal`); the command line and the
logs in English (`english`), which is also how an exception carrying one reads when printed:
importing the package sets `rules.base.wording` to `english`. `english_text` gives any English
text by key (the AI's hints say their English from the same texts the window says them from).

A field is shown as the rules give it, but for a game's id, which gives its `title` in the
language, and a tuple: numbers are listed with the language's
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
    if "game" in shown:  # a game by its id: its title in the language
        shown["title"] = text(f"games.{shown['game']}.title") or shown["game"]
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


# --- a tray game's hint, told -------------------------------------------------------------------

CHANCES = frozenset({"win", "win_rival", "win_about", "pot", "share", "shut"})  # chances (0-1)
SURE = {"pot": "sure_pot", "share": "sure_share"}  # a sure chance said other than "you win"

ABOUT = "_about"  # the end of the key of an estimate's words
Tr = Callable[..., str]  # a text by key, its fields filled in: a look's `tr`, or `english_tr`


def tell(told: Any, tr: Tr, number: Callable[[int], str]) -> str:
    """A tray game's hint (`ai.hints.Told`) in the words `tr` and `number` give: "Close 3 and
    6: expected penalty 12.4", "Keep 5-1 and bank 350: 52% to win"."""
    fields = {k: _said(v, tr, number) for k, v in told.fields}
    key = f"tray.hint.move.{told.move}"
    move = tr(key, **fields) if told.count is None else _tr_n(tr, number, key, told.count,
                                                              **fields)
    if not told.worth:
        return move
    chance = told.worth in CHANCES
    digits = 1
    if told.alt and not chance and round(told.value, 1) == round(told.alt_value, 1) and \
            told.value != told.alt_value:
        digits = 2  # say the difference when one decimal would not tell them apart
    if chance and told.value >= 1.0 - 1e-9:
        worth = tr(f"tray.hint.worth.{SURE.get(told.worth, 'sure')}")
    elif chance and told.value <= 1e-9:
        worth = tr("tray.hint.worth.no_chance")
    else:
        worth = tr(f"tray.hint.worth.{_plain(told.worth, told.value, chance)}",
                   x=_worth(told.value, chance, digits, tr, number), **fields)
    if not told.alt:
        return tr("tray.hint.line", move=move, worth=worth)
    key = f"tray.hint.alt.{_plain(told.alt, told.alt_value, chance)}"
    x = _worth(told.alt_value, chance, digits, tr, number)
    alt = tr(key, x=x, **fields) if told.alt_count is None else _tr_n(
        tr, number, key, told.alt_count, x=x, **fields)
    return tr("tray.hint.line_alt", move=move, worth=worth, alt=alt)


def english_tr(key: str, **fields: Any) -> str:
    """The English text `key`, its fields filled in (`tell` in English)."""
    text = english_text(key) or key
    return text.format(**fields) if fields else text


def english_number(n: int) -> str:
    return number(n, english_tr)


def _plain(key: str, value: float, chance: bool) -> str:
    """An estimate's key (`..._about`: "about 55% to win") without its "about" where the chance
    is said as a bound ("sure", "over 99%", "under 1%"): "about under 1%" is not said."""
    if chance and key.endswith(ABOUT) and not 0 < round(100 * value) < 100:
        return key[:-len(ABOUT)]
    return key


def percent(p: float, tr: Tr) -> str:
    """A chance as a player reads it: "64%", "over 99%", "under 1%", "sure"."""
    if p >= 1.0 - 1e-9:
        return tr("tray.chance.sure")
    shown = round(100 * p)
    if shown >= 100:
        return tr("tray.chance.over_99")
    if shown <= 0:
        return tr("tray.chance.under_1")
    return tr("tray.chance.percent", n=shown)


def number(n: int, tr: Tr) -> str:
    """A whole number as the language writes it: 4,350 / 4.350 / 4 350."""
    return _marked(f"{n:,}", tr)


def decimal(value: float, digits: int, tr: Tr, signed: bool = False) -> str:
    """A number with decimals as the language writes it, its thousands grouped as `number`
    groups them: 1,202.4 / 1.202,4 / 1 202,4; `signed`: with its sign always written (+1,8 /
    -0,4; a value that rounds to nought is +0,0, never -0,0)."""
    shown = round(value, digits) or 0.0  # (-0.0 is falsy: it becomes 0.0)
    return _marked(f"{shown:{'+' if signed else ''},.{digits}f}", tr)


def _marked(text: str, tr: Tr) -> str:
    """Python's "1,234.5" with the language's marks (language.thousands, .decimal_point)."""
    point, thousands = tr("language.decimal_point"), tr("language.thousands")
    return text.replace(",", "\0").replace(".", point).replace("\0", thousands)


def both(items: list[str], tr: Tr) -> str:
    """'2 and 6' / '1, 2 and 6': items joined by the language's 'and'."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])}{tr('tray.join.and')}{items[-1]}"


def _tr_n(tr: Tr, number: Callable[[int], str], key: str, n: int, **fields: Any) -> str:
    return tr(f"{key}.{'one' if n == 1 else 'other'}", n=number(n), **fields)


def _worth(value: float, chance: bool, digits: int, tr: Tr,
           number: Callable[[int], str]) -> str:
    if chance:
        return percent(value, tr)
    if float(value).is_integer():
        return number(int(value))
    return decimal(value, digits, tr)


def _said(value: Any, tr: Tr, number: Callable[[int], str]) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return number(value)
    if isinstance(value, tuple):
        return both([_said(v, tr, number) for v in value], tr)
    return str(value)


base.wording = english
