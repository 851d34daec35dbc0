"""The window's one registry of what differs per game: the scene that shows it, the choices its
setup offers, how its steps are told and the controls of a tray game. Everything else the window
knows of a game (its title, seats, options, whether it is played on a board) comes from the
game's registration in `rules/games.py`. A new game adds one entry here and its controls module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from petanque_game.rules.games import spec_of


@dataclass(frozen=True)
class GameUI:
    scene: str  # the scene's name (ui/scenes.py): "table" or "tray"
    choices: tuple[tuple[str, tuple[Any, ...]], ...]  # setup: each option offered, its values
    teller_name: str  # "module:function" telling its steps in words (ui/narrate.py)
    controls: str | None = None  # "module:Class" of a tray game's controls (ui/tray_*.py)
    hidden: Callable[[dict], frozenset[str]] = field(default=lambda options: frozenset())
    # the options the setup hides for the options chosen (a pot game plays for no target)

    def controls_class(self) -> type:
        return _named(self.controls)

    def teller(self) -> Callable:
        return _named(self.teller_name)


def _named(where: str) -> Any:
    module, name = where.split(":")
    return getattr(import_module(module), name)


def _ship_hidden(options: dict) -> frozenset[str]:
    return frozenset({"target"} if options.get("mode") == "pot" else {"chips"})


GAMES: dict[str, GameUI] = {
    "terningepetanque": GameUI(
        "table", (("rounds", (15, 20, 25)), ("allow_rethrow", (True, False))),
        "petanque_game.ui.narrate:tell_petanque"),
    "ten-thousand": GameUI(
        "tray", (("target", (5000, 10000)), ("hot_dice_banks", (True, False))),
        "petanque_game.ui.narrate:tell_ten_thousand",
        "petanque_game.ui.tray_ten_thousand:TenThousandControls"),
    "shut-the-box": GameUI(
        "tray", (("closing", ("seed", "classic")), ("rounds", (1, 3, 5)),
                 ("partial_close", (False, True)), ("close_all_three", (False, True)),
                 ("shut_wins", (False, True))),
        "petanque_game.ui.narrate:tell_shut_the_box",
        "petanque_game.ui.tray_shut_the_box:ShutTheBoxControls"),
    "ship-captain-crew": GameUI(
        "tray", (("mode", ("points", "pot")), ("target", (25, 50, 100)),
                 ("chips", (5, 10, 20)), ("cargo_reroll", ("both", "any"))),
        "petanque_game.ui.narrate:tell_ship",
        "petanque_game.ui.tray_ship:ShipControls", _ship_hidden),
}


def ui_of(game: str) -> GameUI:
    """The window's entry for `game` (KeyError for a game the window cannot show)."""
    return GAMES[game]


def title(game: str) -> str:
    """The game's title as players of the window's language call it (the text table `games`),
    else as its registration gives it."""
    from petanque_game.ui import lang

    if lang.has(f"games.{game}.title"):
        return lang.tr(f"games.{game}.title")
    try:
        return spec_of(game).title
    except KeyError:
        return game


def board_words(level) -> tuple[str, str]:
    """A board's title and description as the window's language has them: the text table
    `boards` for the shipped boards, the board file's own words for a player's board."""
    from petanque_game.ui import lang

    key = f"boards.{level.name}"
    if getattr(level, "origin", "") == "shipped" and lang.has(f"{key}.title"):
        return lang.tr(f"{key}.title"), lang.tr(f"{key}.description")
    return level.title, level.description
