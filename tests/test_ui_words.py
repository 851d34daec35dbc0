"""The words of the shared window in three languages: the setup's options, the rules and how-to
pages, the narration, the error screen; the language changed while a screen is open; the practice
throw that is kept nowhere."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest
import source_trees
from ui_support import fast_app, speak, spoken
from ui_support import told_step as step

from petanque_game import paths
from petanque_game.record import Seat
from petanque_game.rules.base import Bank, Dice, Keep, Roll, Stop
from petanque_game.rules.games import spec_of
from petanque_game.ui import lang
from petanque_game.ui.keys import key_names
from petanque_game.ui.narrate import describe, possessive
from petanque_game.ui.scenes.help import RulesScene, howto_page, load_help, rules_page
from petanque_game.ui.scenes.setup_choices import value_label
from petanque_game.ui.widgets import find

pytestmark = pytest.mark.usefixtures("home")

UI = Path(__file__).resolve().parents[1] / "petanque_game" / "ui"
MY_FILES = ["scenes/setup.py", "scenes/setup_choices.py", "scenes/setup_screen.py",
            "scenes/help.py", "narrate.py", "game_scene.py", "widgets.py", "scenes/trouble.py"]



# --- the setup ------------------------------------------------------------------------------------


def test_one_round_reads_1_not_on():
    """1 == True in Python: the value 1 of "Rounds" once took the label of True."""
    assert value_label(spoken(), "rounds", 1) == "1"
    assert value_label(spoken(), "shut_wins", True) == "on"
    app = fast_app()
    scene = app.open("setup")
    scene.set_game("shut-the-box")
    labels = {b.tag: b.label for b in scene.buttons if b.tag.startswith("opt:rounds:")}
    assert labels == {"opt:rounds:1": "1", "opt:rounds:3": "3", "opt:rounds:5": "5"}
    chosen = [b.tag for b in scene.buttons if b.selected and b.tag.startswith("opt:rounds:")]
    assert chosen == ["opt:rounds:1"]  # the default 1 is shown chosen, once
    app.click(find(scene.buttons, "opt:rounds:3").rect.center)
    assert scene.options()["rounds"] == 3 and type(scene.options()["rounds"]) is int


def test_hot_dice_says_what_it_does_in_each_language():
    shown = {}
    for code in lang.LANGUAGES:
        speak(code)
        shown[code] = (spoken().tr("setup.option.hot_dice_banks"),
                       value_label(spoken(), "hot_dice_banks", True),
                       value_label(spoken(), "hot_dice_banks", False))
    assert shown["en"] == ("Hot dice (all six dice scored):", "bank the total, roll on",
                           "the total stays at risk")
    assert "seks" in shown["da"][0] and "seks" in shown["nb"][0]
    assert len({v for v in shown.values()}) == 3


def test_the_setup_speaks_the_new_language_at_once():
    app = fast_app()
    scene = app.open("setup")
    assert find(scene.buttons, "back").label == "Back"
    speak("da")  # what the settings scene does
    app.step(1 / 60)
    app.render()
    assert find(scene.buttons, "back").label == "Tilbage"
    assert find(scene.buttons, "game:ten-thousand").label == "Titusind"
    speak("nb")
    app.open("rules", "ten-thousand", "")
    app.pop()  # back on the setup: resumed
    assert find(scene.buttons, "game:ten-thousand").label == "Titusen"
    assert find(scene.buttons, "kind:0").label == "Menneske"


def test_the_shipped_boards_are_named_in_the_language_a_players_own_in_its_own_words(tmp_path):
    from petanque_game.physics import load_level
    from petanque_game.ui.game_ui import board_words

    app = fast_app()
    scene = app.open("setup")
    app.click(find(scene.buttons, "game:terningepetanque").rect.center)
    speak("da")
    app.step(1 / 60)
    app.render()
    assert find(scene.buttons, "level:classic").label == "Klassisk"
    assert find(scene.buttons, "level:round-table").label == "Det runde bord"
    mine = tmp_path / "classic.yaml"  # a copy of a shipped board, loaded from a file
    mine.write_bytes((Path(__file__).parents[1] / "levels" / "classic.yaml").read_bytes())
    assert board_words(app.look, load_level(mine))[0] == "Classic"  # the file's own title


def test_a_name_field_shows_a_blinking_cursor():
    app = fast_app()
    scene = app.open("setup")
    field = scene.fields[0]
    app.click(field.rect.center)
    assert field.active
    app.step(0.1)
    on = app.render().copy()
    app.step(0.5)
    off = app.render().copy()
    text_end = field.rect.x + 10 + pygame.font.Font(None, 26).size(field.value)[0]
    column = [(x, field.rect.centery) for x in range(text_end - 4, text_end + 16)]
    assert any(on.get_at(p) != off.get_at(p) for p in column)  # the cursor blinks there
    app.key(pygame.K_a, "a")
    assert field.value.endswith("a")


def test_names_carry_their_letters():
    app = fast_app()
    scene = app.open("setup")
    scene.set_game("ship-captain-crew")
    for _ in range(3):
        scene.add_player()
    names = [row.name for row in scene.choices.players]
    assert "Bjørn" in names


# --- the rules and how-to pages -------------------------------------------------------------------


def test_every_rules_page_is_in_every_language():
    pages, problems = load_help()
    assert problems == []
    english = {game: rules_page(spoken(), game, pages) for game in pages}
    for code in ("da", "nb"):
        speak(code)
        for game in pages:
            page = rules_page(spoken(), game, pages)
            assert len(page) == len(english[game])
            # the same sections, each translated (no English left in place)
            same = sum(a == b for (_, la), (_, lb) in zip(page, english[game])
                       for a, b in zip(la, lb))
            assert same == 0, (code, game)
    for code in lang.LANGUAGES:
        keys = [line.removeprefix("- ") for game in pages for h, lines in pages[game]
                for line in [h, *lines]]
        assert all(k in spoken().table(code) for k in keys), code


def test_the_words_players_use():
    speak("da")
    table = spoken().table("da")
    rules = " ".join(table[k] for k in table if k.startswith("rules."))
    assert "diamanten" in rules and "terning" in rules and "skib, kaptajn og mandskab" in rules
    assert spoken().tr("games.ten-thousand.title") == "Titusind"
    speak("nb")
    table = spoken().table("nb")
    rules = " ".join(table[k] for k in table if k.startswith("rules."))
    assert "diamanten" in rules and "skip, kaptein og mannskap" in rules
    assert spoken().tr("games.ten-thousand.title") == "Titusen"
    for code in lang.LANGUAGES:  # Shut the Box keeps its English name, as Scandinavian players do
        assert spoken().table(code)["games.shut-the-box.title"] == "Shut the Box"


def test_how_to_play_shows_the_keys_the_settings_bind():
    app = fast_app()
    app.settings.keys["roll"] = {pygame.K_g}
    app.settings.keys["bank"] = {pygame.K_b, pygame.K_SPACE}
    page = howto_page(app.look, "ten-thousand", app.settings)
    text = "\n".join(line for _, lines in page for line in lines)
    assert "- G or the Roll button: roll the dice." in text
    assert "B / Space or the Bank button" in text
    speak("da")
    assert key_names(app.look, app.settings, "bank") == "B / Mellemrum"
    petanque = "\n".join(line for _, lines in howto_page(app.look, "terningepetanque", app.settings)
                         for line in lines)
    assert "Hjul eller W/S" in petanque and "Piletaster" in petanque
    app.settings.keys["settings"] = {pygame.K_F2}  # a window action is listed once it has a key
    assert "- F2: indstillingerne (sprog, lyd, taster ...)." in [
        line for _, lines in howto_page(app.look, "shut-the-box", app.settings) for line in lines]
    del app.settings.keys["settings"]
    assert not any("indstillingerne" in line for _, lines in
                   howto_page(app.look, "shut-the-box", app.settings) for line in lines)
    app.settings.aim = "power"  # the aiming the settings chose is the one explained
    speak("en")
    aim = howto_page(app.look, "terningepetanque", app.settings)[0][1][0]
    assert "hold the left button" in aim and "click to throw" not in aim


def test_the_rules_page_has_a_how_to_tab_and_follows_the_language():
    app = fast_app()
    page = app.open("rules", "shut-the-box", "Shut the Box")
    assert isinstance(page, RulesScene) and page.page == "rules"
    app.click(find(page.buttons, "tab:howto").rect.center)
    assert page.page == "howto"
    assert any("1-9" in row[0] for row in page.rows)
    assert find(page.buttons, "practice") is None  # only Terningepetanque has a practice throw
    speak("nb")
    app.step(1 / 60)
    assert page.rows[0][0] == "Styring"
    app.key(pygame.K_TAB)
    assert page.page == "rules" and page.rows[0][0] == "Målet"


def test_the_practice_round_after_the_lesson_is_kept_nowhere(home):
    app = fast_app()
    page = app.open("rules", "terningepetanque", "")
    page.show("howto")
    app.click(find(page.buttons, "practice").rect.center)
    assert app.top.name == "lesson"  # the how-to's button opens the lesson (ui/scenes/lesson.py)
    while not app.top.done:
        app.top.next()  # (each target skipped)
    app.click(find(app.top.buttons(), "practice").rect.center)  # its way into a practice round
    scene = app.top
    session = scene.session
    assert type(scene).__name__ == "TableScene"
    assert session.practice and session.interactive
    assert session.record.options["rounds"] == 1
    assert [p.kind for p in session.players] == ["human", "ai"]
    assert session.players[1].level == "easy"
    assert session.match.autosave is None
    autosaves = paths.autosaves_dir()
    assert not autosaves.exists() or not any(autosaves.iterdir())
    app.click(find([scene.menu_button], "menu").rect.center)  # left: not said to be saved
    assert app.toast.message != app.look.tr("game.saved_resume")
    session.finish()  # as at its end: no record, so no statistics either
    assert not paths.records_dir().exists() or not any(paths.records_dir().iterdir())


# --- narration ------------------------------------------------------------------------------------


def test_narration_in_three_languages():
    rules = spec_of("ten-thousand").rules
    names = [Seat("Åse", "human"), Seat("Bjørn", "ai", "easy")]
    s0 = rules.new_game(2)
    roll, s1 = step("ten-thousand", s0, Roll(6), Dice((1, 1, 1, 5, 6, 4)),
                    {"action": "roll", "player": 0, "dice": [1, 1, 1, 5, 6, 4]})
    keep, s2 = step("ten-thousand", s1, Keep((1, 1, 1, 5)), None,
                    {"action": "keep", "player": 0, "dice": [1, 1, 1, 5]})
    bank, _ = step("ten-thousand", s2, Bank(), None, {"action": "bank", "player": 0})
    told = {}
    for code in lang.LANGUAGES:
        speak(code)
        told[code] = [describe(spoken(), "ten-thousand", s, names)[0] for s in (roll, keep, bank)]
    assert told["en"] == ["Åse rolled 1-1-1-5-6-4.",
                          "Åse set aside 1-1-1-5 for 1,050 (turn total 1,050).",
                          "Åse banked 1,050: total 1,050."]
    assert told["da"] == ["Åse slog 1-1-1-5-6-4.",
                          "Åse lagde 1-1-1-5 til side for 1.050 (turen står på 1.050).",
                          "Åse gemte 1.050: i alt 1.050."]
    assert told["nb"] == ["Åse kastet 1-1-1-5-6-4.",
                          "Åse la 1-1-1-5 til side for 1 050 (turen står på 1 050).",
                          "Åse sikret 1 050: totalt 1 050."]


def test_you_and_possessives_are_worded_as_each_language_wants():
    rules = spec_of("ship-captain-crew").rules
    s0 = rules.new_game(2)
    _, s1 = step("ship-captain-crew", s0, Roll(5), Dice((6, 5, 4, 3, 2)),
                 {"action": "roll", "player": 0, "dice": [6, 5, 4, 3, 2]})
    stop, _ = step("ship-captain-crew", s1, Stop(), None, {"action": "stop", "player": 0})
    you = {"en": "You", "da": "Du", "nb": "Du"}
    told = {}
    for code in lang.LANGUAGES:
        speak(code)
        told[code] = describe(spoken(), "ship-captain-crew", stop, [Seat(you[code], "human"),
                                                          Seat("Bo", "ai", "easy")])[0]
    assert told == {"en": "You keep the cargo: 5 points.", "da": "Du beholder lasten: 5 point.",
                    "nb": "Du beholder lasten: 5 poeng."}
    speak("en")
    said = spoken()
    assert (possessive(said, "Åse"), possessive(said, "Lars"), possessive(said, "you")) == (
        "Åse's", "Lars's", "Your")
    speak("da")
    said = spoken()
    assert (possessive(said, "Åse"), possessive(said, "Lars"), possessive(said, "Du")) == (
        "Åses", "Lars'", "Din")
    speak("nb")
    assert (possessive(spoken(), "Bjørn"), possessive(spoken(), "Hans")) == ("Bjørns", "Hans'")


def test_ship_roles_and_lists_are_translated():
    rules = spec_of("ship-captain-crew").rules
    st, _ = step("ship-captain-crew", rules.new_game(2), Roll(5), Dice((6, 5, 4, 3, 2)),
                 {"action": "roll", "player": 0, "dice": [6, 5, 4, 3, 2]})
    speak("da")
    assert describe(spoken(), "ship-captain-crew", st,
                    [Seat("Åse", "human"), Seat("Bo", "ai", "easy")]) \
        == ["Åse slog 6-5-4-3-2: sikrede skib, kaptajn og mandskab; last 2 + 3 = 5."]


# --- no words left in the code --------------------------------------------------------------------

SHOWN_AS_IS = {"", "x", "Esc", "Enter", "+", "-", "..."}  # marks and key caps, alike everywhere
DRAWN = {"blit_text": 1, "show": 0, "Button": 1, "wrap": 0, "fit": 0}  # call -> text argument


def _words_in(path: Path) -> list[str]:
    found = []
    for node in source_trees.nodes(path):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else \
            getattr(node.func, "id", "")
        if name not in DRAWN or len(node.args) <= DRAWN[name]:
            continue
        arg = node.args[DRAWN[name]]
        parts = [arg] if isinstance(arg, ast.Constant) else \
            [v for v in getattr(arg, "values", []) if isinstance(v, ast.Constant)]
        for part in parts:
            if isinstance(part.value, str) and part.value.strip() not in SHOWN_AS_IS and \
                    any(c.isalpha() for c in part.value):
                found.append(f"{path.name}:{node.lineno}: {part.value!r}")
    return found


def test_no_words_are_written_in_the_code_of_the_shared_window():
    assert [w for f in MY_FILES for w in _words_in(UI / f)] == []


def test_the_word_check_finds_a_literal(tmp_path):
    code = tmp_path / "x.py"
    code.write_text('look.blit_text(s, "Hello", (0, 0))\nBtn = Button(r, f"Go {n}")\n'
                    'look.blit_text(s, look.tr("a.b"), (0, 0))\n', encoding="utf-8")
    assert [w.split(": ", 1)[1] for w in _words_in(code)] == ["'Hello'", "'Go '"]
