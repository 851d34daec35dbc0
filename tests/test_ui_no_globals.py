"""No module of the window holds mutable state of its own (docs/design.md, scenes from components):
pictures, texts and answers kept between frames belong to objects the app or a session owns and
lets go of, so a new window starts from nothing and no test depends on what an earlier one left.

Every module under `petanque_game/ui/` is imported and its globals looked at: a dict, list or set
(or a weak dictionary) is mutable state, and so is an object of the game's own classes (a cache
or a worker kept in an object is still kept by the module) unless it is a frozen dataclass or an
enum. The modules not converted yet are listed with the names they still hold; the list only
shrinks (a new global anywhere fails, and so does a listed name that is gone: take it off the
list).

Nor does a module rebind a global of its own once imported (a `global` statement; a global
changed by a window opened, played in and closed): what the window draws, says and plays with is
its look (ui/look.py), handed to the code that uses it, never a module's "one in use"."""

import ast
import dataclasses
import enum
import importlib
import pkgutil
import types
import weakref
from pathlib import Path

import pygame
from ui_support import fast_app, open_tray_game, roll_as_the_first_person

import petanque_game.ui
from petanque_game.record import Seat
from petanque_game.ui import dice, lang, widgets
from petanque_game.ui.look import Look

MUTABLE = (dict, list, set, weakref.WeakKeyDictionary, weakref.WeakValueDictionary)

# Still module-level, to be moved to an owner (issue 31): module -> its names. (None left: the
# threads, the last, are the App's since: ui/workers.py.)
NOT_YET: dict[str, set[str]] = {}


def mutable_globals(module: object) -> set[str]:
    """The names of `module`'s globals that hold a mutable container or an object of the game's
    own that is not frozen."""
    return {name for name, value in vars(module).items()
            if not name.startswith("__") and (isinstance(value, MUTABLE) or _own_object(value))}


def _own_object(value: object) -> bool:
    kind = type(value)
    if isinstance(value, type | enum.Enum) or not kind.__module__.startswith("petanque_game."):
        return False
    params = getattr(value, "__dataclass_params__", None)
    return not (dataclasses.is_dataclass(value) and params is not None and params.frozen)


def window_modules() -> list[str]:
    return [m.name for m in pkgutil.walk_packages(petanque_game.ui.__path__, "petanque_game.ui.")]


def test_the_finder_finds_a_global_dict_list_and_set():
    module = type("M", (), {"cache": {}, "seen": [], "names": set(), "LIMIT": 3,
                            "FROZEN": frozenset(), "__doc__": "a module"})
    assert mutable_globals(module) == {"cache", "seen", "names"}


def test_the_finder_finds_an_owner_kept_by_a_module():
    """A cache kept in an object is found, and so is a window's owner kept by a module (a look,
    or its words), but not a frozen value."""
    kept = {"pictures": dice.DicePictures(), "_words": lang.Words(), "_look": Look(),
            "RESTING": dice.Resting(1.0, 2.0, 0.0), "__name__": "petanque_game.ui.lang"}
    assert mutable_globals(types.SimpleNamespace(**kept)) == {"pictures", "_words", "_look"}


def test_no_window_module_holds_mutable_state_but_those_not_converted_yet():
    pygame.init()
    found = {}
    for name in window_modules():
        held = mutable_globals(importlib.import_module(name))
        if held or name in NOT_YET:
            found[name] = held
    assert found == NOT_YET


def rebinding(source: str) -> set[str]:
    """The names `source` declares `global` anywhere (so as to rebind them)."""
    return {name for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Global)
            for name in node.names}


def test_the_finder_finds_a_global_rebound():
    source = "LIMIT = 3\ndef f():\n    x = 1\n    return x\ndef use(code):\n    global _on, _at\n"
    assert rebinding(source) == {"_on", "_at"}


def test_no_window_module_rebinds_a_global():
    """A module global rebound (a language in use, an owner in use) is state kept by the module,
    whatever kind of value it holds."""
    found = {}
    for name in window_modules():
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name
        rebound = rebinding(Path(spec.origin).read_text(encoding="utf-8"))
        if rebound:
            found[name] = rebound
    assert found == {}


def test_a_window_leaves_the_window_modules_globals_as_it_found_them(home):
    """Every global of every window module is the same object after a window was opened, a game
    played in it a little and the window closed."""
    modules = [importlib.import_module(name) for name in window_modules()]
    before = {module.__name__: dict(vars(module)) for module in modules}
    app, _, session = open_tray_game("ten-thousand", [Seat("Ana", "human")])
    roll_as_the_first_person(app, session)
    app.render()
    app.close()
    for module in modules:
        was = before[module.__name__]
        changed = {name for name, value in vars(module).items()
                   if name not in was or was[name] is not value}
        assert changed == set(), module.__name__


def test_the_table_scene_and_its_parts_hold_none():
    """The table's scene, its parts and their drawing: converted first."""
    pygame.init()
    for name in window_modules():
        if name.startswith("petanque_game.ui.table.") and name not in NOT_YET:
            assert mutable_globals(importlib.import_module(name)) == set(), name


def test_a_new_window_starts_from_nothing(home):
    """A window's texts, words, sounds, dice and widgets' pictures are its own: the next one
    starts with none of them, and a closed one leaves none of them in use."""
    first = fast_app()
    first.look.text("only the first window's", 31)
    widgets.dim(first.look, pygame.Surface((31, 17)))
    first.look.tr("results.wins", name="Åse")
    dice.pictures_of(first.memory).die_face(first.look, 5, 33)
    first.look.sounds.loaded["roll"] = None  # (no sound device here: as if it could not be played)
    first.close()
    second = fast_app()
    assert second.look is not first.look
    assert not any(key[0] == "only the first window's" for key in second.look.texts)
    assert ("en", "results") in first.look.areas
    assert ("en", "results") not in second.look.areas
    assert second.look.sounds.loaded == {}
    assert ((31, 17), 150) in first.look.pictures.veils.kept
    assert ((31, 17), 150) not in second.look.pictures.veils.kept
    assert dice.pictures_of(second.memory).faces == {}
    second.close()
