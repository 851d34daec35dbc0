"""The rules of the four games: pure state machines with no pygame, pymunk or yaml (DESIGN.md).

Each game is one module with the same public names (GAME_ID, TITLE, MIN_PLAYERS, MAX_PLAYERS,
OPTIONS, new_game, and its State); `game_rules(game_id)` finds it by its id.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

GAME_MODULES = {
    "terningepetanque": "terningepetanque",
    "ship-captain-crew": "ship_captain_crew",
    "shut-the-box": "shut_the_box",
    "ten-thousand": "ten_thousand",
}
GAME_IDS = tuple(GAME_MODULES)
TRAY_GAMES = ("ship-captain-crew", "shut-the-box", "ten-thousand")


def game_rules(game_id: str) -> ModuleType:
    """The rules module of a game, by its id; KeyError for an unknown id."""
    return import_module(f"{__name__}.{GAME_MODULES[game_id]}")
