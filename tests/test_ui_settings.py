"""The settings scene: every setting changed by clicks and keys comes back after a restart; the
settings files' order (shipped < ui.yaml < settings.yaml); a broken settings file is one message
and defaults; keys rebound with conflicts refused; the game waits while the settings are open."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
import yaml
from test_ui_tray import start
from ui_support import fast_app, speak

from petanque_game.record import Seat
from petanque_game.ui import lang
from petanque_game.ui.app import App, window_size_for
from petanque_game.ui.keys import key_label
from petanque_game.ui.scenes.settings_scene import SettingsScene, action_label
from petanque_game.ui.settings import (
    DEFAULT_KEYS,
    SETTINGS_FILE,
    WINDOW_ACTIONS,
    key_conflict,
    load_settings,
)

pytestmark = pytest.mark.usefixtures("home")



def click_tag(app, tag):
    found = [b for b in app.top.buttons() if b.tag == tag]
    assert found, f"no button {tag!r}"
    app.click(found[0].rect.center)


def key_row(app, action):
    return next(rect for name, rect in app.top.key_rows() if name == action)


def open_settings(app):
    app.key(pygame.K_F2)
    assert isinstance(app.top, SettingsScene)
    return app.top


def test_every_setting_changed_in_the_scene_is_back_after_a_restart(home):
    app = App()
    menu = app.top
    app.click(next(b for b in menu.buttons if b.tag == "settings").rect.center)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    for tag in ("language:nb", "sound:False", "fullscreen:True", "animation_speed:0.5",
                "ai_delay:2.0", "palette:clear", "handover:False", "aim:power"):
        click_tag(app, tag)
    assert app.look.language() == "nb" and app.look.tr("settings.title") == "Innstillinger"
    assert app.fullscreen
    bar = scene.slider_rect()
    app.click((bar.x + int(bar.w * 0.3), bar.centery))
    app.click(key_row(app, "roll").center)
    app.key(pygame.K_g, "g")
    app.key(pygame.K_ESCAPE)  # back to the menu
    assert app.top is menu
    app.close()
    speak("en")

    again = App()
    s = again.settings
    assert (s.language, s.sound, s.fullscreen, s.animation_speed, s.ai_delay, s.palette,
            s.handover, s.aim, s.volume) == ("nb", False, True, 0.5, 2.0, "clear", False,
                                             "power", 0.3)
    assert s.keys["roll"] == {pygame.K_g} and s.problems == []
    assert app.look.language() == "nb" and again.fullscreen  # applied at start
    assert app.look.marks_shown()
    again.close()


def test_settings_yaml_holds_only_what_changed_and_ui_yaml_still_counts(home):
    home.mkdir(parents=True, exist_ok=True)
    (home / "ui.yaml").write_text("ai_delay: 1.5\nkeys:\n  bank: [k]\n", encoding="utf-8")
    app = App()
    open_settings(app)
    click_tag(app, "handover:False")
    saved = (home / SETTINGS_FILE).read_text(encoding="utf-8")
    assert "handover: false" in saved and "ai_delay" not in saved and "keys" not in saved
    app.close()
    (home / "ui.yaml").write_text("ai_delay: 0.4\nkeys:\n  bank: [j]\n", encoding="utf-8")
    again = App()  # ui.yaml changed since: it is read; the scene's change stays
    assert again.settings.ai_delay == 0.4 and not again.settings.handover
    assert again.settings.keys["bank"] == {pygame.K_j}
    open_settings(again)
    click_tag(again, "ai_delay:1.2")  # the scene's value wins over ui.yaml's
    again.close()
    third = App()
    assert third.settings.ai_delay == 1.2
    third.close()


@pytest.mark.parametrize("text, problem", [
    ("volume: loud\n", "volume: expected a number from 0 to 1"),
    ("language: sv\n", "language: expected one of en, da, nb"),
    ("handover: 1\n", "handover: expected true or false"),
    ("keys:\n  roll: [r, nosuchkey]\n", "keys.roll[1]: not the name of a key"),
    ("colour: [3\n", "not valid YAML at line 2"),
])
def test_a_broken_settings_file_is_one_message_and_the_game_starts(home, text, problem):
    home.mkdir(parents=True, exist_ok=True)
    (home / SETTINGS_FILE).write_text(text, encoding="utf-8")
    app = App()
    path = str(home / SETTINGS_FILE)
    assert len(app.settings.problems) == 1, app.settings.problems
    assert app.settings.problems[0].startswith(path) and problem in app.settings.problems[0]
    assert app.settings.volume == 0.7 and app.settings.language == "en"
    assert path in app.toast.message and app.top.name == "menu"
    app.render()
    app.close()


def test_a_key_in_use_is_refused_and_reset_gives_the_files_keys_back(home):
    app = fast_app()
    open_settings(app)
    app.click(key_row(app, "bank").center)
    assert app.top.waiting == "bank"
    app.key(pygame.K_r, "r")  # the roll key: both are live in Ten Thousand
    assert app.settings.keys["bank"] == {pygame.K_b} and "Roll" in app.toast.message
    app.click(key_row(app, "bank").center)
    app.key(pygame.K_p, "p")  # pause is the replay's, never live beside bank: allowed
    assert app.settings.keys["bank"] == {pygame.K_p}
    app.click(key_row(app, "settings").center)
    app.key(pygame.K_p, "p")  # a window key is live everywhere: refused
    assert app.settings.keys["settings"] == {pygame.K_F2}
    app.click(key_row(app, "stop").center)
    app.key(pygame.K_ESCAPE)  # cancels, and does not close the scene
    assert isinstance(app.top, SettingsScene) and app.top.waiting is None
    click_tag(app, "reset_keys")
    assert app.settings.keys["bank"] == {pygame.K_b}
    app.close()


def test_the_game_waits_while_the_settings_are_open(home):
    app = fast_app()
    scene = start(app, "shut-the-box", players=[Seat("Robot", "ai", "easy"),
                                                Seat("Ana", "human")])
    app.click(scene.settings_button.rect.center)
    assert isinstance(app.top, SettingsScene)
    events = len(scene.session.record.events)
    for _ in range(120):
        app.step(1 / 60)
    assert len(scene.session.record.events) == events
    app.key(pygame.K_F2)  # the settings key closes it again
    assert app.top is scene
    for _ in range(120):
        app.step(1 / 60)
    assert len(scene.session.record.events) > events


def test_the_settings_scene_draws_in_every_language(home):
    app = fast_app()
    open_settings(app)
    scene = app.top
    for code in lang.LANGUAGES:
        click_tag(app, f"language:{code}")
        frame = app.render()
        title = frame.subsurface(pygame.Rect(60, 24, 200, 44))
        assert pygame.transform.average_color(title)[:3] != app.look.colour("background")
        for b in scene.buttons():  # every label is a text of the table, and fits uncut
            assert b.label and not b.label.startswith("settings."), (code, b.tag)
            assert app.look.font(b.size, True).size(b.label)[0] <= b.rect.w - 12, (code, b.label)
        for label, _, _ in scene.placed_rows():
            text = app.look.tr(f"settings.{label}")
            assert app.look.font(26, True).size(text)[0] <= 330 - 60 - 12, (code, text)
        assert app.look.font(20).size(app.look.tr("settings.files"))[0] <= 1020, code
        for action, _ in scene.key_rows():
            assert app.look.font(21).size(action_label(app.look, action))[0] <= 220, (code, action)
    app.close()


def test_the_window_fits_the_desktop():
    """Most of the desktop, the picture's aspect kept (tests/test_ui_window.py: a kept size)."""
    assert window_size_for((1920, 1080)) == (1728, 972)
    assert window_size_for((800, 600)) == (800, 450)  # all of a small desktop's width (issue 33)
    assert window_size_for((1280, 720)) == (1152, 648)
    assert window_size_for(None) == (1280, 720)


