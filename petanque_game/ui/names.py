"""Players' names as sentences use them.

A person who types no name is "Player 1" ("Spiller 1"): a name, never a word for "you", so that
every sentence that names a player reads with it, whoever reads it ("beat Player 1", "Spiller 1
fik 5.000"). A person may still type "You" or "Du" (and the window gave that name before): the
narration then says "you" (`narrate.says`), and a challenge made by such a person names them
"the challenger" to the friend who takes it (`challenger_name`)."""

from __future__ import annotations

from typing import Any

from petanque_game.ui import lang
from petanque_game.ui.look import Look


def default_name(look: Look, n: int) -> str:
    """The name of seat `n` (from 1) where a person typed none: "Player 1", "Spiller 1"."""
    return look.tr("setup.player_n", n=n)


def person_name(app: Any) -> str:
    """The name a person plays under where no setup asks it (a challenge taken, a board tried):
    the first person's name in the setup last used (its `person()`), else "Player 1"."""
    look = app.look
    choices = app.memory.get("setup")
    return (choices.person() if choices is not None else None) or default_name(look, 1)


def you(look: Look, name: str) -> bool:
    """Is `name` the seat called "you" (in any of the languages), which a sentence addresses?
    (Each language's results texts only: reading every table of three languages took a second.)"""
    return any(look.lookup(code, "results.you") == name for code in lang.LANGUAGES)


def challenger_name(look: Look, name: str, start: bool = False) -> str:
    """The challenger as a sentence names them: by their name, but "the challenger" for one whose
    name is a word for "you": a friend reads "beat the challenger", never "beat You". `start`:
    the form that begins a sentence or a label."""
    if not you(look, name.strip()):
        return name
    return look.tr("challenges.challenger_start" if start else "challenges.challenger")
