"""The window, headless: menu to setup, tray games played by clicks to the end against an AI,
illegal clicks refused with a message, resume, replays, broken files, resizing, screenshots."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json

import pygame
import pytest
from ui_support import fast_app, press, read_lists

from petanque_game import paths
from petanque_game.match import Match
from petanque_game.record import Seat, load_record
from petanque_game.ui import theme
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.scenes.game_lists import ReplayListScene, ResumeListScene
from petanque_game.ui.scenes.menu import MenuScene
from petanque_game.ui.scenes.results import ResultsScene
from petanque_game.ui.scenes.setup import SetupScene
from petanque_game.ui.session import new_game
from petanque_game.ui.settings import load_settings
from petanque_game.ui.tray.scene import TrayScene

HUMAN_VS_AI = [Seat("Ana", "human"), Seat("Robot", "ai", "expert")]


pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py: a user folder of their own


def button(scene, tag):
    found = [b for b in scene.buttons() if b.tag == tag]
    assert found, f"no button {tag!r} among {[b.tag for b in scene.buttons()]}"
    return found[0]


def start(app, game, options=None, seed=7, players=HUMAN_VS_AI):
    session = new_game(game, players, options or {}, seed)
    open_game_scene(app, session)
    assert isinstance(app.top, TrayScene)
    return app.top


# --- a human who plays by clicking ----------------------------------------------------------------


def human_move(app, scene):
    st = scene.session.state
    game = scene.session.game
    if game == "ten-thousand":
        if st.phase == "keeping":
            from petanque_game.rules.ten_thousand import legal_keeps

            keep = list(max(legal_keeps(st.last_roll), key=len))
            for i, v in enumerate(scene.roll.values):
                if v in keep:
                    keep.remove(v)
                    app.click(scene.die_centre(i))
            press(app, "bank")
        elif st.phase == "choosing":
            press(app, "bank")
        else:
            press(app, "roll")
    elif game == "shut-the-box":
        if st.phase == "close":
            for box in set(st.closable()[0]) ^ scene.controls.selected:  # the only way: chosen
                app.click(scene.controls.tile_rect(box).center)
            press(app, "close")
        else:
            press(app, "roll")
    else:
        press(app, "stop" if st.qualified else "roll")


def play_to_end(app, scene, limit=4000):
    for i in range(limit):
        if scene.session.over:
            break
        if scene.human_turn and not scene.busy:  # a turn-ending roll is read first
            events = len(scene.session.record.events)
            human_move(app, scene)
            assert len(scene.session.record.events) > events, app.toast.message
        app.step(1 / 60)
        if i % 50 == 0:
            app.render()
    assert scene.session.over
    for _ in range(90):
        app.step(1 / 60)
    app.render()


@pytest.mark.parametrize("game, options", [("ten-thousand", {"target": 2000}),
                                           ("shut-the-box", {"rounds": 2}),
                                           ("ship-captain-crew", {"target": 25})])
def test_a_human_plays_against_an_ai_by_clicks_to_the_end(game, options, home):
    app = fast_app()
    scene = start(app, game, options)
    autosave = scene.session.match.autosave
    assert autosave.exists() and autosave.parent == paths.autosaves_dir()
    play_to_end(app, scene)
    assert isinstance(app.top, ResultsScene)
    saved = list(paths.records_dir().glob(f"{game}-*.json"))
    assert len(saved) == 1
    assert not list(paths.autosaves_dir().iterdir())  # neither the autosave nor its lock is left
    record = load_record(saved[0])
    assert record.result is not None and record.result["winners"]
    kinds = {e.get("player") for e in record.events}
    assert kinds == {0, 1}  # both the human and the AI acted
    press(app, "menu")
    assert isinstance(app.top, MenuScene)


def test_menu_navigates_to_setup_by_mouse_and_keyboard():
    app = fast_app()
    menu = app.top
    assert isinstance(menu, MenuScene)
    app.click(menu.buttons[0].rect.center)
    assert isinstance(app.top, SetupScene)
    app.key(pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    app.key(pygame.K_RETURN)  # focus starts on New game
    assert isinstance(app.top, SetupScene)


def test_setup_remembers_the_choices_of_its_last_visit_in_the_app():
    app = fast_app()
    app.open("setup")
    press(app, "game:shut-the-box")
    app.key(pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    setup = app.open("setup")
    assert setup.choices.game == "shut-the-box" and app.memory["setup"] is setup.choices


def test_a_first_new_game_offers_terningepetanque_and_one_after_a_game_offers_that_game(home):
    """The first visit shows the first game of the list, the centrepiece; New game on a game's
    results shows that game again (also one begun from a challenge, not from the setup), its
    players fitted to the game."""
    app = fast_app()
    setup = app.open("setup")
    assert setup.choices.game == "terningepetanque"
    app.key(pygame.K_ESCAPE)
    easy = [Seat("Åse", "ai", "easy"), Seat("Bjørn", "ai", "easy"), Seat("Cai", "ai", "easy"),
            Seat("Dan", "ai", "easy"), Seat("Eva", "ai", "easy")]
    session = new_game("lcr", easy, {}, 11, autosave=False)
    while not session.over:
        session.play_ai()
    app.open("results", session)
    press(app, "new")
    assert isinstance(app.top, SetupScene) and app.top.choices.game == "lcr"
    assert len(app.top.choices.players) >= 3  # LCR's least


def test_setup_starts_the_chosen_game_with_the_chosen_players(home):
    app = fast_app()
    app.click(app.top.buttons[0].rect.center)
    setup = app.top
    press(app, "game:shut-the-box")
    press(app, "add")
    assert len(setup.choices.players) == 3
    press(app, "kind:0")  # Human -> AI easy
    press(app, "opt:closing:classic")
    field = setup.fields[1]
    app.click(field.rect.center)
    for _ in range(10):
        app.key(pygame.K_BACKSPACE)
    for ch in "Bo":
        app.key(pygame.K_UNKNOWN, ch)
    app.key(pygame.K_RETURN)
    press(app, "start")
    scene = app.top
    assert isinstance(scene, TrayScene)
    record = scene.session.record
    assert record.game == "shut-the-box" and record.options["closing"] == "classic"
    assert [p.kind for p in record.players] == ["ai", "ai", "ai"]
    assert record.players[1].name == "Bo"
    assert [type(s).__name__ for s in app.scenes] == ["MenuScene", "TrayScene"]


def test_setup_lists_the_boards_and_marks_broken_ones_unselectable():
    app = fast_app()
    setup = SetupScene(app)
    app.push(setup)
    setup.set_game("terningepetanque")
    levels = [b for b in setup.buttons if b.tag.startswith("level:")]
    if setup.levels_problem:
        assert not levels
    for b in levels:
        assert b.enabled == ("(broken)" not in b.label)


def test_an_illegal_click_shows_a_message_and_changes_nothing():
    app = fast_app()
    scene = start(app, "shut-the-box", seed=3)
    press(app, "roll")
    st = scene.session.state
    assert st.phase == "close"
    legal = {b for s in st.closable() for b in s}
    wrong = next(b for b in range(1, 10) if b not in legal)
    events = list(scene.session.record.events)
    app.click(scene.controls.tile_rect(wrong).center)
    press(app, "close")
    assert app.toast.visible and "close" in app.toast.message.lower()
    assert scene.session.state == st and scene.session.record.events == events
    app.render()


def test_an_illegal_keep_in_ten_thousand_is_refused_with_the_rules_reason():
    app = fast_app()
    scene = None
    for seed in range(200):  # find a first roll with a die that does not score
        scene = start(app, "ten-thousand", seed=seed)
        press(app, "roll")
        st = scene.session.state
        if st.phase == "keeping" and any(v in (2, 3, 4, 6) and st.last_roll.count(v) < 3
                                         for v in st.last_roll):
            break
    st = scene.session.state
    i = next(i for i, v in enumerate(scene.roll.values)
             if v in (2, 3, 4, 6) and st.last_roll.count(v) < 3)
    events = len(scene.session.record.events)
    app.click(scene.die_centre(i))
    assert i in scene.controls.selected
    press(app, "bank")
    assert app.toast.visible and "does not score" in app.toast.message
    assert scene.session.state == st and len(scene.session.record.events) == events


def test_clicking_during_the_ai_turn_is_refused():
    app = fast_app()
    players = [Seat("Robot", "ai", "easy"), Seat("Ana", "human")]
    app.settings.ai_delay = 5.0  # the AI waits: it is its turn when we click
    scene = start(app, "ship-captain-crew", players=players)
    events = len(scene.session.record.events)
    app.key(pygame.K_r)
    assert app.toast.visible and "Robot" in app.toast.message
    assert len(scene.session.record.events) == events


def test_resize_maps_the_mouse_back_to_logical_coordinates():
    app = fast_app()
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    assert app.window.get_size() == (1920, 1080)
    assert app.to_logical((960, 540)) == (640, 360)
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 1000), w=1000, h=1000))
    # 1280x720 scaled to 1000 wide: 562.5 high, letterboxed 218 px from the top.
    assert app.to_logical((500, 500)) == (640, 360)
    assert app.to_logical((0, 219))[1] in (0, 1)
    new = app.top.buttons[0].rect.center
    scale, ox, oy = app._fit()
    window_pos = (int(new[0] * scale + ox), int(new[1] * scale + oy))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window_pos, button=1))
    assert isinstance(app.top, SetupScene)
    frame = app.render()
    assert frame.get_size() == (1280, 720)


def test_resume_from_the_autosave(home):
    app = fast_app()
    scene = start(app, "ten-thousand", seed=11)
    press(app, "roll")
    state, events = scene.session.state, list(scene.session.record.events)
    app.close()
    app = fast_app()
    resume = next(b for b in app.top.buttons if b.tag == "resume")
    assert resume.enabled
    app.click(resume.rect.center)
    scene = app.top
    assert isinstance(scene, TrayScene)
    assert scene.session.state == state and scene.session.record.events == events
    assert scene.roll is not None and scene.roll.values == tuple(events[-1]["dice"])
    app.render()


def test_a_new_game_leaves_the_unfinished_one_where_it_is_and_resume_lists_both(home):
    app = fast_app()
    first = start(app, "shut-the-box", seed=5)
    press(app, "roll")
    unfinished = first.session.record.to_json()
    first_file = first.session.match.autosave
    app.close()
    app = fast_app()
    second = start(app, "ten-thousand", seed=6)
    assert json.loads(first_file.read_text(encoding="utf-8")) == json.loads(
        json.dumps(unfinished))
    assert load_record(second.session.match.autosave).game == "ten-thousand"
    assert second.session.save_problem is None
    app.close()
    app = fast_app()
    app.click(next(b for b in app.top.buttons if b.tag == "resume").rect.center)
    listed = read_lists(app)
    assert isinstance(listed, ResumeListScene)
    assert {e.path for e in listed.entries} == {first_file, second.session.match.autosave}
    row = next(i for i, e in enumerate(listed.entries) if e.path == first_file)
    app.click(listed.row_rect(row).center)
    assert isinstance(app.top, TrayScene) and app.top.session.record.to_json() == unfinished
    app.render()


def test_a_broken_autosave_shows_the_file_and_the_reason(home):
    path = paths.autosaves_dir() / "ten-thousand-20250101-000000-1.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "petanque-game-record", "version": 7}', encoding="utf-8")
    app = fast_app()
    app.click(next(b for b in app.top.buttons if b.tag == "resume").rect.center)
    menu = app.top
    assert isinstance(menu, MenuScene)
    assert str(path) in menu.problem and "version 7" in menu.problem
    app.render()


def test_a_broken_replay_shows_the_file_and_the_reason(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("not json at all", encoding="utf-8")
    app = fast_app(replay=str(bad))
    assert isinstance(app.top, MenuScene)
    assert str(bad) in app.top.problem
    illegal = tmp_path / "illegal.json"
    match = Match.new("shut-the-box", [Seat("A", "ai", "easy")], {}, 1)
    data = json.loads(match.record.dumps())
    data["events"] = [{"action": "close", "player": 0, "boxes": [9]}]
    illegal.write_text(json.dumps(data), encoding="utf-8")
    app.open_replay(illegal)
    assert isinstance(app.top, MenuScene) and "event 0" in app.top.problem
    app.render()


def test_a_replay_plays_the_record_to_its_end(home):
    match = Match.new("ten-thousand", [Seat("A", "ai", "easy"), Seat("B", "ai", "expert")],
                      {"target": 1500}, 5)
    match.play_to_end()
    folder = paths.records_dir()
    folder.mkdir(parents=True)
    path = folder / "ten-thousand-test.json"
    path.write_text(match.record.dumps(), encoding="utf-8")
    app = fast_app()
    press(app, "replays")
    listing = read_lists(app)
    assert isinstance(listing, ReplayListScene) and len(listing.entries) == 1
    app.click(listing.row_rect(0).center)
    scene = app.top
    assert isinstance(scene, TrayScene) and scene.replay is not None
    assert scene.session.shown == 0
    press(app, "pause")
    app.step(1.0)
    assert scene.session.shown == 0
    press(app, "step")
    assert scene.session.shown == 1
    press(app, "pause")
    for i in range(3000):
        app.step(1 / 60)
        if i % 100 == 0:
            app.render()
        if isinstance(app.top, ResultsScene):
            break
    assert scene.session.at_end and scene.session.state == match.state
    assert isinstance(app.top, ResultsScene)


def test_the_screenshot_key_writes_a_png(home):
    app = fast_app()
    app.key(pygame.K_F12)
    shots = list((home / "screenshots").glob("*.png"))
    assert len(shots) == 1
    image = pygame.image.load(str(shots[0]))
    assert image.get_size() == (1280, 720)


def test_bad_window_settings_are_reported_and_defaults_used():
    pygame.init()
    s = load_settings({"keys": {"roll": ["nosuchkey"], "fly": ["f"]}, "ai_delay": -3,
                       "colours": {"felt": [1, 2]}})
    assert len(s.problems) == 4
    assert s.is_key("roll", pygame.K_r) and s.ai_delay == 0.8


def test_the_players_own_ui_yaml_overrides_the_shipped_one_and_names_itself(home):
    home.mkdir(parents=True, exist_ok=True)
    (home / "ui.yaml").write_text("keys:\n  roll: [g]\nai_delay: 2\nroll_time: fast\n",
                                  encoding="utf-8")
    s = load_settings()
    assert s.is_key("roll", pygame.K_g) and not s.is_key("roll", pygame.K_r)
    assert s.is_key("bank", pygame.K_b)  # what the player's file leaves out stays as shipped
    assert s.ai_delay == 2.0 and s.roll_time == 0.7
    want = f"{home / 'ui.yaml'}: roll_time: expected seconds from 0 to 10"  # the value unsaid
    assert s.problems == [want]


def test_the_players_colours_are_drawn_and_kept_in_their_settings_not_in_the_theme(home):
    from petanque_game.ui.app import App

    home.mkdir(parents=True, exist_ok=True)
    (home / "ui.yaml").write_text("colours:\n  background: [10, 200, 30]\n", encoding="utf-8")
    built_in = dict(theme.COLOURS)
    app = App()  # the settings files as the window reads them
    assert app.settings.colour("background") == (10, 200, 30)
    assert app.settings.colour("felt") == built_in["felt"]  # what the file leaves out
    assert built_in == theme.COLOURS  # the built-in colours are never written over
    assert app.render().get_at((5, 5))[:3] == (10, 200, 30)
    app.close()
    assert theme.Pens().colour("background") == built_in["background"]  # no window's: built in
    other = fast_app()  # a window with other settings draws its own colours
    assert other.render().get_at((5, 5))[:3] == built_in["background"]
    other.close()


def test_the_rules_page_opens_from_a_game_pauses_it_and_closes(home):
    from petanque_game.rules.games import game_ids
    from petanque_game.ui.scenes.help import RulesScene, load_help

    pages, problems = load_help()
    assert problems == [] and set(pages) == set(game_ids())  # every game has its rules page
    app = fast_app()
    scene = start(app, "shut-the-box", players=[Seat("Robot", "ai", "easy"),
                                                Seat("Ana", "human")])
    app.click(next(b for b in [scene.rules_button] if b.tag == "rules").rect.center)
    assert isinstance(app.top, RulesScene)
    events = len(scene.session.record.events)
    for _ in range(120):  # two seconds: the AI would have moved
        app.step(1 / 60)
    assert len(scene.session.record.events) == events
    frame = app.render()
    assert frame.get_at((200, 60))[:3] != app.look.colour("background")  # the page is drawn
    app.handle_logical(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    assert app.top is scene


def test_broken_rules_text_is_reported_with_file_and_place():
    from petanque_game.ui.scenes.help import load_help

    pages, problems = load_help({"ten-thousand": [{"heading": "x", "lines": [3]}],
                                 "shut-the-box": "nope"}, "help.yaml")
    assert problems == ["help.yaml: ten-thousand[0]: expected a heading and a list of lines of "
                        "text",
                        "help.yaml: shut-the-box: expected a list of sections"]
    assert pages == {"ten-thousand": []}


def test_buttons_name_the_keys_the_settings_bind():
    """A key the player rebinds is the key the button names, and the key that works."""
    app = fast_app()
    app.settings.keys["hint"] = {pygame.K_j}
    app.settings.keys["roll"] = {pygame.K_g}
    scene = start(app, "ten-thousand")
    while not scene.human_turn:
        app.step(0.5)
    shown = {b.tag: b.hint for b in scene.buttons()}
    assert shown["hint"] == "J" and shown["roll"] == "G"
    app.key(pygame.K_h)
    assert scene.advice_job is None and scene.advice is None
    app.key(pygame.K_j)
    assert scene.advice_job is not None or scene.advice is not None
