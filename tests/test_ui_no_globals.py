"""No module of the window holds mutable state of its own (docs/design.md, scenes from components):
pictures, texts and answers kept between frames belong to objects the app or a session owns and
lets go of, so a new window starts from nothing and no test depends on what an earlier one left.

Every module under `petanque_game/ui/` is imported and its globals looked at: a dict, list or set
(or a weak dictionary) is mutable state, and so is an object of the game's own classes (a cache
or a worker kept in an object is still kept by the module) unless it is a frozen dataclass or an
enum. The modules not converted yet are listed with the names they still hold; the list only
shrinks (a new global anywhere fails, and so does a listed name that is gone: take it off the
list).

The one exception, named here: lang keeps a slot referring to the words in use (`SLOTS`), the
App's own from its start to its close, and the language spoken. Text is said from hundreds of
places with no window at hand (`lang.tr`); what the slot refers to is still each window's own,
and made anew with it (`test_a_new_window_starts_from_nothing`)."""

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

MUTABLE = (dict, list, set, weakref.WeakKeyDictionary, weakref.WeakValueDictionary)

# Still module-level, to be moved to an owner (issue 31): module -> its names. (None left: the
# threads, the last, are the App's since: ui/workers.py.)
NOT_YET: dict[str, set[str]] = {}

# The one slot a module may keep, and the owner it refers to: the open App's words
# (`App.look.words`), else ones of no window's.
SLOTS = {"petanque_game.ui.lang": ("_words", lang.Words)}

# The names a module still rebinds after it is imported (a `global` statement): its slot, and the
# language spoken. Also shrinks only.
REBOUND = {"petanque_game.ui.lang": {"_words", "_language"}}


def mutable_globals(module: object) -> set[str]:
    """The names of `module`'s globals that hold a mutable container or an object of the game's
    own that is not frozen (its slot, if `SLOTS` names one, left out)."""
    slot = SLOTS.get(getattr(module, "__name__", ""), ("", None))[0]
    return {name for name, value in vars(module).items()
            if not name.startswith("__") and name != slot
            and (isinstance(value, MUTABLE) or _own_object(value))}


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


def test_the_finder_finds_an_owner_kept_by_a_module_but_its_named_slot():
    """A cache kept in an object is found; the slot SLOTS names is not (it is checked below)."""
    kept = {"pictures": dice.DicePictures(), "_words": lang.Words(), "RESTING": dice.Resting(
        1.0, 2.0, 0.0), "__name__": "petanque_game.ui.lang"}
    assert mutable_globals(types.SimpleNamespace(**kept)) == {"pictures"}
    kept["__name__"] = "petanque_game.ui.elsewhere"
    assert mutable_globals(types.SimpleNamespace(**kept)) == {"pictures", "_words"}


def test_each_slot_refers_to_an_owner_of_its_kind():
    for name, (slot, owner) in SLOTS.items():
        assert isinstance(getattr(importlib.import_module(name), slot), owner), name


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


def test_no_window_module_rebinds_a_global_but_those_not_converted_yet():
    """A module global rebound (the language in use, the owner in use) is state kept by the
    module, whatever kind of value it holds."""
    found = {}
    for name in window_modules():
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name
        rebound = rebinding(Path(spec.origin).read_text(encoding="utf-8"))
        if rebound:
            found[name] = rebound
    assert found == REBOUND


def test_a_window_leaves_the_window_modules_globals_as_it_found_them(home):
    """Every global of every window module is the same object after a window was opened, a game
    played in it a little and the window closed (but the slots not converted yet)."""
    modules = [importlib.import_module(name) for name in window_modules()]
    before = {module.__name__: dict(vars(module)) for module in modules}
    app, _, session = open_tray_game("ten-thousand", [Seat("Ana", "human")])
    roll_as_the_first_person(app, session)
    app.render()
    app.close()
    for module in modules:
        was, allowed = before[module.__name__], REBOUND.get(module.__name__, set())
        changed = {name for name, value in vars(module).items()
                   if name not in allowed and (name not in was or was[name] is not value)}
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
    lang.tr("results.wins", name="Åse")
    dice.pictures_of(first.memory).die_face(first.look, 5, 33)
    first.look.sounds.loaded["roll"] = None  # (no sound device here: as if it could not be played)
    assert lang.words_in_use() is first.look.words
    first.close()
    assert lang.words_in_use() is not first.look.words and lang.words_in_use().areas == {}
    second = fast_app()
    assert second.look is not first.look
    assert not any(key[0] == "only the first window's" for key in second.look.texts)
    assert ("en", "results") in first.look.words.areas
    assert ("en", "results") not in second.look.words.areas
    assert second.look.sounds.loaded == {}
    assert ((31, 17), 150) in first.look.pictures.veils.kept
    assert ((31, 17), 150) not in second.look.pictures.veils.kept
    assert dice.pictures_of(second.memory).faces == {}
    second.close()