def test_the_loop_sleeps_only_when_nothing_moves(home):
    app = fast_app()
    assert not app.animating  # the menu waits for a click
    app.toast.show("hello", "info", 1.0)
    assert app.animating  # the toast fades
    app.step(1.1)
    assert not app.animating
    scene = start(app, "ten-thousand", players=[Seat("Bjørn", "ai", "easy"),
                                                Seat("Ana", "human")])
    assert app.animating  # the AI's pause runs
    for _ in range(600):
        if scene.human_turn and not scene.busy:
            break
        app.step(1 / 60)
    app.step(1 / 60)
    assert scene.human_turn and not app.animating  # waiting for Ana
    app.settings.roll_time = 0.7
    app.key(pygame.K_r, "r")
    assert app.animating  # her dice tumble


def test_the_toast_never_covers_the_menus_buttons(home):
    app = fast_app()
    scene = start(app, "ten-thousand")
    app.click(scene.menu_button.rect.center)  # "your game is saved" on the way to the menu
    assert app.top.name == "menu" and app.toast.visible
    width, height = app.toast.size(app.look)
    rect = pygame.Rect(0, 0, width, height)
    rect.midbottom = (640, app.toast_bottom())
    assert rect.collidelist([b.rect for b in app.top.buttons]) < 0



