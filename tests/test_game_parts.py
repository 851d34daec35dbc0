"""A game is one place: the window's parts of each game (its scene, controls, narration, how-to,
hint and what its statistics count) are found through its registration, its options and rules
page in its own config file, and no module outside a game's own names its id."""

from __future__ import annotations

import ast
import re
from importlib import import_module
from pathlib import Path

import pytest
import source_trees
from ui_support import spoken

import petanque_game
from petanque_game import stats
from petanque_game import texts as text_tables
from petanque_game.history import kind_of
from petanque_game.rule_defaults import game_files, shipped_rule_defaults
from petanque_game.rules.games import POINTS, games
from petanque_game.ui import lang
from petanque_game.ui.game_ui import ui_of

PACKAGE = Path(petanque_game.__file__).parent
GAMES = games()


def own_modules(spec) -> set[Path]:
    """The files of a game's own modules: its rules, AI, hint and window modules, and the modules
    they name for its controls and narration."""
    names = {spec.rules.__name__, spec.ai, spec.hints, spec.window}
    entry = import_module(spec.window).WINDOW
    names.add(entry.teller_name.split(":")[0])
    if entry.controls:
        names.add(entry.controls.split(":")[0])
    return {Path(import_module(n).__file__) for n in names if n}


def mentions(text: str, game_id: str) -> bool:
    """`text` names the game: is its id, or holds it as a part of a dotted or slashed name."""
    return re.search(rf"(^|[./:]){re.escape(game_id)}($|[./:])", text) is not None


def test_no_module_but_a_games_own_names_its_id():
    own = {spec.id: own_modules(spec) for spec in GAMES}
    found = []
    for path in PACKAGE.rglob("*.py"):
        strings = [n for n in source_trees.nodes(path) if isinstance(n, ast.Constant) and
                   isinstance(n.value, str)]
        for spec in GAMES:
            if path in own[spec.id]:
                continue
            found += [f"{path.relative_to(PACKAGE)}:{n.lineno}: {n.value!r}" for n in strings
                      if spec.id in n.value and mentions(n.value, spec.id)]
    assert found == []


def test_the_scan_finds_an_id_where_one_is_written():
    assert mentions("ship-captain-crew", "ship-captain-crew")
    assert mentions("howto.ship-captain-crew.stop", "ship-captain-crew")
    assert mentions("ship-captain-crew/pot", "ship-captain-crew")
    assert not mentions("a ship-captain-crew-like game", "ship-captain-crew")


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.id)
def test_every_game_has_its_window_entry_config_file_and_texts(spec):
    entry = ui_of(spec.id)
    assert entry.scene in ("table", "tray") and (entry.controls is not None) == (
        entry.scene == "tray")
    assert callable(entry.teller()) and entry.howto
    if entry.controls:
        assert isinstance(entry.controls_class(), type)
    options, problems = game_files("options")
    helps, _ = game_files("help")
    assert problems == [] and spec.id in options and helps.get(spec.id)
    assert shipped_rule_defaults().problems == ()
    for code in lang.LANGUAGES:
        table = spoken().table(code)
        assert f"games.{spec.id}.title" in table
        keys = [line.removeprefix("- ") for section in helps[spec.id]
                for line in [section["heading"], *section["lines"]]]
        keys += [key for _, key in entry.howto]
        assert [k for k in keys if k not in table] == [], code


def test_the_statistics_sense_is_the_games_own():
    box, ship = (next(s for s in GAMES if s.id == g) for g in ("shut-the-box", "ship-captain-crew"))
    assert stats.measure(box.id).lower_better and stats.measure(box.id).name == "penalty"
    assert kind_of(ship.id, {"mode": "pot"}) == f"{ship.id}/pot"
    assert kind_of(ship.id, {"mode": "points"}) == ship.id
    assert stats.measure(f"{ship.id}/pot").name == "chips"
    assert stats.measure("no-such-game") == POINTS
    assert stats.progress("no-such-game")[0] == "event"


def test_a_game_text_is_given_once():
    """A key in a game's own text file is in no other game's file nor a shared area file (one
    would hide the other)."""
    for code in lang.LANGUAGES:
        shared: set[str] = set()
        from petanque_game.config import read_yaml
        from petanque_game.data import assets_dir

        folder = assets_dir() / "text" / code
        for entry in folder.iterdir():
            if entry.name.endswith(".yaml"):
                into: dict[str, str] = {}
                text_tables.flatten(entry.name[:-5], read_yaml(entry), into)
                shared |= set(into)
        mine: dict[str, str] = {}
        for area, texts in text_tables._game_texts(code):
            theirs: dict[str, str] = {}
            text_tables.flatten(area, texts, theirs)
            assert not set(mine) & set(theirs), code  # two games' files give one key
            mine.update(theirs)
        assert not shared & set(mine), code


def test_words_of_one_area_parse_no_other_area_of_the_games_files():
    """The menu's words do not cost the parsing of every game's rules page (start-up): the
    games' own files are read area by area, and give the same texts as read whole."""
    from petanque_game import texts as text_tables

    text_tables.forget()
    menu = text_tables.read("en", "menu.yaml")
    assert menu["menu.new_game"]
    assert set(text_tables._games) == {("en", "menu")}
    whole = text_tables.read("en")
    assert text_tables.read("en", "rules.yaml").items() <= whole.items()
    assert any(k.startswith("rules.terningepetanque.") for k in whole)
    text_tables.forget()
