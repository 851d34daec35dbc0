"""The window's registry of what differs per game: the scene that shows it, the choices its
setup offers, how its steps are told, the controls of a tray game and the how-to of its controls.

Each game's entry is a `GameUI` called `WINDOW` in the module its registration names
(`GameSpec.window` in rules/games.py), so a new game adds its own module and edits nothing here.
Everything else the window knows of a game (its title, seats, options, whether it is played on a
board, whether it has a hint) comes from that registration too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from petanque_game.rules.games import spec_of
from petanque_game.ui.look import Look

if TYPE_CHECKING:
    from petanque_game.physics.level_spec import Level


def _nothing_hidden(options: dict) -> frozenset[str]:
    return frozenset()


@dataclass(frozen=True)
class GameUI:
    scene: str  # the scene's name (ui/scenes/__init__.py): "table" or "tray"
    choices: tuple[tuple[str, tuple[Any, ...]], ...]  # setup: each option offered, its values
    teller_name: str  # "module:function" telling its steps in words (look, step, names) -> lines
    controls: str | None = None  # "module:Class" of a tray game's controls (ui/tray_*.py)
    hidden: Callable[[dict], frozenset[str]] = _nothing_hidden
    # the options the setup hides for the options chosen (a pot game plays for no target)
    howto: tuple[tuple[str | None, str], ...] = ()
    # its controls in the order the how-to lists them: (settings action or None, text key); an
    # action's keys are shown by their names as the settings bind them; None: a fixed control
    howto_intro: Callable[[Look, Any], list[tuple[str, list[str]]]] | None = None
    # sections the how-to shows before the controls ((look, settings) -> [(heading, lines)])
    practice: Mapping[str, Any] | None = None
    # the options of a practice game the how-to offers (a round against an easy AI), if any
    fresh: Mapping[str, Any] | None = None
    # options a game set up in the window starts with instead of the rules' defaults (take-backs
    # off: a move taken back after seeing its chance is not in the rules' spirit)

    def controls_class(self) -> type:
        if self.controls is None:
            raise KeyError(f"a {self.scene} game has no tray controls")
        found = _named(self.controls)
        if not isinstance(found, type):
            raise TypeError(f"{self.controls} is not a class")
        return found

    def teller(self) -> Callable[..., list[str]]:
        found = _named(self.teller_name)
        if not callable(found):
            raise TypeError(f"{self.teller_name} is not a function")
        return found


def _named(where: str) -> object:
    module, name = where.split(":")
    found: object = getattr(import_module(module), name)
    return found


def ui_of(game: str) -> GameUI:
    """The window's entry for `game` (KeyError for a game the window cannot show)."""
    window = spec_of(game).window
    if not window:
        raise KeyError(game)
    found = import_module(window).WINDOW
    if not isinstance(found, GameUI):
        raise TypeError(f"{window}.WINDOW is not a GameUI")
    return found


def has_hint(game: str) -> bool:
    """Whether `game` has a decision to hint (its registration names a hint module)."""
    return bool(spec_of(game).hints)


def title(look: Look, game: str) -> str:
    """The game's title as players of the window's language call it (the text table `games`),
    else as its registration gives it."""

    if look.has(f"games.{game}.title"):
        return look.tr(f"games.{game}.title")
    try:
        return spec_of(game).title
    except KeyError:
        return game


def board_title(look: Look, name: str) -> str:
    """A board's title by its file name: a shipped board's in the window's language, any other
    board's file name (what a challenge or the editor names a board by)."""

    key = f"boards.{name}.title"
    return look.tr(key) if look.has(key) else name


def board_words(look: Look, level: Level) -> tuple[str, str]:
    """A board's title and description as the window's language has them: the text table
    `boards` for the shipped boards, the board file's own words for a player's board."""

    key = f"boards.{level.name}"
    if getattr(level, "origin", "") == "shipped" and look.has(f"{key}.title"):
        return look.tr(f"{key}.title"), look.tr(f"{key}.description")
    return level.title, level.description