def test_the_table_keeps_drawing_while_the_power_swings(home):
    import test_ui_table as table

    app = fast_app()
    app.settings.aim = "power"  # hold the button: the power bar swings
    scene = table.start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    while scene.session.state.starter is None:
        table.press(app, "roll")
    for _ in range(30):
        app.step(1 / 60)
    assert scene.human_turn and not app.animating  # aiming: it moves with the mouse only
    pos = table.board_point(scene, 0.0, 0.0)
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert app.animating  # the power swings while the button is held, with no event coming


def test_a_napping_window_shows_a_timed_frame_only_when_its_picture_changed(home):
    app = fast_app()
    shown = []
    present = app.present
    app.present = lambda: (shown.append(app.time), present())
    app.tick(0.5, woken=True)
    app.tick(0.5, woken=True)
    assert len(shown) == 1  # the same menu again: not scaled and shown again
    app.toast.show("hello", "info", 2.0)
    app.tick(0.5, woken=True)
    assert len(shown) == 2
    app.tick(1 / 60)  # a frame for an event or an animation is always shown
    app.tick(1 / 60)
    assert len(shown) == 4
    app.tick(0.5, woken=True)  # after those, a timed frame is shown again once
    assert len(shown) == 5


# --- issue 16, item 11: key bindings ------------------------------------------------------------


@pytest.mark.parametrize("file", ["settings.yaml", "ui.yaml"])
@pytest.mark.parametrize("keys, action, problem", [
    ("roll: [b]", "roll", "keys.roll: B is the key of bank too"),  # two actions on one key
    ("hint: [f12]", "hint", "keys.hint: F12 is the key of screenshot too"),  # a window key
    ("roll: [escape]", "roll", "keys.roll: Esc is the key of back too"),  # Back on Roll
    ("back: [r]", "back", "keys.back: R is the key of roll too"),
    ("roll: [x]\n  bank: [x]", "roll", "keys.roll: X is the key of bank too"),
])
def test_conflicting_keys_in_a_file_are_refused_naming_file_and_key(home, file, keys, action,
                                                                    problem):
    home.mkdir(parents=True, exist_ok=True)
    (home / file).write_text(f"keys:\n  {keys}\n", encoding="utf-8")
    before = load_settings({}).keys[action]
    settings = load_settings()
    assert settings.problems == [f"{home / file}: {problem}, and both are used at the same time"]
    assert settings.keys[action] == before  # the action keeps the key it had
    for other, codes in settings.keys.items():  # and every action is still reachable
        for code in codes:
            assert key_conflict(settings, other, code) is None, (other, code)


def test_keys_swapped_in_one_file_are_not_a_conflict(home):
    home.mkdir(parents=True, exist_ok=True)
    (home / "ui.yaml").write_text("keys:\n  roll: [b]\n  bank: [r]\n", encoding="utf-8")
    settings = load_settings()
    assert settings.problems == []
    assert settings.keys["roll"] == {pygame.K_b} and settings.keys["bank"] == {pygame.K_r}


# Keys of a Danish or Norwegian keyboard with no short name in pygame (Æ Ø Å ½ § ´ ¨), and some
# they share with other layouts (' < , .); + and - are the replay's faster and slower already.
SCANCODE_MASK = 1 << 30  # SDL's key code of a key known by its scancode only
NORDIC_KEYS = {"æ": 230, "ø": 248, "å": 229, "½": 189, "§": 167, "´": 180, "¨": 168,
               "'": 39, "<": 60, ",": 44, ".": 46}


