"""No module of the window holds mutable state of its own (docs/design.md, scenes from components):
pictures, texts and answers kept between frames belong to objects the app or a session owns and
lets go of, so a new window starts from nothing and no test depends on what an earlier one left.

Every module under `petanque_game/ui/` is imported and its globals looked at: a dict, list or set
(or a weak dictionary) is mutable state. The modules not converted yet are listed with the names
they still hold; the list only shrinks (a new global anywhere fails, and so does a listed name
that is gone: take it off the list)."""

import importlib
import pkgutil
import weakref

import pygame

import petanque_game.ui

MUTABLE = (dict, list, set, weakref.WeakKeyDictionary, weakref.WeakValueDictionary)

# Still module-level, to be moved to an owner (issue 31): module -> its names.
NOT_YET = {
    "petanque_game.ui.dice": {"PIPS", "_faces", "_turned_faces", "_shadows", "_shapes", "_trays",
                              "_laid"},
    "petanque_game.ui.lang": {"LANGUAGES", "_tables", "_areas", "_reported"},
    "petanque_game.ui.sound": {"_sounds"},
    "petanque_game.ui.table.draw": {"PIPS"},  # (ui/dice.py's, imported)
    "petanque_game.ui.theme": {"COLOURS", "PLAYER_COLOURS", "PALETTES", "_fonts", "_texts",
                               "_wrapped", "_fitted"},
    "petanque_game.ui.tray.aces": {"GOES", "MARKS"},
    "petanque_game.ui.tray.lcr": {"SENDS", "MARKS"},
    "petanque_game.ui.warm": {"_done"},
}


def mutable_globals(module: object) -> set[str]:
    """The names of `module`'s globals that hold a mutable container."""
    return {name for name, value in vars(module).items()
            if not name.startswith("__") and isinstance(value, MUTABLE)}


def window_modules() -> list[str]:
    return [m.name for m in pkgutil.walk_packages(petanque_game.ui.__path__, "petanque_game.ui.")]


def test_the_finder_finds_a_global_dict_list_and_set():
    module = type("M", (), {"cache": {}, "seen": [], "names": set(), "LIMIT": 3,
                            "FROZEN": frozenset(), "__doc__": "a module"})
    assert mutable_globals(module) == {"cache", "seen", "names"}


def test_no_window_module_holds_mutable_state_but_those_not_converted_yet():
    pygame.init()
    found = {}
    for name in window_modules():
        held = mutable_globals(importlib.import_module(name))
        if held or name in NOT_YET:
            found[name] = held
    assert found == NOT_YET


def test_the_table_scene_and_its_parts_hold_none():
    """The table's scene, its parts and their drawing: converted first."""
    pygame.init()
    for name in window_modules():
        if name.startswith("petanque_game.ui.table.") and name not in NOT_YET:
            assert mutable_globals(importlib.import_module(name)) == set(), name