def test_every_nordic_key_binds_in_the_scene_and_survives_a_restart(home):
    app = App()
    actions = [a for a in DEFAULT_KEYS if a not in WINDOW_ACTIONS]
    bound = {}
    assert len(actions) >= len(NORDIC_KEYS)
    for (char, code), action in zip(NORDIC_KEYS.items(), actions):
        open_settings(app)
        app.click(key_row(app, action).center)
        app.key(code, char)
        assert app.settings.keys[action] == {code}, (char, app.toast.message)
        bound[action] = code
        app.key(pygame.K_ESCAPE)
    app.close()
    saved = yaml.safe_load((home / SETTINGS_FILE).read_text(encoding="utf-8"))["keys"]
    assert sorted(name for names in saved.values() for name in names) == sorted(NORDIC_KEYS)
    again = App()
    assert again.settings.problems == []
    for action, code in bound.items():
        assert again.settings.keys[action] == {code}, action
        assert key_label(app.look, code).strip(), code  # and the buttons can name it
    assert key_label(app.look, 230) == "Æ"
    again.close()


def test_every_key_pygame_knows_is_stored_by_a_name_that_reads_back():
    from petanque_game.ui.keys import code_of, stored_name

    pygame.init()
    codes = {getattr(pygame, n) for n in dir(pygame) if n.startswith("K_")} - {0}
    codes |= set(range(33, 256)) | {300 | SCANCODE_MASK}
    for code in codes:
        name = stored_name(code)
        assert name and name.isprintable() and code_of(name) == code, (code, name)
    assert stored_name(pygame.K_SPACE) == "space" and stored_name(pygame.K_F12) == "f12"


def test_names_written_by_earlier_versions_are_read(home):
    settings = load_settings({"keys": {"roll": ["space", "r"], "faster": ["=", "+", "up"],
                                       "close": ["return"], "help": "f1"}})
    assert settings.problems == []
    assert settings.keys["roll"] == {pygame.K_SPACE, pygame.K_r}
    assert settings.keys["faster"] == {pygame.K_EQUALS, pygame.K_PLUS, pygame.K_UP}


def test_a_key_known_only_by_its_scancode_binds_as_a_key_of_its_own(home):
    app = fast_app()
    open_settings(app)
    app.click(key_row(app, "hint").center)
    app.handle_logical(pygame.event.Event(pygame.KEYDOWN, key=0, scancode=300, mod=0,
                                          unicode=""))
    assert app.settings.keys["hint"] == {300 | SCANCODE_MASK}
    app.click(key_row(app, "stop").center)
    app.handle_logical(pygame.event.Event(pygame.KEYDOWN, key=0, scancode=301, mod=0,
                                          unicode=""))
    assert app.settings.keys["stop"] == {301 | SCANCODE_MASK}  # not the same "unknown key"
    app.close()


# --- issue 16, item 13: settings mistakes are not bugs --------------------------------------------


def test_thousands_of_settings_mistakes_are_summarised_in_the_log(home):
    from petanque_game import logs

    home.mkdir(parents=True, exist_ok=True)
    (home / SETTINGS_FILE).write_text(
        "".join(f"mistake_{i}: {i}\n" for i in range(9000)), encoding="utf-8")
    app = App()
    assert len(app.settings.problems) == 9000
    log = logs.log_path().read_text(encoding="utf-8")
    assert len(log) < 10_000, len(log)
    assert "mistake_0: unknown setting" in log and "mistake_19: unknown setting" in log
    assert "mistake_20:" not in log and "8980 more mistakes" in log and "9000 in all" in log
    assert f"{logs.log_path()} lists the first 20" in app.toast.message
    app.close()
    again = App()  # a second start adds the same few lines, not another 9000
    assert len(logs.log_path().read_text(encoding="utf-8")) < 20_000
    again.close()


# --- issue 16, item 14: a folder of the user folder that is a file is told ---------------------


@pytest.mark.parametrize("folder", ["records", "levels", "autosaves"])
def test_a_user_folder_part_that_is_a_file_is_told_at_start(home, folder):
    home.mkdir(parents=True, exist_ok=True)
    (home / folder).write_text("not a folder", encoding="utf-8")
    app = App()
    assert f"{home / folder} is not a folder" in app.toast.message
    assert f"{home / folder} is not a folder" in app.top.problem  # the menu says it too
    app.close()
